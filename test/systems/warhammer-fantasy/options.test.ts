/**
 * The ambiguities of §16 that rules/warhammer-fantasy.md resolves with an option, and the
 * optional rules of §1: each reading tested, with expected numbers from closed forms written here.
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { warhammerFantasy as W } from '../../../src/systems/warhammer-fantasy/index.js';
import { binomialPmf, near, scenario, unit } from './helpers.js';

const flees = (fates: Record<string, number> | undefined) => (fates?.breaks ?? 0) + (fates?.caught ?? 0);

describe('warhammer-fantasy options for the ambiguities of §16', () => {
  it('§16.2 saves better than 1+: a 0+ save against S5 needs 2+ (default) or 3+ (clamped at 1+)', () => {
    const attacker = unit({ models: 10, ws: 4, s: 5 });
    const target = unit({ armour: ['heavy', 'shield'], 'armour-bonus': 4 });
    // hit 3+ (2/3), wound 2+ (5/6), save fails 1/6 or 1/3
    near(mean(W.exact(scenario(attacker, target, { charging: 'attacker' })).damage), 10 * (2 / 3) * (5 / 6) * (1 / 6));
    near(
      mean(W.exact(scenario(attacker, target, { charging: 'attacker', 'saves-better-than-1+': 'clamp' })).damage),
      10 * (2 / 3) * (5 / 6) * (1 / 3),
    );
  });

  it('§16.6 equal Initiative: the previous round\'s winner strikes first (default) or always a roll-off', () => {
    // 5 v 5, WS 3 S 3 T 3 no armour: every blow kills with p = 1/4, both sides.
    const p = 1 / 4;
    const a = unit({ models: 5 });
    const t = unit({ models: 5 });
    const won = W.exact(scenario(a, t, { round: 2, 'previous-round-winner': 'attacker' })).damage;
    for (let j = 0; j <= 5; j++) near(won[j] ?? 0, binomialPmf(5, p, j));
    // Roll-off: half the time the target strikes first and kills k of the 5 attackers.
    const rolled = W.exact(scenario(a, t, { round: 2, 'previous-round-winner': 'attacker', 'equal-initiative': 'roll-off' })).damage;
    for (let j = 0; j <= 5; j++) {
      let second = 0;
      for (let k = 0; k <= 5; k++) second += binomialPmf(5, p, k) * (j <= 5 - k ? binomialPmf(5 - k, p, j) : 0);
      near(rolled[j] ?? 0, binomialPmf(5, p, j) / 2 + second / 2);
    }
    // First round, nobody charged: a roll-off under both readings.
    const first = W.exact(scenario(a, t)).damage;
    for (let j = 0; j <= 5; j++) near(first[j] ?? 0, rolled[j] ?? 0);
  });

  describe('E10 readings', () => {
    const A = unit({ models: 20, width: 5, ws: 4, s: 4, t: 4, ld: 8, armour: ['light', 'shield'], rules: ['standard'] });
    const B = unit({ models: 25, width: 5, armour: ['light', 'shield'], rules: ['standard'] });
    const aWins = 5288806000 / 10460353203;
    const draw = 25828854800 / 94143178827;

    it('§16.8 draws: nobody tests (default); with the musician option the only musician wins by 1', () => {
      const withMusician = { ...A, rules: ['standard', 'musician'] };
      const off = W.exact(scenario(withMusician, B, { charging: 'attacker' }));
      near(off.outcomes?.combat.draw, draw);
      const on = W.exact(scenario(withMusician, B, { charging: 'attacker', 'musician-wins-draws': true }));
      expect(on.outcomes?.combat.draw ?? 0).toBe(0);
      near(on.outcomes?.combat['attacker-wins'], aWins + draw);
      // Both sides with a musician: it stays a draw.
      const both = W.exact(scenario(withMusician, { ...B, rules: ['standard', 'musician'] }, { charging: 'attacker', 'musician-wins-draws': true }));
      near(both.outcomes?.combat.draw, draw);
    });

    it('§16.18 outnumbering after casualties (default) or on starting sizes: differs only when A kills 5 without loss', () => {
      const after = flees(W.exact(scenario(A, B, { charging: 'attacker' })).morale);
      const starting = flees(W.exact(scenario(A, B, { charging: 'attacker', outnumbering: 'starting' })).morale);
      near(after, 10475848000 / 31381059609);
      // A wins 9 – 4 (after) or 9 – 5 (starting): B's Ld 7 test fails 35/36 or 33/36.
      near(after - starting, (10 / 27) ** 5 * (35 / 36 - 33 / 36));
    });

    it('§1 insane courage (option): a double 1 holds even when the margin makes the test impossible', () => {
      const off = W.exact(scenario(A, { ...B, ld: 2 }, { charging: 'attacker' }));
      const on = W.exact(scenario(A, { ...B, ld: 2 }, { charging: 'attacker', 'insane-courage': true }));
      // With Ld 2 every loss fails the test without insane courage; with it, 1/36 of them hold.
      near(flees(off.morale), aWins);
      near(flees(on.morale), aWins * (35 / 36));
    });

    it('§1 Battle Standard: a failed break test is re-rolled once', () => {
      const plain = W.exact(scenario(A, { ...B, rules: ['standard', 'stubborn'] }, { charging: 'attacker' }));
      const bsb = W.exact(scenario(A, { ...B, rules: ['standard', 'stubborn', 'battle-standard'] }, { charging: 'attacker' }));
      near(flees(plain.morale), aWins * (15 / 36));
      near(flees(bsb.morale), aWins * (15 / 36) ** 2);
    });
  });

  it('§16.9 hatred when only 6s hit: re-roll still needing a 6 (default) or no re-roll', () => {
    const a = unit({ models: 10, rules: ['hatred'] });
    near(mean(W.exact(scenario(a, unit(), { charging: 'attacker', 'defended-obstacle': 'target' })).damage), (10 * 11) / 72);
    near(
      mean(W.exact(scenario(a, unit(), { charging: 'attacker', 'defended-obstacle': 'target', 'hatred-only-sixes': 'no-reroll' })).damage),
      10 / 12,
    );
  });

  it('§16.10 stupidity: floor(n/2) models fight (default) or the odd model fights on a 4+', () => {
    const stupid = unit({ models: 5, ld: 7, rules: ['stupidity'] });
    const pass = 21 / 36; // 2D6 ≤ 7
    const p = 1 / 4;
    near(mean(W.exact(scenario(stupid, unit(), { charging: 'attacker' })).damage), p * (5 * pass + 2 * (1 - pass)));
    near(
      mean(W.exact(scenario(stupid, unit(), { charging: 'attacker', stupidity: 'odd-model-4+' })).damage),
      p * (5 * pass + 2.5 * (1 - pass)),
    );
  });

  it('§16.14 rank size: 4 models (default, 6th) or 5 (7th)', () => {
    // Neither side can wound (S1 against T10): the score is ranks + outnumbering (14 against 10).
    const a = unit({ models: 14, width: 5, s: 1, t: 10 });
    const t = unit({ models: 10, width: 10, s: 1, t: 10, ld: 7 });
    // 6th: +2 ranks +1 outnumbering, B loses by 3 and holds on 2D6 ≤ 4; 7th: +1 +1, holds on 2D6 ≤ 5.
    near(flees(W.exact(scenario(a, t, { charging: 'attacker' })).morale), 1 - 6 / 36);
    near(flees(W.exact(scenario(a, t, { charging: 'attacker', 'rank-size': 5 })).morale), 1 - 10 / 36);
  });

  it('§1 hand weapon + shield (option): +1 save for infantry in close combat from the front', () => {
    const a = unit({ models: 10 });
    const t = unit({ armour: ['light', 'shield'] });
    // hit 4+, wound 4+; save 5+ (fails 2/3) or 4+ with the option (fails 1/2)
    near(mean(W.exact(scenario(a, t, { charging: 'attacker' })).damage), 10 * (1 / 4) * (2 / 3));
    near(mean(W.exact(scenario(a, t, { charging: 'attacker', 'shield-parry': true })).damage), 10 * (1 / 4) * (1 / 2));
    // Not from the flank.
    near(mean(W.exact(scenario(a, t, { charging: 'attacker', 'shield-parry': true, facing: 'flank' })).damage), 10 * (1 / 4) * (2 / 3));
  });

  it('§4 mounts: a mount strikes with its own WS, S and A; hits on cavalry use the rider\'s WS', () => {
    // 5 knights (WS 5, S 3; horses WS 3, S 3, A 1) charge WS 3 T 3 infantry without armour:
    // riders hit 3+ and wound 4+ (1/3), horses hit 4+ and wound 4+ (1/4).
    const knights = unit({ models: 5, type: 'cavalry', ws: 5, armour: ['mount'], mount: { ws: 3, s: 3, a: 1 } });
    near(mean(W.exact(scenario(knights, unit(), { charging: 'attacker' })).damage), 5 * (1 / 3) + 5 * (1 / 4));
    // WS 2 infantry charging them hit on the rider's WS 5 (5+), not the horse's WS 3 (4+);
    // wound 4+, the mount's 6+ save fails 5/6.
    near(mean(W.exact(scenario(unit({ models: 5, ws: 2 }), knights, { charging: 'attacker' })).damage), 5 * (1 / 3) * (1 / 2) * (5 / 6));
  });
});
