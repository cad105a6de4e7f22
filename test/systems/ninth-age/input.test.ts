/**
 * Bad input is one ScenarioError naming the field; the built-in units and scenarios parse.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioError, UnsupportedRuleError } from '../../../src/core/errors.js';
import { DATA_DIR } from '../../../src/paths.js';
import { ninthAgeWithFights as ninthAge } from '../../../src/systems/ninth-age/index.js';
import { type Json, unit } from './helpers.js';

function parseError(attacker: Json, target: Json = {}, situation: Json = { type: 'melee' }): ScenarioError {
  try {
    ninthAge.parse({ attacker: unit(attacker), target: unit(target), situation });
  } catch (e) {
    if (e instanceof ScenarioError) return e;
    throw e;
  }
  throw new Error('expected a ScenarioError');
}

describe('bad input', () => {
  it('an unknown rule id names the field and lists what is allowed', () => {
    const e = parseError({ rules: ['always-strikes-first'] });
    expect(e.path).toBe('attacker.rules[0]');
    expect(e.problem).toMatch(/unknown rule 'always-strikes-first' \(allowed: .*armour-piercing/);
    expect(parseError({ equipment: ['laser'] }).path).toBe('attacker.equipment[0]');
    expect(parseError({}, { items: ['vorpal-blade'] }).path).toBe('target.items[0]');
  });
  it('a characteristic outside 0–10', () => {
    const e = parseError({}, { ws: 11 });
    expect(e.path).toBe('target.ws');
    expect(e.problem).toMatch(/0 to 10/);
    expect(parseError({ ld: -1 }).path).toBe('attacker.ld');
    expect(parseError({ s: 2.5 }).path).toBe('attacker.s');
  });
  it("'shooting' without a missile weapon, or with BS0", () => {
    const e = parseError({ bs: 3 }, {}, { type: 'shooting' });
    expect(e.path).toBe('attacker.equipment');
    expect(e.problem).toMatch(/missile weapon/);
    expect(parseError({ bs: 0, equipment: ['bow'] }, {}, { type: 'shooting' }).path).toBe('attacker.bs');
  });
  it('parameters, unknown fields, situations and impossible combinations', () => {
    expect(parseError({ rules: ['armour-piercing'] }).problem).toMatch(/whole-number parameter/);
    expect(parseError({ rules: ['ward-save(9+)'] }).problem).toMatch(/target from 2\+ to 6\+/);
    expect(parseError({ rules: ['multiple-wounds(D7)'] }).problem).toMatch(/malformed dice/);
    expect(parseError({ rules: ['stubborn(2)'] }).problem).toMatch(/takes no parameter/);
    expect(parseError({ rules: ['multiple-wounds(2, dragons)'] }).problem).toMatch(/not a troop type/);
    expect(parseError({ strength: 3 }).problem).toMatch(/unknown field/);
    expect(parseError({}, {}, { type: 'skirmish' }).path).toBe('situation.type');
    expect(parseError({ models: 3, files: 5 }).path).toBe('attacker.files');
    expect(parseError({ models: 300, files: 10, w: 7 }).problem).toMatch(/at most 2000/);
    expect(parseError({ w: 2, 'wounds-lost': 2 }).path).toBe('attacker.wounds-lost');
    expect(parseError({ equipment: ['spear', 'great-weapon'] }).path).toBe('attacker.equipment');
    expect(parseError({ equipment: ['spear'], troop: 'cavalry' }).problem).toMatch(/foot/);
    expect(parseError({ equipment: ['lance'] }).problem).toMatch(/mounted/);
    expect(parseError({ items: ['mithril-mail'], equipment: ['shield'] }).problem).toMatch(/Mithril/);
    expect(parseError({ bs: 3, equipment: ['bow'], rules: ['cumbersome'] }, {}, { type: 'shooting', 'stand-and-shoot': true }).path).toBe('situation.stand-and-shoot');
    expect(parseError({ troop: 'cavalry', mount: { ws: 3, s: 3, i: 3, a: 1, rules: ['stubborn'] } }).path).toBe('attacker.mount.rules[0]');
  });
  it('rules the rules file describes but the dice cannot follow are "not supported yet"', () => {
    expect(parseError({ items: ['ring-of-fire'] })).toBeInstanceOf(UnsupportedRuleError);
    expect(parseError({ equipment: ['cannon'] })).toBeInstanceOf(UnsupportedRuleError);
    // single-use items belong to one model: on a unit of several models the bearer's share of the hits is unknown
    const e = parseError({}, { models: 10, items: ['shielding', 'lucky-charm'] });
    expect(e).toBeInstanceOf(UnsupportedRuleError);
    expect(e.path).toBe('target.items[1]');
    expect(e.problem).toMatch(/'lucky-charm' is not supported yet .*one-model unit/);
    expect(parseError({ models: 2, files: 2, items: ['gemstone-shielding'] }).problem).toMatch(/not supported yet/);
    expect(parseError({ models: 2, files: 2, items: ['lucky-shield'] }).problem).toMatch(/not supported yet/);
  });
  it('Hellfire and Lightning Attack are accepted on a unit and on its mount', () => {
    expect(() => ninthAge.parse({ attacker: unit({ rules: ['hellfire', 'lightning-attack'] }), target: unit(), situation: { type: 'melee' } })).not.toThrow();
    const mount = { ws: 3, s: 3, i: 3, a: 1, rules: ['hellfire', 'lightning-attack'] };
    expect(() => ninthAge.parse({ attacker: unit({ troop: 'cavalry', mount }), target: unit(), situation: { type: 'melee' } })).not.toThrow();
    expect(parseError({ rules: ['hellfire(2)'] }).problem).toMatch(/takes no parameter/);
  });
  it('rules with no dice effect in one fight are accepted', () => {
    expect(() => ninthAge.parse({ attacker: unit({ rules: ['strider', 'vanguard', 'large-target'] }), target: unit(), situation: { type: 'melee' } })).not.toThrow();
  });
});

describe('built-in data', () => {
  const META = ['name', 'example', 'points', 'notes', 'options'];
  const strip = (raw: Json) => Object.fromEntries(Object.entries(raw).filter(([k]) => !META.includes(k)));
  const unitsDir = join(DATA_DIR, 'ninth-age', 'units');
  for (const file of readdirSync(unitsDir)) {
    it(`unit ${file} (and each option) parses on either side`, () => {
      const raw = JSON.parse(readFileSync(join(unitsDir, file), 'utf8')) as Json;
      expect(raw.example).toBe(true);
      const variants = [strip(raw), ...Object.values((raw.options ?? {}) as Record<string, Json>).map((o) => ({ ...strip(raw), ...o }))];
      for (const u of variants) {
        expect(() => ninthAge.parse({ attacker: u, target: unit(), situation: { type: 'melee' } })).not.toThrow();
        expect(() => ninthAge.parse({ attacker: unit(), target: u, situation: { type: 'melee' } })).not.toThrow();
      }
    });
  }
  const scenariosDir = join(DATA_DIR, 'ninth-age', 'scenarios');
  it('every bundled scenario parses and its exact morale sums to 1', () => {
    const files = readdirSync(scenariosDir);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const { name, description, system, ...input } = JSON.parse(readFileSync(join(scenariosDir, file), 'utf8')) as Json;
      expect(system).toBe('ninth-age');
      expect(typeof name === 'string' && typeof description === 'string').toBe(true);
      const morale = ninthAge.exact(ninthAge.parse(input)).morale!;
      expect(Math.abs(Object.values(morale).reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
    }
  });
});
