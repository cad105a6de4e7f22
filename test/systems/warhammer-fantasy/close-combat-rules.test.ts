/**
 * Close-combat rules whose numbers depend on the round or on what a model holds: the defended
 * obstacle across rounds (§4), and the shield lost to an additional hand weapon or a great weapon
 * (§1 weapons). Expected values are closed forms from rules/warhammer-fantasy.md written here.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../../src/core/errors.js';
import { warhammerFantasy as W } from '../../../src/systems/warhammer-fantasy/index.js';
import { binomialPmf, near, scenario, unit } from './helpers.js';

/** Ten WS3 S3 attackers (T10, so the defenders' S3 blows cannot wound them, §6) against WS3 T3 without armour. */
const attackers = unit({ models: 10, t: 10 });
const defenders = unit({ models: 20, width: 10 });
const sixes = 1 / 6 / 2; // only 6s hit, then 4+ to wound
const chart = 1 / 2 / 2; // 4+ to hit (WS3 against WS3), 4+ to wound

function expectBinomial(situation: Record<string, unknown>, p: number): void {
  const d = W.exact(scenario(attackers, defenders, { 'defended-obstacle': 'target', ...situation })).damage;
  for (let k = 0; k <= 10; k++) near(d[k] ?? 0, binomialPmf(10, p, k), 1e-12);
}

describe('§4 defended obstacle: only 6s hit until the attackers have won a round of that combat', () => {
  it('round 1, and later rounds the defenders won or drew: only 6s', () => {
    expectBinomial({ charging: 'attacker' }, sixes);
    expectBinomial({ round: 2, 'previous-round-winner': 'target' }, sixes);
    expectBinomial({ round: 3, 'previous-round-winner': 'none' }, sixes);
  });

  it('after the attackers won the previous round: the to-hit chart', () => {
    expectBinomial({ round: 2, 'previous-round-winner': 'attacker' }, chart);
    expectBinomial({ round: 4, 'previous-round-winner': 'attacker' }, chart);
  });

  it("after the attackers won an earlier round ('obstacle-round-won'): the to-hit chart", () => {
    expectBinomial({ round: 3, 'previous-round-winner': 'none', 'obstacle-round-won': true }, chart);
    expectBinomial({ round: 3, 'previous-round-winner': 'target', 'obstacle-round-won': true }, chart);
    expectBinomial({ round: 3, 'previous-round-winner': 'target', 'obstacle-round-won': false }, sixes);
  });

  it('the attacker behind the obstacle: the target needs 6s until it has won a round', () => {
    // The target's 10 WS3 S3 blows on 10 attackers (WS3 T3, no armour) whose S1 cannot wound its
    // T10. With k casualties the target scores k, +1 for outnumbering when k ≥ 1: a draw iff k = 0.
    const a = unit({ models: 10, s: 1 });
    const t = unit({ models: 10, t: 10 });
    const draw = (sit: Record<string, unknown>) => W.exact(scenario(a, t, { 'defended-obstacle': 'attacker', round: 2, ...sit })).outcomes?.combat.draw;
    near(draw({ 'previous-round-winner': 'attacker' }), (1 - sixes) ** 10, 1e-12);
    near(draw({ 'previous-round-winner': 'target' }), (1 - chart) ** 10, 1e-12);
  });

  const error = (situation: Record<string, unknown>): ScenarioError => {
    try {
      scenario(attackers, defenders, situation);
    } catch (e) {
      if (e instanceof ScenarioError) return e;
      throw e;
    }
    throw new Error('expected a ScenarioError');
  };
  it('rejects an obstacle-round-won that contradicts the round, the previous winner or the obstacle', () => {
    for (const [situation, message] of [
      [{ 'obstacle-round-won': true }, /defended-obstacle/],
      [{ 'defended-obstacle': 'target', 'obstacle-round-won': true }, /first round/],
      [{ 'defended-obstacle': 'target', round: 2, 'previous-round-winner': 'target', 'obstacle-round-won': true }, /round 2/],
      [{ 'defended-obstacle': 'target', round: 3, 'previous-round-winner': 'attacker', 'obstacle-round-won': false }, /won the last round/],
    ] as const) {
      const e = error(situation);
      expect(e.path).toBe('situation.obstacle-round-won');
      expect(e.problem).toMatch(message);
    }
  });
});

describe('§1 weapons: an additional hand weapon (and a great weapon) leave no shield bonus in close combat', () => {
  // Ten WS3 S3 blows on a WS3 T3 target in light armour and shield: hit 4+, wound 4+; the save is
  // 5+ with the shield (fails 2/3) or 6+ without it (fails 5/6).
  const blows = unit({ models: 10, t: 10 });
  const meanWounds = (weapon: string, armour: string[], situation: Record<string, unknown> = { charging: 'attacker' }) =>
    W.exact(scenario(blows, unit({ weapon, armour }), situation)).damage.reduce((m, p, k) => m + k * p, 0);

  it('additional hand weapon: the shield gives nothing in close combat; hand weapon and shield keep it', () => {
    near(meanWounds('additional-hand-weapon', ['light', 'shield']), 10 * (1 / 4) * (5 / 6), 1e-12);
    near(meanWounds('hand-weapon', ['light', 'shield']), 10 * (1 / 4) * (2 / 3), 1e-12);
    // ... and with the hand-weapon-and-shield parry option, only the hand weapon gets the extra +1.
    near(meanWounds('additional-hand-weapon', ['light', 'shield'], { charging: 'attacker', 'shield-parry': true }), 10 * (1 / 4) * (5 / 6), 1e-12);
    near(meanWounds('hand-weapon', ['light', 'shield'], { charging: 'attacker', 'shield-parry': true }), 10 * (1 / 4) * (1 / 2), 1e-12);
  });

  it('great weapon: the same reading, the shield gives nothing in close combat', () => {
    near(meanWounds('great-weapon', ['light', 'shield']), 10 * (1 / 4) * (5 / 6), 1e-12);
    near(meanWounds('great-weapon', ['light']), 10 * (1 / 4) * (5 / 6), 1e-12);
  });

  it('the +1 A of the additional hand weapon: five models strike ten blows', () => {
    const d = W.exact(scenario(unit({ models: 5, weapon: 'additional-hand-weapon', t: 10 }), unit(), { charging: 'attacker' })).damage;
    for (let k = 0; k <= 10; k++) near(d[k] ?? 0, binomialPmf(10, 1 / 4, k), 1e-12);
  });

  it('against shooting the shield still counts (5+, fails 2/3)', () => {
    for (const weapon of ['additional-hand-weapon', 'great-weapon']) {
      const sc = scenario(unit({ models: 10, missile: { s: 3 } }), unit({ weapon, armour: ['light', 'shield'] }), { phase: 'shooting' });
      const d = W.exact(sc).damage;
      for (let k = 0; k <= 10; k++) near(d[k] ?? 0, binomialPmf(10, (1 / 2) * (1 / 2) * (2 / 3), k), 1e-12);
    }
  });
});
