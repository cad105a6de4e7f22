/**
 * Bad input is one ScenarioError naming the field (issue 6 acceptance), and the rules that
 * validation encodes: one Crit per weapon (20.0), Champion and Companion (A5), Spearhead has no
 * commands (§8), the ability's requirements.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { warodds } from '../../cli/helpers.js';
import { ScenarioError, UnsupportedRuleError } from '../../../src/core/errors.js';
import { ageOfSigmar } from '../../../src/systems/age-of-sigmar/index.js';
import { parseScenario } from '../../../src/systems/age-of-sigmar/parse.js';
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
    expect(parseScenario({ attacker: clawlord, target }).attacker.weapons.map((w) => w.name)).toEqual([halberd.name, fangs.name]);
    const shot = parseScenario({ attacker: clawlord, target, situation: { ability: 'shoot', engaged: true } });
    expect(shot.attacker.weapons.map((w) => w.name)).toEqual(['Pistola amerratadora']);
  });
});

describe('age-of-sigmar parse: any keyword as printed is taken; one no rule reads is noted, with a suggestion', () => {
  const notes = (input: unknown) => ageOfSigmar.notes!(ageOfSigmar.parse(input));
  it("faction keywords ('ORDER', 'Stormcast Eternals') are accepted, computed as without them, and noted", () => {
    const plain = ageOfSigmar.exact(ageOfSigmar.parse({ attacker: liberators, target }));
    const input = { attacker: liberators, target: { ...target, keywords: ['ORDER', 'Stormcast Eternals', 'infantry'] } };
    expect(ageOfSigmar.exact(ageOfSigmar.parse(input))).toEqual(plain);
    expect(notes(input)).toEqual([
      expect.stringMatching(/^target\.keywords\[0\]: 'ORDER' changed nothing: no rule computed here reads it; the rules read hero, /),
      expect.stringMatching(/^target\.keywords\[1\]: 'Stormcast Eternals' changed nothing: no rule computed here reads it;/),
    ]);
  });
  it("a misspelt keyword is noted with the nearest one the rules read: 'heroes', the Spanish 'HÉROE', 'calvary', 'flyer'", () => {
    expect(notes({ attacker: liberators, target: { ...target, keywords: ['infantry', 'heroes'] } })[0]).toMatch(/^target\.keywords\[1\]: 'heroes' changed nothing.*\(did you mean 'hero'\?\)/);
    expect(notes({ attacker: liberators, target: { ...target, keywords: ['HÉROE'] } })[0]).toMatch(/did you mean 'hero'/);
    expect(notes({ attacker: liberators, target: { ...target, keywords: ['calvary'] } })[0]).toMatch(/did you mean 'cavalry'/);
    expect(notes({ attacker: { ...liberators, keywords: ['flyer'] }, target })[0]).toMatch(/^attacker\.keywords\[0\]: 'flyer'.*did you mean 'fly'/);
    expect(notes({ attacker: liberators, target: { ...target, keywords: ['banana'] } })[0]).not.toMatch(/did you mean/);
  });
  it("every keyword of the rules file is read and not noted; 'War Machine' is 'war-machine'", () => {
    const keywords = ['HERO', 'Infantry', 'cavalry', 'monster', 'War Machine', 'fly', 'wizard', 'priest', 'champion', 'musician', 'standard-bearer', 'reinforcements'];
    const input = { attacker: liberators, target: { ...target, keywords } };
    expect([...parseScenario(input).target.keywords]).toContain('war-machine');
    expect(notes(input)).toEqual([]);
  });
  it('a faction keyword an Anti-X of the attacker reads is not noted, and Anti-X applies to it (+1 rend, 20.0)', () => {
    const input = { attacker: attackerWith({ abilities: ['crit-mortal', 'anti-order(+1 rend)'] }), target: { ...target, keywords: ['Order'] } };
    expect(notes(input)).toEqual([]);
    const withRend = ageOfSigmar.exact(ageOfSigmar.parse({ attacker: attackerWith({ rend: warhammer.rend + 1 }), target }));
    expect(ageOfSigmar.exact(ageOfSigmar.parse(input))).toEqual(withRend);
  });
  it("an Anti-X of no rules-file keyword that the target lacks is noted ('anti-heroes' suggests 'hero')", () => {
    expect(notes({ attacker: attackerWith({ abilities: ['anti-banana'] }), target })).toEqual([
      "attacker.weapons[0]: Anti-BANANA changed nothing: the target has no keyword 'banana'",
    ]);
    expect(notes({ attacker: attackerWith({ abilities: ['anti-heroes(+1 rend)'] }), target })[0]).toMatch(/did you mean 'hero'/);
  });
});

describe('age-of-sigmar parse: nonsense is refused, naming the field', () => {
  const gun = { name: 'gun', type: 'ranged', range: '12"', attacks: 1, hit: '4+', wound: '4+', damage: 1 };
  const shooter = { models: 1, weapons: [gun] };
  const hero = { ...target, keywords: ['hero', 'infantry'] };
  it("'guarded-hero' on a non-hero, on a MONSTER hero, or in melee changes nothing (25.0): computed without it, and noted", () => {
    const guarded = (input: { attacker: unknown; target: unknown; situation: Record<string, unknown> }) => {
      const parsed = ageOfSigmar.parse({ ...input, situation: { ...input.situation, 'guarded-hero': true } });
      expect(ageOfSigmar.exact(parsed)).toEqual(ageOfSigmar.exact(ageOfSigmar.parse(input)));
      return ageOfSigmar.notes!(parsed);
    };
    expect(guarded({ attacker: shooter, target, situation: { ability: 'shoot' } })).toEqual([expect.stringMatching(/^situation\.guarded-hero: true changed nothing: .*the target has no keyword HERO$/)]);
    const monster = { ...target, keywords: ['hero', 'monster'] };
    expect(guarded({ attacker: shooter, target: monster, situation: { ability: 'shoot' } })).toEqual([expect.stringMatching(/the target is a MONSTER$/)]);
    expect(guarded({ attacker: liberators, target: hero, situation: {} })).toEqual([expect.stringMatching(/shooting attacks only \(25\.0\), and this is ability 'fight'$/)]);
    const real = parseScenario({ attacker: shooter, target: hero, situation: { ability: 'shoot', 'guarded-hero': true } });
    expect(real.situation.guardedHero).toBe(true);
    expect(real.notes).toBeUndefined();
  });
  it("'covering-fire' while engaged (Órdenes 4.0)", () => {
    const pistolUnit = { models: 1, weapons: [{ ...gun, abilities: ['shoot-in-combat'] }] };
    const e = error({ attacker: pistolUnit, target, situation: { ability: 'shoot', engaged: true, 'covering-fire': true } });
    expect(e).toMatchObject({ path: 'situation.covering-fire' });
    expect(e.problem).toMatch(/not engaged/);
  });
  it("'all-out-attack' (or any hit, wound or save key) when the ability is not an attack: retreat", () => {
    const e = error({ attacker: liberators, target, situation: { ability: 'retreat', 'all-out-attack': true } });
    expect(e.path).toBe('situation.all-out-attack');
    expect(e.problem).toMatch(/mortal damage only/);
    expect(error({ attacker: liberators, target, situation: { ability: 'retreat', 'reroll-save': 'failed' } }).path).toBe('situation.reroll-save');
  });
  it("'place-of-power' together with 'cover'", () => {
    expect(error({ attacker: liberators, target: hero, situation: { ability: 'place-of-power', cover: true } })).toMatchObject({ path: 'situation.cover' });
  });
  it("'damaged' at or past the counter's limit, or on a unit with no Health (18.2)", () => {
    const e = error({ attacker: liberators, target: { ...target, damaged: 12 } });
    expect(e.path).toBe('target.damaged');
    expect(e.problem).toMatch(/below the unit's Health 2.*total is 10/);
    expect(error({ attacker: { ...liberators, damaged: 3 }, target }).path).toBe('attacker.damaged');
    expect(error({ attacker: { ...clawlord, damaged: 9 }, target }).path).toBe('attacker.damaged');
  });
  it("'cornered-rat' on any weapon but the Clawlord's Warpforged Halberd (Clawlord sheet, §6)", () => {
    const e = error({ attacker: attackerWith({ abilities: ['cornered-rat'] }), target });
    expect(e.path).toBe('attacker.weapons[0].abilities[0]');
    expect(e.problem).toMatch(/Warpforged Halberd/);
    const ranged = { ...gun, name: 'Warpforged Halberd', abilities: ['cornered-rat'] };
    expect(error({ attacker: { models: 1, weapons: [ranged] }, target, situation: { ability: 'shoot' } }).path).toBe('attacker.weapons[0].abilities[0]');
    expect(parseScenario({ attacker: { models: 1, weapons: [halberd] }, target }).attacker.weapons[0].corneredRat).toBe(true);
  });
  it('the CLI prints the one line and exits 2, nothing on stdout', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'warodds-aos-')), 'banana.json');
    writeFileSync(file, JSON.stringify({ system: 'aos', attacker: attackerWith({ abilities: ['cornered-rat'] }), target }));
    const r = await warodds(['attack', '--scenario', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/attacker\.weapons\[0\]\.abilities\[0\]: .*Warpforged Halberd/);
  });
});
