/**
 * The built-in units and bundled scenarios of src/data/age-of-sigmar: every unit (and every
 * option) parses on the side it can take, and the bundled rulebook scenario is EX1.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../../../src/paths.js';
import { ageOfSigmar } from '../../../src/systems/age-of-sigmar/index.js';
import { frac } from './fixtures.js';

const dir = join(DATA_DIR, 'age-of-sigmar');
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const META = ['name', 'example', 'points', 'notes', 'options'];
const dummyTarget = { models: 10, health: 2, save: '4+' };

/** The unit shape: meta keys stripped, an option's fields replacing the unit's. */
function variants(file: Record<string, unknown>): Array<[string, Record<string, unknown>]> {
  const unit = Object.fromEntries(Object.entries(file).filter(([k]) => !META.includes(k)));
  const options = (file.options ?? {}) as Record<string, Record<string, unknown>>;
  return [['default', unit], ...Object.entries(options).map(([name, o]): [string, Record<string, unknown>] => [name, { ...unit, ...o }])];
}

describe('age-of-sigmar built-in units', () => {
  const files = readdirSync(join(dir, 'units')).filter((f) => f.endsWith('.json'));
  it('includes the three sheets of the source and five example shapes', () => {
    for (const id of ['clawlord', 'squig-hoppers', 'liberators']) expect(files).toContain(`${id}.json`);
    expect(files.filter((f) => read(join(dir, 'units', f)).example === true)).toHaveLength(5);
  });
  for (const f of files) {
    const file = read(join(dir, 'units', f));
    it(`${f}: meta keys, and every option parses as attacker and (when complete) as target`, () => {
      expect(typeof file.name).toBe('string');
      expect(typeof file.notes).toBe('string');
      for (const [, unit] of variants(file)) {
        const weapons = unit.weapons as Array<{ type?: string }>;
        if (weapons.some((w) => w.type !== 'ranged')) ageOfSigmar.parse({ attacker: unit, target: dummyTarget });
        if (weapons.some((w) => w.type === 'ranged')) ageOfSigmar.parse({ attacker: unit, target: dummyTarget, situation: { ability: 'shoot' } });
        if (unit.health !== undefined) ageOfSigmar.parse({ attacker: { models: 1 }, target: unit, situation: { ability: 'retreat' } });
      }
    });
  }
  it('Squig Hoppers use the recommended reading of the defective Kortakuellos row (A8)', () => {
    const blade = (read(join(dir, 'units', 'squig-hoppers.json')).weapons as Array<Record<string, unknown>>)[0];
    expect(blade).toMatchObject({ rend: '-', damage: 1 });
  });
});

describe('age-of-sigmar bundled scenarios', () => {
  const files = readdirSync(join(dir, 'scenarios')).filter((f) => f.endsWith('.json'));
  it('at least three, each parsing', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) {
      const { name, description, system, ...input } = read(join(dir, 'scenarios', f));
      expect([name, description, system].map((x) => typeof x)).toEqual(['string', 'string', 'string']);
      expect(system).toBe('age-of-sigmar');
      ageOfSigmar.parse(input);
    }
  });
  it('liberators-vs-clawlord is EX1: P(Clawlord slain) = 3993541280436640625/40479843698864750592', () => {
    const scenario = read(join(dir, 'scenarios', 'liberators-vs-clawlord.json'));
    const o = ageOfSigmar.exact(ageOfSigmar.parse({ attacker: scenario.attacker, target: scenario.target, situation: scenario.situation }));
    expect(Math.abs(o.destroyed! - frac('3993541280436640625/40479843698864750592'))).toBeLessThan(1e-9);
  });
});
