import { describe, expect, it } from 'vitest';
import {
  armourValue,
  breakTestHoldsUpTo,
  meleeToHit,
  p2d6AtMost,
  rankBonus,
  saveNeeded,
  shootingBaseScore,
  strengthSaveModifier,
  toWound,
} from '../../../src/systems/warhammer-fantasy/tables.js';
import { pBreakTestFails } from '../../../src/systems/warhammer-fantasy/exact-morale.js';

// §4 to-hit chart, typed from the rules file (rows: attacker's WS 1..10; columns: defender's WS 1..10).
// The WS 4 vs WS 9 cell is the default classic 5+ (‡).
const TO_HIT = [
  ['4+', '4+', '5+', '5+', '5+', '5+', '5+', '5+', '5+', '5+'], // 1
  ['3+', '4+', '4+', '4+', '5+', '5+', '5+', '5+', '5+', '5+'], // 2
  ['3+', '3+', '4+', '4+', '4+', '4+', '5+', '5+', '5+', '5+'], // 3
  ['3+', '3+', '3+', '4+', '4+', '4+', '4+', '4+', '5+', '5+'], // 4
  ['3+', '3+', '3+', '3+', '4+', '4+', '4+', '4+', '4+', '4+'], // 5
  ['3+', '3+', '3+', '3+', '3+', '4+', '4+', '4+', '4+', '4+'], // 6
  ['3+', '3+', '3+', '3+', '3+', '3+', '4+', '4+', '4+', '4+'], // 7
  ['3+', '3+', '3+', '3+', '3+', '3+', '3+', '4+', '4+', '4+'], // 8
  ['3+', '3+', '3+', '3+', '3+', '3+', '3+', '3+', '4+', '4+'], // 9
  ['3+', '3+', '3+', '3+', '3+', '3+', '3+', '3+', '3+', '4+'], // 10
];

// §6 to-wound chart, typed from the rules file (rows: S 1..10; columns: T 1..10).
const TO_WOUND = [
  ['4+', '5+', '6+', '6+', '–', '–', '–', '–', '–', '–'], // 1
  ['3+', '4+', '5+', '6+', '6+', '–', '–', '–', '–', '–'], // 2
  ['2+', '3+', '4+', '5+', '6+', '6+', '–', '–', '–', '–'], // 3
  ['2+', '2+', '3+', '4+', '5+', '6+', '6+', '–', '–', '–'], // 4
  ['2+', '2+', '2+', '3+', '4+', '5+', '6+', '6+', '–', '–'], // 5
  ['2+', '2+', '2+', '2+', '3+', '4+', '5+', '6+', '6+', '–'], // 6
  ['2+', '2+', '2+', '2+', '2+', '3+', '4+', '5+', '6+', '6+'], // 7
  ['2+', '2+', '2+', '2+', '2+', '2+', '3+', '4+', '5+', '6+'], // 8
  ['2+', '2+', '2+', '2+', '2+', '2+', '2+', '3+', '4+', '5+'], // 9
  ['2+', '2+', '2+', '2+', '2+', '2+', '2+', '2+', '3+', '4+'], // 10
];

// §5 base score by BS 1..10, as printed.
const BS_SCORE = [6, 5, 4, 3, 2, 1, 0, -1, -2, -3];

// §7 Strength modifier row: S ≤3, 4, 5, 6, 7, 8, 9*, 10*.
const SAVE_MODIFIER: Array<[number, number]> = [
  [1, 0], [2, 0], [3, 0], [4, -1], [5, -2], [6, -3], [7, -4], [8, -5], [9, -6], [10, -7],
];

const plus = (n: number | null) => (n === null ? '–' : `${n}+`);

describe('warhammer-fantasy tables', () => {
  it('to-hit chart (§4): all 100 cells', () => {
    for (let a = 1; a <= 10; a++) for (let d = 1; d <= 10; d++) expect([a, d, plus(meleeToHit(a, d))]).toEqual([a, d, TO_HIT[a - 1][d - 1]]);
  });

  it('to-hit chart (§4, §16.1): the WS 4 vs WS 9 cell is 4+ with the sheet option, nothing else moves', () => {
    expect(meleeToHit(4, 9, '4+')).toBe(4);
    for (let a = 1; a <= 10; a++)
      for (let d = 1; d <= 10; d++) if (!(a === 4 && d === 9)) expect(plus(meleeToHit(a, d, '4+'))).toBe(TO_HIT[a - 1][d - 1]);
  });

  it('BS table (§5): all 10 cells', () => {
    for (let bs = 1; bs <= 10; bs++) expect(shootingBaseScore(bs)).toBe(BS_SCORE[bs - 1]);
  });

  it('to-wound chart (§6): all 100 cells', () => {
    for (let s = 1; s <= 10; s++) for (let t = 1; t <= 10; t++) expect([s, t, plus(toWound(s, t))]).toEqual([s, t, TO_WOUND[s - 1][t - 1]]);
  });

  it('Strength save modifiers (§7), S9/S10 −6/−7 (§16.3)', () => {
    for (const [s, mod] of SAVE_MODIFIER) expect(strengthSaveModifier(s)).toBe(Math.abs(mod)); // the table lists how much the save worsens
  });

  it('armour values (§7): none 7, light 6, heavy 5, shield/barding/mount +1 each; the knight is 2+', () => {
    const a = (body: 'none' | 'light' | 'heavy', shield: boolean, mount: 'none' | 'mount' | 'barded-mount', bonus = 0) =>
      armourValue({ body, shield, mount, bonus });
    expect(a('none', false, 'none')).toBe(7);
    expect(a('light', false, 'none')).toBe(6);
    expect(a('heavy', false, 'none')).toBe(5);
    expect(a('none', true, 'none')).toBe(6); // "A shield alone therefore gives 6+"
    expect(a('light', true, 'none')).toBe(5);
    expect(a('heavy', true, 'barded-mount')).toBe(2); // 5 − 1 − 1 − 1
    expect(a('heavy', true, 'barded-mount', 2)).toBe(0);
  });

  it('saves better than 1+ (§1, §16.2): a 0+ save against S4 needs 1+, i.e. 2+; clamped it needs 2+ too, against S5 3+ vs 2+', () => {
    expect(saveNeeded(0, 4)).toBe(1);
    expect(saveNeeded(0, 5)).toBe(2);
    expect(saveNeeded(0, 5, 'clamp')).toBe(3);
    expect(saveNeeded(-1, 6)).toBe(2);
    expect(saveNeeded(-1, 6, 'clamp')).toBe(4);
  });

  it('2D6 cumulative table (§2)', () => {
    const table = [1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36];
    for (let x = 2; x <= 12; x++) expect(p2d6AtMost(x)).toBeCloseTo(table[x - 2] / 36, 15);
    expect(p2d6AtMost(1)).toBe(0);
    expect(p2d6AtMost(13)).toBe(1);
  });

  it('P(flee) by Ld and losing margin (§10 table)', () => {
    const F = (n: number, d: number) => n / d;
    const table: Record<number, number[]> = {
      5: [F(5, 6), F(11, 12), F(35, 36), 1, 1, 1],
      6: [F(13, 18), F(5, 6), F(11, 12), F(35, 36), 1, 1],
      7: [F(7, 12), F(13, 18), F(5, 6), F(11, 12), F(35, 36), 1],
      8: [F(5, 12), F(7, 12), F(13, 18), F(5, 6), F(11, 12), F(35, 36)],
      9: [F(5, 18), F(5, 12), F(7, 12), F(13, 18), F(5, 6), F(11, 12)],
      10: [F(1, 6), F(5, 18), F(5, 12), F(7, 12), F(13, 18), F(5, 6)],
    };
    for (const [ld, row] of Object.entries(table))
      row.forEach((p, i) => expect(pBreakTestFails(breakTestHoldsUpTo(Number(ld), i + 1, false), false, false)).toBeCloseTo(p, 14));
  });

  it('rank bonus (§9, §1): ranks of 4 (6th) or 5 (7th) behind the first, max +3, incomplete last rank counts', () => {
    expect(rankBonus(20, 5, 4)).toBe(3); // E10 unit A: 5 by 4
    expect(rankBonus(25, 5, 4)).toBe(3); // E10 unit B: 4 extra ranks capped at +3
    expect(rankBonus(14, 5, 4)).toBe(2); // 5 + 5 + 4: the last rank of 4 counts in 6th
    expect(rankBonus(14, 5, 5)).toBe(1); // ... but not in 7th: only the second rank
    expect(rankBonus(9, 5, 4)).toBe(1);
    expect(rankBonus(9, 5, 5)).toBe(0);
    expect(rankBonus(12, 3, 4)).toBe(0); // ranks of 3 never count
    expect(rankBonus(5, 5, 4)).toBe(0);
  });
});
