/**
 * SettledRounds (src/fight/settled.ts): a simulator's round ends found by integer keys (a string key
 * beyond their ranges), counted per round, and handed to the fight's tables. The expected tables
 * are filled sample by sample, straight from their definitions in tables.ts (every round reached
 * counts its margin, Overkill and models left; the round a fight ends counts its ending; each later
 * round counts it again with no margin and no Overkill).
 */
import { describe, expect, it } from 'vitest';
import { SettledRounds } from '../../src/fight/settled.js';
import { FightTables } from '../../src/fight/tables.js';
import { type Ending, type Overkill, type Units, overkillKey } from '../../src/fight/types.js';
import { Tally } from '../../src/sim/tally.js';

interface End {
  margin: number | null;
  overkill: Overkill;
  units: Units;
  ending: Ending | null;
  state: number;
}

const units = (attackerLeft: number, targetLeft: number, targetWounds: number): Units => ({ attackerLeft, targetLeft, targetWounds, targetSlain: targetWounds });

// Three samples' rounds, with a margin beyond the integer key's range (±1023) and an Overkill
const SAMPLES: End[][] = [
  [{ margin: 2, overkill: { attacker: 1, target: 0 }, units: units(10, 6, 4), ending: 'target-escaped', state: 7 }],
  [
    { margin: 5000, overkill: null, units: units(9, 8, 2), ending: null, state: 3 },
    { margin: -1, overkill: { attacker: 0, target: 3 }, units: units(0, 0, 10), ending: 'both-destroyed', state: 11 },
  ],
  [
    { margin: 2, overkill: { attacker: 1, target: 0 }, units: units(10, 6, 4), ending: 'target-escaped', state: 7 },
  ],
];
const CAP = 4;

function expectedTally(): Tally {
  const tables = new FightTables(CAP, true);
  for (const rounds of SAMPLES) {
    rounds.forEach((r, i) => {
      const round = i + 1;
      tables.margin(round, r.margin, 1);
      tables.overkill(round, overkillKey(r.overkill), 1);
      tables.left(round, r.units, 1);
      if (r.ending === null && round < CAP) return;
      tables.end(round, r.ending, r.units, 1);
      for (let later = round + 1; later <= CAP; later++) tables.afterEnd(later, r.units, 1);
    });
  }
  const tally = new Tally();
  tables.intoTally(tally, SAMPLES.length);
  return tally;
}

describe('SettledRounds', () => {
  it('gives one id per round end and counts the samples into the tables as they define them', () => {
    const settled = new SettledRounds<number>(CAP, true);
    const idOf = (r: End) => settled.id(r.margin, r.overkill, r.units, r.ending, r.state, r.state);
    settled.clear();
    for (const rounds of SAMPLES) rounds.forEach((r, i) => settled.counts[idOf(r) * settled.stride + i + 1]++);
    expect(idOf(SAMPLES[0][0])).toBe(idOf(SAMPLES[2][0]));
    expect(new Set(SAMPLES.flat().map(idOf)).size).toBe(3);
    expect(settled.state(idOf(SAMPLES[1][0]))).toBe(3);
    const tally = new Tally();
    settled.intoTally(tally, SAMPLES.length);
    const data = tally.toJSON();
    expect(data).toEqual(expectedTally().toJSON());
    // The same tables written out by hand from their definitions (tables.ts), not through FightTables:
    // samples 1 and 3 end in round 1 (target-escaped), sample 2 in round 2 (both-destroyed); each
    // round after the end counts no margin ('none'), no Overkill and the units the fight ended with.
    const o = data.outcomes;
    expect(data.samples).toBe(3);
    expect(o.ending).toEqual({ '1:target-escaped': 2, '2:both-destroyed': 1 });
    expect(data.morale).toEqual({ 'target-escaped': 2, 'both-destroyed': 1 });
    expect(o['margin-1']).toEqual({ '2': 2, '5000': 1 });
    expect(o['margin-2']).toEqual({ '-1': 1, none: 2 });
    expect(o['margin-4']).toEqual({ none: 3 });
    expect(o['attacker-left-1']).toEqual({ '9': 1, '10': 2 });
    expect(o['target-left-2']).toEqual({ '0': 1, '6': 2 });
    expect(o['overkill-attacker-1']).toEqual({ '1': 2, none: 1 });
    expect(o['overkill-target-2']).toEqual({ '3': 1, none: 2 });
    // The target's wounds at the end: 4 (twice) and 10; removed only by both-destroyed.
    expect(data.damage[4]).toBe(2);
    expect(data.damage[10]).toBe(1);
    expect(data.destroyed).toBe(1);
  });

  it('tells a removed side apart from the same state, and refuses other units for the same key', () => {
    const settled = new SettledRounds<number>(CAP, false);
    const held = settled.id(3, null, units(5, 4, 6), 'target-escaped', 1, 1);
    expect(settled.id(3, null, units(5, 0, 6), 'target-caught', 1, 1)).not.toBe(held);
    expect(settled.id(3, null, units(5, 4, 6), 'target-caught', 1, 1)).not.toBe(held);
    expect(() => settled.id(3, null, units(5, 4, 7), 'target-escaped', 1, 1)).toThrow(/units must follow from the state/);
  });
});
