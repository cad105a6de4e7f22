/**
 * The package's own units are valid: each (with each option) parses on every side its rule set
 * lets it take. The program does not re-check them at every start (start-up), so this
 * is where a broken built-in unit is caught; a user's unit is still checked when it is read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLibrary, validateUnit } from '../../src/analysis/units.js';
import { InputError } from '../../src/core/errors.js';
import { parseJsonStrict } from '../../src/core/json.js';
import { DATA_DIR } from '../../src/paths.js';

const units = loadLibrary(undefined).units.filter((u) => u.source === 'built-in');

describe('built-in units', () => {
  it('every rule set with units has some', () => {
    expect(new Set(units.map((u) => u.system))).toEqual(new Set(['ninth-age', 'warhammer-fantasy', 'kings-of-war', 'age-of-sigmar', 'hott']));
  });

  for (const unit of units)
    it(`${unit.system}/${unit.id}: valid on each side it can take, with each option`, () => {
      expect(() => validateUnit(unit, `${unit.system}/${unit.id}`)).not.toThrow();
    });

  // The program reads the package's unit files with JSON.parse (start-up): here each
  // must pass the strict parser a user's file meets (no repeated key) and mean the same.
  it('every unit file is strict JSON: the strict parser accepts it and reads what JSON.parse reads', () => {
    const files = readdirSync(DATA_DIR).flatMap((system) => {
      const dir = join(DATA_DIR, system, 'units');
      try {
        return readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => join(dir, f));
      } catch {
        return [];
      }
    });
    expect(files.length).toBe(units.length);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(parseJsonStrict(text), file).toEqual(JSON.parse(text));
    }
  });

  it('the check does fail: a unit whose characteristics its rule set refuses is an InputError', () => {
    const broken = { ...units[0], body: { ...units[0].body, models: -1 } };
    expect(() => validateUnit(broken, 'broken')).toThrow(InputError);
  });
});
