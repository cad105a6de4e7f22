import { describe, expect, it } from 'vitest';
import { binomial } from '../../src/core/dist.js';
import { compareCategories, compareCounts, compareProbability, normalUpperTail, upperRegularizedGamma } from '../../src/core/stats.js';
import { Rng } from '../../src/core/rng.js';

describe('core/stats', () => {
  it('chi-square tail: with 2 degrees of freedom Q(1, x/2) = exp(-x/2)', () => {
    for (const x of [0.5, 3, 10, 40]) expect(upperRegularizedGamma(1, x / 2)).toBeCloseTo(Math.exp(-x / 2), 14);
  });
  it('normal tail matches published values (z = 1.96 → 0.0249979, z = 4 → 3.16712e-5)', () => {
    expect(normalUpperTail(1.96)).toBeCloseTo(0.0249979, 7);
    expect(normalUpperTail(4) / 3.16712e-5).toBeCloseTo(1, 5);
  });
  it('a fair sample passes and a biased one fails', () => {
    const exact = binomial(10, 0.5);
    const rng = new Rng(7, 8, 9, 10);
    const fair = new Array(11).fill(0);
    const biased = new Array(11).fill(0);
    for (let i = 0; i < 200000; i++) {
      let a = 0;
      let b = 0;
      for (let j = 0; j < 10; j++) {
        const u = rng.next() / 2 ** 32;
        if (u < 0.5) a++;
        if (u < 0.51) b++;
      }
      fair[a]++;
      biased[b]++;
    }
    expect(compareCounts(exact, fair).pass).toBe(true);
    const bad = compareCounts(exact, biased);
    expect(bad.pass).toBe(false);
    expect(bad.zMean).toBeGreaterThan(10);
  });
  it('an observation the exact answer calls impossible fails at once', () => {
    const r = compareCounts(Float64Array.of(1), [999, 1]);
    expect(r.impossible).toBe(true);
    expect(r.pass).toBe(false);
  });
  it('categories and single probabilities', () => {
    expect(compareCategories({ holds: 0.75, breaks: 0.25 }, { holds: 7512, breaks: 2488 }).pass).toBe(true);
    expect(compareCategories({ holds: 0.75, breaks: 0.25 }, { holds: 7000, breaks: 3000 }).pass).toBe(false);
    expect(compareProbability(0.25, 2500, 10000).pass).toBe(true);
    expect(compareProbability(0.25, 2800, 10000).pass).toBe(false);
  });
});
