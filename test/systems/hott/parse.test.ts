/**
 * Input of a HOTT combat: troop names in English or Spanish, and one ScenarioError naming the
 * field for every input the rules do not allow.
 */
import { describe, expect, it } from 'vitest';
import { parseHott } from '../../../src/systems/hott/schema.js';
import { ScenarioError } from '../../../src/core/errors.js';
import { hott } from '../../../src/systems/hott/index.js';

function rejects(input: unknown, path: string, words: RegExp): void {
  let error: unknown;
  try {
    parseHott(input);
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
      Clérigos: 'clerics',
      Monstruo: 'behemoths',
    };
    for (const [name, id] of Object.entries(names)) expect(parseHott({ attacker: blades, target: { type: name } }).target.troop, name).toBe(id);
    expect(parseHott({ attacker: blades, target: { type: 'Fortaleza' } }).target.troop).toBe('stronghold');
  });
  it('defaults: close combat in the open, recommended readings, the attacker charged', () => {
    const s = parseHott({ attacker: blades, target: blades });
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
    rejects({ attacker: { type: 'shooters', 'missile-support': 3 }, target: blades, situation: { mode: 'shooting' } }, 'attacker.missile-support', /0, 1 or 2/);
  });
  it('unknown fields and values', () => {
    rejects({ attacker: { ...blades, attacks: 2 }, target: blades }, 'attacker', /unknown field.*'attacks'/);
    rejects({ attacker: blades, target: blades, situation: { mode: 'melee' } }, 'situation.mode', /close-combat/);
    rejects({ attacker: blades, target: { ...blades, terrain: 'swamp' } }, 'target.terrain', /marsh/);
  });
  it('multi-word keys are kebab-case: the camelCase spellings are unknown fields', () => {
    rejects({ attacker: { type: 'spears', rearSupport: true }, target: blades }, 'attacker', /unknown field.*'rearSupport'/);
    rejects({ attacker: blades, target: { ...blades, recoilBlocked: true } }, 'target', /unknown field.*'recoilBlocked'/);
    rejects({ attacker: blades, target: blades, situation: { doubleRule: 'strict' } }, 'situation', /unknown field.*'doubleRule'/);
    rejects({ attacker: blades, target: blades, situation: { onlySneakersInContact: false } }, 'situation', /unknown field.*'onlySneakersInContact'/);
  });
  it('kebab-case keys reach the parsed scenario', () => {
    const s = parseHott({
      attacker: { type: 'spears', 'rear-support': true, 'rear-harassment': true },
      target: { type: 'blades', terrain: 'gentle-hill', higher: true },
      situation: {
        'only-sneakers-in-contact': false,
        'double-rule': 'strict',
        'riders-hc': '2/2',
        'explorer-ignores-enemy-terrain': false,
        'doubled-never-milder': true,
        'backfire-any-target': true,
        'shooting-can-capture': false,
      },
    });
    expect(s).toMatchObject({
      onlySneakersInContact: false,
      attacker: { rearSupport: true, rearHarassment: true, recoilBlocked: false },
      readings: {
        doubleRule: 'strict',
        ridersHc: '2/2',
        explorerIgnoresEnemyTerrain: false,
        doubledNeverMilder: true,
        backfireAnyTarget: true,
        shootingCanCapture: false,
      },
    });
    const bank = parseHott({ attacker: { type: 'blades', 'defending-bank': true }, target: { type: 'spears', terrain: 'river' } });
    expect(bank).toMatchObject({ attacker: { defendingBank: true } });
    expect(parseHott({ attacker: blades, target: { ...blades, 'recoil-blocked': true } })).toMatchObject({ target: { recoilBlocked: true } });
    const shot = parseHott({ attacker: { type: 'artillery', 'missile-support': 2 }, target: blades, situation: { mode: 'shooting' } });
    expect(shot).toMatchObject({ attacker: { missileSupport: 2 } });
  });
  it('a general of a type that may not be one', () => rejects({ attacker: { type: 'paladins', general: true }, target: blades }, 'attacker.general', /GEN/));
  it('an aerial element in a wood', () => rejects({ attacker: { type: 'flyers', terrain: 'wood' }, target: blades }, 'attacker.terrain', /aerial/));
  it('shooting by anything but Shooters or Artillery; magic by anything but a Magician', () => {
    rejects({ attacker: blades, target: blades, situation: { mode: 'shooting' } }, 'attacker.type', /Shooters or Artillery/);
    rejects({ attacker: { type: 'clerics' }, target: blades, situation: { mode: 'magic' } }, 'attacker.type', /Magicians/);
  });
  it('close-combat factors in shooting, and shooting factors in close combat', () => {
    rejects({ attacker: { type: 'shooters' }, target: { ...blades, overlaps: 1 }, situation: { mode: 'shooting' } }, 'target.overlaps', /shooting/);
    rejects({ attacker: { type: 'shooters', 'missile-support': 1 }, target: blades }, 'attacker.missile-support', /close combat/);
    rejects({ attacker: { type: 'magicians', enhancers: 1 }, target: blades }, 'attacker.enhancers', /close combat/);
    rejects({ attacker: blades, target: blades, situation: { weakened: true } }, 'situation.weakened', /magic/);
    rejects({ attacker: { type: 'shooters' }, target: blades, situation: { mode: 'shooting', charged: true } }, 'situation.charged', /close combat/);
    rejects({ attacker: { type: 'shooters' }, target: blades, situation: { mode: 'shooting', 'only-sneakers-in-contact': true } }, 'situation.only-sneakers-in-contact', /close combat/);
    rejects({ attacker: { type: 'shooters' }, target: { ...blades, 'rear-support': true }, situation: { mode: 'shooting' } }, 'target.rear-support', /shooting \(allowed: .*recoil-blocked, rear-harassment/);
  });
  it('more enhancers than the PIP die pays for', () =>
    rejects({ attacker: { type: 'magicians', enhancers: 5 }, target: blades, situation: { mode: 'magic' } }, 'attacker.enhancers', /PIP/));
  it('weakening reasons (b)/(c) against a target that is not a Hero, Aerial Hero or Magician', () =>
    rejects({ attacker: { type: 'magicians' }, target: blades, situation: { mode: 'magic', weakened: true } }, 'situation.weakened', /Hero/));
  it('rear support for a type without Apoyo a iguales', () => rejects({ attacker: { ...blades, 'rear-support': true }, target: blades }, 'attacker.rear-support', /Spears and Warbands/));
  it('height off a hill, both higher, a bank without a river', () => {
    rejects({ attacker: { ...blades, higher: true }, target: blades }, 'attacker.higher', /hill/);
    rejects({ attacker: { ...blades, terrain: 'gentle-hill', higher: true }, target: { ...blades, terrain: 'gentle-hill', higher: true } }, 'attacker.higher', /only one/);
    rejects({ attacker: { ...blades, 'defending-bank': true }, target: blades }, 'attacker.defending-bank', /river/);
  });
  it('Stronghold: supports only against one, at most 2, never a Dragon; nothing but its type', () => {
    rejects({ attacker: { ...blades, supports: ['spears'] }, target: blades }, 'attacker.supports', /Stronghold/);
    rejects({ attacker: { ...blades, supports: ['spears', 'spears', 'spears'] }, target: { type: 'stronghold' } }, 'attacker.supports', /at most 2/);
    rejects({ attacker: { ...blades, supports: ['dragons'] }, target: { type: 'stronghold' } }, 'attacker.supports[0]', /Solitario/);
    rejects({ attacker: blades, target: { type: 'stronghold', overlaps: 1 } }, 'target.overlaps', /Stronghold/);
  });
  it('a Dragon cannot support and cannot be supported (Solitario, §5): no supports for a Dragon assaulting a Stronghold', () =>
    rejects({ attacker: { type: 'dragons', supports: ['blades'] }, target: { type: 'stronghold' } }, 'attacker.supports', /Dragon cannot support and cannot be supported \(Solitario, §5\)/));
  it('a Stronghold never attacks (§6.6), in any mode', () => {
    for (const mode of ['close-combat', 'shooting', 'magic'])
      rejects({ attacker: { type: 'fortaleza' }, target: blades, situation: { mode } }, 'attacker.type', /Stronghold never attacks.*§6\.6/);
    rejects({ attacker: { type: 'stronghold' }, target: { type: 'stronghold' } }, 'attacker.type', /never attacks/);
  });
  it('rear support while the fighting element is in difficult terrain changes nothing (Apoyo a iguales, §5): computed without it, and noted', () => {
    for (const terrain of ['marsh', 'wood', 'difficult-hill', 'river']) {
      const given = parseHott({ attacker: blades, target: { type: 'spears', terrain, 'rear-support': true } });
      expect(given).toEqual({ ...parseHott({ attacker: blades, target: { type: 'spears', terrain } }), notes: [`target.rear-support: true changed nothing: an element in difficult terrain ('${terrain}') gets no rear support (Apoyo a iguales, §5)`] });
    }
    // Open ground, a gentle hill and a road are not difficult: the support counts, and no note.
    for (const terrain of ['open', 'gentle-hill', 'road']) {
      const given = parseHott({ attacker: blades, target: { type: 'warbands', terrain, 'rear-support': true } });
      expect(given.mode === 'close-combat' && given.target.rearSupport).toBe(true);
      expect(hott.notes!(given)).toEqual([]);
    }
  });
  it('height or a river bank against an aerial element gives nothing (§6.3): refused', () => {
    rejects({ attacker: { type: 'flyers', terrain: 'river' }, target: { ...blades, 'defending-bank': true } }, 'target.defending-bank', /terrestrial opponent, not Flyers/);
    rejects({ attacker: { type: 'dragons' }, target: { ...blades, terrain: 'gentle-hill', higher: true } }, 'target.higher', /terrestrial opponent, not Dragons/);
  });
  it('general on the shooter or the Magician changes nothing (§5 General: no +1 when a general shoots or casts): computed, and noted', () => {
    const note = 'attacker.general: true changed nothing: a general gets no +1 when it shoots or casts (§5 General, ambiguity 12), only in close combat or when shot at';
    for (const [type, mode] of [['shooters', 'shooting'], ['magicians', 'magic']]) {
      const given = parseHott({ attacker: { type, general: true }, target: blades, situation: { mode } });
      expect(given).toEqual({ ...parseHott({ attacker: { type }, target: blades, situation: { mode } }), notes: [note] });
    }
    // general: false says nothing.
    expect(hott.notes!(parseHott({ attacker: { type: 'artillery', general: false }, target: blades, situation: { mode: 'shooting' } }))).toEqual([]);
  });
  it('both recoil flags: rear harassment already blocks the recoil (§7.8.3)', () => {
    rejects({ attacker: blades, target: { ...blades, 'rear-harassment': true, 'recoil-blocked': true } }, 'target.recoil-blocked', /rear-harassment/);
    rejects({ attacker: { type: 'shooters' }, target: { ...blades, 'rear-harassment': true, 'recoil-blocked': true }, situation: { mode: 'shooting' } }, 'target.recoil-blocked', /rear-harassment/);
  });
});

describe('hott: §11.10 illegal charges are notes carried out of parse, not errors', () => {
  const warnings = (input: unknown) => hott.notes!(parseHott(input));
  it('a ground element other than a Hero or Paladin charging an aerial element', () => {
    expect(warnings({ attacker: blades, target: { type: 'flyers' } })).toEqual([
      'situation.charged: only aerial elements, Paladins and Heroes may charge Flyers, unless they are already in combat (§5 Aéreas, §11.10)',
    ]);
    for (const attacker of ['heroes', 'paladins', 'aerial-heroes', 'dragons', 'airboats']) expect(warnings({ attacker: { type: attacker }, target: { type: 'gods' } }), attacker).toEqual([]);
  });
  it('Artillery charging anything but a Stronghold', () => {
    expect(warnings({ attacker: { type: 'artillery' }, target: blades })).toEqual(['situation.charged: Artillery may charge only a Stronghold (§5 Asedio, §11.10)']);
    expect(warnings({ attacker: { type: 'artillery' }, target: { type: 'airboats' } })).toHaveLength(2);
    expect(warnings({ attacker: { type: 'artillery' }, target: { type: 'stronghold' } })).toEqual([]);
  });
  it('no warning when the attacker did not charge this turn, nor in shooting', () => {
    expect(warnings({ attacker: { type: 'artillery' }, target: { type: 'flyers' }, situation: { charged: false } })).toEqual([]);
    expect(warnings({ attacker: { type: 'artillery' }, target: { type: 'flyers' }, situation: { mode: 'shooting' } })).toEqual([]);
  });
});
