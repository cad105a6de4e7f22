/**
 * The combat results table of rules/hott.md §7, for every loser/winner pair and each case
 * (beaten, doubled, tie). The matrices (enumerate.ts) are copied from §7.5, §7.6 and §7.7; the code
 * under test was written from the source rows of §7.3 and §7.4.
 */
import { describe, expect, it } from 'vitest';
import { type LossContext, beatenResult, doubledResult, oddTieDestroysBoth, type Result, tableResult } from '../../../src/systems/hott/results.js';
import { TROOP_IDS, type TroopId } from '../../../src/systems/hott/tables.js';
// The §7.5–§7.7 matrices as copied from the rules file, shared with the independent enumerator.
import { BEATEN, DOUBLED_AERIAL, MISSILE } from './enumerate.js';

/** Column order of the matrices: GOD DRA AIR FLY AHE HER PAL KNI RID BEH BEA BLA SPE SHO WAR ART HOR LUR SNE MAG CLE STR. */
const ORDER: readonly TroopId[] = TROOP_IDS;

const CODES: Record<string, Result> = { '-': 'nothing', R: 'recoil', F: 'flee', L: 'leave', V: 'vanished', X: 'destroyed', C: 'captured' };

function cells(matrix: string): string[][] {
  return matrix
    .trim()
    .split('\n')
    .map((line) => line.split('|').slice(2, -1).map((c) => c.trim()));
}

/** A cell such as `R/dX/cX` read for a loser in difficult terrain or not, having charged the winner or not. */
function readCell(cell: string, inDifficult: boolean, charged: boolean): Result {
  const [base, ...conditions] = cell.split('/');
  let code = base;
  for (const c of conditions) {
    if (c[0] === 'd' && inDifficult) code = c.slice(1);
    if (c[0] === 'c' && charged) code = c.slice(1);
  }
  const result = CODES[code];
  if (!result) throw new Error(`bad cell ${cell}`);
  return result;
}

const VARIANTS = [
  { inDifficult: false, charged: false },
  { inDifficult: true, charged: false },
  { inDifficult: false, charged: true },
  { inDifficult: true, charged: true },
];

describe('hott: results table §7', () => {
  it('§7.5 loser beaten in close combat: every pair, in the open or in difficult terrain, having charged or not', () => {
    const rows = cells(BEATEN);
    expect(rows).toHaveLength(22);
    let checked = 0;
    rows.forEach((row, i) => {
      expect(row).toHaveLength(22);
      row.forEach((cell, j) => {
        if (cell === 'n/a') return;
        for (const v of VARIANTS) {
          const ctx: LossContext = { mode: 'close-combat', loserInDifficult: v.inDifficult, loserCharged: v.charged };
          expect(beatenResult(ORDER[i], ORDER[j], ctx), `${ORDER[i]} beaten by ${ORDER[j]} ${JSON.stringify(v)}`).toBe(
            readCell(cell, v.inDifficult, v.charged),
          );
          checked++;
        }
      });
    });
    expect(checked).toBe((22 * 22 - 1) * 4);
  });

  it('§7.6 loser doubled (any mode): aerial rows from the matrix, X for every other loser, C for the Stronghold', () => {
    const aerial = cells(DOUBLED_AERIAL);
    for (const [i, loser] of ORDER.entries()) {
      for (const [j, winner] of ORDER.entries()) {
        if (loser === 'stronghold' && winner === 'stronghold') continue;
        const expected = i < aerial.length ? CODES[aerial[i][j]] : loser === 'stronghold' ? 'captured' : 'destroyed';
        expect(doubledResult(loser, winner), `${loser} doubled by ${winner}`).toBe(expected);
      }
    }
  });

  it('§7.7 shooting and magic: every target against Shooters, Artillery and a magic attack, beaten and doubled', () => {
    const rows = cells(MISSILE);
    expect(rows).toHaveLength(22);
    const columns = [
      { shooter: 'shooters', mode: 'shooting', doubled: false },
      { shooter: 'shooters', mode: 'shooting', doubled: true },
      { shooter: 'artillery', mode: 'shooting', doubled: false },
      { shooter: 'artillery', mode: 'shooting', doubled: true },
      { shooter: 'magicians', mode: 'magic', doubled: false },
      { shooter: 'magicians', mode: 'magic', doubled: true },
    ] as const;
    rows.forEach((row, i) => {
      columns.forEach((col, j) => {
        for (const inDifficult of [false, true]) {
          const ctx: LossContext = { mode: col.mode, loserInDifficult: inDifficult, loserCharged: false };
          expect(tableResult(ORDER[i], col.shooter, col.doubled, ctx, false), `${ORDER[i]} v ${JSON.stringify(col)} ${inDifficult}`).toBe(
            readCell(row[j], inDifficult, false),
          );
        }
      });
    });
  });

  it('§7.2 ties: only Hero v Hero (Aerial Heroes too) and Paladin v Magician, only in close combat', () => {
    const heroes = new Set<TroopId>(['heroes', 'aerial-heroes']);
    for (const a of ORDER)
      for (const b of ORDER) {
        const pair = (heroes.has(a) && heroes.has(b)) || (a === 'paladins' && b === 'magicians') || (a === 'magicians' && b === 'paladins');
        expect(oddTieDestroysBoth(a, b, 'close-combat'), `${a} v ${b}`).toBe(pair);
        expect(oddTieDestroysBoth(a, b, 'shooting')).toBe(false);
        expect(oddTieDestroysBoth(a, b, 'magic')).toBe(false);
      }
  });

  it('ambiguity 4: doubledNeverMilder takes the harsher row (the four cases the file lists)', () => {
    const ctx: LossContext = { mode: 'close-combat', loserInDifficult: false, loserCharged: false };
    // Literal reading: exclusive rows.
    expect(tableResult('dragons', 'paladins', true, ctx, false)).toBe('flee');
    expect(tableResult('dragons', 'blades', true, ctx, false)).toBe('flee');
    expect(tableResult('gods', 'clerics', true, ctx, false)).toBe('flee');
    expect(tableResult('aerial-heroes', 'paladins', true, ctx, false)).toBe('flee');
    // Option: never milder than beaten.
    expect(tableResult('dragons', 'paladins', true, ctx, true)).toBe('destroyed');
    expect(tableResult('dragons', 'blades', true, ctx, true)).toBe('leave');
    expect(tableResult('gods', 'clerics', true, ctx, true)).toBe('leave');
    expect(tableResult('aerial-heroes', 'paladins', true, ctx, true)).toBe('destroyed');
    const shot: LossContext = { mode: 'shooting', loserInDifficult: false, loserCharged: false };
    expect(tableResult('aerial-heroes', 'artillery', true, shot, true)).toBe('destroyed');
  });
});
