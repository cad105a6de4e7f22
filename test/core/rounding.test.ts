/**
 * Probabilities stay in [0, 1] and rounding is not disagreement (docs/reliability.md). A certain
 * outcome computed as a sum of many products may come out as 1.0000000000000002; it is printed as
 * 1, its mean never passes the largest value, and `check` counts a tally that never saw the
 * other outcome as exact agreement — not as an infinite z-score with null statistics in JSON.
 */
import { describe, expect, it } from 'vitest';
import { clampProbability, clampedPmf, mean, sd } from '../../src/core/dist.js';
import { ROUNDING, compareCounts, compareProbability } from '../../src/core/stats.js';
import { fightReport } from '../../src/fight/report.js';
import { ninthAgeWithFights as ninthAge } from '../../src/systems/ninth-age/index.js';
import type { Outcome } from '../../src/systems/types.js';
import { runCli } from '../support/in-process.js';

const ONE_ULP_ABOVE = 1 + 2 ** -52;

/** Every probability of an outcome: pmf entries, P(destroyed), morale and table entries. */
function probabilities(o: Outcome): number[] {
  return [
    ...o.damage,
    ...(o.slain ?? []),
    ...(o.destroyed === undefined ? [] : [o.destroyed]),
    ...Object.values(o.morale ?? {}),
    ...Object.values(o.outcomes ?? {}).flatMap((t) => Object.values(t)),
  ];
}

describe('clamping where probabilities are produced', () => {
  it('clampProbability and clampedPmf keep entries in [0, 1], NaN stays visible', () => {
    expect(clampProbability(ONE_ULP_ABOVE)).toBe(1);
    expect(clampProbability(-1e-17)).toBe(0);
    expect(clampProbability(0.25)).toBe(0.25);
    expect(clampProbability(Number.NaN)).toBeNaN();
    expect(Array.from(clampedPmf(Float64Array.from([-1e-17, ONE_ULP_ABOVE])))).toEqual([0, 1]);
    const fine = Float64Array.from([0.5, 0.5]);
    expect(clampedPmf(fine)).toBe(fine);
  });

  it('a mean never passes the largest value the distribution takes', () => {
    // All mass on 100, rounded one ulp above 1: the mean is 100, not 100.00000000000001
    const d = new Float64Array(101);
    d[100] = ONE_ULP_ABOVE;
    expect(mean(d)).toBe(100);
    expect(sd(d)).toBe(0);
    // A sub-probability vector keeps its plain weighted sum
    expect(mean(Float64Array.from([0, 0.1]))).toBeCloseTo(0.1, 15);
  });

  it('Age of Sigmar E05, E14, E15 (bundled): slain is certain, printed as exactly 1', async () => {
    for (const id of ['ex05-crit-2-hits-d3-shared', 'ex14-hit-6-with-minus-1', 'ex15-save-cap-with-rend']) {
      const r = await runCli(['attack', '--scenario', `age-of-sigmar/${id}`, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      // One model of Health 10 that these attacks never deal 10 damage to: it is never slain
      expect(out.damage.pmf.length, id).toBeLessThan(10);
      expect(out.slain.pmf, id).toEqual([1]);
      for (const p of out.damage.pmf) expect(p).toBeLessThanOrEqual(1);
    }
  });

  it('a certain 9th Age fight (100 models, A10, everything 10, against one A0 model): nothing above 1, no survivor mean above 100', () => {
    const body = { troop: 'infantry', ws: 10, s: 10, t: 10, w: 1, i: 10, ld: 10 };
    for (const charging of ['attacker', 'none', 'target'])
      for (const files of [10, 20]) {
        const raw = { attacker: { ...body, models: 100, files, a: 10 }, target: { ...body, models: 1, a: 0 }, situation: { type: 'fight', charging } };
        const o = ninthAge.exact(ninthAge.parse(raw));
        for (const p of probabilities(o)) {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        }
        const report = fightReport(o);
        for (const r of report.rounds) {
          expect(r.attackerLeft).toBeLessThanOrEqual(100);
          for (const p of [r.ends, r.ended, r.targetBroken, r.attackerBroken]) expect(p).toBeLessThanOrEqual(1);
        }
        expect(report.attacker.modelsLeft.mean).toBeLessThanOrEqual(100);
        expect(report.attacker.wins).toBeLessThanOrEqual(1);
      }
  });
});

describe('check: differences at rounding level are exact agreement', () => {
  const n = 1_000_000;

  it('a probability within rounding of 1 (or 0), and a tally that never saw the other outcome: z = 0, pass', () => {
    for (const exact of [1, ONE_ULP_ABOVE, 1 - 1e-14, 1 + 1.7e-14]) {
      const a = compareProbability(exact, n, n);
      expect(a.pass, String(exact)).toBe(true);
      expect(a.zMean).toBe(0);
      expect(a.pValue).toBe(1);
      expect(Number.isFinite(a.chiSquare)).toBe(true);
    }
    for (const exact of [0, -1e-17, 1e-14]) expect(compareProbability(exact, 0, n)).toMatchObject({ pass: true, zMean: 0, pValue: 1 });
  });

  it('a certainty the tally contradicts fails, with finite statistics (JSON has no Infinity)', () => {
    const a = compareProbability(ONE_ULP_ABOVE, n - 1, n);
    expect(a.pass).toBe(false);
    expect(a.impossible).toBe(true);
    expect(Number.isFinite(a.zMean)).toBe(true);
    expect(Number.isFinite(a.chiSquare)).toBe(true);
    // |z| = (1/n) / √(ROUNDING/n): far beyond the bound
    expect(Math.abs(a.zMean)).toBeCloseTo(1 / n / Math.sqrt(ROUNDING / n), 6);
  });

  it("a point mass whose mean is off by rounding agrees with a tally that is all at that point", () => {
    // 100 models always left, the exact mass rounded above 1 and leaking 1e-17 onto 99
    const exact = new Float64Array(101);
    exact[100] = ONE_ULP_ABOVE;
    exact[99] = 1e-17;
    const counts = new Array(101).fill(0);
    counts[100] = n;
    const a = compareCounts(exact, counts);
    expect(a.pass).toBe(true);
    expect(Math.abs(a.zMean)).toBeLessThan(1e-3);
    // A tally off the point by one model everywhere still fails
    const off = new Array(101).fill(0);
    off[99] = n;
    expect(compareCounts(exact, off).pass).toBe(false);
  });

  it('warodds check passes the bundled near-certain Age of Sigmar scenarios, and its JSON has no null statistic', async () => {
    for (const seed of ['warodds', 'another seed']) {
      const r = await runCli(['check', 'age-of-sigmar/ex05-crit-2-hits-d3-shared', 'age-of-sigmar/ex14-hit-6-with-minus-1', 'age-of-sigmar/ex15-save-cap-with-rend', '--samples', '20000', '--seed', seed, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      for (const s of out.scenarios) {
        expect(s.verdict, s.id).toBe('pass');
        for (const f of s.agreement) for (const k of ['chiSquare', 'pValue', 'tvd', 'zMean']) expect(f[k], `${s.id} ${f.field} ${k}`).not.toBeNull();
      }
    }
  });
});
