/**
 * The built-in units and bundled scenarios of src/data/age-of-sigmar: every unit (and every
 * option) parses on the side it can take, and the bundled rulebook scenario is EX1.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../../../src/paths.js';
import { ageOfSigmar } from '../../../src/systems/age-of-sigmar/index.js';
import type { Outcome } from '../../../src/systems/types.js';
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
  // Each worked example of rules/age-of-sigmar.md §12 is a bundled scenario named after it; here
  // each file is checked against a number the rules file gives for that example.
  const mean = (d: Float64Array) => d.reduce((m, p, k) => m + k * p, 0);
  const atLeast = (d: Float64Array, k: number) => d.slice(k).reduce((a, b) => a + b, 0);
  const examples: Array<[string, string, (o: Outcome) => number, number]> = [
    ['ex01-liberators-vs-clawlord', 'P(Clawlord slain)', (o) => o.destroyed!, frac('3993541280436640625/40479843698864750592')],
    ['ex02-grandhammer-one-attack', 'E[damage]', (o) => mean(o.damage), 8 / 9],
    ['ex02-grandhammer-one-attack-all-out-defence', 'E[damage]', (o) => mean(o.damage), 3 / 4],
    ['ex03-crit-mortal-vs-2-plus-save-ward-5', 'P(slain)', (o) => o.destroyed!, frac('97491640625/22876792454961')],
    ['ex04-crit-2-hits', 'P(slain)', (o) => o.destroyed!, 505 / 19683],
    ['ex05-crit-2-hits-d3-per-hit', 'P(5 damage)', (o) => o.damage[5], 16 / 2187],
    ['ex05-crit-2-hits-d3-shared', 'P(2 damage)', (o) => o.damage[2], 82 / 729],
    ['ex06-ratling-pistol-vs-squig-hoppers', 'P(≥1 slain)', (o) => 1 - o.slain![0], 67 / 128],
    ['ex07-chisel-fangs-vs-squig-hoppers', 'E[slain]', (o) => mean(o.slain!), 269 / 243],
    ['ex08-clawlord-vs-squig-hoppers', 'P(destroyed)', (o) => o.destroyed!, 66257 / 531441],
    ['ex08-cornered-rat-clawlord-vs-squig-hoppers', 'P(destroyed)', (o) => o.destroyed!, 4569451 / 14348907],
    ['ex08-cornered-rat-all-out-attack-vs-squig-hoppers', 'P(destroyed)', (o) => o.destroyed!, frac('43266490972655/76169967501312')],
    ['ex09-halberd-vs-damaged-unit-ward-5', 'E[slain]', (o) => mean(o.slain!), 40 / 81],
    ['ex10a-retreat-clawlord', 'P(3 allocated)', (o) => o.damage[3], 125 / 648],
    ['ex10b-boing-vs-clawlord', 'P(2 allocated)', (o) => o.damage[2], 42875 / 124416],
    ['ex11-hit-modifier-cap', 'E[allocated]', (o) => mean(o.damage), 245 / 324],
    ['ex12-charge-anti-hero-crit-mortal-vs-all-out-defence', 'P(Clawlord slain)', (o) => o.destroyed!, frac('4101249582518046875/23988055525253185536')],
    ['ex13-liberators-vs-damaged-clawlord', 'P(slain)', (o) => o.destroyed!, frac('24170196240239994125/30359882774148562944')],
    ['ex14-hit-6-with-minus-1', 'P(≥1)', (o) => atLeast(o.damage, 1), 31031 / 46656],
    ['ex14-hit-6-with-minus-1-literal', 'P(≥1)', (o) => atLeast(o.damage, 1), 0],
    ['ex15-save-cap-with-rend', 'P(1 damage)', (o) => o.damage[1], 2 / 27],
    ['ex15-save-cap-with-rend-alternative', 'P(1 damage)', (o) => o.damage[1], 4 / 27],
    ['ex16-champion', 'P(≥5 slain)', (o) => atLeast(o.slain!, 5), frac('1937408432860327/7312316880125952')],
  ];
  it('every worked example EX1–EX16 has a scenario file', () => {
    const numbers = new Set(examples.map(([f]) => Number(/^ex(\d+)/.exec(f)![1])));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    for (const [f] of examples) expect(files).toContain(`${f}.json`);
  });
  for (const [f, what, measure, expected] of examples)
    it(`${f}: ${what} as the rules file gives it`, () => {
      const { name, description, system, ...input } = read(join(dir, 'scenarios', `${f}.json`));
      expect(name).toMatch(/^EX\d+/);
      expect(Math.abs(measure(ageOfSigmar.exact(ageOfSigmar.parse(input))) - expected)).toBeLessThan(1e-9);
    });
});
