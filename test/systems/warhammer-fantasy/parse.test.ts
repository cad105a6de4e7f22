/**
 * Bad input: one ScenarioError naming the field and what is allowed.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../../src/core/errors.js';
import { warhammerFantasy as W } from '../../../src/systems/warhammer-fantasy/index.js';
import { unit } from './helpers.js';

function error(input: unknown): ScenarioError {
  try {
    W.parse(input);
  } catch (e) {
    if (e instanceof ScenarioError) return e;
    throw e;
  }
  throw new Error('expected a ScenarioError');
}

const ok = { attacker: unit(), target: unit() };

describe('warhammer-fantasy parse', () => {
  it('accepts the minimal scenario with defaults (melee, round 1, nobody charging)', () => {
    const sc = W.parse(ok);
    expect(sc.phase).toBe('melee');
    if (sc.phase !== 'melee') return;
    expect(sc.situation.round).toBe(1);
    expect(sc.situation.charging).toBe('none');
    expect(sc.situation.options.ws4VsWs9).toBe('5+');
    expect(sc.situation.options.rankSize).toBe(4);
    expect(sc.attacker.width).toBe(20);
    expect(sc.attacker.usPerModel).toBe(1);
  });

  it('Unit Strength per model by type (§1): cavalry 2, ogre-sized 3, monsters their Wounds', () => {
    const us = (fields: Record<string, unknown>) => W.parse({ attacker: unit(), target: unit(fields) }).target.usPerModel;
    expect(us({ type: 'cavalry', armour: ['mount'] })).toBe(2);
    expect(us({ type: 'monstrous', w: 3 })).toBe(3);
    expect(us({ type: 'monster', w: 6 })).toBe(6);
    expect(us({ type: 'monster', w: 6, us: 5 })).toBe(5);
  });

  it("accepts a General's Ld equal to or above the unit's own, and a flank or rear in later rounds", () => {
    expect(W.parse({ ...ok, target: unit({ ld: 7, rules: ['general(7)'] }) }).target.rules.generalLd).toBe(7);
    expect(W.parse({ ...ok, target: unit({ ld: 7, rules: ['general(9)'] }) }).target.rules.generalLd).toBe(9);
    expect(W.parse({ ...ok, situation: { charging: 'attacker', facing: 'rear' } }).phase).toBe('melee');
    expect(W.parse({ ...ok, situation: { round: 2, facing: 'flank' } }).phase).toBe('melee');
  });

  const cases: Array<[string, unknown, string, RegExp]> = [
    ['unknown rule', { ...ok, attacker: unit({ rules: ['regeneration'] }) }, 'attacker.rules[0]', /unknown rule 'regeneration'/],
    ['rule without its parameter', { ...ok, target: unit({ rules: ['ward-save'] }) }, 'target.rules[0]', /ward-save/],
    ['bad multiple-wounds dice', { ...ok, attacker: unit({ rules: ['multiple-wounds(D7)'] }) }, 'attacker.rules[0]', /D3/],
    ['rule listed twice', { ...ok, attacker: unit({ rules: ['hatred', 'hatred'] }) }, 'attacker.rules[1]', /twice/],
    ['WS above 10', { ...ok, target: unit({ ws: 11 }) }, 'target.ws', /10/],
    ['Ld 0', { ...ok, attacker: unit({ ld: 0 }) }, 'attacker.ld', /1/],
    ['light and heavy armour', { ...ok, target: unit({ armour: ['light', 'heavy'] }) }, 'target.armour', /cannot be worn together/],
    ['barding without a mount', { ...ok, target: unit({ type: 'cavalry', armour: ['heavy', 'barding'] }) }, 'target.armour', /needs 'mount'/],
    ['a mount on infantry', { ...ok, target: unit({ armour: ['mount'] }) }, 'target.armour', /cavalry/],
    ['cavalry without a mount', { ...ok, target: unit({ type: 'cavalry', armour: ['heavy'] }) }, 'target.armour', /list 'mount'/],
    ['mount attacks on infantry', { ...ok, target: unit({ mount: { ws: 3, s: 3, a: 1 } }) }, 'target.mount', /only cavalry/],
    ["'none' with armour", { ...ok, target: unit({ armour: ['none', 'shield'] }) }, 'target.armour', /none/],
    ['unknown armour', { ...ok, target: unit({ armour: ['plate'] }) }, 'target.armour[0]', /light/],
    ['a lance on foot', { ...ok, attacker: unit({ weapon: 'lance' }) }, 'attacker.weapon', /cavalry weapon/],
    ['a spear on horseback', { ...ok, attacker: unit({ type: 'cavalry', armour: ['mount'], weapon: 'spear' }) }, 'attacker.weapon', /infantry weapon/],
    ['unknown field', { ...ok, attacker: unit({ toughness: 3 }) }, 'attacker', /unknown field/],
    ['missing characteristic', { ...ok, attacker: { ...unit(), i: undefined } }, 'attacker.i', /number/],
    ['shooting without a missile weapon', { ...ok, situation: { phase: 'shooting' } }, 'attacker.missile', /required/],
    ['a missile weapon with a melee rule', { ...ok, attacker: unit({ missile: { s: 4, rules: ['killing-blow'] } }) }, 'attacker.missile.rules', /only/],
    ['unknown phase', { ...ok, situation: { phase: 'magic' } }, 'situation.phase', /melee/],
    ['melee key in shooting', { ...ok, attacker: unit({ missile: { s: 3 } }), situation: { phase: 'shooting', round: 2 } }, 'situation', /unknown field/],
    ['previous winner in round 1', { ...ok, situation: { 'previous-round-winner': 'target' } }, 'situation.previous-round-winner', /first round/],
    ['the target charging with the attacker in its rear', { ...ok, situation: { charging: 'target', facing: 'rear' } }, 'situation.facing', /front/],
    ['the target charging with the attacker in its flank', { ...ok, situation: { charging: 'target', facing: 'flank' } }, 'situation.facing', /front/],
    ['bad option value', { ...ok, situation: { 'ws4-vs-ws9': '3+' } }, 'situation.ws4-vs-ws9', /5\+/],
    ['rally below the current size', { target: unit(), situation: { phase: 'rally', 'original-models': 10 } }, 'situation.original-models', /at least/],
    ['missing target', { attacker: unit() }, 'target', /required/],
  ];
  for (const [what, input, path, message] of cases)
    it(`rejects ${what} naming ${path}`, () => {
      const e = error(input);
      expect(e.path).toBe(path);
      expect(e.problem).toMatch(message);
      expect(e.message).not.toContain('\n');
    });
});

describe('warhammer-fantasy parse: a fact that changes nothing is computed without it, and noted', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, RegExp]> = [
    // Chargers strike first only in the round they charged (§4).
    ['a charger after round 1', { ...ok, situation: { round: 2, charging: 'attacker' } }, { ...ok, situation: { round: 2 } }, /^situation\.charging: 'attacker' changed nothing: only the first round .*round 2$/],
    // Overkill counts only for combat resolution, which a slain single model's side loses anyway (§9).
    ['a challenge between units', { ...ok, situation: { challenge: true } }, ok, /^situation\.challenge: true changed nothing: .*Overkill \(§9\)/],
    ['a challenge between single models', { attacker: unit({ models: 1 }), target: unit({ models: 1 }), situation: { challenge: true } }, { attacker: unit({ models: 1 }), target: unit({ models: 1 }) }, /^situation\.challenge: true changed nothing/],
    // General — §1: a unit uses its General's Ld only when it is higher.
    ["a General's Ld below the unit's own", { ...ok, attacker: unit({ ld: 7, rules: ['hatred', 'general(5)'] }) }, { ...ok, attacker: unit({ ld: 7, rules: ['hatred'] }) }, /^attacker\.rules\[1\]: 'general\(5\)' changed nothing: .*Ld is 7$/],
    // Fear — §11: tested only by a unit charged in round 1 by a fear- or terror-causer.
    ['a fear test without a fear-causer', { ...ok, situation: { charging: 'attacker', 'fear-test': 'failed' } }, { ...ok, situation: { charging: 'attacker' } }, /^situation\.fear-test: 'failed' changed nothing: .*\(§11\)$/],
    ['a fear test in round 2', { ...ok, attacker: unit({ rules: ['causes-fear'] }), situation: { round: 2, 'fear-test': 'roll' } }, { ...ok, attacker: unit({ rules: ['causes-fear'] }), situation: { round: 2 } }, /^situation\.fear-test: 'roll' changed nothing/],
  ];
  for (const [what, given, without, note] of cases)
    it(what, () => {
      const parsed = W.parse(given);
      expect(W.notes!(parsed)).toEqual([expect.stringMatching(note)]);
      expect(W.exact(parsed)).toEqual(W.exact(W.parse(without)));
    });
  it('both notes of a charger and a challenge in round 2, in the order of the fields', () => {
    expect(W.notes!(W.parse({ ...ok, situation: { round: 2, charging: 'attacker', challenge: true } })).map((n) => n.split(':')[0])).toEqual(['situation.charging', 'situation.challenge']);
  });
});
