/**
 * Issue 16: 10,000 attacks, exactly and fast, for both allocation rules — against closed forms.
 *
 * Hit 3+, wound 4+, save 4+ and Damage 2: each attack is an unsaved wound of exactly 2 damage
 * with probability q = 2/3 · 1/2 · 1/2 = 1/6, so the number of unsaved wounds is K ~ Binomial
 * (10,000, 1/6), and
 * - damage spills over: the damage is 2K, capped at the unit's health;
 * - excess damage is lost, on 3-health models: two wounds kill a model (2, then 4 ≥ 3 with 1 lost), so K wounds
 *   slay ⌊K/2⌋ models and leave 2 (K mod 2) damage on the next one.
 * Binomial(10,000, 1/6) is computed here by its definition (10,000 trials, one at a time), not by
 * the code under test.
 */
import { describe, expect, it } from 'vitest';
import { generic } from '../../src/systems/generic/index.js';
import { withWorkBudget } from '../../src/core/budget.js';

const ATTACKS = 10_000;
const Q = 1 / 6;

/** P(K = k), k = 0..n: the distribution of n independent trials of probability q, trial by trial. */
function binomialByTrials(n: number, q: number): Float64Array {
  const row = new Float64Array(n + 1);
  row[0] = 1;
  for (let m = 1; m <= n; m++) {
    for (let k = m; k > 0; k--) row[k] = row[k] * (1 - q) + row[k - 1] * q;
    row[0] *= 1 - q;
  }
  return row;
}

const K = binomialByTrials(ATTACKS, Q);

/** The law of f(K), over 0..length-1. */
function lawOf(f: (k: number) => number, length: number): Float64Array {
  const out = new Float64Array(length);
  K.forEach((p, k) => (out[f(k)] += p));
  return out;
}

function exact(models: number | undefined, allocation: 'spill-over' | 'no-spill-over', health = 3) {
  const s = generic.parse({
    attacker: { attacks: ATTACKS, hit: 3, wound: 4, damage: 2 },
    target: { ...(models === undefined ? {} : { models }), health, save: 4 },
    situation: { allocation },
  });
  return withWorkBudget(() => generic.exact(s));
}

function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>): void {
  const length = Math.max(actual.length, expected.length);
  let worst = 0;
  for (let i = 0; i < length; i++) worst = Math.max(worst, Math.abs((actual[i] ?? 0) - (expected[i] ?? 0)));
  expect(worst).toBeLessThan(1e-12);
}

describe('generic: 10,000 attacks against closed forms (Binomial(10,000, 1/6) wounds of 2 damage, 3-health models)', () => {
  it('damage spills over, 840 models of 4 health: damage min(2K, 3,360), slain ⌊damage / 4⌋, destroyed P(K ≥ 1,680)', () => {
    const models = 840;
    const wounds = models * 4;
    const outcome = exact(models, 'spill-over', 4);
    expectClose(outcome.damage, lawOf((k) => Math.min(2 * k, wounds), wounds + 1));
    expectClose(outcome.slain!, lawOf((k) => Math.floor(Math.min(2 * k, wounds) / 4), models + 1));
    const destroyed = K.slice(1680).reduce((a, b) => a + b, 0);
    expect(destroyed).toBeGreaterThan(0.01); // the cap really binds
    expect(Math.abs(outcome.destroyed! - destroyed)).toBeLessThan(1e-12);
  });

  it('damage spills over, as many models as it takes: damage 2K', () => {
    const outcome = exact(undefined, 'spill-over');
    expectClose(outcome.damage, lawOf((k) => 2 * k, 2 * ATTACKS + 1));
  });

  it('excess damage is lost, 850 models: ⌊K/2⌋ slain and 2 (K mod 2) on the next, until all 850 are slain', () => {
    const models = 850;
    const allocated = (k: number) => (Math.floor(k / 2) >= models ? models * 3 : Math.floor(k / 2) * 3 + 2 * (k % 2));
    const outcome = exact(models, 'no-spill-over');
    expectClose(outcome.damage, lawOf(allocated, models * 3 + 1));
    expectClose(outcome.slain!, lawOf((k) => Math.min(models, Math.floor(k / 2)), models + 1));
    const destroyed = K.slice(2 * models).reduce((a, b) => a + b, 0);
    expect(destroyed).toBeGreaterThan(0.01);
    expect(Math.abs(outcome.destroyed! - destroyed)).toBeLessThan(1e-12);
  });

  it('excess damage is lost, as many models as it takes: ⌊K/2⌋ slain', () => {
    const outcome = exact(undefined, 'no-spill-over');
    expectClose(outcome.slain!, lawOf((k) => Math.floor(k / 2), ATTACKS / 2 + 1));
  });
});
