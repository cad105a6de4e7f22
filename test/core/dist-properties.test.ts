/**
 * Issue 12: no `core/dist` operation may ever produce NaN or negative mass. Random small
 * distributions — point masses, trimmed ones (a trailing index read past the end), ones with
 * trailing zeros, and binomials with q = 0 or 1 such as the Crit (2 Hits) case that gave NaN —
 * go through EVERY exported operation; each result is checked for finiteness, non-negativity and
 * its total, and against a naive reference written here from the definition (explicit outcomes,
 * double loops, enumeration of every tuple or every survival pattern), never by calling the
 * operation under test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as D from '../../src/core/dist.js';

const RUNS = { seed: 42, numRuns: 120 };
const TOLERANCE = 1e-12;

// ---- generators ------------------------------------------------------------------------------

const weightsArb = fc
  .array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })), { minLength: 1, maxLength: 6 })
  .filter((w) => w.some((x) => x > 0));

function normalised(w: number[]): number[] {
  const s = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / s);
}

/** Small probability distributions of every shape the engines hand around. */
const distArb: fc.Arbitrary<D.Dist> = fc.oneof(
  fc.integer({ min: 0, max: 6 }).map((k) => D.point(k)),
  weightsArb.map((w) => D.fromArray(normalised(w))),
  fc.tuple(weightsArb, fc.integer({ min: 1, max: 3 })).map(([w, zeros]) => Float64Array.from([...normalised(w), ...new Array<number>(zeros).fill(0)])),
  fc.tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom(0, 1, 0.5, 1 / 6, 5 / 6)).map(([n, q]) => D.binomial(n, q)),
);

/** Distributions with support in 0..3, for the enumerations that grow as support^n. */
const smallDistArb: fc.Arbitrary<D.Dist> = fc.oneof(
  fc.integer({ min: 0, max: 3 }).map((k) => D.point(k)),
  weightsArb.filter((w) => w.length <= 4).map((w) => D.fromArray(normalised(w))),
  fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(0, 1, 1 / 3)).map(([n, q]) => D.binomial(n, q)),
);

const probabilityArb = fc.oneof(fc.constantFrom(0, 1, 0.5, 1 / 6, 5 / 6, 1 / 3), fc.double({ min: 0, max: 1, noNaN: true }));

// ---- naive references ------------------------------------------------------------------------

type Outcomes = Array<[value: number, p: number]>;

/** The explicit outcomes (value, probability) of a distribution, read entry by entry. */
function outcomes(d: ArrayLike<number>): Outcomes {
  const out: Outcomes = [];
  for (let k = 0; k < d.length; k++) if (d[k] !== 0) out.push([k, d[k]]);
  return out;
}

function tabulate(pairs: Iterable<[number, number]>): number[] {
  const table: number[] = [];
  for (const [v, p] of pairs) table[v] = (table[v] ?? 0) + p;
  return Array.from(table, (x) => x ?? 0);
}

function naiveSum(d: ArrayLike<number>): number {
  let s = 0;
  for (let k = 0; k < d.length; k++) s += d[k];
  return s;
}

/** Every tuple of n independent draws from `d`, as (sum of values, probability). */
function* tuples(d: D.Dist, n: number): Generator<[number, number]> {
  if (n === 0) {
    yield [0, 1];
    return;
  }
  for (const [sum, p] of tuples(d, n - 1)) for (const [v, q] of outcomes(d)) yield [sum + v, p * q];
}

// ---- checks ----------------------------------------------------------------------------------

/** Finite, non-negative entries adding up to `mass`. */
function expectSound(d: D.Dist, mass = 1): void {
  expect(d).toBeInstanceOf(Float64Array);
  expect(d.length).toBeGreaterThan(0);
  for (const x of d) {
    expect(Number.isFinite(x)).toBe(true);
    expect(x).toBeGreaterThanOrEqual(0);
  }
  expect(Math.abs(naiveSum(d) - mass)).toBeLessThanOrEqual(TOLERANCE);
}

function expectMatches(d: D.Dist, reference: number[]): void {
  const n = Math.max(d.length, reference.length);
  for (let k = 0; k < n; k++) expect(Math.abs((k < d.length ? d[k] : 0) - (reference[k] ?? 0))).toBeLessThanOrEqual(TOLERANCE);
}

describe('core/dist: every operation on random small distributions (fast-check)', () => {
  it('point, bernoulli, uniform, fromArray, trim, at', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), probabilityArb, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), (k, q, a, b) => {
        const p = D.point(k);
        expectSound(p);
        expectMatches(p, tabulate([[k, 1]]));
        const bern = D.bernoulli(q);
        expectSound(bern);
        expectMatches(bern, [1 - q, q]);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const u = D.uniform(lo, hi);
        expectSound(u);
        const values: Outcomes = [];
        for (let v = lo; v <= hi; v++) values.push([v, 1 / (hi - lo + 1)]);
        expectMatches(u, tabulate(values));
      }),
      RUNS,
    );
    fc.assert(
      fc.property(weightsArb, fc.integer({ min: 0, max: 3 }), fc.double({ min: -3, max: 12, noNaN: true }), (w, zeros, k) => {
        const values = [...normalised(w), ...new Array<number>(zeros).fill(0)];
        const d = D.fromArray(values);
        expectSound(d);
        expectMatches(d, values);
        expect(d[d.length - 1] !== 0 || d.length === 1).toBe(true); // trimmed
        const t = D.trim(Float64Array.from(values));
        expectMatches(t, values);
        expect(t[t.length - 1] !== 0 || t.length === 1).toBe(true);
        // at: the entry, or 0 past either end or between integers
        const expected = Number.isInteger(k) && k >= 0 && k < values.length ? values[k] : 0;
        expect(D.at(d, k)).toBe(expected);
        for (let j = -2; j < values.length + 3; j++) expect(D.at(d, j)).toBe(j >= 0 && j < values.length ? values[j] : 0);
      }),
      RUNS,
    );
  });

  it('binomial(n, q) has n + 1 entries and equals the enumeration of all 2^n trial sequences', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), probabilityArb, (n, q) => {
        const d = D.binomial(n, q);
        expectSound(d);
        expect(d.length).toBe(n + 1);
        const seqs: Outcomes = [];
        for (let mask = 0; mask < 2 ** n; mask++) {
          let p = 1;
          let successes = 0;
          for (let i = 0; i < n; i++)
            if (mask & (1 << i)) {
              p *= q;
              successes++;
            } else p *= 1 - q;
          seqs.push([successes, p]);
        }
        expectMatches(d, tabulate(seqs));
      }),
      RUNS,
    );
  });

  it('convolve(a, b) equals the double loop over explicit outcomes', () => {
    fc.assert(
      fc.property(distArb, distArb, (a, b) => {
        const d = D.convolve(a, b);
        expectSound(d);
        const pairs: Outcomes = [];
        for (const [x, p] of outcomes(a)) for (const [y, q] of outcomes(b)) pairs.push([x + y, p * q]);
        expectMatches(d, tabulate(pairs));
      }),
      RUNS,
    );
  });

  it('sumIid(d, n) equals the enumeration of every n-tuple of draws', () => {
    fc.assert(
      fc.property(smallDistArb, fc.integer({ min: 0, max: 5 }), (d, n) => {
        const s = D.sumIid(d, n);
        expectSound(s);
        expectMatches(s, tabulate(tuples(d, n)));
      }),
      RUNS,
    );
  });

  it('compound(count, term) equals the enumeration of N, then every N-tuple of terms', () => {
    fc.assert(
      fc.property(smallDistArb, smallDistArb, (count, term) => {
        const c = D.compound(count, term);
        expectSound(c);
        const all: Outcomes = [];
        for (const [n, pn] of outcomes(count)) for (const [v, p] of tuples(term, n)) all.push([v, pn * p]);
        expectMatches(c, tabulate(all));
      }),
      RUNS,
    );
  });

  it('thin(d, q) equals the enumeration of X, then every pattern of survivors', () => {
    fc.assert(
      fc.property(distArb, probabilityArb, (d, q) => {
        const t = D.thin(d, q);
        expectSound(t);
        const all: Outcomes = [];
        for (const [n, pn] of outcomes(d))
          for (let mask = 0; mask < 2 ** n; mask++) {
            let p = pn;
            let alive = 0;
            for (let i = 0; i < n; i++)
              if (mask & (1 << i)) {
                p *= q;
                alive++;
              } else p *= 1 - q;
            all.push([alive, p]);
          }
        expectMatches(t, tabulate(all));
      }),
      RUNS,
    );
  });

  it('mixture(parts) equals Σ w·P(value) over explicit outcomes; rounding below 0 counts as 0', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), distArb), { minLength: 1, maxLength: 4 }), fc.boolean(), (raw, roundingResidue) => {
        const wsum = raw.reduce((s, [w]) => s + w, 0);
        const parts: Array<[number, D.Dist]> = raw.map(([w, d]) => [wsum === 0 ? 1 / raw.length : w / wsum, d]);
        // a weight such as 1 − 5/6 − 1/6 that rounding puts just below 0
        if (roundingResidue) parts.push([-5.551115123125783e-17, D.point(9)]);
        const m = D.mixture(parts);
        expectSound(m);
        const all: Outcomes = [];
        for (const [w, d] of parts) if (w > 0) for (const [v, p] of outcomes(d)) all.push([v, w * p]);
        expectMatches(m, tabulate(all));
      }),
      RUNS,
    );
  });

  it('cap, mapValues and shift equal the image of each explicit outcome', () => {
    fc.assert(
      fc.property(distArb, fc.integer({ min: 0, max: 8 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 }), fc.integer({ min: 0, max: 5 }), (d, max, table, up) => {
        const capped = D.cap(d, max);
        expectSound(capped);
        expectMatches(capped, tabulate(outcomes(d).map(([v, p]) => [Math.min(v, max), p])));
        const mapped = D.mapValues(d, (k) => table[k]);
        expectSound(mapped);
        expectMatches(mapped, tabulate(outcomes(d).map(([v, p]) => [table[v], p])));
        const lowest = outcomes(d)[0][0];
        for (const c of [up, -lowest]) {
          const shifted = D.shift(d, c);
          expectSound(shifted);
          expectMatches(shifted, tabulate(outcomes(d).map(([v, p]) => [v + c, p])));
        }
      }),
      RUNS,
    );
  });

  it('total, mean, variance, sd, atLeast, quantile equal their definitions over explicit outcomes', () => {
    fc.assert(
      fc.property(distArb, fc.double({ min: -2, max: 12, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (d, k, q) => {
        const o = outcomes(d);
        const m = o.reduce((s, [v, p]) => s + v * p, 0);
        const v = o.reduce((s, [x, p]) => s + (x - m) ** 2 * p, 0);
        expect(Math.abs(D.total(d) - 1)).toBeLessThanOrEqual(TOLERANCE);
        expect(Math.abs(D.mean(d) - m)).toBeLessThanOrEqual(TOLERANCE);
        expect(Math.abs(D.variance(d) - v)).toBeLessThanOrEqual(TOLERANCE);
        expect(D.variance(d)).toBeGreaterThanOrEqual(0);
        expect(Math.abs(D.sd(d) - Math.sqrt(v))).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.sqrt(v)) + TOLERANCE);
        const tail = D.atLeast(d, k);
        expect(Number.isFinite(tail) && tail >= 0 && tail <= 1).toBe(true);
        expect(Math.abs(tail - Math.min(1, o.filter(([x]) => x >= k).reduce((s, [, p]) => s + p, 0)))).toBeLessThanOrEqual(TOLERANCE);
        let cdf = 0;
        let expectedQuantile = d.length - 1;
        for (let x = 0; x < d.length; x++) {
          cdf += d[x];
          if (cdf >= q - 1e-12) {
            expectedQuantile = x;
            break;
          }
        }
        expect(D.quantile(d, q)).toBe(expectedQuantile);
      }),
      RUNS,
    );
  });

  it('probGreater and probEqual equal the double loop; P(A > B) + P(A = B) + P(B > A) = 1', () => {
    fc.assert(
      fc.property(distArb, distArb, (a, b) => {
        let greater = 0;
        let equal = 0;
        let less = 0;
        for (const [x, p] of outcomes(a))
          for (const [y, q] of outcomes(b)) {
            if (x > y) greater += p * q;
            else if (x === y) equal += p * q;
            else less += p * q;
          }
        const g = D.probGreater(a, b);
        const e = D.probEqual(a, b);
        const l = D.probGreater(b, a);
        for (const x of [g, e, l]) expect(Number.isFinite(x) && x >= 0 && x <= 1 + TOLERANCE).toBe(true);
        expect(Math.abs(g - greater)).toBeLessThanOrEqual(TOLERANCE);
        expect(Math.abs(e - equal)).toBeLessThanOrEqual(TOLERANCE);
        expect(Math.abs(l - less)).toBeLessThanOrEqual(TOLERANCE);
        expect(Math.abs(g + e + l - 1)).toBeLessThanOrEqual(TOLERANCE);
      }),
      RUNS,
    );
  });
});

describe('core/dist: bad inputs are errors, never NaN', () => {
  it('Crit (2 Hits) with a weapon that cannot wound: binomial(2, 0) still has P(1) and P(2), both 0', () => {
    const through = D.binomial(2, 0);
    expect(Array.from(through)).toEqual([1, 0, 0]);
    const damage = D.uniform(1, 3);
    const twoHits = D.mixture([
      [through[0], D.point(0)],
      [through[1], damage],
      [through[2], D.mapValues(damage, (d) => 2 * d)],
    ]);
    expect(Array.from(twoHits)).toEqual([1]);
  });

  it('a weight or entry that is undefined, NaN, infinite, negative or above 1 is a RangeError', () => {
    const missing = Float64Array.of(1)[1]; // undefined: an index past a trimmed end
    expect(() => D.mixture([[missing, D.point(1)]])).toThrow(RangeError);
    expect(() => D.mixture([[Number.NaN, D.point(1)]])).toThrow(RangeError);
    expect(() => D.mixture([[-0.1, D.point(1)]])).toThrow(RangeError);
    expect(() => D.convolve(Float64Array.of(Number.NaN, 1), D.point(0))).toThrow(RangeError);
    expect(() => D.compound(Float64Array.of(0.5, Infinity), D.point(1))).toThrow(RangeError);
    expect(() => D.thin(Float64Array.of(-0.5, 1.5), 0.5)).toThrow(RangeError);
    expect(() => D.fromArray([0.5, -0.2, 0.7])).toThrow(RangeError);
    expect(() => D.cap(new Float64Array(0), 2)).toThrow(RangeError);
    expect(() => D.bernoulli(1.5)).toThrow(RangeError);
    expect(() => D.binomial(3, Number.NaN)).toThrow(RangeError);
    expect(() => D.uniform(4, 2)).toThrow(RangeError);
    expect(() => D.point(-1)).toThrow(RangeError);
    expect(() => D.mapValues(D.point(2), () => -1)).toThrow(RangeError);
    expect(() => D.shift(D.point(0), -1)).toThrow(RangeError);
    expect(() => D.atLeast(D.point(0), Number.NaN)).toThrow(RangeError);
  });

  it('an entry just below 0 from rounding reads as 0', () => {
    const d = D.convolve(Float64Array.of(1, -1e-17), D.point(2));
    expect(Array.from(d)).toEqual([0, 0, 1]);
  });
});
