/**
 * Built-in HOTT data: a unit file for every troop type of §4.2 (usable on either side, with each
 * option), the sample army lists, and the bundled scenarios (exact v Monte Carlo).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHott } from '../../../src/systems/hott/schema.js';
import { isHottEngagementInput } from '../../../src/systems/hott/engagement-schema.js';
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
        if (id === 'stronghold') expect(() => parseHott({ attacker: v, target: { type: 'blades' } })).toThrow(/never attacks/);
        else expect(parseHott({ attacker: v, target: { type: 'stronghold' } }).attacker.troop).toBe(id);
        expect(parseHott({ attacker: { type: 'blades' }, target: v }).target.troop).toBe(id);
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
    const modes = new Set(files.map((f) => strip(json(join(DIR, 'scenarios', f)))).filter((s) => !isHottEngagementInput(s)).map((s) => parseHott(s).mode));
    expect([...modes].sort()).toEqual(['close-combat', 'magic', 'shooting']);
  });
  // Each file is seeded by its name, so adding a scenario never changes the draws of another.
  // Engagements (bounds, assaults) have their own tables: test/systems/hott/engagement.test.ts and warodds check.
  files.filter((f) => !isHottEngagementInput(json(join(DIR, 'scenarios', f)))).forEach((file) => {
    it(`${file}: categorical tables, and 20,000 simulated combats (warodds check runs 10^6) agree with the exact engine`, () => {
      const raw = json(join(DIR, 'scenarios', file));
      expect(raw.system).toBe('hott');
      const scenario = parseHott(strip(raw));
      const exact = hott.exact(scenario);
      const tally = new Tally();
      hott.simulate(scenario, chunkRng(masterState(`hott-bundled:${file}`), 0), 20_000, tally);
      const mc = tally.toJSON();
      for (const table of ['attacker', 'target', 'combat']) {
        const probabilities = Object.values(exact.outcomes![table]);
        expect(probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        expect(compareCategories(exact.outcomes![table], mc.outcomes[table]).pass, table).toBe(true);
      }
    });
  });
});

/** §9: each element's printed outcome distribution, per example file (the alternative readings of 7 and 21 too). */
const PRINTED: Record<string, { attacker: Record<string, string>; target: Record<string, string> }> = {
  'example-01-blades-charge-warband.json': { attacker: {'nothing': '5/6', 'destroyed': '1/6'}, target: {'nothing': '5/18', 'recoil': '5/9', 'destroyed': '1/6'} },
  'example-02-knights-charge-spears.json': { attacker: {'nothing': '5/12', 'recoil': '17/36', 'destroyed': '1/9'}, target: {'nothing': '13/18', 'destroyed': '5/18'} },
  'example-03-knights-general-charge-supported-spears.json': { attacker: {'nothing': '5/12', 'recoil': '19/36', 'destroyed': '1/18'}, target: {'nothing': '13/18', 'destroyed': '5/18'} },
  'example-04-shooters-shoot-behemoth.json': { attacker: {'nothing': '1'}, target: {'nothing': '7/12', 'recoil': '7/18', 'destroyed': '1/36'} },
  'example-05-artillery-shoots-behemoth-general.json': { attacker: {'nothing': '1'}, target: {'nothing': '7/12', 'flee': '7/18', 'destroyed': '1/36'} },
  'example-06-knights-charge-shooters.json': { attacker: {'nothing': '5/12', 'destroyed': '7/12'}, target: {'nothing': '13/18', 'destroyed': '5/18'} },
  'example-07-blades-overlapped-charge-hordes.json': { attacker: {'nothing': '13/18', 'recoil': '1/4', 'destroyed': '1/36'}, target: {'nothing': '5/12', 'recoil': '5/12', 'destroyed': '1/6'} },
  'example-07-blades-overlapped-charge-hordes-strict-reading.json': { attacker: {'nothing': '13/18', 'recoil': '5/18'}, target: {'nothing': '5/12', 'recoil': '17/36', 'destroyed': '1/9'} },
  'example-08-hero-charges-magician.json': { attacker: {'nothing': '13/18', 'recoil': '5/18'}, target: {'nothing': '5/12', 'destroyed': '7/12'} },
  'example-09-hero-v-hero.json': { attacker: {'nothing': '1/2', 'destroyed': '1/2'}, target: {'nothing': '1/2', 'destroyed': '1/2'} },
  'example-10-paladin-charges-magician.json': { attacker: {'nothing': '7/9', 'destroyed': '2/9'}, target: {'nothing': '2/9', 'destroyed': '7/9'} },
  'example-11-magic-attack-on-hero-general.json': { attacker: {'nothing': '5/6', 'vanished': '1/6'}, target: {'nothing': '11/12', 'vanished': '1/12'} },
  'example-12-dragon-attacks-hero.json': { attacker: {'nothing': '13/18', 'destroyed': '5/18'}, target: {'nothing': '5/12', 'recoil': '5/9', 'destroyed': '1/36'} },
  'example-13-airboat-attacks-blades.json': { attacker: {'nothing': '5/6', 'recoil': '1/6'}, target: {'nothing': '5/18', 'recoil': '5/9', 'destroyed': '1/6'} },
  'example-14-shooters-shoot-flyers.json': { attacker: {'nothing': '1'}, target: {'nothing': '5/18', 'recoil': '17/36', 'destroyed': '1/4'} },
  'example-15-blades-assault-stronghold.json': { attacker: {'nothing': '7/12', 'recoil': '7/18', 'destroyed': '1/36'}, target: {'nothing': '7/12', 'captured': '5/12'} },
  'example-16-sneakers-charge-spears-general.json': { attacker: {'nothing': '7/12', 'flee': '5/12'}, target: {'nothing': '7/12', 'destroyed': '5/12'} },
  'example-17-knights-charge-supported-warband-uphill.json': { attacker: {'nothing': '5/18', 'recoil': '5/9', 'destroyed': '1/6'}, target: {'nothing': '5/6', 'destroyed': '1/6'} },
  'example-18-god-attacks-blades.json': { attacker: {'nothing': '1'}, target: {'nothing': '1/6', 'recoil': '7/12', 'destroyed': '1/4'} },
  'example-19-beasts-attack-blades-in-wood.json': { attacker: {'nothing': '5/6', 'recoil': '1/6'}, target: {'nothing': '5/18', 'recoil': '7/18', 'destroyed': '1/3'} },
  'example-20-knights-attack-blades-in-marsh.json': { attacker: {'nothing': '7/12', 'recoil': '1/4', 'destroyed': '1/6'}, target: {'nothing': '7/12', 'recoil': '1/4', 'destroyed': '1/6'} },
  'example-21-warband-attacks-riders-in-wood.json': { attacker: {'nothing': '5/6', 'recoil': '1/6'}, target: {'nothing': '5/18', 'destroyed': '13/18'} },
  'example-21-warband-attacks-riders-in-wood-riders-2-2.json': { attacker: {'nothing': '11/12', 'recoil': '1/12'}, target: {'nothing': '1/6', 'destroyed': '5/6'} },
  'example-22-spears-fight-rear-harassed-blades.json': { attacker: {'nothing': '7/12', 'recoil': '7/18', 'destroyed': '1/36'}, target: {'nothing': '7/12', 'destroyed': '5/12'} },
};

const fraction = (f: string) => f.split('/').map(Number).reduce((n, d) => n / d);

describe('hott: every worked example of §9 is a bundled scenario with its printed numbers', () => {
  it('all 22 examples', () => {
    const files = jsonFiles('scenarios').filter((f) => f.startsWith('example-'));
    expect(files.sort()).toEqual(Object.keys(PRINTED).sort());
    expect(new Set(files.map((f) => f.slice(8, 10))).size).toBe(22);
  });
  for (const [file, printed] of Object.entries(PRINTED))
    it(file, () => {
      const outcomes = hott.exact(parseHott(strip(json(join(DIR, 'scenarios', file))))).outcomes!;
      for (const side of ['attacker', 'target'] as const) {
        expect(Object.keys(outcomes[side]).sort(), side).toEqual(Object.keys(printed[side]).sort());
        for (const [k, f] of Object.entries(printed[side])) expect(outcomes[side][k], `${side}.${k}`).toBeCloseTo(fraction(f), 12);
      }
    });
});

function strip(raw: Record<string, unknown>): unknown {
  const { name, description, system, ...input } = raw;
  return input;
}
