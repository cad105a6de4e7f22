/**
 * Brute-force enumeration of dice, for the independent witnesses of test/systems/<x>/enumerate.ts.
 * A `Weights` is every outcome of some dice with its probability; `bind` walks every outcome of one
 * step and, for each, every outcome of the next, so a chain of binds walks every sequence of die
 * faces. Outcomes with the same value are merged as they are reached, which keeps the walk small
 * without changing any probability. Nothing here knows a rule set, and nothing imports src/.
 */

/** Value → probability. */
export type Weights = Map<number, number>;

export function certain(value = 0): Weights {
  return new Map([[value, 1]]);
}

/** One die: each face 1..sides with probability 1/sides. */
export function die(sides = 6): Weights {
  const w: Weights = new Map();
  for (let face = 1; face <= sides; face++) w.set(face, 1 / sides);
  return w;
}

/** Every outcome v of `w`, followed by every outcome of `next(v)`; equal results merged. */
export function bind(w: Weights, next: (value: number) => Weights): Weights {
  const out: Weights = new Map();
  for (const [v, p] of w) {
    if (p === 0) continue;
    for (const [u, q] of next(v)) out.set(u, (out.get(u) ?? 0) + p * q);
  }
  return out;
}

export function map(w: Weights, f: (value: number) => number): Weights {
  return bind(w, (v) => certain(f(v)));
}

/** Independent outcomes added: every pair of values. */
export function add(a: Weights, b: Weights): Weights {
  return bind(a, (x) => map(b, (y) => x + y));
}

/** `n` independent copies of `w` added one after another. */
export function repeat(w: Weights, n: number): Weights {
  let total = certain(0);
  for (let i = 0; i < n; i++) total = add(total, w);
  return total;
}

/** Probability of the values passing `test`. */
export function probability(w: Weights, test: (value: number) => boolean): number {
  let p = 0;
  for (const [v, q] of w) if (test(v)) p += q;
  return p;
}

/** P(2D6 ≤ n), the 36 pairs of faces walked (a Leadership test passes on it). */
export function p2d6AtMost(n: number): number {
  return probability(repeat(die(), 2), (total) => total <= n);
}

/**
 * A dice expression of the forms the witnesses need: '3', 'D6', '2D6', 'D3', 'D3+1', '2D3-1'.
 * `d3` says how to read a D3 (both rule sets: a D6 halved, rounded up). Anything else throws, so
 * a generator cannot slip an expression past the witness.
 */
export function diceTotal(expr: string | number, d3: () => Weights): Weights {
  const text = String(expr).trim().toUpperCase();
  if (/^\d+$/.test(text)) return certain(Number(text));
  const m = /^(\d*)D(3|6)([+-]\d+)?$/.exec(text);
  if (!m) throw new Error(`walk: dice expression '${expr}' is not modelled`);
  const one = m[2] === '3' ? d3() : die(6);
  const modifier = Number(m[3] ?? 0);
  return map(repeat(one, m[1] === '' ? 1 : Number(m[1])), (v) => v + modifier);
}

/** The largest |actual[k] − expected(k)| over every value either side gives. */
export function maxDifference(actual: ArrayLike<number>, expected: Weights): number {
  let worst = 0;
  const top = Math.max(actual.length - 1, ...expected.keys());
  for (let k = 0; k <= top; k++) worst = Math.max(worst, Math.abs((actual[k] ?? 0) - (expected.get(k) ?? 0)));
  return worst;
}

/** How many runs a property test makes: 300 in the suite, WARODDS_FUZZ_RUNS for longer runs. */
export function fuzzRuns(suiteRuns = 300): number {
  const fromEnv = Number(process.env.WARODDS_FUZZ_RUNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : suiteRuns;
}

/** The test timeout of a property test: the suite's 120 s, longer for WARODDS_FUZZ_RUNS. */
export function fuzzTimeout(suiteRuns = 300): number {
  return 120_000 + Math.max(0, fuzzRuns(suiteRuns) - suiteRuns) * 100;
}
