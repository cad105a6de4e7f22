/**
 * Input of a HOTT combat: troop names in English or Spanish, and one ScenarioError naming the
 * field for every input the rules do not allow.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../../src/core/errors.js';
import { hott } from '../../../src/systems/hott/index.js';

function rejects(input: unknown, path: string, words: RegExp): void {
  let error: unknown;
  try {
    hott.parse(input);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ScenarioError);
  const e = error as ScenarioError;
  expect(e.path).toBe(path);
  expect(e.message).not.toContain('\n');
  expect(e.problem).toMatch(words);
}

const blades = { type: 'blades' };

describe('hott: troop names', () => {
  it('English and Spanish names, singular or plural, any case, accents optional', () => {
    const names: Record<string, string> = {
      espadas: 'blades',
      Infantes: 'blades',
      'Héroe Aéreo': 'aerial-heroes',
      'heroe aereo': 'aerial-heroes',
      'aerial hero': 'aerial-heroes',
      Lanceros: 'spears',
      Caballería: 'knights',
      'Bárbaros': 'warbands',
      Artillería: 'artillery',
      Voladoras: 'flyers',
      Fortaleza: 'stronghold',
      Clérigos: 'clerics',
      Monstruo: 'behemoths',
    };
    for (const [name, id] of Object.entries(names)) expect(hott.parse({ attacker: { type: name }, target: blades }).attacker.troop, name).toBe(id);
  });
  it('defaults: close combat in the open, recommended readings, the attacker charged', () => {
    const s = hott.parse({ attacker: blades, target: blades });
    expect(s).toMatchObject({
      mode: 'close-combat',
      charged: true,
      onlySneakersInContact: true,
      attacker: { troop: 'blades', terrain: 'open', overlaps: 0, general: false, supports: [] },
      readings: { doubleRule: 'at-least', ridersHc: '3/3', explorerIgnoresEnemyTerrain: true, doubledNeverMilder: false },
    });
  });
});

describe('hott: bad input is one ScenarioError naming the field', () => {
  it('unknown troop type', () => rejects({ attacker: { type: 'orcs' }, target: blades }, 'attacker.type', /unknown troop type 'orcs'.*blades/));
  it('an overlap count the rules do not allow (max −1 per flank, 2 flanks)', () => {
    rejects({ attacker: { ...blades, overlaps: 3 }, target: blades }, 'attacker.overlaps', /0, 1 or 2/);
    rejects({ attacker: blades, target: { ...blades, overlaps: -1 } }, 'target.overlaps', /0, 1 or 2/);
    rejects({ attacker: blades, target: { ...blades, overlaps: 1.5 } }, 'target.overlaps', /0, 1 or 2/);
    rejects({ attacker: { type: 'shooters', missileSupport: 3 }, target: blades, situation: { mode: 'shooting' } }, 'attacker.missileSupport', /0, 1 or 2/);
  });
  it('unknown fields and values', () => {
    rejects({ attacker: { ...blades, attacks: 2 }, target: blades }, 'attacker', /unknown field.*'attacks'/);
    rejects({ attacker: blades, target: blades, situation: { mode: 'melee' } }, 'situation.mode', /close-combat/);
    rejects({ attacker: blades, target: { ...blades, terrain: 'swamp' } }, 'target.terrain', /marsh/);
  });
  it('a general of a type that may not be one', () => rejects({ attacker: { type: 'paladins', general: true }, target: blades }, 'attacker.general', /GEN/));
  it('an aerial element in a wood', () => rejects({ attacker: { type: 'flyers', terrain: 'wood' }, target: blades }, 'attacker.terrain', /aerial/));
  it('shooting by anything but Shooters or Artillery; magic by anything but a Magician', () => {
    rejects({ attacker: blades, target: blades, situation: { mode: 'shooting' } }, 'attacker.type', /Shooters or Artillery/);
    rejects({ attacker: { type: 'clerics' }, target: blades, situation: { mode: 'magic' } }, 'attacker.type', /Magicians/);
  });
  it('close-combat factors in shooting, and shooting factors in close combat', () => {
    rejects({ attacker: { type: 'shooters' }, target: { ...blades, overlaps: 1 }, situation: { mode: 'shooting' } }, 'target.overlaps', /shooting/);
    rejects({ attacker: { type: 'shooters', missileSupport: 1 }, target: blades }, 'attacker.missileSupport', /close combat/);
    rejects({ attacker: { type: 'magicians', enhancers: 1 }, target: blades }, 'attacker.enhancers', /close combat/);
    rejects({ attacker: blades, target: blades, situation: { weakened: true } }, 'situation.weakened', /magic/);
    rejects({ attacker: { type: 'shooters' }, target: blades, situation: { mode: 'shooting', charged: true } }, 'situation.charged', /close combat/);
  });
  it('more enhancers than the PIP die pays for', () =>
    rejects({ attacker: { type: 'magicians', enhancers: 5 }, target: blades, situation: { mode: 'magic' } }, 'attacker.enhancers', /PIP/));
  it('weakening reasons (b)/(c) against a target that is not a Hero, Aerial Hero or Magician', () =>
    rejects({ attacker: { type: 'magicians' }, target: blades, situation: { mode: 'magic', weakened: true } }, 'situation.weakened', /Hero/));
  it('rear support for a type without Apoyo a iguales', () => rejects({ attacker: { ...blades, rearSupport: true }, target: blades }, 'attacker.rearSupport', /Spears and Warbands/));
  it('height off a hill, both higher, a bank without a river', () => {
    rejects({ attacker: { ...blades, higher: true }, target: blades }, 'attacker.higher', /hill/);
    rejects({ attacker: { ...blades, terrain: 'gentle-hill', higher: true }, target: { ...blades, terrain: 'gentle-hill', higher: true } }, 'attacker.higher', /only one/);
    rejects({ attacker: { ...blades, defendingBank: true }, target: blades }, 'attacker.defendingBank', /river/);
  });
  it('Stronghold: supports only against one, at most 2, never a Dragon; nothing but its type', () => {
    rejects({ attacker: { ...blades, supports: ['spears'] }, target: blades }, 'attacker.supports', /Stronghold/);
    rejects({ attacker: { ...blades, supports: ['spears', 'spears', 'spears'] }, target: { type: 'stronghold' } }, 'attacker.supports', /at most 2/);
    rejects({ attacker: { ...blades, supports: ['dragons'] }, target: { type: 'stronghold' } }, 'attacker.supports[0]', /Solitario/);
    rejects({ attacker: blades, target: { type: 'stronghold', overlaps: 1 } }, 'target.overlaps', /Stronghold/);
    rejects({ attacker: { type: 'stronghold' }, target: { type: 'fortaleza' } }, 'target.type', /Stronghold/);
  });
});
