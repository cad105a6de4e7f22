/**
 * Matchup tables: close combat in the open, no other factor. Expected numbers are the worked
 * examples of rules/hott.md §9 that have no factor besides the troop types.
 */
import { describe, expect, it } from 'vitest';
import { matchups, matchupTable } from '../../../src/systems/hott/matchups.js';
import { TROOP_IDS } from '../../../src/systems/hott/tables.js';

const against = (attacker: Parameters<typeof matchups>[0], opponent: string) => matchups(attacker).find((m) => m.opponent === opponent)!;

describe('hott: matchups', () => {
  it('Example 1: Blades charge Warband — destroys 1/6, destroyed 1/6', () => {
    expect(against('blades', 'warbands').destroys).toBeCloseTo(1 / 6, 12);
    expect(against('blades', 'warbands').destroyed).toBeCloseTo(1 / 6, 12);
  });
  it('Example 2: Knights charge Spears — destroys 5/18, destroyed 1/9', () => {
    expect(against('knights', 'spears')).toMatchObject({ opponent: 'spears' });
    expect(against('knights', 'spears').destroys).toBeCloseTo(5 / 18, 12);
    expect(against('knights', 'spears').destroyed).toBeCloseTo(1 / 9, 12);
  });
  it('Example 9: Hero v Hero — 1/2 each; Example 12: Dragon v Hero — destroys 1/36, destroyed 5/18', () => {
    expect(against('heroes', 'heroes').destroys).toBeCloseTo(1 / 2, 12);
    expect(against('heroes', 'heroes').destroyed).toBeCloseTo(1 / 2, 12);
    expect(against('dragons', 'heroes').destroys).toBeCloseTo(1 / 36, 12);
    expect(against('dragons', 'heroes').destroyed).toBeCloseTo(5 / 18, 12);
  });
  it('Example 18: a God v Blades — destroys 1/4, never destroyed', () => {
    expect(against('gods', 'blades').destroys).toBeCloseTo(1 / 4, 12);
    expect(against('gods', 'blades').destroyed).toBe(0);
  });
  it('an unsupported aerial element never captures a Stronghold (§7.8.1)', () => {
    expect(against('flyers', 'stronghold').destroys).toBe(0);
  });
  it('all against all: every type attacks every type, except the Stronghold, which never attacks (§6.6)', () => {
    const table = matchupTable();
    expect(table.map((r) => r.attacker)).toEqual(TROOP_IDS.filter((t) => t !== 'stronghold'));
    for (const row of table) expect(row.matchups).toHaveLength(22);
    expect(() => matchups('stronghold')).toThrow(/type: a Stronghold never attacks/);
    for (const row of table) for (const m of row.matchups) expect(m.destroys + m.destroyed).toBeLessThanOrEqual(1 + 1e-12);
  });
});
