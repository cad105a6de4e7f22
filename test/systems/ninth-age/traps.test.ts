/**
 * §16 "Implementation checklist (what is easy to get wrong)": one test per trap, with closed forms.
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { leadershipChance } from '../../../src/systems/ninth-age/exact.js';
import { meleeSides } from '../../../src/systems/ninth-age/melee-setup.js';
import { roundResult } from '../../../src/systems/ninth-age/resolution.js';
import { armourNeed, meleeBaseToHit, woundNeed } from '../../../src/systems/ninth-age/tables.js';
import { type Json, oneSided, shooting } from './helpers.js';

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

function wounds(attacker: Json, target: Json = {}, situation: Json = {}): number {
  return mean(ninthAge.exact(oneSided({ attacks: 1, ...attacker }, target, { facing: 'flank', ...situation })).damage);
}

describe('§16 traps', () => {
  it('1. close-combat to-hit: base only 3+/4+/5+; natural 6 always hits, natural 1 always misses; WS0 is hit automatically', () => {
    const bases = new Set<number>();
    for (let a = 1; a <= 10; a++) for (let d = 1; d <= 10; d++) bases.add(meleeBaseToHit(a, d));
    expect([...bases].sort()).toEqual([3, 4, 5]);
    // WS1 vs WS10 (5+) and Distracting −1: 6+ — only the natural 6
    near(wounds({ ws: 1, s: 10 }, { ws: 10, rules: ['distracting'] }), (1 / 6) * (5 / 6));
    // +1 and +1 and +1 from 3+ would be "0+": the natural 1 still misses (5/6)
    near(wounds({ ws: 4, s: 10, items: ['sword-of-skill'], rules: ['lightning-reflexes'] }, { ws: 3, equipment: ['flail'] }), (5 / 6) * (5 / 6));
    near(wounds({ s: 10 }, { ws: 0 }), 5 / 6);
  });
  it('2. Parry caps the base at 4+ before modifiers (WS4 vs WS3 with +1: 3+, not 4+)', () => {
    near(wounds({ ws: 4, items: ['sword-of-skill'] }, { ws: 3, equipment: ['hand-weapon', 'shield'] }, { facing: 'front' }), (2 / 3) * (1 / 2) * (5 / 6));
  });
  it('3. Flail: the enemies get +1 to hit every round, the bearer +2 S', () => {
    near(wounds({}, { equipment: ['flail'] }, { round: 4 }), (2 / 3) * (1 / 2));
    near(wounds({ equipment: ['flail'] }, {}, { round: 4 }), (1 / 2) * (5 / 6));
  });
  it('4. shooting: 7+ is a 6 then 4+/5+/6+, 10+ impossible, and never poisons', () => {
    const bow = (mod: number, rules: string[] = []) =>
      mean(ninthAge.exact(shooting({ shots: 1, bs: 3, equipment: ['bow'], rules }, { t: 3 }, { 'to-hit-modifier': mod })).damage);
    near(bow(-3), (1 / 12) * (1 / 2));
    near(bow(-4), (1 / 18) * (1 / 2));
    near(bow(-5), (1 / 36) * (1 / 2));
    near(bow(-6), 0);
    near(bow(-3, ['poisoned-attacks']), (1 / 12) * (1 / 2));
  });
  it('5. to-wound is never impossible with S ≥ 1: S1 wounds T10 on 6+; S0 never wounds', () => {
    expect(woundNeed(1, 10)).toBe(6);
    near(wounds({ s: 1 }, { t: 10 }), (1 / 2) * (1 / 6));
    near(wounds({ s: 0 }, { t: 1 }), 0);
  });
  it('6. armour: bonus capped at +6, S9 and S10 both −6, AP values never add, Lethal Strike is AP(6) not a kill', () => {
    expect(armourNeed(9, 3, 0)).toBe(1);
    expect(armourNeed(6, 9, 0)).toBe(armourNeed(6, 10, 0));
    near(wounds({ rules: ['armour-piercing(1)'], items: ['razor-blade'] }, { equipment: ['plate-armour'] }), (1 / 4) * (2 / 3));
    near(wounds({ rules: ['lethal-strike'] }, { rules: ['ward-save(4+)'] }), (1 / 4) * (1 / 2));
  });
  it('7. ward / Regeneration: one roll, the best, never combined; Holy acts on wards only', () => {
    near(wounds({}, { rules: ['ward-save(4+)', 'ward-save(4+)', 'regeneration(5+)'] }), (1 / 4) * (1 / 2));
    near(wounds({ rules: ['holy-attacks'] }, { rules: ['regeneration(4+)', 'ward-save(5+)'] }), (1 / 4) * (1 / 2));
  });
  it('8. Multiple Wounds after all saves, capped at W, spilling over in a R&F pool, lost on a lone character', () => {
    // one unsaved wound with Multiple Wounds (3) against W2: 2 wounds, never 3
    const big = { attacks: 1, s: 10, ws: 10, rules: ['multiple-wounds(3)'] };
    const target = { ws: 1, t: 1, w: 2 };
    near(mean(ninthAge.exact(oneSided(big, { ...target, models: 5 })).damage), (2 / 3) * (5 / 6) * 2);
    // W2 models, one wound already marked: 1 + 2 = 3 wounds remove one model and leave one marked
    const marked = ninthAge.exact(oneSided(big, { ...target, models: 5, 'wounds-lost': 1 }));
    near(marked.slain![1], (2 / 3) * (5 / 6));
    // a lone W2 character: the excess is lost
    near(ninthAge.exact(oneSided(big, { ...target, models: 1, files: 1, character: true })).damage[2], (2 / 3) * (5 / 6));
  });
  it('9. strike order by Initiative only: a charging great weapon still strikes at I0; R&F casualties from the rear', () => {
    const s = oneSided({ models: 10, files: 5, equipment: ['great-weapon'] }, {}, { charging: 'attacker' });
    const g = meleeSides(s, false, false).attacker.groups[0];
    expect(g.initiative).toBe(0);
    // 7 of 10 left: the front rank keeps 5, the second rank has 2 supporting
    expect(g.count(7).flat).toBe(7);
    expect(g.count(4).flat).toBe(4);
  });
  it('10. supporting attacks: exactly one per model whatever A; Monstrous Support up to 3 (A10)', () => {
    const s = oneSided({ models: 10, files: 5, a: 3, rules: ['frenzy'] }, {});
    expect(meleeSides(s, false, false).attacker.groups[0].count(10).flat).toBe(5 * 4 + 5);
    const ogres = oneSided({ troop: 'monstrous-infantry', models: 6, files: 3, a: 3 }, {});
    expect(meleeSides(ogres, false, false).attacker.groups[0].count(6).flat).toBe(9 + 9);
  });
  it('11. Leadership: 2D6 ≤ Ld, no double-1 rule, Ld clamped 0–10, one re-roll', () => {
    near(leadershipChance(10, false), 33 / 36);
    near(leadershipChance(1, true), 0);
    near(leadershipChance(7, true), 21 / 36 + (15 / 36) * (21 / 36));
    // §1.4: Ld 10 with a +1 banner stays 10, then −3: Ld 7 (not 8)
    const s = oneSided({ attacks: 0, models: 1, files: 1 }, { models: 4, files: 4, ld: 10, items: ['banner-of-discipline'] }, { 'attacker-bonus': 3, charging: 'none' });
    const r = roundResult(s, 0, 0);
    expect(r.kind === 'lost' && r.test.kind === 'break' && r.test.ld).toBe(7);
  });
  it('12. Free Reform units (skirmishers, fast cavalry, fly) have 0 ranks: no rank bonus, no Steadfast', () => {
    for (const rule of ['skirmishers', 'fast-cavalry', 'fly(6)', 'free-reform']) {
      const s = oneSided({ attacks: 0, models: 1, files: 1 }, { models: 20, files: 5, ld: 8, rules: [rule] }, { 'attacker-bonus': 3, charging: 'none' });
      const r = roundResult(s, 0, 0);
      expect(r.kind === 'lost' && r.test.kind === 'break' && r.test.ld).toBe(5);
    }
  });
  it('13. a draw: both win, nobody tests; musicians on both sides: still a draw (A3)', () => {
    const s = oneSided({ attacks: 0, models: 1, files: 1, musician: true }, { models: 1, files: 1, musician: true }, { charging: 'none' });
    near(ninthAge.exact(s).morale!.draw, 1);
  });
  it('14. Unstable never loses by the musician tie-break (A3)', () => {
    const s = oneSided({ attacks: 0, models: 1, files: 1, musician: true }, { models: 4, files: 4, rules: ['unstable'] }, { charging: 'none' });
    near(ninthAge.exact(s).morale!.holds, 1);
    near(ninthAge.exact(s).damage[0], 1);
  });
  it('15. pursuit catches on ties: flee D6 (Random Movement) against a pursuit of exactly 7', () => {
    const s = oneSided(
      { attacks: 0, models: 1, files: 1, rules: ['random-movement(7)'] },
      { models: 4, files: 4, ld: 0, rules: ['random-movement(D6+1)'] },
      { 'attacker-bonus': 1, charging: 'none' },
    );
    near(ninthAge.exact(s).morale!['breaks-caught'], 1); // 7 ≥ D6+1 always
  });
});
