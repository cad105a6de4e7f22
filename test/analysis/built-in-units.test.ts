/**
 * The package's own units are valid: each (with each option) parses on every side its rule set
 * lets it take. The program does not re-check them at every start (start-up, issue 16), so this
 * is where a broken built-in unit is caught; a user's unit is still checked when it is read.
 */
import { describe, expect, it } from 'vitest';
import { loadLibrary, validateUnit } from '../../src/analysis/units.js';
import { InputError } from '../../src/core/errors.js';

const units = loadLibrary(undefined).units.filter((u) => u.source === 'built-in');

describe('built-in units', () => {
  it('every rule set with units has some', () => {
    expect(new Set(units.map((u) => u.system))).toEqual(new Set(['ninth-age', 'warhammer-fantasy', 'kings-of-war', 'age-of-sigmar', 'hott']));
  });

  for (const unit of units)
    it(`${unit.system}/${unit.id}: valid on each side it can take, with each option`, () => {
      expect(() => validateUnit(unit, `${unit.system}/${unit.id}`)).not.toThrow();
    });

  it('the check does fail: a unit whose characteristics its rule set refuses is an InputError', () => {
    const broken = { ...units[0], body: { ...units[0].body, models: -1 } };
    expect(() => validateUnit(broken, 'broken')).toThrow(InputError);
  });
});
