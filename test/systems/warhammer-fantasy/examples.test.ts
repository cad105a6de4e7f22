/**
 * The worked examples of §17 of rules/warhammer-fantasy.md, each reproduced within 1e-9.
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { warhammerFantasy as W } from '../../../src/systems/warhammer-fantasy/index.js';
import { attackOutcome, defenderStates, unpackState } from '../../../src/systems/warhammer-fantasy/exact-attack.js';
import { pBreakTestFails, pCaught } from '../../../src/systems/warhammer-fantasy/exact-morale.js';
import { meleePlan } from '../../../src/systems/warhammer-fantasy/melee-plan.js';
import { shootingScore } from '../../../src/systems/warhammer-fantasy/strike.js';
import type { Strike } from '../../../src/systems/warhammer-fantasy/strike.js';
import { armourValue, breakTestHoldsUpTo, saveNeeded, shootingHitRoll } from '../../../src/systems/warhammer-fantasy/tables.js';
import { point } from '../../../src/core/dist.js';
import { binomialPmf, near, scenario, unit } from './helpers.js';

/** Fate probabilities of one side, flee = breaks + caught. */
const flees = (fates: Record<string, number> | undefined) => (fates?.breaks ?? 0) + (fates?.caught ?? 0);

describe('warhammer-fantasy worked examples (§17)', () => {
  it('E1 — 10 attacks, WS 4 vs WS 4, S 4 vs T 3, light armour + shield: Binomial(10, 5/18)', () => {
    const sc = scenario(
      unit({ models: 10, ws: 4, s: 4, i: 4 }),
      unit({ models: 20, ws: 4, t: 3, armour: ['light', 'shield'] }),
      { charging: 'attacker' },
    );
    const expected = [
      137858491849 / 3570467226624, 265112484325 / 1785233613312, 101966340125 / 396718580736, 39217823125 / 148769467776,
      105586446875 / 595077871104, 8122034375 / 99179645184, 15619296875 / 595077871104, 858203125 / 148769467776,
      330078125 / 396718580736, 126953125 / 1785233613312, 9765625 / 3570467226624,
    ];
    const d = W.exact(sc).damage;
    expected.forEach((p, k) => near(d[k], p));
    expect(d.length).toBe(11);
    near(mean(d), 25 / 9);
    near(1 - d[0] - d[1] - d[2], 1020929375 / 1836660096);
  });

  it('E2 — break tests', () => {
    near(pBreakTestFails(breakTestHoldsUpTo(7, 2, false), false, false), 13 / 18);
    near(pBreakTestFails(breakTestHoldsUpTo(8, 5, true), false, false), 5 / 18); // Stubborn Ld 8, lost by 5
    near(pBreakTestFails(breakTestHoldsUpTo(8, 5, false), false, false), 11 / 12);
    near(pBreakTestFails(breakTestHoldsUpTo(7, 6, false), false, false), 1);
    near(pBreakTestFails(breakTestHoldsUpTo(7, 6, false), true, false), 35 / 36); // insane courage on
    near(pBreakTestFails(breakTestHoldsUpTo(7, 2, false), false, true), 169 / 324); // Battle Standard re-roll
  });

  it('E3 — Hatred: 10 attacks, WS 3 vs WS 3, S 3 vs T 3, no armour, first round', () => {
    const hating = scenario(unit({ models: 10, rules: ['hatred'] }), unit(), { charging: 'attacker' });
    const expected = [
      9765625 / 1073741824, 29296875 / 536870912, 158203125 / 1073741824, 31640625 / 134217728, 132890625 / 536870912,
      47840625 / 268435456, 47840625 / 536870912, 4100625 / 134217728, 7381125 / 1073741824, 492075 / 536870912, 59049 / 1073741824,
    ];
    const d = W.exact(hating).damage;
    expected.forEach((p, k) => near(d[k], p));
    near(mean(d), 15 / 4);
    near(mean(W.exact(scenario(unit({ models: 10 }), unit(), { charging: 'attacker' })).damage), 5 / 2);
    // Hatred is for the first round only (§11).
    near(mean(W.exact(scenario(unit({ models: 10, rules: ['hatred'], i: 4 }), unit(), { round: 2 })).damage), 5 / 2);
  });

  it('E4 — Frenzy: 5 models A 1 (+1 A), WS 4 vs WS 3, S 4 vs T 3, light armour + shield', () => {
    const target = unit({ armour: ['light', 'shield'] });
    const frenzied = scenario(unit({ models: 5, ws: 4, s: 4, rules: ['frenzy'] }), target, { charging: 'attacker' });
    const expected = [
      2015993900449 / 205891132094649, 11858787649700 / 205891132094649, 3487878720500 / 22876792454961,
      16413546920000 / 68630377364883, 16896298300000 / 68630377364883, 3975599600000 / 22876792454961,
      5846470000000 / 68630377364883, 1965200000000 / 68630377364883, 144500000000 / 22876792454961,
      170000000000 / 205891132094649, 10000000000 / 205891132094649,
    ];
    const d = W.exact(frenzied).damage;
    expected.forEach((p, k) => near(d[k], p));
    near(mean(d), 100 / 27);
    near(mean(W.exact(scenario(unit({ models: 5, ws: 4, s: 4 }), target, { charging: 'attacker' })).damage), 50 / 27);
  });

  it('E5 — stand and shoot: 10 shots, BS 3, S 3, long range, at a charging T 3 target in light armour', () => {
    const sc = scenario(unit({ models: 10, missile: { s: 3 } }), unit({ armour: 'light' }), {
      phase: 'shooting',
      'long-range': true,
      'charging-target': true,
    });
    const d = W.exact(sc).damage;
    near(d[0], 1822837804551761449 / 3743906242624487424);
    near(1 - d[0], 1921068438072725975 / 3743906242624487424);
    near(mean(d), 25 / 36);
    for (let k = 0; k <= 10; k++) near(d[k] ?? 0, binomialPmf(10, 5 / 72, k)); // Binomial(10, 5/72)
    const printed = [0.486881, 0.363344, 0.122019, 0.024282, 0.003171, 0.000284, 0.000018];
    printed.forEach((p, k) => near(d[k], p, 5e-7));
  });

  it('E6 — shooting scores at the edges', () => {
    const pHit = (score: number) => {
      const strike: Strike = { hit: shootingHitRoll(score), rerollMisses: false, wound: 1, poisoned: false, killingBlow: false, save: 7, ward: null, damage: null };
      return attackOutcome(strike).wound;
    };
    const target = (rules: string[] = []) => W.parse({ attacker: unit({ missile: { s: 3 } }), target: unit({ rules }), situation: { phase: 'shooting' } }).target;
    const sit = (fields: Record<string, unknown>) => {
      const sc = W.parse({ attacker: unit({ missile: { s: 3 } }), target: unit(), situation: { phase: 'shooting', ...fields } });
      if (sc.phase !== 'shooting') throw new Error('shooting expected');
      return sc.situation;
    };
    const rows: Array<[number, string[], Record<string, unknown>, number, number]> = [
      [3, [], { 'long-range': true, 'charging-target': true, cover: 'soft' }, 7, 1 / 12],
      [2, ['skirmishers'], { moved: true, 'long-range': true }, 8, 1 / 18],
      [1, [], { moved: true, 'long-range': true, cover: 'hard' }, 10, 0],
      [6, [], {}, 1, 5 / 6],
      [5, ['large-target'], {}, 1, 5 / 6],
      [8, [], { moved: true, 'long-range': true, 'charging-target': true }, 2, 5 / 6],
      [4, ['large-target'], { 'long-range': true }, 3, 2 / 3],
    ];
    for (const [bs, rules, fields, score, p] of rows) {
      expect(shootingScore(bs, target(rules), sit(fields))).toBe(score);
      near(pHit(score), p);
    }
  });

  it('E7 — is the fleeing unit caught? (pursuit ≥ flee)', () => {
    near(pCaught(5, 5), 112607 / 209952);
    near(pCaught(8, 5), 682663373 / 13060694016);
    near(pCaught(5, 8), 1572602467 / 1632586752);
    near(pCaught(8, 8), 165790132225 / 313456656384);
  });

  it('E8 — only 6s hit (defended obstacle, failed fear test): 10 attacks, S 3 vs T 3, no armour', () => {
    const expected = [
      25937424601 / 61917364224, 11789738455 / 30958682112, 1071794405 / 6879707136, 97435855 / 2579890176, 62004635 / 10319560704,
    ];
    const obstacle = W.exact(scenario(unit({ models: 10 }), unit(), { charging: 'attacker', 'defended-obstacle': 'target' })).damage;
    expected.forEach((p, k) => near(obstacle[k], p));
    near(obstacle[5], 0.000655, 5e-7);
    near(obstacle[6], 0.00005, 5e-7);
    expect(1 - obstacle.slice(0, 7).reduce((a, b) => a + b, 0)).toBeLessThan(0.000004);
    // A failed fear test: the fear-causer charges (its S1 blows cannot wound T 5), the charged unit is not outnumbered.
    const fear = W.exact(
      scenario(unit({ models: 10, t: 5 }), unit({ models: 10, s: 1, rules: ['causes-fear'] }), { charging: 'target', 'fear-test': 'failed' }),
    );
    expected.forEach((p, k) => near(fear.damage[k], p));
    // With a hatred re-roll as well: 11/72 per attack.
    const hating = W.exact(scenario(unit({ models: 10, rules: ['hatred'] }), unit(), { charging: 'attacker', 'defended-obstacle': 'target' }));
    for (let k = 0; k <= 10; k++) near(hating.damage[k] ?? 0, binomialPmf(10, 11 / 72, k));
  });

  it('E9 — knight with heavy armour, shield, barding and mount (2+)', () => {
    const knight = { body: 'heavy', shield: true, mount: 'barded-mount', bonus: 0 } as const;
    const needed = ['2+', '3+', '4+', '5+', '6+', '7+', '8+', '9+'];
    const pSave = [5 / 6, 2 / 3, 1 / 2, 1 / 3, 1 / 6, 0, 0, 0];
    for (let s = 3; s <= 10; s++) {
      const need = saveNeeded(armourValue(knight), s);
      expect(`${need}+`).toBe(needed[s - 3]);
      const strike: Strike = { hit: { kind: 'd6', need: 1 }, rerollMisses: false, wound: 1, poisoned: false, killingBlow: false, save: need, ward: null, damage: null };
      near(1 - attackOutcome(strike).wound, pSave[s - 3]);
    }
    const sc = scenario(
      unit({ models: 10, ws: 3, s: 5 }),
      unit({ models: 10, type: 'cavalry', ws: 4, t: 3, armour: ['heavy', 'shield', 'barding', 'mount'] }),
      { charging: 'attacker' },
    );
    const d = W.exact(sc).damage;
    near(d[0], 6131066257801 / 63403380965376);
    const printed = [0.096699, 0.254472, 0.301348, 0.211473, 0.097389, 0.030754, 0.006744, 0.001014, 0.0001];
    printed.forEach((p, k) => near(d[k], p, 5e-7));
    near(mean(d), 25 / 12);
  });

  describe('E10 — one full round, charge to break test', () => {
    const A = unit({ models: 20, width: 5, ws: 4, s: 4, t: 4, ld: 8, armour: ['light', 'shield'], rules: ['standard'] });
    const B = unit({ models: 25, width: 5, armour: ['light', 'shield'], rules: ['standard'] });

    it('E10 — results, flee chances and A\'s expected wounds', () => {
      const o = W.exact(scenario(A, B, { charging: 'attacker' }));
      near(o.outcomes?.combat['attacker-wins'], 5288806000 / 10460353203);
      near(o.outcomes?.combat.draw, 25828854800 / 94143178827);
      near(o.outcomes?.combat['target-wins'], 20715070027 / 94143178827);
      near(flees(o.morale), 10475848000 / 31381059609);
      near(flees(o.outcomes?.attacker), 352047770375 / 3389154437772);
      near(mean(o.damage), 50 / 27);
      // p_A = 10/27, p_B = 1/9; B strikes back with 5 − (A's wounds) models: E[wounds by B] = 85/243.
      const sc = scenario(A, B, { charging: 'attacker' });
      if (sc.phase !== 'melee') throw new Error('melee expected');
      const plan = meleePlan(sc);
      near(attackOutcome(plan.attacker.blows[0].strike).wound, 10 / 27);
      near(attackOutcome(plan.target.blows[0].strike).wound, 1 / 9);
      near([0, 1, 2, 3, 4, 5].reduce((e, k) => e + o.damage[k] * (5 - k) * (1 / 9), 0), 85 / 243);
      // The categorical tables sum to 1.
      for (const table of [o.morale!, o.outcomes!.combat, o.outcomes!.attacker])
        near(Object.values(table).reduce((a, b) => a + b, 0), 1);
    });

    it('E10b — B is Stubborn: P(B flees) = P(A wins) · 15/36', () => {
      const o = W.exact(scenario(A, { ...B, rules: ['standard', 'stubborn'] }, { charging: 'attacker' }));
      near(flees(o.morale), 6611007500 / 31381059609);
    });

    it('E10c — bigger, fear-causing A: beaten B flees automatically', () => {
      const bigA = { ...A, models: 30, rules: ['standard', 'causes-fear'] };
      const o = W.exact(scenario(bigA, B, { charging: 'attacker', 'fear-test': 'passed' }));
      near(o.outcomes?.combat['attacker-wins'], 793902678976 / 847288609443);
      near(flees(o.morale), 793902678976 / 847288609443);
      near(o.outcomes?.combat.draw, 43909053160 / 847288609443);
      near(o.outcomes?.combat['target-wins'], 9476877307 / 847288609443);
      near(flees(o.outcomes?.attacker), 148481211691 / 30502389939948);
      near(mean(o.damage), 50 / 27); // the wound distribution is unchanged
    });
  });

  it('E11 — challenge Overkill: 7 attacks, WS 7, S 5, against a champion WS 4, T 3, W 1, heavy armour + shield', () => {
    const sc = scenario(unit({ models: 1, ws: 7, s: 5, a: 7 }), unit({ models: 1, ws: 4, armour: ['heavy', 'shield'] }), { charging: 'attacker' });
    const strike: Strike = { hit: { kind: 'd6', need: 3 }, rerollMisses: false, wound: 2, poisoned: false, killingBlow: false, save: 6, ward: null, damage: null };
    const outcome = attackOutcome(strike);
    near(outcome.wound, 25 / 54);
    const points = new Float64Array(7);
    for (const [key, p] of defenderStates({ models: 1, w: 1, overkill: true }, [{ outcome, damage: point(1), n: 7 }])) points[unpackState(key).points] += p;
    const printed = [0.012883, 0.077745, 0.201063, 0.288884, 0.249038, 0.128813, 0.041574];
    printed.forEach((p, k) => near(points[k], p, 5e-7));
    near(points[6], 4638671875 / 111577100832);
    near(mean(points as Float64Array<ArrayBuffer>), 4333005961175 / 1338925209984);
    // One round of these two models (a challenge is rejected: Overkill could change nothing, the
    // slain champion's side loses whatever the points): the champion is slain iff one wound lands.
    const o = W.exact(sc);
    near(o.damage[1], 1 - (1 - 25 / 54) ** 7);
  });

  it('E12 — rally', () => {
    const rally = (ld: number, rules: string[] = [], models = 10, original = 20) =>
      W.exact(W.parse({ target: unit({ models, ld, rules }), situation: { phase: 'rally', 'original-models': original } })).morale;
    near(rally(6)?.rallies, 5 / 12);
    near(rally(6, ['musician'])?.rallies, 7 / 12);
    near(rally(9)?.rallies, 5 / 6);
    near(rally(9, ['musician'])?.rallies, 11 / 12);
    near(rally(10, ['musician'])?.rallies, 11 / 12);
    // A 20-model unit with 5 models left may rally; with 4 left (below 25%) it may not.
    near(rally(7, [], 5, 20)?.rallies, 21 / 36);
    expect(rally(7, [], 4, 20)).toEqual({ 'cannot-rally': 1 });
  });

  it('E13 — panic from shooting: 12 shots, BS 3, S 4, at a 20-model unit (T 3, light armour, Ld 7)', () => {
    const o = W.exact(scenario(unit({ models: 12, missile: { s: 4 } }), unit({ models: 20, armour: 'light' }), { phase: 'shooting' }));
    near(1 - (o.morale?.['no-test'] ?? 0), 65275 / 177147);
    near(o.morale?.panics, 326375 / 2125764);
  });

  it('E15 — fleeing as a charge reaction (gap + 5D6 ≤ 2 × charger\'s M)', () => {
    const flee = (gap: number, m: number) =>
      W.exact(scenario(unit({ m }), unit({ m: 10 }), { phase: 'flee-reaction', gap })).destroyed;
    near(flee(12, 10), 7 / 972);
    near(flee(15, 20), 425 / 432);
    near(flee(25, 20), 791 / 2592);
  });

  it('E14 — the disputed chart cell: 6 attacks, WS 4 vs WS 9, S 4 vs T 4, no armour', () => {
    const attacker = unit({ models: 6, ws: 4, s: 4 });
    const target = unit({ ws: 9, t: 4 });
    near(mean(W.exact(scenario(attacker, target, { charging: 'attacker' })).damage), 1);
    near(mean(W.exact(scenario(attacker, target, { charging: 'attacker', 'ws4-vs-ws9': '4+' })).damage), 3 / 2);
  });
});
