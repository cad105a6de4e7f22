/**
 * Bad input is one ScenarioError naming the field (issue 6 acceptance), and the rules that
 * validation encodes: one Crit per weapon (20.0), Champion and Companion (A5), Spearhead has no
 * commands (§8), the ability's requirements.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError, UnsupportedRuleError } from '../../../src/core/errors.js';
import { ageOfSigmar } from '../../../src/systems/age-of-sigmar/index.js';
import { clawlord, fangs, halberd, liberators, squigHoppers, warhammer } from './fixtures.js';

const target = { models: 5, health: 2, save: '4+' };
const attackerWith = (weapon: object) => ({ models: 5, weapons: [{ ...warhammer, ...weapon }] });

function error(input: unknown): ScenarioError {
  try {
    ageOfSigmar.parse(input);
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return e as ScenarioError;
  }
  throw new Error('expected a ScenarioError');
}

describe('age-of-sigmar parse: bad input', () => {
  it('an unknown weapon ability names the field and the allowed ids', () => {
    const e = error({ attacker: attackerWith({ abilities: ['poisoned-attacks'] }), target });
    expect(e.path).toBe('attacker.weapons[0].abilities[0]');
    expect(e.problem).toMatch(/unknown weapon ability 'poisoned-attacks'.*crit-mortal/);
  });
  it('hit outside 2+..6+', () => {
    for (const hit of ['1+', '7+', 'x']) expect(error({ attacker: attackerWith({ hit }), target }).path).toBe('attacker.weapons[0].hit');
  });
  it('ward better than 2+', () => {
    const e = error({ attacker: liberators, target: { ...target, ward: '1+' } });
    expect(e.path).toBe('target.ward');
    expect(e.problem).toMatch(/2\+\.\.6\+/);
  });
  it('a damage expression that does not parse, or that can be 0 (27.0)', () => {
    expect(error({ attacker: attackerWith({ damage: 'D7' }), target })).toMatchObject({ path: 'attacker.weapons[0].damage' });
    expect(error({ attacker: attackerWith({ damage: 'D3-1' }), target }).problem).toMatch(/never below 1/);
  });
  it('unknown fields, and a missing target Health or Save', () => {
    expect(error({ attacker: liberators, target: { ...target, toughness: 4 } })).toMatchObject({ path: 'target' });
    expect(error({ attacker: liberators, target: { models: 5, save: '4+' } })).toMatchObject({ path: 'target.health' });
    expect(error({ attacker: liberators, target: { models: 5, health: 2 } })).toMatchObject({ path: 'target.save' });
  });
  it('damage already allocated must be below Health (18.2)', () => {
    expect(error({ attacker: liberators, target: { ...clawlord, damaged: 7 } })).toMatchObject({ path: 'target.damaged' });
  });
  it('a weapon uses one Crit ability only (20.0)', () => {
    expect(error({ attacker: attackerWith({ abilities: ['crit-mortal', 'crit-2-hits'] }), target }).problem).toMatch(/only one Crit/);
  });
  it('Champion +1 Attacks never goes to a Companion weapon (A5), and needs a Champion', () => {
    const companion = { models: 1, keywords: ['champion'], weapons: [{ ...fangs, champion: true }] };
    expect(error({ attacker: companion, target }).path).toBe('attacker.weapons[0].champion');
    expect(error({ attacker: attackerWith({ champion: true }), target }).problem).toMatch(/no Champion/);
  });
  it('Spearhead has no commands', () => {
    const e = error({ attacker: liberators, target, situation: { pack: 'spearhead', 'all-out-attack': true } });
    expect(e.path).toBe('situation.all-out-attack');
  });
  it('one command per unit per phase (Órdenes 1.2)', () => {
    const gunner = { models: 1, weapons: [{ name: 'gun', type: 'ranged', attacks: 1, hit: '4+', wound: '4+', damage: 1 }] };
    const e = error({ attacker: gunner, target, situation: { ability: 'shoot', 'covering-fire': true, 'all-out-attack': true } });
    expect(e.path).toBe('situation.all-out-attack');
  });
  it('Place of Power needs a HERO, a miscast a WIZARD and not Spearhead', () => {
    expect(error({ attacker: liberators, target, situation: { ability: 'place-of-power' } }).path).toBe('target.keywords');
    expect(error({ attacker: liberators, target: clawlord, situation: { ability: 'miscast' } }).path).toBe('target.keywords');
    const wizard = { ...target, keywords: ['hero', 'wizard'] };
    expect(error({ attacker: liberators, target: wizard, situation: { ability: 'miscast', pack: 'spearhead' } }).path).toBe('situation.ability');
  });
  it('the ability needs matching weapons or sheet abilities', () => {
    expect(error({ attacker: liberators, target, situation: { ability: 'shoot' } }).path).toBe('attacker.weapons');
    // Engaged: only Shoot in Combat weapons (14.2).
    const bow = { name: 'bow', type: 'ranged', range: '18"', attacks: 2, hit: '4+', wound: '4+', damage: 1 };
    expect(error({ attacker: { models: 5, weapons: [bow] }, target, situation: { ability: 'shoot', engaged: true } }).problem).toMatch(/shoot-in-combat/);
    expect(error({ attacker: liberators, target, situation: { ability: 'boing-boing-boing' } }).path).toBe('attacker.abilities');
    expect(error({ attacker: clawlord, target: squigHoppers, situation: { ability: 'power-through' } }).path).toBe('situation.charged');
    expect(error({ attacker: squigHoppers, target: clawlord, situation: { ability: 'power-through', charged: true } }).path).toBe('target.health');
  });
  it('a described rule that is not combat dice is UnsupportedRuleError', () => {
    const e = error({ attacker: { ...liberators, abilities: ['rally'] }, target });
    expect(e).toBeInstanceOf(UnsupportedRuleError);
    expect(e.problem).toMatch(/rule 'rally' is not supported yet/);
  });
  it('accepts "4+" and 4 alike, and "-" for Rend 0', () => {
    const a = ageOfSigmar.parse({ attacker: attackerWith({ hit: 3, rend: '-' }), target: { ...target, save: 4 } });
    const b = ageOfSigmar.parse({ attacker: attackerWith({ hit: '3+', rend: 0 }), target });
    expect(a).toEqual(b);
  });
});

describe('age-of-sigmar parse: the weapons an ability uses', () => {
  it('Fight uses the melee weapons, Shoot the ranged ones', () => {
    expect(ageOfSigmar.parse({ attacker: clawlord, target }).attacker.weapons.map((w) => w.name)).toEqual([halberd.name, fangs.name]);
    const shot = ageOfSigmar.parse({ attacker: clawlord, target, situation: { ability: 'shoot', engaged: true } });
    expect(shot.attacker.weapons.map((w) => w.name)).toEqual(['Pistola amerratadora']);
  });
});
