/**
 * Built-in Kings of War units and bundled scenarios: every unit (and each of its options)
 * parses on either side; every scenario loads; the ones copied from worked examples give them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioFromJson } from '../../../src/cli/scenario-file.js';
import { DATA_DIR } from '../../../src/paths.js';
import { kingsOfWar } from '../../../src/systems/kings-of-war/index.js';
import { near } from './helpers.js';

const dir = join(DATA_DIR, 'kings-of-war');
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const META = ['name', 'example', 'points', 'notes', 'options'];
const plain = { type: 'infantry', size: 'regiment', me: '4+', ra: '-', de: '4+', att: 10, nerve: '14/16' };

function variants(file: Record<string, unknown>): Array<[string, Record<string, unknown>]> {
  const unit = Object.fromEntries(Object.entries(file).filter(([k]) => !META.includes(k)));
  const options = (file.options ?? {}) as Record<string, Record<string, unknown>>;
  return [['default', unit], ...Object.entries(options).map(([name, o]) => [name, { ...unit, ...o }] as [string, Record<string, unknown>])];
}

describe('kings-of-war built-in units', () => {
  const files = readdirSync(join(dir, 'units')).filter((f) => f.endsWith('.json'));
  it('cover the units issue 5 asks for', () => {
    const types = files.map((f) => json(join(dir, 'units', f)));
    expect(types.every((u) => u.example === true && typeof u.name === 'string')).toBe(true);
    expect(types.map((u) => `${u.type}/${u.size ?? ''}`)).toEqual(
      expect.arrayContaining(['infantry/regiment', 'infantry/horde', 'cavalry/regiment', 'monster/', 'war-engine/', 'hero-infantry/']),
    );
    expect(types.some((u) => (u.rules as string[]).includes('inspiring'))).toBe(true);
  });
  for (const f of files) {
    it(`${f}: every option parses as attacker and as target`, () => {
      for (const [, unit] of variants(json(join(dir, 'units', f)))) {
        // War engines never charge (§9): they attack by shooting.
        const attack = unit.type === 'war-engine' ? { attack: 'shooting' } : { attack: 'melee', charge: 'front' };
        expect(() => kingsOfWar.parse({ attacker: unit, target: plain, situation: attack })).not.toThrow();
        expect(() => kingsOfWar.parse({ attacker: plain, target: unit, situation: { attack: 'melee', charge: 'front' } })).not.toThrow();
      }
    });
  }
  it('the Elf Archers are the §2 sample profile', () => {
    const archers = json(join(dir, 'units', 'elf-archers.json'));
    expect([archers.me, archers.ra, archers.de, archers.att, archers.nerve, archers.points]).toEqual(['5+', '4+', '4+', 10, '14/16', 150]);
  });
});

describe('kings-of-war bundled scenarios', () => {
  const files = readdirSync(join(dir, 'scenarios')).filter((f) => f.endsWith('.json'));
  it('there are melee, shooting, blast and breath scenarios', () => expect(files.length).toBeGreaterThanOrEqual(4));
  for (const f of files) it(`${f} loads`, () => expect(scenarioFromJson(json(join(dir, 'scenarios', f)), f, null).system.id).toBe('kings-of-war'));
  it('knights-charge.json gives WE14: P(rout) = 20172524101272545/22236242266222092', () => {
    const loaded = scenarioFromJson(json(join(dir, 'scenarios', 'knights-charge.json')), 'knights', null);
    near(kingsOfWar.exact(loaded.parsed as never).destroyed!, 20172524101272545 / 22236242266222092);
  });
});
