/**
 * Bad input: one ScenarioError naming the field and what is allowed (Acceptance).
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError, UnsupportedRuleError } from '../../../src/core/errors.js';
import { kingsOfWar } from '../../../src/systems/kings-of-war/index.js';
import { unit } from './helpers.js';

const front = { attack: 'melee', charge: 'front' };

function problem(input: unknown): ScenarioError {
  try {
    kingsOfWar.parse(input);
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    expect((e as Error).message).not.toContain('\n');
    return e as ScenarioError;
  }
  throw new Error('parse accepted bad input');
}

const bad = (attacker: Record<string, unknown>, target: Record<string, unknown> = {}, situation: Record<string, unknown> = front) =>
  problem({ attacker: unit(attacker), target: unit(target), situation });

describe('kings-of-war parse: bad input', () => {
  it('unknown rule id', () => {
    const e = bad({ rules: ['frenzy'] });
    expect(e.path).toBe('attacker.rules[0]');
    expect(e.problem).toMatch(/unknown rule 'frenzy' \(known: .*crushing-strength/);
  });
  it('Me outside 2+..6+', () => {
    expect(bad({ me: '7+' }).message).toBe("attacker.me: '7+' is not allowed (allowed: 2+..6+)");
    expect(bad({ me: 1 }).path).toBe('attacker.me');
    expect(bad({}, { de: '1+' }).path).toBe('target.de');
  });
  it('nerve with waver at or above rout, or unreadable', () => {
    expect(bad({}, { nerve: '17/16' }).message).toBe("target.nerve: waver level 17 must be at least 2 and below the rout level 16 ('17/16')");
    expect(bad({}, { nerve: '16/16' }).path).toBe('target.nerve');
    expect(bad({}, { nerve: 'brave' }).problem).toMatch(/'-\/16' for Fearless/);
  });
  it('negative damage', () => {
    expect(bad({}, { damage: -1 }).message).toBe('target.damage: must be a whole number from 0 to 200');
  });
  it('unknown fields, missing units, bad sizes', () => {
    expect(bad({ frenzy: true }).message).toBe("attacker: unknown field(s) 'frenzy'");
    expect(problem({ attacker: unit(), situation: front }).path).toBe('target');
    expect(bad({ size: undefined }).message).toBe("attacker.size: type 'infantry' needs a size (allowed: troop, regiment, horde, legion)");
    expect(bad({ size: 'legion', type: 'cavalry' }).path).toBe('attacker.size');
    expect(bad({ type: 'monster' }).message).toBe("attacker.size: type 'monster' is a single model and has no size");
  });
  it('bad rule parameters and repeated rules', () => {
    expect(bad({ rules: ['crushing-strength(x)'] }).problem).toMatch(/needs a whole-number parameter/);
    expect(bad({ rules: ['blast(Q)'] }).problem).toMatch(/needs a number of hits/);
    expect(bad({ rules: ['regeneration(7+)'] }).problem).toMatch(/target from 2\+ to 6\+/);
    expect(bad({ rules: ['elite(2)'] }).problem).toMatch(/takes no parameter/);
    expect(bad({ rules: ['elite', 'elite'] }).problem).toMatch(/listed twice/);
  });
  it('situation: unknown attack, charge and fields', () => {
    expect(bad({}, {}, { charge: 'front' }).path).toBe('situation.attack');
    expect(bad({}, {}, { attack: 'melee', charge: 'sideways' }).message).toBe('situation.charge: must be one of "front", "flank", "rear", "counter-charge"');
    expect(bad({}, {}, { ...front, cover: true }).message).toBe("situation: unknown field(s) 'cover'");
  });
  it('attacks the unit does not have', () => {
    expect(bad({}, {}, { attack: 'shooting' }).message).toBe('situation.with: the attacker has no ranged weapon (ra is "-")');
    expect(bad({}, {}, { attack: 'shooting', with: 'fireball' }).problem).toMatch(/no Fireball spell/);
    expect(bad({}, {}, { attack: 'shooting', with: 'breath-attack' }).problem).toMatch(/no Breath Attack/);
    expect(bad({}, {}, { attack: 'shooting', with: 'war-bow-of-kaba' }).problem).toMatch(/no artefact 'war-bow-of-kaba'/);
    expect(bad({}, {}, { ...front, 'target-regenerates': true }).path).toBe('situation.target-regenerates');
  });
  it('a rule the file describes but warodds cannot compute is UnsupportedRuleError', () => {
    const e = bad({ rules: ['wind-blast(4)'] }, {}, { attack: 'shooting', with: 'wind-blast' });
    expect(e).toBeInstanceOf(UnsupportedRuleError);
    expect(e.message).toBe("situation.with: rule 'wind-blast' is not supported yet (it moves units and deals no damage)");
  });
  it('Blast that can give fewer than 1 hit: blast(D3-3), blast(D3-1), blast(0) — each hit becomes n hits (§7)', () => {
    // A negative-capable expression such as D3-3 may be refused by core/dice itself: either way one line naming the rule's path.
    for (const rule of ['blast(D3-3)', 'blast(D6-7)', 'blast(D3-1)', 'blast(0)']) {
      const e = bad({ ra: '4+', weapon: 'bows', rules: [rule] }, {}, { attack: 'shooting' });
      expect(e.path, rule).toBe('attacker.rules[0]');
      expect(e.message, rule).toContain(`'${rule}'`);
    }
    expect(bad({ ra: '4+', weapon: 'bows', rules: ['piercing(1)', 'blast(D3-3)'] }, {}, { attack: 'shooting' }).path).toBe('attacker.rules[1]');
    // D3, D6+3, 2D6-1 (at least 1) and 2 are hit counts.
    for (const rule of ['blast(D3)', 'blast(D6+3)', 'blast(2D6-1)', 'blast(2)'])
      expect(() => kingsOfWar.parse({ attacker: unit({ ra: '4+', weapon: 'bows', rules: [rule] }), target: unit(), situation: { attack: 'shooting' } }), rule).not.toThrow();
  });
  it("'individual' on a regiment: only heroes and war engines are Individuals (§2, §5.2)", () => {
    expect(bad({ rules: ['elite', 'individual'] }).message).toBe("attacker.rules[1]: 'individual' is a rule of heroes and war engines (§2, §5.2), not of type 'infantry' (regiment)");
    expect(bad({}, { type: 'monster', size: undefined, rules: ['individual'] }).path).toBe('target.rules[0]');
    expect(bad({}, { type: 'large-cavalry', size: 'horde', rules: ['individual'] }).path).toBe('target.rules[0]');
    for (const type of ['hero-infantry', 'hero-cavalry', 'war-engine'])
      expect(() => kingsOfWar.parse({ attacker: unit(), target: unit({ type, size: undefined, rules: ['individual'] }), situation: front }), type).not.toThrow();
  });
  it("ra '-' together with a ranged weapon", () => {
    expect(bad({ ra: '-', weapon: 'bows' }).message).toBe("attacker.weapon: a unit with ra '-' has no ranged attack (§2): give its Ra, or leave out the weapon 'bows'");
    expect(bad({}, { ra: 'none', weapon: 'javelins' }).path).toBe('target.weapon');
  });
});
