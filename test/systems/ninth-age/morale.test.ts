/**
 * Break tests, psychology, the ambiguity switches of §14 and the Panic test after shooting.
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { combatScore, roundResult } from '../../../src/systems/ninth-age/resolution.js';
import { type Json, oneSided, shooting } from './helpers.js';

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

/** The target surely loses by `by` (no attacks; four abreast: no full rank). */
function losesBy(by: number, target: Json, attacker: Json = {}, situation: Json = {}) {
  return oneSided({ attacks: 0, models: 1, files: 1, ...attacker }, { models: 4, files: 4, ...target }, { 'attacker-bonus': by, charging: 'none', ...situation });
}
const morale = (s: ReturnType<typeof losesBy>) => ninthAge.exact(s).morale!;

describe('break tests — §12.2', () => {
  it('Unbreakable passes; Sceptre of Dominion and Bodyguard give Stubborn; Banner of Discipline +1 Ld', () => {
    near(morale(losesBy(5, { ld: 2, rules: ['unbreakable'] })).holds, 1);
    near(morale(losesBy(3, { ld: 8, items: ['sceptre-of-dominion'] })).holds, 26 / 36);
    near(morale(losesBy(3, { ld: 8, rules: ['bodyguard'] })).holds, 26 / 36);
    near(morale(losesBy(3, { ld: 8, items: ['banner-of-discipline'] })).holds, 15 / 36);
  });
  it('Gleaming Icon and the Battle Standard re-roll a failed test once', () => {
    const p = 10 / 36;
    near(morale(losesBy(3, { ld: 8, items: ['gleaming-icon'] })).holds, p + (1 - p) * p);
    // the Battle Standard in the unit also scores +1: lost by 2, Ld 6 (15/36), re-rolled once
    const q = 15 / 36;
    near(morale(losesBy(3, { ld: 8, 'battle-standard': true })).holds, q + (1 - q) * q);
  });
  it("Inspiring Presence: the General's Ld replaces a lower own Ld, the unit's modifiers apply on top", () => {
    near(morale(losesBy(3, { ld: 6, 'general-ld': 9 })).holds, 15 / 36);
    near(morale(losesBy(3, { ld: 6, 'general-ld': 9, items: ['banner-of-discipline'] })).holds, 21 / 36);
    near(morale(losesBy(3, { ld: 8, 'general-ld': 5 })).holds, 10 / 36);
  });
  it('only one body armour', () => {
    expect(() => losesBy(1, { equipment: ['light-armour', 'heavy-armour'] })).toThrow(/only one body armour/);
  });
  it('a war machine that fails is destroyed', () => {
    near(morale(losesBy(3, { ld: 2, troop: 'war-machine' }))['breaks-caught'], 1);
  });
  it('pursuit: false is a restraint test — §12.3: the winner declines only on a passed Leadership test', () => {
    // The target always breaks (Ld 2 − 3). 2D6 flee against 2D6 pursuit: caught on pursuit ≥ flee,
    // counted here over the 36 × 36 rolls.
    let ties = 0;
    let atLeast = 0;
    for (let f = 2; f <= 12; f++)
      for (let p = 2; p <= 12; p++) {
        const ways = (6 - Math.abs(f - 7)) * (6 - Math.abs(p - 7));
        if (p >= f) atLeast += ways;
        if (p === f) ties += ways;
      }
    const caught = atLeast / 1296;
    expect(atLeast).toBe(721); // Example 12: (1 + P(tie))/2 = 721/1296
    expect(ties).toBe(146);
    // 2D6 ≤ Ld passes: the number of 2D6 sums (of 36) at most Ld
    const pass = (ld: number) => [...Array(36).keys()].filter((k) => Math.floor(k / 6) + (k % 6) + 2 <= ld).length / 36;
    for (const ld of [2, 5, 7, 9, 10]) {
      const m = morale(losesBy(3, { ld: 2 }, { ld }, { pursuit: false }));
      near(m['breaks-caught'], (1 - pass(ld)) * caught);
      near(m['breaks-escapes'], 1 - (1 - pass(ld)) * caught);
    }
    // the same through the simulator's twin: the Battle Standard re-rolls a failed restraint test
    const q = pass(7);
    near(morale(losesBy(3, { ld: 2 }, { ld: 7, 'hold-your-ground': true }, { pursuit: false }))['breaks-caught'], (1 - q) * (1 - q) * caught);
    // Fear −1 Ld while the broken Fear-causer is still in contact (A1): restrain on Ld 6
    near(morale(losesBy(3, { ld: 2, rules: ['fear'] }, { ld: 7 }, { pursuit: false }))['breaks-caught'], (1 - pass(6)) * caught);
    // Frenzy cannot restrain: it must pursue
    near(morale(losesBy(3, { ld: 2 }, { ld: 10, rules: ['frenzy'] }, { pursuit: false }))['breaks-caught'], caught);
    // pursuit: true pursues without a test
    near(morale(losesBy(3, { ld: 2 }, { ld: 10 }))['breaks-caught'], caught);
  });
  it('Fear: immune when causing Fear, Immune to Psychology, Frenzy, or carrying the Banner of Courage', () => {
    for (const target of [{ rules: ['fear'] }, { rules: ['immune-to-psychology'] }, { rules: ['frenzy'] }, { items: ['banner-of-courage'] }])
      near(morale(losesBy(3, { ld: 8, ...target }, { rules: ['terror'] })).holds, 10 / 36);
    near(morale(losesBy(3, { ld: 8 }, { rules: ['terror'] })).holds, 6 / 36);
  });
  it('the attacker can lose too: its own break test, fleeing from the target', () => {
    const s = oneSided({ attacks: 0, models: 4, files: 4, ld: 6 }, { models: 1, files: 1, attacks: 0 }, { 'target-bonus': 2, charging: 'none' });
    const m = ninthAge.exact(s).morale!;
    near(m['attacker-holds'], 6 / 36);
    near(m['attacker-breaks-caught'], (30 / 36) * (721 / 1296));
  });
  it('combat score: rank bonus at most +3, standard, Battle Standard, rear +3 with a full rank', () => {
    const s = oneSided({ models: 30, files: 5, standard: true, 'battle-standard': true }, {}, { facing: 'rear', charging: 'attacker' });
    expect(combatScore(s, 2, 0).attacker).toBe(2 + 1 + 3 + 1 + 1 + 3);
    const flank = oneSided({ models: 4, files: 4 }, {}, { facing: 'flank', charging: 'none' });
    expect(combatScore(flank, 0, 0).attacker).toBe(1);
  });
  it('a challenge (Overkill up to +3) scored by the combat result once a scenario carries one', () => {
    // parse rejects a challenge between one-model units (see input.test.ts); the score still counts it
    const plain = oneSided({ models: 1, files: 1 }, { models: 1, files: 1, w: 2 }, { charging: 'none' });
    const s = { ...plain, situation: { ...plain.situation, challenge: true } };
    expect(combatScore(s, 5, 0).attacker).toBe(5);
    expect(roundResult(s, 5, 0)).toMatchObject({ kind: 'destroyed', side: 'target' });
  });
});

describe('ambiguity switches — §14', () => {
  it('A17: Daemonic Instability with Steadfast drops the D term (switch: keeps it)', () => {
    const steadfast = { ld: 8, models: 10, files: 5, rules: ['daemonic-instability'] };
    // 10 models five wide: Steadfast against a lone model; lost by 4 − 1 (its rank bonus) = 3
    const recommended = ninthAge.exact(losesBy(4, steadfast)).damage;
    near(recommended[0], 26 / 36); // 2D6 − 8 ≤ 0
    const literal = ninthAge.exact(losesBy(4, steadfast, {}, { options: { 'daemonic-steadfast': false } })).damage;
    near(literal[0], 10 / 36); // 2D6 + 3 − 8 ≤ 0
  });
  it('A17: Hold your Ground re-rolls a positive Daemonic result once (switch: no re-roll)', () => {
    const daemons = { ld: 8, models: 20, files: 4, rules: ['daemonic-instability'], 'hold-your-ground': true };
    const p0 = 15 / 36; // lost by 2 with Ld 8: 2D6 + 2 − 8 ≤ 0 on 2..6
    near(ninthAge.exact(losesBy(2, daemons)).damage[0], p0 + (1 - p0) * p0);
    near(ninthAge.exact(losesBy(2, daemons, {}, { options: { 'daemonic-reroll': false } })).damage[0], p0);
  });
  it('A27: a WS0 attacker needs 6+ with modifiers applied (switch: natural 6 only)', () => {
    const ws0 = { attacks: 1, ws: 0, s: 10, items: ['sword-of-skill'] };
    near(mean(ninthAge.exact(oneSided(ws0, { t: 1 }, { facing: 'flank' })).damage), (2 / 6) * (5 / 6));
    near(mean(ninthAge.exact(oneSided(ws0, { t: 1 }, { facing: 'flank', options: { 'ws0-to-hit': 'natural-6-only' } })).damage), (1 / 6) * (5 / 6));
  });
});

describe('Panic after shooting — §5.5, A16', () => {
  // one shot, 1/4 to kill a W1 model
  const bow = { shots: 1, bs: 3, equipment: ['bow'] };
  it('losing 1 of 4 models (25 %) forces a Panic test; 1 of 5 does not', () => {
    const m = ninthAge.exact(shooting(bow, { models: 4, files: 4, ld: 7 })).morale!;
    near(m['no-panic-test'], 3 / 4);
    near(m.holds, (1 / 4) * (21 / 36));
    near(m.flees, (1 / 4) * (15 / 36));
    near(ninthAge.exact(shooting(bow, { models: 5, ld: 7 })).morale!['no-panic-test'], 1);
  });
  it('Immune to Psychology passes; a lone model shot dead is destroyed', () => {
    near(ninthAge.exact(shooting(bow, { models: 4, files: 4, rules: ['immune-to-psychology'] })).morale!.holds, 1 / 4);
    near(ninthAge.exact(shooting(bow, { models: 1, files: 1 })).morale!.destroyed, 1 / 4);
  });
});
