/**
 * Hit, wound and save re-rolls (rules/age-of-sigmar.md §2.1): at most one re-roll per die, made
 * before modifiers; the new face counts as the unmodified roll, so it can be a 1 (fails) or a 6
 * (a critical hit). Every expected value is a closed form written here: with a re-roll of the
 * faces in R (|R| = r), P(final face in S) = |S \ R|/6 + (r/6)·|S|/6.
 */
import { describe, expect, it } from 'vitest';
import { chunkRng, masterState } from '../../../src/core/rng.js';
import { compareCounts } from '../../../src/core/stats.js';
import { Tally } from '../../../src/sim/tally.js';
import { ageOfSigmar } from '../../../src/systems/age-of-sigmar/index.js';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);
const noSave = { models: 1, health: 10, save: 'none' };
const blade = { name: 'blade', attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 1 };
/** Hit, wound or save success: P(final face in S) after re-rolling the faces in R. */
const rerolled = (s: number, r: number, sAndR = 0) => (s - sAndR) / 6 + (r / 6) * (s / 6);

function outcome(weapon: object, target: object, situation: object) {
  return ageOfSigmar.exact(ageOfSigmar.parse({ attacker: { models: 1, weapons: [weapon] }, target, situation }));
}
const pDamage = (weapon: object, target: object, situation: object) => outcome(weapon, target, situation).damage[1] ?? 0;

describe('hit re-rolls (§2.1)', () => {
  it("re-roll failed hits of a 3+ Crit (Mortal) weapon: P(crit) = 1/6 + (2/6)(1/6) = 2/9 (rules file §5)", () => {
    const weapon = { ...blade, hit: '3+', wound: '6+', abilities: ['crit-mortal'] };
    // Wound 6+ against Save none: a non-crit hit deals 1 with 1/6; a crit deals 1 mortal.
    const pCrit = 2 / 9;
    const pHit = rerolled(4, 2) - pCrit; // faces 3-5 after the re-roll
    close(pDamage(weapon, noSave, { 'reroll-hit': 'failed' }), pCrit + pHit / 6);
  });
  it("re-roll 1s on 4+: 3/6 + (1/6)(3/6) = 7/12", () => close(pDamage(blade, noSave, { 'reroll-hit': 'ones' }), (7 / 12) * (1 / 2)));
  it('a failed roll is judged with the modifiers: cover on 4+ re-rolls faces 1-4, then 5+ hits', () =>
    close(pDamage(blade, noSave, { 'reroll-hit': 'failed', cover: true }), rerolled(2, 4) * (1 / 2)));
  it('re-roll 1s with +1 to hit: a re-rolled 1 still fails (it is unmodified)', () =>
    close(pDamage(blade, noSave, { 'reroll-hit': 'ones', 'all-out-attack': true }), rerolled(4, 1) * (1 / 2)));
  it('a Companion weapon ignores the attacker\'s re-rolls (20.0)', () =>
    close(pDamage({ ...blade, abilities: ['companion'] }, noSave, { 'reroll-hit': 'failed', 'reroll-wound': 'failed' }), (3 / 6) * (3 / 6)));
});

describe('wound and save re-rolls (§2.1)', () => {
  it('re-roll failed wounds on 4+: 3/4', () => close(pDamage(blade, noSave, { 'reroll-wound': 'failed' }), (1 / 2) * (3 / 4)));
  it('re-roll 1s to wound with −1: 5+ after the re-roll', () =>
    close(pDamage(blade, noSave, { 'reroll-wound': 'ones', 'wound-modifier': -1 }), (1 / 2) * rerolled(2, 1)));
  it('the target re-rolls failed saves on 4+: P(unsaved) = 1 − 3/4', () =>
    close(pDamage(blade, { ...noSave, save: '4+' }, { 'reroll-save': 'failed' }), (1 / 4) * (1 / 4)));
  it('the target re-rolls save 1s on 3+ with Rend 1 (4+): P(unsaved) = 1 − 7/12', () =>
    close(pDamage({ ...blade, rend: 1 }, { ...noSave, save: '3+' }, { 'reroll-save': 'ones' }), (1 / 4) * (1 - 7 / 12)));
  it('no re-roll helps a save that needs a 7 (Save 6+, Rend 1)', () =>
    close(pDamage({ ...blade, rend: 1 }, { ...noSave, save: '6+' }, { 'reroll-save': 'failed' }), 1 / 4));
  it('Crit (Auto-wound) skips the wound roll, so its re-roll: 3 attacks, closed-form mean', () => {
    // Per attack: crit 1/6 (auto-wound), non-crit hit 2/6 then wound 3+ re-rolled = 8/9; no save.
    const o = outcome({ ...blade, attacks: 3, hit: '4+', wound: '3+', abilities: ['crit-auto-wound'] }, noSave, { 'reroll-wound': 'failed' });
    const p = 1 / 6 + (2 / 6) * rerolled(4, 2);
    [0, 1, 2, 3].forEach((k) => close(o.damage[k], [1, 3, 3, 1][k] * p ** k * (1 - p) ** (3 - k)));
  });
});

describe('re-rolls in the simulator', () => {
  it('agrees with the exact engine (chi-square) on hit, wound and save re-rolls with crits and D3 damage', () => {
    const input = {
      attacker: { models: 2, weapons: [{ ...blade, attacks: 3, hit: '3+', damage: 'D3', abilities: ['crit-2-hits'] }] },
      target: { models: 3, health: 2, save: '4+', ward: '6+' },
      situation: { 'reroll-hit': 'ones', 'reroll-wound': 'failed', 'reroll-save': 'failed', cover: true },
    };
    const s = ageOfSigmar.parse(input);
    const tally = new Tally();
    ageOfSigmar.simulate(s, chunkRng(masterState('aos re-rolls'), 0), 100_000, tally);
    expect(compareCounts(ageOfSigmar.exact(s).damage, tally.damage.toArray())).toMatchObject({ pass: true });
    // The same simulator without the re-rolls must be told apart: the re-rolls change the answer.
    const plain = ageOfSigmar.parse({ ...input, situation: { cover: true } });
    expect(compareCounts(ageOfSigmar.exact(plain).damage, tally.damage.toArray())).toMatchObject({ pass: false });
  });
});
