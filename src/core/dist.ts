/**
 * Exact probability distributions over the integers 0..n.
 *
 * A `Dist` is a Float64Array `p` with p[k] = P(X = k). Every operation is pure and returns a new
 * distribution. All terms are non-negative, so sums and products never cancel: results stay
 * within float rounding of the exact fractions, and tiny tails underflow to 0, never to garbage.
 */
export type Dist = Float64Array<ArrayBuffer>;

/** The distribution that is k with certainty. */
export function point(k: number): Dist {
  assertCount(k, 'point');
  const p = new Float64Array(k + 1);
  p[k] = 1;
  return p;
}

/** Build a distribution from probabilities (copied). */
export function fromArray(values: ArrayLike<number>): Dist {
  return trim(Float64Array.from(values));
}

/** One trial: 1 with probability q, else 0. */
export function bernoulli(q: number): Dist {
  assertProbability(q);
  return Float64Array.of(1 - q, q);
}

/** Binomial(n, q) built by repeated squaring of a Bernoulli trial. */
export function binomial(n: number, q: number): Dist {
  return sumIid(bernoulli(q), n);
}

/** Uniform over lo..hi inclusive. */
export function uniform(lo: number, hi: number): Dist {
  assertCount(lo, 'uniform');
  const p = new Float64Array(hi + 1);
  for (let k = lo; k <= hi; k++) p[k] = 1 / (hi - lo + 1);
  return p;
}

/** Distribution of X + Y for independent X ~ a, Y ~ b. */
export function convolve(a: Dist, b: Dist): Dist {
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i];
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] += ai * b[j];
  }
  return trim(out);
}

/** Distribution of the sum of n independent copies of d, by repeated squaring. */
export function sumIid(d: Dist, n: number): Dist {
  assertCount(n, 'sumIid count');
  let result: Dist = point(0);
  let power = d;
  let m = n;
  while (m > 0) {
    if (m & 1) result = convolve(result, power);
    m >>>= 1;
    if (m > 0) power = convolve(power, power);
  }
  return result;
}

/**
 * Sum of a random number N ~ count of independent copies of term (a compound distribution):
 * P(S = s) = Σ_n P(N = n) · P(term^{*n} = s).
 */
export function compound(count: Dist, term: Dist): Dist {
  let acc = new Float64Array(1);
  let power: Dist = point(0);
  for (let n = 0; n < count.length; n++) {
    if (n > 0) power = convolve(power, term);
    const w = count[n];
    if (w === 0) continue;
    if (power.length > acc.length) acc = grow(acc, power.length);
    for (let k = 0; k < power.length; k++) acc[k] += w * power[k];
  }
  return trim(acc);
}

/** Binomial thinning: each of X units survives independently with probability q. */
export function thin(d: Dist, q: number): Dist {
  assertProbability(q);
  const out = new Float64Array(d.length);
  let row: Dist = point(0);
  for (let n = 0; n < d.length; n++) {
    if (n > 0) row = convolve(row, bernoulli(q));
    const w = d[n];
    if (w === 0) continue;
    for (let k = 0; k < row.length; k++) out[k] += w * row[k];
  }
  return trim(out);
}

/** Mixture Σ w_i · d_i; the weights must sum to 1. */
export function mixture(parts: ReadonlyArray<readonly [number, Dist]>): Dist {
  let out = new Float64Array(1);
  for (const [w, d] of parts) {
    if (w === 0) continue;
    if (d.length > out.length) out = grow(out, d.length);
    for (let k = 0; k < d.length; k++) out[k] += w * d[k];
  }
  return trim(out);
}

/** Distribution of min(X, max): the mass above max moves to max. */
export function cap(d: Dist, max: number): Dist {
  assertCount(max, 'cap');
  if (d.length <= max + 1) return d;
  const out = d.slice(0, max + 1);
  let tail = 0;
  for (let k = max + 1; k < d.length; k++) tail += d[k];
  out[max] += tail;
  return out;
}

/** Distribution of f(X) for an integer-valued f ≥ 0. */
export function mapValues(d: Dist, f: (k: number) => number): Dist {
  let out = new Float64Array(1);
  for (let k = 0; k < d.length; k++) {
    if (d[k] === 0) continue;
    const v = f(k);
    assertCount(v, 'mapValues result');
    if (v >= out.length) out = grow(out, v + 1);
    out[v] += d[k];
  }
  return trim(out);
}

/** Distribution of X + c. */
export function shift(d: Dist, c: number): Dist {
  return mapValues(d, (k) => k + c);
}

export function total(d: Dist): number {
  let s = 0;
  for (let k = 0; k < d.length; k++) s += d[k];
  return s;
}

export function mean(d: Dist): number {
  let m = 0;
  for (let k = 1; k < d.length; k++) m += k * d[k];
  return m;
}

export function variance(d: Dist): number {
  const m = mean(d);
  let v = 0;
  for (let k = 0; k < d.length; k++) v += (k - m) * (k - m) * d[k];
  return v;
}

export function sd(d: Dist): number {
  return Math.sqrt(variance(d));
}

/** P(X ≥ k). */
export function atLeast(d: Dist, k: number): number {
  if (k <= 0) return 1;
  let s = 0;
  for (let j = k; j < d.length; j++) s += d[j];
  return Math.min(1, s);
}

/** Smallest k with P(X ≤ k) ≥ q. */
export function quantile(d: Dist, q: number): number {
  let c = 0;
  for (let k = 0; k < d.length; k++) {
    c += d[k];
    if (c >= q - 1e-12) return k;
  }
  return d.length - 1;
}

/** P(X > Y) for independent X ~ a, Y ~ b. */
export function probGreater(a: Dist, b: Dist): number {
  let s = 0;
  let cdfB = 0; // P(Y ≤ k - 1)
  for (let k = 0; k < a.length; k++) {
    s += a[k] * cdfB;
    if (k < b.length) cdfB += b[k];
  }
  return s;
}

/** Drop trailing zeros (keeps at least one entry). */
export function trim(d: Dist): Dist {
  let n = d.length;
  while (n > 1 && d[n - 1] === 0) n--;
  return n === d.length ? d : d.slice(0, n);
}

function grow(d: Dist, length: number): Dist {
  const out = new Float64Array(length);
  out.set(d);
  return out;
}

function assertCount(k: number, what: string): void {
  if (!Number.isInteger(k) || k < 0) throw new RangeError(`${what}: expected a whole number ≥ 0, got ${k}`);
}

function assertProbability(q: number): void {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`probability out of [0, 1]: ${q}`);
}
