/**
 * Exact probability distributions over the integers 0..n.
 *
 * A `Dist` is a Float64Array `p` with p[k] = P(X = k); indices past the end have probability 0
 * (read them with `at`). Every operation is pure and returns a new distribution (or its input
 * unchanged). All terms are non-negative, so sums and products never cancel: results stay within
 * float rounding of the exact fractions, and tiny tails underflow to 0, never to garbage.
 *
 * Soundness: every operation checks its inputs — a weight or an entry that is NaN,
 * undefined, infinite, negative or above 1 is a RangeError naming the operation, never a NaN in
 * the output; a negative within float rounding (−1e-12 ≤ x < 0, e.g. 1 − 5/6 − 1/6) counts as 0.
 *
 * Cost: before it allocates or loops, every operation tells the work meter
 * (`budget.ts`) how long its result is and how many steps it will take, so a scenario too large
 * for the exact engine is refused at once.
 *
 * Rounding over thousands of attacks: the n-fold operations (`sumIid`, `compound`,
 * `thin`) renormalise their result to the mass it must have, and totals use Neumaier's
 * compensated summation — see `renormalise`.
 */
import { chargeWork, checkLength, grouped } from './budget.js';
import { CompensatedSum } from './compensated.js';

export type Dist = Float64Array<ArrayBuffer>;

/** A negative entry or weight no further below 0 than this is float rounding, read as 0. */
const ROUNDING = 1e-12;
/** A term whose mass is within this of 1 is a probability distribution up to rounding. */
const UNIT_MASS = 1e-9;

/** P(X = k), 0 past either end. */
export function at(d: Dist, k: number): number {
  return Number.isInteger(k) && k >= 0 && k < d.length ? d[k] : 0;
}

/** The distribution that is k with certainty. */
export function point(k: number): Dist {
  assertCount(k, 'point');
  const p = allocate(k + 1, () => `the certain value ${grouped(k)}`);
  p[k] = 1;
  return p;
}

/** Build a distribution from probabilities (copied; trailing zeros dropped). */
export function fromArray(values: ArrayLike<number>): Dist {
  return trim(checked(Float64Array.from(values), 'fromArray'));
}

/** One trial: 1 with probability q, else 0. */
export function bernoulli(q: number): Dist {
  assertProbability(q, 'bernoulli');
  return Float64Array.of(1 - q, q);
}

/** Binomial(n, q) over 0..n (always n + 1 entries, so any 0 ≤ k ≤ n can be read directly). */
export function binomial(n: number, q: number): Dist {
  assertCount(n, 'binomial count');
  assertProbability(q, 'binomial');
  const d = sumIid(bernoulli(q), n);
  if (d.length === n + 1) return d;
  const out = allocate(n + 1, () => `Binomial(${grouped(n)}, q)`);
  out.set(d);
  return out;
}

/** Uniform over lo..hi inclusive. */
export function uniform(lo: number, hi: number): Dist {
  assertCount(lo, 'uniform low end');
  assertCount(hi, 'uniform high end');
  if (hi < lo) throw new RangeError(`uniform: empty range ${lo}..${hi}`);
  const p = allocate(hi + 1, () => `a uniform value over ${grouped(lo)}..${grouped(hi)}`);
  for (let k = lo; k <= hi; k++) p[k] = 1 / (hi - lo + 1);
  return p;
}

/** Distribution of X + Y for independent X ~ a, Y ~ b. */
export function convolve(a: Dist, b: Dist): Dist {
  return convolveUpTo(a, b, Infinity);
}

/**
 * Distribution of min(X + Y, max). (A function of its own, not an optional argument of
 * `convolve`, which is passed to `reduce`.)
 */
export function convolveCapped(a: Dist, b: Dist, max: number): Dist {
  assertCount(max, 'convolveCapped cap');
  return convolveUpTo(a, b, max);
}

function convolveUpTo(a: Dist, b: Dist, max: number): Dist {
  const x = checked(a, 'convolve');
  const y = checked(b, 'convolve');
  const shapeX = shapeOf(x);
  const shapeY = shapeOf(y);
  const length = Math.min(x.length + y.length - 1, max + 1);
  checkLength(length, () => `the sum of values up to ${grouped(x.length - 1)} and ${grouped(y.length - 1)}`);
  chargeWork(convolveCost(shapeX, shapeY), () => `adding a value up to ${grouped(x.length - 1)} to one up to ${grouped(y.length - 1)}`);
  const cappedX = max < x.length - 1 ? capUnchecked(x, max) : x;
  const cappedY = max < y.length - 1 ? capUnchecked(y, max) : y;
  return trim(convolveInto(new Float64Array(length), cappedX, shapeX, cappedY, shapeY));
}

/**
 * out += a ⊛ b in place, for sums of several convolutions (matrix products). The terms that
 * land at or past out's last index all go to it: out's length is the cap (min(X + Y, cap)).
 */
export function addConvolution(out: Dist, a: Dist, b: Dist): void {
  const x = checked(a, 'addConvolution');
  const y = checked(b, 'addConvolution');
  const shapeX = shapeOf(x);
  const shapeY = shapeOf(y);
  chargeWork(convolveCost(shapeX, shapeY), () => `adding a value up to ${grouped(x.length - 1)} to one up to ${grouped(y.length - 1)}`);
  convolveInto(out, x, shapeX, y, shapeY);
}

/**
 * Distribution of the sum of n independent copies of d, by repeated squaring. The capped form
 * (`sumIidUpTo`, which compoundCapped uses) caps every partial sum as it is built (min(X + Y, m) = min(min(X, m) +
 * min(Y, m), m) for X, Y ≥ 0), so damage past a target's total health is never counted and the
 * cost depends on the cap, not on n.
 */
export function sumIid(d: Dist, n: number): Dist {
  return sumIidUpTo(d, n, Infinity);
}

function sumIidUpTo(d: Dist, n: number, max: number): Dist {
  assertCount(n, 'sumIid count');
  const term = checked(d, 'sumIid');
  const what = () => `the sum of ${grouped(n)} values up to ${grouped(term.length - 1)}`;
  if (n === 0) return Float64Array.of(1);
  // Left-to-right binary powering: square the partial sum for each further bit of n and add one
  // more copy when the bit is set. The largest step squares the sum of n/2 copies (right-to-left
  // would square up to the largest power of 2 below n and then add two large sums).
  const bits = n.toString(2);
  const one = cappedShape(shapeOf(term), max);
  // Up-front estimate of the whole schedule: refuse before the first step, not after minutes.
  let cost = 0;
  let shape = one;
  for (let i = 1; i < bits.length; i++) {
    cost += convolveCost(shape, shape) / 2;
    shape = cappedShape(convolvedShape(shape, shape), max);
    if (bits[i] === '1') {
      cost += convolveCost(shape, one);
      shape = cappedShape(convolvedShape(shape, one), max);
    }
  }
  checkLength(shape.length, what);
  chargeWork(cost, what);
  const copy = max < term.length - 1 ? capUnchecked(term, max) : term;
  let out: Dist = copy;
  for (let i = 1; i < bits.length; i++) {
    out = convolveUnmetered(out, out, max);
    if (bits[i] === '1') out = convolveUnmetered(out, copy, max);
  }
  out = trim(out === term ? term.slice() : out);
  const mass = total(term);
  return isUnitMass(mass) ? renormalise(out, 1) : out;
}

/**
 * Sum of a random number N ~ count of independent copies of term (a compound distribution):
 * P(S = s) = Σ_n P(N = n) · P(term^{*n} = s).
 */
export function compound(count: Dist, term: Dist): Dist {
  return compoundUpTo(count, term, Infinity);
}

/** Distribution of min(S, max) for the compound sum S of `compound`. */
export function compoundCapped(count: Dist, term: Dist, max: number): Dist {
  assertCount(max, 'compoundCapped cap');
  return compoundUpTo(count, term, max);
}

function compoundUpTo(count: Dist, term: Dist, max: number): Dist {
  const counts = trim(checked(count, 'compound count'));
  const t = checked(term, 'compound term');
  const last = counts.length - 1;
  // A certain count (N attacks): the n-fold sum by repeated squaring, in log N convolutions.
  if (counts[last] === 1) return sumIidUpTo(t, last, max);
  const what = () => `the sum of up to ${grouped(last)} random values up to ${grouped(t.length - 1)}`;
  const shapeT = cappedShape(shapeOf(t), max);
  let cost = 0;
  let power: Shape = { length: 1, nonZero: 1 };
  for (let n = 1; n <= last; n++) {
    cost += convolveCost(power, shapeT) + power.length;
    power = cappedShape(convolvedShape(power, shapeT), max);
    if (cost > 1e15) break; // far past any limit: the meter refuses it below
  }
  const length = Math.min(last * (t.length - 1), max) + 1;
  checkLength(length, what);
  chargeWork(cost, what);
  const acc = new Float64Array(length);
  const step = max < t.length - 1 ? capUnchecked(t, max) : t;
  let p: Dist = Float64Array.of(1);
  for (let n = 0; n <= last; n++) {
    if (n > 0) p = convolveUnmetered(p, step, max);
    const w = counts[n];
    if (w === 0) continue;
    for (let k = 0; k < p.length; k++) acc[k] += w * p[k];
  }
  const out = trim(acc);
  return isUnitMass(total(t)) ? renormalise(out, total(counts)) : out;
}

/** Meter units of thinning a distribution over 0..n-1 (one binomial row per value). */
export const thinCost = (n: number): number => n * (n + 1) * 1.5;

/** Binomial thinning: each of X units survives independently with probability q. */
export function thin(d: Dist, q: number): Dist {
  assertProbability(q, 'thin');
  const x = checked(d, 'thin');
  if (q === 1) return x === d ? d.slice() : x;
  if (q === 0) return Float64Array.of(total(x));
  const n = x.length;
  chargeWork(thinCost(n), () => `thinning a value up to ${grouped(n - 1)}`);
  const out = new Float64Array(n);
  // row = Binomial(m, q), updated in place: row[k] ← row[k](1 − q) + row[k − 1] q.
  const row = new Float64Array(n);
  row[0] = 1;
  for (let m = 0; m < n; m++) {
    if (m > 0) {
      for (let k = m; k > 0; k--) row[k] = row[k] * (1 - q) + row[k - 1] * q;
      row[0] *= 1 - q;
    }
    const w = x[m];
    if (w === 0) continue;
    for (let k = 0; k <= m; k++) out[k] += w * row[k];
  }
  return renormalise(trim(out), total(x));
}

/** Mixture Σ w_i · d_i (the weights of a probability distribution sum to 1). */
export function mixture(parts: ReadonlyArray<readonly [number, Dist]>): Dist {
  let length = 1;
  const clean: Array<readonly [number, Dist]> = [];
  for (const [weight, d] of parts) {
    const w = checkedWeight(weight, 'mixture weight');
    if (w === 0) continue;
    const x = checked(d, 'mixture');
    clean.push([w, x]);
    if (x.length > length) length = x.length;
  }
  chargeWork(length + clean.reduce((s, [, x]) => s + x.length, 0), () => `a mixture of ${clean.length} values up to ${grouped(length - 1)}`);
  const out = new Float64Array(length);
  for (const [w, x] of clean) for (let k = 0; k < x.length; k++) out[k] += w * x[k];
  return trim(out);
}

/** Distribution of min(X, max): the mass above max moves to max. */
export function cap(d: Dist, max: number): Dist {
  assertCount(max, 'cap');
  return capUnchecked(checked(d, 'cap'), max);
}

/** Distribution of f(X) for an integer-valued f ≥ 0. */
export function mapValues(d: Dist, f: (k: number) => number): Dist {
  const x = checked(d, 'mapValues');
  const values = new Array<number>(x.length);
  let length = 1;
  for (let k = 0; k < x.length; k++) {
    if (x[k] === 0) continue;
    const v = f(k);
    assertCount(v, 'mapValues result');
    values[k] = v;
    if (v + 1 > length) length = v + 1;
  }
  const out = allocate(length, () => `a value mapped up to ${grouped(length - 1)}`);
  for (let k = 0; k < x.length; k++) if (x[k] !== 0) out[values[k]] += x[k];
  return trim(out);
}

/** Distribution of X + c (c may be negative when X cannot go below −c). */
export function shift(d: Dist, c: number): Dist {
  if (!Number.isInteger(c)) throw new RangeError(`shift: expected a whole number, got ${c}`);
  return mapValues(d, (k) => k + c);
}

/** Σ P(X = k), with compensated summation. */
export function total(d: Dist): number {
  return sum(d, 0);
}

/**
 * E[X] (Σ k · P(X = k)), never above the largest value X takes: a total a rounding above 1 cannot
 * lift it past that value (with a total of at most 1 it never is).
 */
export function mean(d: Dist): number {
  const acc = new CompensatedSum();
  let hi = 0;
  for (let k = 1; k < d.length; k++) {
    if (d[k] > 0) hi = k;
    acc.add(k * d[k]);
  }
  return Math.min(hi, acc.value);
}

/** A probability as printed: rounding never takes it below 0 or above 1 (NaN stays NaN, a bug to see). */
export function clampProbability(p: number): number {
  return p < 0 ? 0 : p > 1 ? 1 : p;
}

/** A distribution with every entry a probability (clampProbability). */
export function clampedPmf(d: Dist): Dist {
  for (let k = 0; k < d.length; k++) if (!(d[k] >= 0 && d[k] <= 1) && !Number.isNaN(d[k])) return d.map(clampProbability);
  return d;
}

export function variance(d: Dist): number {
  const m = mean(d);
  const acc = new CompensatedSum();
  for (let k = 0; k < d.length; k++) acc.add((k - m) * (k - m) * d[k]);
  return acc.value;
}

export function sd(d: Dist): number {
  return Math.sqrt(variance(d));
}

/** P(X ≥ k) for any real k. */
export function atLeast(d: Dist, k: number): number {
  if (Number.isNaN(k)) throw new RangeError('atLeast: k is NaN');
  if (k <= 0) return 1;
  return Math.min(1, sum(d, Math.ceil(k)));
}

/** Smallest k with P(X ≤ k) ≥ q. */
export function quantile(d: Dist, q: number): number {
  const cdf = new CompensatedSum();
  for (let k = 0; k < d.length; k++) {
    cdf.add(d[k]);
    if (cdf.value >= q - 1e-12) return k;
  }
  return d.length - 1;
}

/** P(X > Y) for independent X ~ a, Y ~ b. */
export function probGreater(a: Dist, b: Dist): number {
  const acc = new CompensatedSum();
  const cdfB = new CompensatedSum(); // P(Y ≤ k − 1)
  for (let k = 0; k < a.length; k++) {
    acc.add(a[k] * cdfB.value);
    if (k < b.length) cdfB.add(b[k]);
  }
  return acc.value;
}

/** P(X = Y) for independent X ~ a, Y ~ b. */
export function probEqual(a: Dist, b: Dist): number {
  const acc = new CompensatedSum();
  for (let k = 0; k < Math.min(a.length, b.length); k++) acc.add(a[k] * b[k]);
  return acc.value;
}

/** Drop trailing zeros (keeps at least one entry). */
export function trim(d: Dist): Dist {
  let n = d.length;
  while (n > 1 && d[n - 1] === 0) n--;
  return n === d.length ? d : d.slice(0, n);
}

// ---- internals ------------------------------------------------------------------------------

/** Length and number of non-zero entries: enough to bound a convolution's cost. */
interface Shape {
  length: number;
  nonZero: number;
}

function shapeOf(d: Dist): Shape {
  let nonZero = 0;
  for (let k = 0; k < d.length; k++) if (d[k] !== 0) nonZero++;
  return { length: d.length, nonZero };
}

function convolvedShape(a: Shape, b: Shape): Shape {
  const length = a.length + b.length - 1;
  return { length, nonZero: Math.min(length, a.nonZero * b.nonZero) };
}

/** Steps of `convolveInto`: the sparser operand's non-zero entries × the other's length. */
function convolveCost(a: Shape, b: Shape): number {
  return Math.min(a.nonZero * b.length, b.nonZero * a.length) + a.length + b.length;
}

function cappedShape(s: Shape, max: number): Shape {
  return s.length <= max + 1 ? s : { length: max + 1, nonZero: Math.min(s.nonZero, max + 1) };
}

function capUnchecked(x: Dist, max: number): Dist {
  if (x.length <= max + 1) return x;
  const out = x.slice(0, max + 1);
  out[max] += sum(x, max + 1);
  return out;
}

/**
 * Entries that count in a convolution: those at least the smallest normal double (2.2e-308).
 * Subnormal entries sit in tails hundreds of standard deviations out (P(0 damage from 8,000
 * attacks) is 10^-884); their products underflow anyway, and arithmetic on them is many times
 * slower on common CPUs, so they are read as 0, which moves a result by less than 1e-300. The
 * loops then run over the bulk of each operand (its support), not its whole range.
 */
const NEGLIGIBLE = 2.2250738585072014e-308;

/** First and last index of the entries that count (lo > hi when there is none). */
function supportOf(d: Dist): { lo: number; hi: number } {
  let lo = 0;
  let hi = d.length - 1;
  while (lo <= hi && !(d[lo] >= NEGLIGIBLE)) lo++;
  while (hi >= lo && !(d[hi] >= NEGLIGIBLE)) hi--;
  return { lo, hi };
}

function convolveUnmetered(a: Dist, b: Dist, max = Infinity): Dist {
  const length = Math.min(a.length + b.length - 1, max + 1);
  const out = new Float64Array(length);
  return trim(a === b ? squareInto(out, a) : convolveInto(out, a, shapeOf(a), b, shapeOf(b)));
}

/** out += a ⊛ a (capped like convolveInto), using a[i]a[j] = a[j]a[i]: half the multiply-adds. */
function squareInto(out: Dist, a: Dist): Dist {
  const { lo, hi } = supportOf(a);
  if (lo > hi) return out;
  const last = out.length - 1;
  const capped = last < 2 * (a.length - 1);
  // Below the diagonal, twice: out[i + j] += 2 a[i] a[j] for j > i, short of the cap.
  addRows(out, a, lo, hi, 2, a, lo, hi, capped ? last - 1 : Infinity, true);
  const tail = capped ? tailSums(a, lo, hi) : null;
  for (let i = lo; i <= hi; i++) {
    const w = a[i];
    if (!(w >= NEGLIGIBLE)) continue;
    out[Math.min(2 * i, last)] += w * w;
    if (capped) {
      const from = Math.max(i + 1, last - i);
      if (from <= hi) out[last] += 2 * w * tail![from];
    }
  }
  return out;
}

/**
 * The multiply-adds of a convolution: out[i + j] += scale · a[i] · b[j] for rows i0 ≤ i ≤ i1 and
 * j0 ≤ j ≤ min(j1, limit − i) (with `above`, also j > i). Four rows at a time where they overlap
 * (one load of b[j] serves four rows: about three times faster than row by row), one row at a
 * time at the ragged edges and for sparse rows. Entries under NEGLIGIBLE read as 0.
 */
function addRows(out: Dist, a: Dist, i0: number, i1: number, scale: number, b: Dist, j0: number, j1: number, limit: number, above: boolean): void {
  const weight = (i: number) => (a[i] >= NEGLIGIBLE ? scale * a[i] : 0);
  // Row i adds to out[q] for q in [first(i), end(i)].
  const first = (i: number) => i + (above ? Math.max(j0, i + 1) : j0);
  const end = (i: number) => Math.min(i + j1, limit);
  const row = (i: number, w: number, from: number, to: number) => {
    for (let q = from; q <= to; q++) out[q] += w * b[q - i];
  };
  let i = i0;
  for (; i + 3 <= i1; i += 4) {
    const w0 = weight(i);
    const w1 = weight(i + 1);
    const w2 = weight(i + 2);
    const w3 = weight(i + 3);
    const zeros = (w0 === 0 ? 1 : 0) + (w1 === 0 ? 1 : 0) + (w2 === 0 ? 1 : 0) + (w3 === 0 ? 1 : 0);
    const lo = first(i + 3);
    const hi = end(i);
    if (zeros >= 2 || lo > hi) {
      for (let t = 0; t < 4; t++) {
        const w = weight(i + t);
        if (w !== 0) row(i + t, w, first(i + t), end(i + t));
      }
      continue;
    }
    // out[q] += w0 b[q − i] + w1 b[q − i − 1] + w2 b[q − i − 2] + w3 b[q − i − 3]
    for (let k = lo - i; k <= hi - i; k++) out[i + k] += w0 * b[k] + w1 * b[k - 1] + w2 * b[k - 2] + w3 * b[k - 3];
    row(i, w0, first(i), lo - 1);
    row(i + 1, w1, first(i + 1), lo - 1);
    row(i + 2, w2, first(i + 2), lo - 1);
    row(i + 1, w1, hi + 1, end(i + 1));
    row(i + 2, w2, hi + 1, end(i + 2));
    row(i + 3, w3, hi + 1, end(i + 3));
  }
  for (; i <= i1; i++) {
    const w = weight(i);
    if (w !== 0) row(i, w, first(i), end(i));
  }
}

/** tail[j] = Σ_{k ≥ j} d[k] over lo..hi, for the mass of the terms that reach a cap. */
function tailSums(d: Dist, lo: number, hi: number): Float64Array {
  const tail = new Float64Array(hi + 2);
  for (let j = hi; j >= lo; j--) tail[j] = tail[j + 1] + d[j];
  return tail;
}

/**
 * out[i + j] += a[i] b[j] over the entries of a and b that count, looping over the sparser
 * operand. When out is shorter than a.length + b.length − 1 (a cap), the terms that land at or
 * past its last index all go to that last index.
 */
function convolveInto(out: Dist, a: Dist, shapeA: Shape, b: Dist, shapeB: Shape): Dist {
  const [outer, inner] = shapeA.nonZero * b.length <= shapeB.nonZero * a.length ? [a, b] : [b, a];
  const o = supportOf(outer);
  const n = supportOf(inner);
  if (o.lo > o.hi || n.lo > n.hi) return out;
  const last = out.length - 1;
  const capped = last < outer.length + inner.length - 2;
  // tail[j] = Σ_{k ≥ j} inner[k], for the mass of the terms that reach the cap.
  const tail = capped ? tailSums(inner, n.lo, n.hi) : null;
  addRows(out, outer, o.lo, o.hi, 1, inner, n.lo, n.hi, capped ? last - 1 : Infinity, false);
  if (capped)
    for (let i = o.lo; i <= o.hi; i++) {
      const w = outer[i];
      if (w >= NEGLIGIBLE && i + n.hi >= last) out[last] += w * tail![Math.max(n.lo, last - i)];
    }
  return out;
}

/**
 * Scale `d` so that its entries add up to `mass`. Used where a term is combined with itself
 * thousands of times: a term whose entries add up to 1 − 1.7e-16 (one rounding of 1/6 + 5/6)
 * raised to 10,000 attacks would lose 1.7e-12 of mass, which is rounding compounded, not
 * probability; the exact result has exactly the mass of its inputs.
 */
function renormalise(d: Dist, mass: number): Dist {
  const t = total(d);
  if (t === 0 || t === mass) return d;
  const scale = mass / t;
  for (let k = 0; k < d.length; k++) d[k] *= scale;
  return d;
}

function isUnitMass(mass: number): boolean {
  return Math.abs(mass - 1) <= UNIT_MASS;
}

/** Neumaier's compensated sum of d[from..]. */
function sum(d: Dist, from: number): number {
  const acc = new CompensatedSum();
  for (let k = from; k < d.length; k++) acc.add(d[k]);
  return acc.value;
}


/**
 * The entries of a distribution handed to an operation: NaN, undefined, infinite, negative or
 * above 1 is a programming error, thrown at once; −1e-12 ≤ x < 0 is rounding and reads as 0.
 */
function checked(d: Dist, what: string): Dist {
  if (!(d instanceof Float64Array) || d.length === 0) throw new RangeError(`${what}: not a distribution (a non-empty Float64Array)`);
  let clean: Dist | null = null;
  for (let k = 0; k < d.length; k++) {
    const x = d[k];
    if (x >= 0 && x <= 1 + ROUNDING) continue;
    if (x < 0 && x >= -ROUNDING) {
      clean ??= d.slice();
      clean[k] = 0;
      continue;
    }
    throw new RangeError(`${what}: P(${k}) = ${x} is not a probability`);
  }
  return clean ?? d;
}

function checkedWeight(w: number, what: string): number {
  if (w >= 0 && w <= 1 + ROUNDING) return w;
  if (w < 0 && w >= -ROUNDING) return 0;
  throw new RangeError(`${what}: ${w} is not a probability`);
}

function allocate(length: number, what: () => string): Dist {
  checkLength(length, what);
  chargeWork(length, what);
  return new Float64Array(length);
}

function assertCount(k: number, what: string): void {
  if (!Number.isInteger(k) || k < 0) throw new RangeError(`${what}: expected a whole number ≥ 0, got ${k}`);
}

function assertProbability(q: number, what: string): void {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`${what}: probability out of [0, 1]: ${q}`);
}
