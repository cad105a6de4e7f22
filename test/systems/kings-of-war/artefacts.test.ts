/**
 * Each magic artefact of §8.2 with a dice effect, shown on a number (closed forms), and the
 * artefact limits. Reference: Att 10 Me 4+ / Ra 4+ against De 4+.
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { binomialPmf, exact, expectPmf, near, scenario } from './helpers.js';

const front = { attack: 'melee', charge: 'front' };
const shoot = { attack: 'shooting' };
const bows = { ra: '4+', weapon: 'bows' };
const hero = { type: 'hero-infantry', size: undefined };
const meanOf = (a: Record<string, unknown>, t: Record<string, unknown>, s: Record<string, unknown>) => mean(exact(a, t, s).damage);

describe('§8.2 to-hit artefacts', () => {
  it('Brew of Sharpness: +1 to hit in melee', () => near(meanOf({ artefact: 'brew-of-sharpness' }, {}, front), 10 * (2 / 3) * (1 / 2)));
  it('Brew of Keen-eyeness: +1 to hit with normal ranged attacks', () => near(meanOf({ ...bows, artefact: 'brew-of-keen-eyeness' }, {}, shoot), 10 * (2 / 3) * (1 / 2)));
  it('Quicksilver Rapier: +1 to hit in melee against Individuals only', () => {
    near(meanOf({ artefact: 'quicksilver-rapier' }, { ...hero, rules: ['individual'] }, front), 10 * (2 / 3) * (1 / 2));
    near(meanOf({ artefact: 'quicksilver-rapier' }, {}, front), 10 * (1 / 4));
  });
  it('Blessing of the Gods: Elite', () => near(meanOf({ artefact: 'blessing-of-the-gods' }, {}, front), 10 * (7 / 12) * (1 / 2)));
  it('Wine of Elvenkind: Nimble, so no moving penalty (A1)', () =>
    near(meanOf({ ...bows, artefact: 'wine-of-elvenkind' }, {}, { ...shoot, order: 'back' }), 10 * (1 / 4)));
  it('Wings of Honeymaze: Fly (not hindered crossing terrain)', () =>
    near(meanOf({ ...hero, rules: ['individual'], artefact: 'wings-of-honeymaze' }, {}, { ...front, hindered: 'difficult-terrain' }), 10 * (1 / 4)));
  it("Maccwar's Potion: Pathfinder (no hindrance from difficult terrain)", () =>
    near(meanOf({ artefact: 'maccwars-potion-of-the-caterpillar' }, {}, { ...front, hindered: 'difficult-terrain' }), 10 * (1 / 4)));
  it('The Fog: Stealthy (A10)', () => near(meanOf(bows, { artefact: 'the-fog' }, shoot), 10 * (1 / 3) * (1 / 2)));
  it('Boots of Levitation: no penalty after Advance; At the Double shoots at −1 (A14)', () => {
    const shooter = { ...hero, ...bows, artefact: 'boots-of-levitation' };
    near(meanOf(shooter, {}, { ...shoot, order: 'advance' }), 10 * (1 / 4));
    near(meanOf(shooter, {}, { ...shoot, order: 'at-the-double' }), 10 * (1 / 3) * (1 / 2));
    near(meanOf(shooter, {}, { ...shoot, order: 'sidestep' }), 10 * (1 / 3) * (1 / 2));
  });
});

describe('§8.2 damage artefacts', () => {
  it('Brew of Strength: CS(1), or +1 to existing CS', () => {
    near(meanOf({ artefact: 'brew-of-strength' }, {}, front), 10 * (1 / 2) * (2 / 3));
    near(meanOf({ artefact: 'brew-of-strength', rules: ['crushing-strength(1)'] }, {}, front), 10 * (1 / 2) * (5 / 6));
  });
  it('Heart-seeking Chant: +1 Piercing on ranged attacks and spells', () => {
    near(meanOf({ ...bows, artefact: 'heart-seeking-chant' }, {}, shoot), 10 * (1 / 2) * (2 / 3));
    near(meanOf({ rules: ['fireball(6)'], artefact: 'heart-seeking-chant' }, {}, { ...shoot, with: 'fireball' }), 6 * (1 / 2) * (2 / 3));
  });
  it('Fire-Oil: CS(1)/Piercing(1) against Regeneration only, not stacking with more (A8)', () => {
    const regen = { rules: ['regeneration(5+)'] };
    near(meanOf({ artefact: 'fire-oil' }, regen, front), 10 * (1 / 2) * (2 / 3));
    near(meanOf({ artefact: 'fire-oil' }, {}, front), 10 * (1 / 4));
    near(meanOf({ artefact: 'fire-oil', rules: ['crushing-strength(2)'] }, regen, front), 10 * (1 / 2) * (5 / 6));
    near(meanOf({ ...bows, artefact: 'fire-oil' }, regen, shoot), 10 * (1 / 2) * (2 / 3));
  });
  it('Blade of the Beast Slayer: +2 CS against large units, monsters and non-Individual heroes', () => {
    const slayer = { ...hero, artefact: 'blade-of-the-beast-slayer' };
    near(meanOf(slayer, { type: 'monster', size: undefined }, front), 10 * (1 / 2) * (5 / 6));
    near(meanOf(slayer, { type: 'large-cavalry', size: 'regiment' }, front), 10 * (1 / 2) * (5 / 6));
    near(meanOf(slayer, { ...hero }, front), 10 * (1 / 2) * (5 / 6));
    near(meanOf(slayer, { ...hero, rules: ['individual'] }, front), 10 * (1 / 4));
    near(meanOf(slayer, {}, front), 10 * (1 / 4));
  });
  it('Ensorcelled Armour: De +1, max 6+', () => {
    near(meanOf({}, { ...hero, artefact: 'ensorcelled-armour' }, front), 10 * (1 / 2) * (1 / 3));
    near(meanOf({}, { ...hero, de: '6+', artefact: 'ensorcelled-armour' }, front), 10 * (1 / 2) * (1 / 6));
  });
  it('Orcsbain\'s Amulet of Thorns: Phalanx (TC lost through the front)', () =>
    near(meanOf({ rules: ['thunderous-charge(1)'] }, { artefact: 'orcsbains-amulet-of-thorns' }, front), 10 * (1 / 4)));
  it('Chant of Hate: Vicious', () => near(meanOf({ artefact: 'chant-of-hate' }, {}, front), 10 * (1 / 2) * (7 / 12)));
  it('Piercing Arrow: one failed damage die re-rolled, normal ranged attacks only', () => {
    // 1 die: hit 1/2, damage 1/2 + (1/2)(1/2) = 3/4.
    near(meanOf({ ...bows, att: 1, artefact: 'piercing-arrow' }, {}, shoot), (1 / 2) * (3 / 4));
  });
  it('Diadem of Dragon-kind: Breath Attack(10); with a breath of its own, the larger one (Q&A)', () => {
    near(meanOf({ artefact: 'diadem-of-dragon-kind' }, {}, { ...shoot, with: 'breath-attack' }), 10 * (1 / 4));
    near(meanOf({ artefact: 'diadem-of-dragon-kind', rules: ['breath-attack(14)'] }, {}, { ...shoot, with: 'breath-attack' }), 14 * (1 / 4));
  });
  it('The Boomstick: Lightning Bolt(3)', () =>
    near(meanOf({ ...hero, artefact: 'the-boomstick' }, {}, { ...shoot, with: 'lightning-bolt' }), 3 * (1 / 2) * (2 / 3)));
  it("Myrddin's Amulet: a second, different ranged attack; one nerve test on the sum", () => {
    const wizard = { ...bows, rules: ['fireball(6)'], artefact: 'myrddins-amulet-of-the-fire-heart' };
    const out = exact(wizard, {}, { ...shoot, with: ['weapon', 'fireball'] });
    near(mean(out.damage), 10 * (1 / 4) + 6 * (1 / 4));
    expectPmf(out.damage, binomialPmf(16, 1 / 4));
    expect(() => scenario(wizard, {}, { ...shoot, with: ['fireball', 'fireball'] })).toThrow(/different/);
    expect(() => scenario({ ...bows, rules: ['fireball(6)'] }, {}, { ...shoot, with: ['weapon', 'fireball'] })).toThrow(/Myrddin/);
  });
});

describe('§8.2 nerve and regeneration artefacts', () => {
  it('Brew of Courage: −1 to the test', () => {
    // 1 die at 2+, damage 1/2, target carries 12: routs on 2D6 + 13 − 1 ≥ 16, i.e. 2D6 ≥ 4 (33/36).
    near(exact({ att: 1, me: '2+' }, { damage: 12, artefact: 'brew-of-courage' }, front).destroyed!, (5 / 12) * (33 / 36));
  });
  it('Pipes of Terror: Brutal (+1)', () =>
    near(exact({ att: 1, me: '2+', artefact: 'pipes-of-terror' }, { damage: 10 }, front).destroyed!, (5 / 12) * (33 / 36)));
  it('Dwarven Ale: Headstrong', () => {
    const out = exact({}, { damage: 6, artefact: 'dwarven-ale' }, front);
    near(out.outcomes!['target next turn'].wavered, out.morale!.wavered / 2);
  });
  it('Medallion of Life: Regeneration(5+); Darklord\'s Onyx Ring improves it by one', () => {
    const attack = { att: 1, me: '2+' };
    const situation = { ...front, 'target-regenerates': true };
    // The target ends with 0 damage only when nothing is dealt (7/12) and both points regenerate: (2/6)² on 5+, (3/6)² on 4+.
    near(exact(attack, { ...hero, damage: 2, artefact: 'medallion-of-life' }, situation).outcomes!['target damage']['0'], (7 / 12) * (2 / 6) ** 2);
    near(exact(attack, { ...hero, damage: 2, rules: ['regeneration(5+)'], artefact: 'darklords-onyx-ring' }, situation).outcomes!['target damage']['0'], (7 / 12) * (3 / 6) ** 2);
  });
});

describe('§8.2 limits', () => {
  it('war engines and monsters cannot carry artefacts; heroes-only items need a hero', () => {
    expect(() => scenario({ type: 'monster', size: undefined, artefact: 'brew-of-strength' }, {}, front)).toThrow(/attacker.artefact: a monster cannot carry/);
    expect(() => scenario({ artefact: 'ensorcelled-armour' }, {}, front)).toThrow(/heroes only/);
    expect(() => scenario({ ...hero, artefact: 'wings-of-honeymaze' }, {}, front)).toThrow(/Individual heroes only/);
    expect(() => scenario({ ...hero, artefact: 'darklords-onyx-ring' }, {}, front)).toThrow(/Regeneration only/);
    expect(() => scenario({ artefact: 'scarletmaws-fenulian-amulet' }, {}, front)).toThrow(/Lightning Bolt only/);
  });
  it('a hero riding a monster may carry one', () => {
    expect(() => scenario({ type: 'hero-monster', size: undefined, artefact: 'brew-of-strength' }, {}, front)).not.toThrow();
  });
});
