/**
 * The `warodds table` axes of Warhammer Fantasy (questions adapter): the armour axis sets the
 * target's total save (§7), a mount's +1 included, so every column is the save it names.
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { InputError } from '../../../src/core/errors.js';
import { damageGrid, parseAxis } from '../../../src/analysis/grid.js';
import { loadLibrary } from '../../../src/analysis/units.js';
import { warhammerFantasy as W } from '../../../src/systems/warhammer-fantasy/index.js';
import { warhammerFantasyQuestions as Q } from '../../../src/systems/warhammer-fantasy/questions.js';
import { near, unit } from './helpers.js';

/** P(fail) of a save needing `save` against S3 (no modifier, §7): a natural 1 always fails. */
const pFail = (save: number) => 1 - (save >= 7 ? 0 : (7 - Math.max(save, 2)) / 6);
const saveOf = (value: string) => (value === 'none' ? 7 : parseInt(value, 10));

const knights = unit({ models: 12, width: 4, type: 'cavalry', ws: 4, armour: ['heavy', 'shield', 'barding', 'mount'], mount: { ws: 3, s: 3, a: 1 } });
const greatWeapons = unit({ ws: 4, weapon: 'great-weapon', armour: ['light', 'shield'] });

describe("warhammer-fantasy table armour axis: the target's total save", () => {
  for (const [what, target, values] of [
    ['mounted knights', knights, ['6+', '5+', '4+', '3+', '2+']],
    ['infantry with a great weapon and shield', greatWeapons, ['none', '6+', '5+', '4+', '3+', '2+']],
  ] as const)
    it(`${what}: each column is the save it names`, () => {
      // Ten WS3 S3 blows charging a WS4 T3 target: hit 4+ (1/2), wound 4+ (1/2).
      for (const value of values) {
        const body = Q.tableKeys.armour.apply(target, value);
        const o = W.exact(W.parse({ attacker: unit({ models: 10 }), target: body, situation: { charging: 'attacker' } }));
        near(mean(o.damage), 10 * (1 / 4) * pFail(saveOf(value)), 1e-12);
      }
    });

  it("'none' against a mounted target is bad input naming the axis (its mount gives +1)", () => {
    expect(() => Q.tableKeys.armour.apply(knights, 'none')).toThrow(InputError);
    expect(() => Q.tableKeys.armour.apply(knights, 'none')).toThrow(/^armour=none: a mounted target's save is at worst 6\+/);
  });

  it('the grid of the table command against a mounted target: every column is its closed form', async () => {
    const spearmen = { unit: loadLibrary().find('whfb/spearmen', 'unit'), option: 'default' };
    const values = ['6+', '5+', '4+', '3+', '2+'];
    const cols = parseAxis(`armour=${values.join(',')}`, '--cols', Q, 'warhammer-fantasy');
    const rows = parseAxis('t=3', '--rows', Q, 'warhammer-fantasy');
    const flags = { charge: true, flank: false, rear: false, shooting: false, extra: {} };
    const evaluate = async (_system: string, input: unknown) => W.exact(W.parse(input));
    const grid = await damageGrid(spearmen, knights, rows, cols, flags, { kind: 'mean' }, evaluate);
    // Five charging spearmen (the second rank does not fight in the turn it charged), WS3 S3 against WS4 T3.
    values.forEach((value, c) => near(grid.cells[0][c], 5 * (1 / 4) * pFail(saveOf(value)), 1e-12));
  });
});
