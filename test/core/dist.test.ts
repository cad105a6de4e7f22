import { describe, expect, it } from 'vitest';
import * as D from '../../src/core/dist.js';

/** C(n, k) q^k (1-q)^(n-k) in log space: the closed form the engine must match. */
function binomialPmf(n: number, q: number, k: number): number {
  let logC = 0;
  for (let i = 1; i <= k; i++) logC += Math.log(n - k + i) - Math.log(i);
  return Math.exp(logC + k * Math.log(q) + (n - k) * Math.log1p(-q));
}

describe('core/dist', () => {
  it('binomial by repeated squaring equals the closed form (n = 20, q = 1/6)', () => {
    const d = D.binomial(20, 1 / 6);
    for (let k = 0; k <= 20; k++) expect(Math.abs(d[k] - binomialPmf(20, 1 / 6, k))).toBeLessThan(1e-14);
    expect(D.mean(d)).toBeCloseTo(20 / 6, 12);
    expect(D.sd(d)).toBeCloseTo(Math.sqrt((20 * 5) / 36), 12);
  });

  it('stays sound for 1,000 and 5,000 attacks: sums to 1 within 1e-12, no NaN or negatives', () => {
    for (const n of [1000, 5000]) {
      const d = D.binomial(n, 0.37);
      expect(Math.abs(D.total(d) - 1)).toBeLessThan(1e-12);
      expect(d.every((x) => Number.isFinite(x) && x >= 0)).toBe(true);
      expect(D.mean(d)).toBeCloseTo(n * 0.37, 8);
      const k = Math.round(n * 0.37);
      expect(Math.abs(d[k] - binomialPmf(n, 0.37, k)) / d[k]).toBeLessThan(1e-10);
    }
  });

  it('compound: a Binomial(N, q) count with N ~ Binomial(n, r) is Binomial(n, rq)', () => {
    const d = D.compound(D.binomial(12, 0.5), D.bernoulli(1 / 3));
    for (let k = 0; k <= 12; k++) expect(d[k]).toBeCloseTo(binomialPmf(12, 1 / 6, k), 14);
  });

  it('thin: thinning Binomial(n, r) by q gives Binomial(n, rq)', () => {
    const d = D.thin(D.binomial(9, 2 / 3), 0.5);
    for (let k = 0; k <= 9; k++) expect(d[k]).toBeCloseTo(binomialPmf(9, 1 / 3, k), 14);
  });

  it('mixture, cap, shift, mapValues', () => {
    const m = D.mixture([
      [0.25, D.point(0)],
      [0.75, D.point(2)],
    ]);
    expect(Array.from(m)).toEqual([0.25, 0, 0.75]);
    expect(Array.from(D.cap(D.uniform(1, 6), 3))).toEqual([0, 1 / 6, 1 / 6, 4 / 6]);
    expect(Array.from(D.shift(D.point(1), 2))).toEqual([0, 0, 0, 1]);
    expect(Array.from(D.mapValues(D.uniform(0, 3), (k) => k >> 1))).toEqual([0.5, 0.5]);
  });

  it('tails, quantiles and P(X > Y) by enumeration of two dice', () => {
    const die = D.uniform(1, 6);
    expect(D.atLeast(die, 5)).toBeCloseTo(2 / 6, 15);
    expect(D.atLeast(die, 0)).toBe(1);
    expect(D.quantile(die, 0.5)).toBe(3);
    // P(first D6 > second D6) = 15/36 by enumeration
    let greater = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a > b) greater++;
    expect(D.probGreater(die, die)).toBeCloseTo(greater / 36, 15);
  });
});
