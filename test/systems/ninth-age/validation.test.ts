/**
 * Combinations the rules forbid, or that cannot change the answer, are one ScenarioError naming the
 * field (exit 2 on the command line, nothing on stdout) — 9th Age §4.7, §4.11, §9, §10, §11.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError, UnsupportedRuleError } from '../../../src/core/errors.js';
import { mean } from '../../../src/core/dist.js';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { warodds } from '../../cli/helpers.js';
import { type Json, oneSided, unit } from './helpers.js';

function rejected(attacker: Json, target: Json = {}, situation: Json = { type: 'melee' }): ScenarioError {
  try {
    ninthAge.parse({ attacker: unit(attacker), target: unit(target), situation });
  } catch (e) {
    if (e instanceof ScenarioError) return e;
    throw e;
  }
  throw new Error('expected a ScenarioError');
}

describe('one magic weapon, one shield — §11, §4.7', () => {
  it('two magic weapons are an error naming both', () => {
    const e = rejected({ models: 1, files: 1, items: ['ogre-sword', 'sword-of-strength'] });
    expect(e.path).toBe('attacker.items[1]');
    expect(e.problem).toMatch(/at most one magic weapon.*'ogre-sword' and 'sword-of-strength'/);
    expect(rejected({ models: 1, files: 1, items: ['skull-splitter', 'giant-sword'] }).problem).toMatch(/'skull-splitter' and 'giant-sword'/);
  });
  it('Force Shield with Hardened Shield: two shields', () => {
    const e = rejected({ models: 1, files: 1, items: ['force-shield', 'hardened-shield'] });
    expect(e.path).toBe('attacker.items[1]');
    expect(e.problem).toMatch(/only one shield.*'force-shield' and 'hardened-shield'/);
  });
});

describe('items and mounts for the troop types the rules name — §9, §11', () => {
  it('a mount only on cavalry, monstrous cavalry, chariots and ridden monsters', () => {
    const mount = { ws: 3, s: 3, i: 3, a: 1, rules: [] };
    const e = rejected({ mount });
    expect(e.path).toBe('attacker.mount');
    expect(e.problem).toMatch(/not infantry/);
    expect(rejected({}, { troop: 'monster', models: 1, files: 1, mount }).path).toBe('target.mount');
    for (const troop of ['cavalry', 'monstrous-cavalry', 'chariot', 'ridden-monster']) expect(() => ninthAge.parse({ attacker: unit({ troop, models: 1, files: 1, mount }), target: unit(), situation: { type: 'melee' } })).not.toThrow();
  });
  it('foot-only items: Mithril Mail, Dragon Mantle, Fencer’s Swords (and Screaming Swords)', () => {
    expect(rejected({ troop: 'cavalry', models: 1, files: 1, items: ['mithril-mail'] }).path).toBe('attacker.items[0]');
    expect(rejected({ troop: 'monster', models: 1, files: 1, items: ['dragon-mantle'] }).problem).toMatch(/foot only, not monster/);
    expect(rejected({ troop: 'cavalry', models: 1, files: 1, items: ['fencers-swords'] }).problem).toMatch(/foot only, not cavalry/);
    expect(rejected({}, { troop: 'monstrous-cavalry', models: 1, files: 1, items: ['screaming-swords'] }).path).toBe('target.items[0]');
  });
  it("Bluffer's Helm: not on a Large Target (monsters, ridden monsters, 'large-target')", () => {
    expect(rejected({ troop: 'monster', models: 1, files: 1, items: ['bluffers-helm'] }).path).toBe('attacker.items[0]');
    expect(rejected({ models: 1, files: 1, rules: ['large-target'], items: ['bluffers-helm'] }).problem).toMatch(/Large Target/);
  });
});

describe('characters are single models without a command group — §10', () => {
  it("'character: true' on a unit of 20", () => {
    const e = rejected({ character: true });
    expect(e.path).toBe('attacker.character');
    expect(e.problem).toMatch(/one model, not a unit of 20/);
  });
  it('musician, standard or champion on a lone character', () => {
    expect(rejected({ models: 1, files: 1, character: true, musician: true }).path).toBe('attacker.musician');
    expect(rejected({ models: 1, files: 1, character: true, standard: true }).path).toBe('attacker.standard');
    expect(rejected({}, { models: 1, files: 1, character: true, champion: true }).path).toBe('target.champion');
  });
});

describe('dice parameters that count things — §6, §7', () => {
  it("'impact-hits(0)', 'random-attacks(0)': never more than 0", () => {
    expect(rejected({ rules: ['impact-hits(0)'] }).problem).toMatch(/never gives more than 0/);
    expect(rejected({ rules: ['random-attacks(0)'] }).path).toBe('attacker.rules[0]');
  });
  it("'random-attacks(D6-7)' can roll below 0; 'multiple-wounds(D3-1)' can turn a wound into none", () => {
    const e = rejected({ rules: ['random-attacks(D6-7)'] });
    // core/dice may reject negative expressions itself; either way it is this field
    expect(e.path).toBe('attacker.rules[0]');
    expect(rejected({ rules: ['multiple-wounds(D3-1)'] }).problem).toMatch(/at least 1 on every roll/);
    expect(() => oneSided({ rules: ['random-attacks(D6-1)', 'multiple-wounds(D3)'] }, {})).not.toThrow();
  });
  it("'innate-defence(1+)' is allowed: bonus +6, the cap; a 1+ save fails on a natural 1 and absorbs one point (§4.7)", () => {
    // 12 attacks auto-hit (WS0 target), S4 vs T4 wounds on 4+: against 1+ the S4 penalty leaves 2+
    // (fails 1/6); against 2+ it leaves 3+ (fails 1/3)
    const d = (innate: string) => mean(ninthAge.exact(oneSided({ attacks: 12, s: 4 }, { ws: 0, t: 4, rules: [`innate-defence(${innate})`] })).damage);
    expect(Math.abs(d('1+') - 12 * (1 / 2) * (1 / 6))).toBeLessThan(1e-12);
    expect(Math.abs(d('2+') - 12 * (1 / 2) * (1 / 3))).toBeLessThan(1e-12);
  });
});

describe('challenge — §4.11', () => {
  const lone = { models: 1, files: 1, character: true };
  it('between two one-model units it cannot change the round: No More Foes ends it, Overkill never scores', () => {
    const e = rejected(lone, lone, { type: 'melee', challenge: true });
    expect(e.path).toBe('situation.challenge');
    expect(e.problem).toMatch(/has no effect here/);
  });
  it('a challenge needs a character or champion on each side', () => {
    expect(rejected(lone, {}, { type: 'melee', challenge: true }).problem).toMatch(/character or champion on each side/);
  });
  it('a champion fighting apart from its unit of several models is not supported yet', () => {
    const e = rejected({ champion: true }, lone, { type: 'melee', challenge: true });
    expect(e).toBeInstanceOf(UnsupportedRuleError);
    expect(e.message).toMatch(/^situation\.challenge: rule 'challenge' is not supported yet/);
  });
  it('the command line: exit 2, one line naming the field, nothing on stdout', async () => {
    const r = await warodds(['attack', '--attacker', 't9a/hero-on-foot', '--target', 't9a/hero-on-foot', '--situation', '{"challenge":true}']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^warodds: situation\.challenge: has no effect here/);
  });
});
