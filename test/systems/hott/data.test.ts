/**
 * Built-in HOTT data: a unit file for every troop type of §4.2 (usable on either side, with each
 * option), the sample army lists, and the bundled scenarios (exact v Monte Carlo).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkRng, masterState } from '../../../src/core/rng.js';
import { compareCategories } from '../../../src/core/stats.js';
import { DATA_DIR } from '../../../src/paths.js';
import { Tally } from '../../../src/sim/tally.js';
import { hott } from '../../../src/systems/hott/index.js';
import { TROOP_IDS, TROOPS, type TroopId } from '../../../src/systems/hott/tables.js';

const DIR = join(DATA_DIR, 'hott');
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const jsonFiles = (dir: string) => readdirSync(join(DIR, dir)).filter((f) => f.endsWith('.json')).sort();

describe('hott: built-in units', () => {
  it('one unit file per troop type', () => {
    expect(jsonFiles('units').map((f) => f.replace(/\.json$/, ''))).toEqual([...TROOP_IDS].sort());
  });
  for (const id of TROOP_IDS) {
    it(`${id}: parses as attacker (but the Stronghold, which never attacks) and as target, with every option; points as in §4.2`, () => {
      const { name, points, notes, options, ...unit } = json(join(DIR, 'units', `${id}.json`));
      expect(name).toContain(TROOPS[id].english);
      expect(notes).toEqual(expect.any(String));
      expect(points).toBe(TROOPS[id].points);
      const variants = [unit, ...Object.values((options ?? {}) as Record<string, object>).map((o) => ({ ...unit, ...o }))];
      for (const v of variants) {
        if (id === 'stronghold') expect(() => hott.parse({ attacker: v, target: { type: 'blades' } })).toThrow(/never attacks/);
        else expect(hott.parse({ attacker: v, target: { type: 'stronghold' } }).attacker.troop).toBe(id);
        expect(hott.parse({ attacker: { type: 'blades' }, target: v }).target.troop).toBe(id);
      }
    });
  }
});

describe('hott: sample army lists', () => {
  const { armies } = json(join(DIR, 'armies.json')) as {
    armies: { name: string; points: number; elitePoints: number; elements: { unit: TroopId; count: number; general?: boolean }[] }[];
  };
  it('all ten lists of the source', () => expect(armies).toHaveLength(10));
  for (const army of armies) {
    it(`${army.name}: 24 points, Élite at most 12 (types costing more than 2 points), a general that may be one`, () => {
      let points = 0;
      let elite = 0;
      for (const e of army.elements) {
        expect(TROOP_IDS).toContain(e.unit);
        points += TROOPS[e.unit].points * e.count;
        if (TROOPS[e.unit].points > 2) elite += TROOPS[e.unit].points * e.count;
        if (e.general) expect(TROOPS[e.unit].canBeGeneral).toBe(true);
      }
      expect(points).toBe(24);
      expect(points).toBe(army.points);
      expect(elite).toBe(army.elitePoints);
      expect(elite).toBeLessThanOrEqual(12);
      expect(army.elements.filter((e) => e.general).length).toBeLessThanOrEqual(1);
    });
  }
});

describe('hott: bundled scenarios', () => {
  const files = jsonFiles('scenarios');
  it('at least three, covering close combat, shooting and magic', () => {
    const modes = new Set(files.map((f) => hott.parse(strip(json(join(DIR, 'scenarios', f)))).mode));
    expect([...modes].sort()).toEqual(['close-combat', 'magic', 'shooting']);
  });
  files.forEach((file, index) => {
    it(`${file}: categorical tables, and 50,000 simulated combats agree with the exact engine`, () => {
      const raw = json(join(DIR, 'scenarios', file));
      expect(raw.system).toBe('hott');
      const scenario = hott.parse(strip(raw));
      const exact = hott.exact(scenario);
      const tally = new Tally();
      hott.simulate(scenario, chunkRng(masterState('hott-bundled'), index), 50_000, tally);
      const mc = tally.toJSON();
      for (const table of ['attacker', 'target', 'combat']) {
        const probabilities = Object.values(exact.outcomes![table]);
        expect(probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        expect(compareCategories(exact.outcomes![table], mc.outcomes[table]).pass, table).toBe(true);
      }
    });
  });
});

function strip(raw: Record<string, unknown>): unknown {
  const { name, description, system, ...input } = raw;
  return input;
}
