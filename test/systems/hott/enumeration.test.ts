/**
 * rules/hott.md §10.1, hand enumeration of the 36 die pairs: the simulator, given each pair of
 * dice in turn, classifies it as the grid does. W = A wins, not doubled; D = A doubles; T = tie;
 * w = B wins, not doubled; d = B doubles. Rows: A's die; columns: B's die.
 */
import { describe, expect, it } from 'vitest';
import type { Rng } from '../../../src/core/rng.js';
import { Tally } from '../../../src/sim/tally.js';
import { hott } from '../../../src/systems/hott/index.js';

const CASE: Record<string, string> = { W: 'wins', D: 'doubles', T: 'ties', w: 'loses', d: 'doubled' };

/**
 * A generator that rolls the given faces, in order, one by one or several at once as Rng does
 * (base-6 digits, the first face in the low digit).
 */
function loaded(faces: number[]): Rng {
  const d6 = () => faces.shift()!;
  const rng = {
    d6,
    taken: 0,
    takeFaces(max: number) {
      const k = Math.min(max, faces.length);
      rng.taken = k;
      let digits = 0;
      for (let i = 0; i < k; i++) digits += (d6() - 1) * 6 ** i;
      return digits;
    },
    twoFaces: () => d6() - 1 + 6 * (d6() - 1),
  };
  return rng as unknown as Rng;
}

function resolve(input: unknown, dA: number, dB: number) {
  const tally = new Tally();
  hott.simulate(hott.parse(input), loaded([dA, dB]), 1, tally);
  const outcomes = tally.toJSON().outcomes;
  const only = (table: string) => Object.keys(outcomes[table])[0];
  return { combat: only('combat'), attacker: only('attacker'), target: only('target') };
}

function checkGrid(input: unknown, grid: string): void {
  const rows = grid.trim().split('\n').map((r) => r.trim().split(/\s+/));
  expect(rows).toHaveLength(6);
  rows.forEach((row, i) => row.forEach((cell, j) => expect(resolve(input, i + 1, j + 1).combat, `A=${i + 1} B=${j + 1}`).toBe(CASE[cell])));
}

describe('hott: §10.1 hand enumeration of the 36 die pairs', () => {
  it('Example 1 (Blades charge Warband): A = d6+5, B = d6+3', () =>
    checkGrid(
      { attacker: { type: 'blades' }, target: { type: 'warbands' } },
      `
      W   W   T   w   w   w
      W   W   W   T   w   w
      D   W   W   W   T   w
      D   W   W   W   W   T
      D   D   W   W   W   W
      D   D   W   W   W   W`,
    ));
  it('Example 2 (Knights charge Spears): A = d6+3, B = d6+4', () =>
    checkGrid(
      { attacker: { type: 'knights' }, target: { type: 'spears' } },
      `
      w   w   w   d   d   d
      T   w   w   w   w   d
      W   T   w   w   w   w
      W   W   T   w   w   w
      W   W   W   T   w   w
      W   W   W   W   T   w`,
    ));
  it('Example 7 (Blades overlapped on both flanks charge Hordes): A = d6+3, B = d6+2; the book roll 3 v 1 is D', () => {
    const input = { attacker: { type: 'blades', overlaps: 2 }, target: { type: 'hordes' } };
    checkGrid(
      input,
      `
      W   T   w   w   w   d
      W   W   T   w   w   w
      D   W   W   T   w   w
      D   W   W   W   T   w
      D   D   W   W   W   T
      D   D   W   W   W   W`,
    );
    // The rule-book roll, 6 against 3: doubled (destroyed) by the recommended reading, beaten (recoil) by the strict one.
    expect(resolve(input, 3, 1)).toMatchObject({ combat: 'doubles', target: 'destroyed' });
    expect(resolve({ ...input, situation: { 'double-rule': 'strict' } }, 3, 1)).toMatchObject({ combat: 'wins', target: 'recoil' });
  });
  it('Example 10 (Paladin charges a Magician): A = d6+6, B = d6+4; ties on 7 and 9 destroy both', () => {
    const input = { attacker: { type: 'paladins' }, target: { type: 'magicians' } };
    checkGrid(
      input,
      `
      W   W   T   w   w   w
      W   W   W   T   w   w
      W   W   W   W   T   w
      D   W   W   W   W   T
      D   W   W   W   W   W
      D   D   W   W   W   W`,
    );
    const ties: [number, number, number][] = [[1, 3, 7], [2, 4, 8], [3, 5, 9], [4, 6, 10]];
    for (const [dA, dB, total] of ties) {
      const both = total % 2 === 1 ? 'destroyed' : 'nothing';
      expect(resolve(input, dA, dB), `tie on ${total}`).toEqual({ combat: 'ties', attacker: both, target: both });
    }
  });
  it("Example 11: the Magician's die of 1 vanishes it whatever the totals", () => {
    const input = { attacker: { type: 'magicians', enhancers: 1 }, target: { type: 'heroes', general: true }, situation: { mode: 'magic', weakened: true } };
    for (let dB = 1; dB <= 6; dB++) expect(resolve(input, 1, dB)).toMatchObject({ attacker: 'vanished', target: 'nothing' });
    // 6 + 4 = 10 against 1 + 7 = 8: the Hero is beaten and vanishes.
    expect(resolve(input, 6, 1)).toEqual({ combat: 'wins', attacker: 'nothing', target: 'vanished' });
  });
});
