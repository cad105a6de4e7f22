/**
 * Every equipment item of §8, special rule of §6–§7 and magic item of §11 that changes the dice,
 * shown changing a number. Expected values are closed forms written here from the rules. Hellfire
 * and Lightning Attack are in end-of-phase.test.ts, the single-use items in single-use.test.ts, the
 * other items of §11 in items.test.ts.
 *
 * Baseline: one attack WS3 vs WS3 (4+, 1/2) at S3 vs T3 (4+, 1/2), no save: 1/4 per attack. The
 * attacks land on the flank so Parry stays out of the way unless a test asks for it.
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { meleeSides } from '../../../src/systems/ninth-age/melee-setup.js';
import { type Json, oneSided, shooting } from './helpers.js';

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

/** Mean wounds of the attacker's attacks (one attack unless `attacks` says otherwise). */
function wounds(attacker: Json, target: Json = {}, situation: Json = {}): number {
  return mean(ninthAge.exact(oneSided({ attacks: 1, ...attacker }, target, { facing: 'flank', ...situation })).damage);
}

/** Mean wounds of a whole unit fighting from its formation (no explicit attack count). */
function formationWounds(attacker: Json, target: Json = {}, situation: Json = {}): number {
  return mean(ninthAge.exact(oneSided(attacker, { models: 40, ...target }, situation)).damage);
}

function shots(attacker: Json, target: Json = {}, situation: Json = {}): number {
  return mean(ninthAge.exact(shooting({ shots: 1, bs: 3, ...attacker }, target, situation)).damage);
}

function initiatives(attacker: Json, target: Json = {}, situation: Json = {}): number[] {
  return meleeSides(oneSided(attacker, target, situation), false, false).attacker.groups.map((g) => g.initiative);
}

describe('§8.1 close-combat weapons', () => {
  it('baseline and hand weapon: 1/4', () => {
    near(wounds({}), 1 / 4);
    near(wounds({ equipment: ['hand-weapon'] }), 1 / 4);
  });
  it('great weapon +2 S (2+ to wound) and I0; halberd +1 S; flail +2 S', () => {
    near(wounds({ equipment: ['great-weapon'] }), (1 / 2) * (5 / 6));
    expect(initiatives({ equipment: ['great-weapon'] })).toEqual([0]);
    near(wounds({ equipment: ['halberd'] }), (1 / 2) * (2 / 3));
    near(wounds({ equipment: ['flail'] }), (1 / 2) * (5 / 6));
  });
  it('flail bearer: enemies +1 to hit, every round', () => {
    near(wounds({}, { equipment: ['flail'] }, { round: 3 }), (2 / 3) * (1 / 2));
  });
  it('additional hand weapon (paired weapons, pistols in melee): +1 A and +1 I', () => {
    for (const id of ['additional-hand-weapon', 'paired-weapons', 'pistol', 'brace-of-pistols']) {
      near(formationWounds({ models: 1, files: 1, equipment: [id] }), 2 / 4);
      expect(initiatives({ models: 1, files: 1, equipment: [id] })).toEqual([4]);
    }
  });
  it('lance +2 S and light lance +1 S only in the first round after charging (A21)', () => {
    const knight = { troop: 'cavalry', attacks: 1 };
    near(wounds({ ...knight, equipment: ['lance'] }, {}, { charging: 'attacker' }), (1 / 2) * (5 / 6));
    near(wounds({ ...knight, equipment: ['lance'] }, {}, { charging: 'attacker', round: 2 }), 1 / 4);
    near(wounds({ ...knight, equipment: ['lance'] }, {}, { charging: 'target' }), 1 / 4);
    near(wounds({ ...knight, equipment: ['light-lance'] }, {}, { charging: 'attacker' }), (1 / 2) * (2 / 3));
  });
  it('spear: one more supporting rank and Armour Piercing (1)', () => {
    // 20 models five wide: 5 in front + 5 supporting, +5 more with the spear
    near(formationWounds({ models: 20, files: 5 }), 10 / 4);
    near(formationWounds({ models: 20, files: 5, equipment: ['spear'] }), 15 / 4);
    near(wounds({ equipment: ['spear'] }, { equipment: ['heavy-armour'] }), (1 / 4) * (5 / 6));
  });
  it('Parry: a foot hand weapon + shield caps the base at 4+ in the front arc; not with a magic weapon or magic shield', () => {
    const target = { ws: 3, equipment: ['hand-weapon', 'shield'] };
    near(wounds({ ws: 4 }, target, { facing: 'front' }), (1 / 2) * (1 / 2) * (5 / 6));
    near(wounds({ ws: 4 }, target, { facing: 'flank' }), (2 / 3) * (1 / 2) * (5 / 6));
    near(wounds({ ws: 4 }, { ...target, troop: 'cavalry' }, { facing: 'front' }), (2 / 3) * (1 / 2) * (5 / 6));
    near(wounds({ ws: 4 }, { ...target, items: ['sword-of-strength'] }, { facing: 'front' }), (2 / 3) * (1 / 2) * (5 / 6));
    near(wounds({ ws: 4 }, { ws: 3, items: ['hardened-shield'] }, { facing: 'front' }), (2 / 3) * (1 / 2) * (4 / 6));
  });
});

describe('§8.2 missile weapons', () => {
  it('bows S3 (short, normal, long), crossbow and handgun S4, handgun AP1', () => {
    for (const bow of ['short-bow', 'bow', 'long-bow']) near(shots({ equipment: [bow] }), (1 / 2) * (1 / 2));
    near(shots({ equipment: ['crossbow'] }), (1 / 2) * (2 / 3));
    near(shots({ equipment: ['crossbow'] }, { equipment: ['heavy-armour'] }), (1 / 2) * (2 / 3) * (5 / 6));
    near(shots({ equipment: ['handgun'] }, { equipment: ['heavy-armour'] }), (1 / 2) * (2 / 3));
  });
  it('Unwieldy: −2 in total after moving; Quick to Fire: no penalty; plain −1', () => {
    near(shots({ equipment: ['crossbow'] }, {}, { moved: true }), (1 / 6) * (2 / 3));
    near(shots({ equipment: ['pistol'] }, {}, { moved: true }), (1 / 2) * (2 / 3));
    near(shots({ equipment: ['bow'] }, {}, { moved: true }), (1 / 3) * (1 / 2));
    near(shots({ equipment: ['bow'], rules: ['quick-to-fire'] }, {}, { moved: true }), (1 / 2) * (1 / 2));
    near(shots({ equipment: ['bow'], rules: ['unwieldy'] }, {}, { moved: true }), (1 / 6) * (1 / 2));
  });
  it('Volley Fire: every rank shoots when the unit did not move; otherwise the first two ranks', () => {
    const archers = { models: 20, files: 5, bs: 3, equipment: ['bow'] };
    near(mean(ninthAge.exact(shooting(archers, { models: 40 })).damage), 20 / 4);
    near(mean(ninthAge.exact(shooting(archers, { models: 40 }, { moved: true })).damage), (10 * 1) / 3 / 2);
    near(mean(ninthAge.exact(shooting({ ...archers, equipment: ['crossbow'] }, { models: 40 })).damage), (10 * 1) / 3);
  });
  it('Multiple Shots (X): X shots per model, −1 to hit; brace of pistols 2, a unit rule multiple-shots(3)', () => {
    const gunner = { shots: undefined, models: 1, files: 1, bs: 3 };
    near(mean(ninthAge.exact(shooting({ ...gunner, equipment: ['brace-of-pistols'] }, {}, { 'multiple-shots': true })).damage), 2 * (1 / 3) * (2 / 3));
    near(mean(ninthAge.exact(shooting({ ...gunner, equipment: ['bow'], rules: ['multiple-shots(3)'] }, {}, { 'multiple-shots': true })).damage), 3 * (1 / 3) * (1 / 2));
  });
  it('cover, stand and shoot, long range, Skirmishers and Hard Target each −1 (hard cover −2)', () => {
    const bow = { equipment: ['bow'] };
    near(shots(bow, {}, { cover: 'soft' }), (1 / 3) * (1 / 2));
    near(shots(bow, {}, { cover: 'mixed' }), (1 / 3) * (1 / 2));
    near(shots(bow, {}, { cover: 'hard' }), (1 / 6) * (1 / 2));
    near(shots(bow, {}, { 'stand-and-shoot': true }), (1 / 3) * (1 / 2));
    near(shots(bow, { rules: ['skirmishers'] }), (1 / 3) * (1 / 2));
    near(shots(bow, { rules: ['hard-target'] }), (1 / 3) * (1 / 2));
    near(shots(bow, {}, { 'to-hit-modifier': -5 }), (1 / 36) * (1 / 2)); // BS3 − 5 = −2: a 6, then 6+
    near(shots(bow, {}, { 'to-hit-modifier': -6 }), 0); // −3: impossible
  });
});

describe('§8.4 armour', () => {
  it('light 6+, heavy 5+, plate 4+, shield +1, barding +1, mount protection, innate defence; cap +6', () => {
    const saved = (target: Json) => 1 - wounds({}, target) / (1 / 4);
    near(saved({ equipment: ['light-armour'] }), 1 / 6);
    near(saved({ equipment: ['heavy-armour'] }), 2 / 6);
    near(saved({ equipment: ['plate-armour'] }), 3 / 6);
    near(saved({ equipment: ['plate-armour', 'shield'] }), 4 / 6);
    near(saved({ troop: 'cavalry', equipment: ['plate-armour', 'shield', 'barding'], rules: ['mount-protection(5+)'] }), 5 / 6);
    near(saved({ rules: ['innate-defence(4+)'] }), 3 / 6);
    near(saved({ rules: ['innate-defence(2+)'], equipment: ['plate-armour'] }), 5 / 6); // +8 capped at +6: "1+"
  });
  it('a shield is not used in close combat with a weapon that Requires Two Hands, but counts against shooting', () => {
    near(wounds({}, { equipment: ['great-weapon', 'shield', 'light-armour'] }), (1 / 4) * (5 / 6));
    near(shots({ equipment: ['bow'] }, { equipment: ['great-weapon', 'shield', 'light-armour'] }), (1 / 4) * (4 / 6));
  });
  it('Strength penalty: S4 −1 … S8 −5, S9 and S10 both −6: a "1+" save saves on 6 against S8, never against S9', () => {
    const best = { t: 10, rules: ['innate-defence(2+)'], equipment: ['plate-armour'] };
    near(wounds({ s: 4 }, { equipment: ['heavy-armour'] }), (1 / 2) * (2 / 3) * (5 / 6));
    near(wounds({ s: 8 }, best), (1 / 2) * (1 / 6) * (5 / 6));
    near(wounds({ s: 9 }, best), (1 / 2) * (1 / 3));
    near(wounds({ s: 10 }, best), (1 / 2) * (1 / 2));
  });
});

describe('§10 command: the champion', () => {
  it('+1 A and +1 WS on one front-rank model (WS4 vs WS3: 3+), removed last', () => {
    // 5 models: 4 R&F at 4+, the champion's 2 attacks at 3+
    near(formationWounds({ models: 5, files: 5, champion: true }, {}, { facing: 'flank' }), 4 * (1 / 4) + 2 * (2 / 3) * (1 / 2));
    const g = meleeSides(oneSided({ models: 5, files: 5, champion: true }, {}), false, false).attacker.groups;
    expect(g.map((x) => [x.label, x.count(1).flat])).toEqual([['attacks', 0], ['champion', 2]]);
  });
  it('a failed Fear test sets the champion to WS1 as well', () => {
    const g = meleeSides(oneSided({ models: 5, files: 5, champion: true }, { ws: 3, rules: ['fear'] }), true, false).attacker.groups;
    expect(g[1].profile(5).hit).toEqual({ kind: 'roll', need: 5, rerollMisses: false });
  });
  it('the champion shoots at BS + 1', () => {
    const s = shooting({ shots: undefined, models: 10, files: 5, bs: 3, champion: true, equipment: ['crossbow'] }, { models: 20 });
    near(mean(ninthAge.exact(s).damage), 9 * (1 / 2) * (2 / 3) + (2 / 3) * (2 / 3));
  });
  it('Random Attacks: the champion rolls like the others (its +1 A is printed A, ignored, A9)', () => {
    near(formationWounds({ models: 2, files: 2, champion: true, rules: ['random-attacks(D3)'] }, {}, { facing: 'flank' }), 2 * (1 / 4) + 2 * (2 / 3) * (1 / 2));
  });
});

describe('§6 special attacks', () => {
  it('Stomp (X): automatic hits at I0 against infantry, none against cavalry; monstrous infantry Stomp (1)', () => {
    const ogre = { troop: 'monstrous-infantry', models: 1, files: 1, a: 0 };
    expect(initiatives(ogre)).toEqual([0]);
    near(formationWounds(ogre), 1 / 2);
    near(formationWounds(ogre, { troop: 'cavalry' }), 0);
    near(formationWounds({ models: 1, files: 1, a: 0, rules: ['stomp(D6)'] }), 3.5 / 2);
  });
  it('Impact Hits (X): I10 when charging, +1 S per full rank after the first; Scythes +1 hit', () => {
    const chariots = { troop: 'chariot', models: 1, files: 1, a: 0 };
    near(formationWounds(chariots, {}, { charging: 'attacker' }), 3.5 / 2);
    near(formationWounds(chariots, {}, { charging: 'none' }), 0);
    near(formationWounds({ ...chariots, rules: ['scythes'] }, {}, { charging: 'attacker' }), 4.5 / 2);
    expect(initiatives(chariots, {}, { charging: 'attacker' })).toEqual([10]);
    // 10 infantry with Impact Hits (1), five wide: 2 full ranks → S4 (3+), five hits from the front rank
    near(formationWounds({ models: 10, files: 5, a: 0, rules: ['impact-hits(1)'] }, {}, { charging: 'attacker' }), 5 * (2 / 3));
  });
  it('Grinding Attacks (X) at the own I, not in a round with Impact Hits; Breath Weapon 2D6 hits', () => {
    near(formationWounds({ models: 1, files: 1, a: 0, rules: ['grinding-attacks(2)'] }), 2 / 2);
    near(formationWounds({ models: 1, files: 1, a: 0, rules: ['grinding-attacks(2)', 'impact-hits(1)'] }, {}, { charging: 'attacker' }), 1 / 2);
    near(formationWounds({ models: 1, files: 1, a: 0, rules: ['breath-weapon(4)'] }), 7 * (2 / 3));
  });
  it('Crush Attack: one attack at I0, S10, Multiple Wounds D3+1 (D3+2 against Fly)', () => {
    // cavalry cannot be stomped; Immune to Psychology keeps the monster's Terror (Fear) out
    const giant = { troop: 'monster', models: 1, files: 1, a: 4, rules: ['crush-attack'] };
    const riders = { troop: 'cavalry', w: 5, rules: ['immune-to-psychology'] };
    expect(initiatives(giant, riders)).toEqual([0]);
    near(formationWounds(giant, riders), (1 / 2) * (5 / 6) * 3);
    near(formationWounds(giant, { ...riders, rules: ['immune-to-psychology', 'fly(8)'] }), (1 / 2) * (5 / 6) * 4);
  });
});

describe('§7 special rules', () => {
  it('Armour Piercing (X): highest value only', () => {
    near(wounds({ rules: ['armour-piercing(1)'] }, { equipment: ['heavy-armour'] }), (1 / 4) * (5 / 6));
    near(wounds({ rules: ['armour-piercing(1)', 'armour-piercing(2)'] }, { equipment: ['plate-armour'] }), (1 / 4) * (5 / 6));
  });
  it('Devastating Charge +1 A and Thunderous Charge +1 S in the first round after charging', () => {
    near(formationWounds({ models: 1, files: 1, rules: ['devastating-charge'] }, {}, { charging: 'attacker' }), 2 / 4);
    near(formationWounds({ models: 1, files: 1, rules: ['devastating-charge'] }, {}, { charging: 'attacker', round: 2 }), 1 / 4);
    near(wounds({ rules: ['thunderous-charge'] }, {}, { charging: 'attacker' }), (1 / 2) * (2 / 3));
  });
  it('Distracting −1 to hit; Lightning Reflexes +1 to hit, or its own I with a great weapon (no +1)', () => {
    near(wounds({}, { rules: ['distracting'] }), (1 / 3) * (1 / 2));
    near(wounds({}, { items: ['glittering-cuirass'] }), (1 / 3) * (1 / 2) * (2 / 3));
    near(wounds({ rules: ['lightning-reflexes'] }), (2 / 3) * (1 / 2));
    near(wounds({ items: ['crystal-ball'] }), (2 / 3) * (1 / 2));
    near(wounds({ equipment: ['great-weapon'], rules: ['lightning-reflexes'] }), (1 / 2) * (5 / 6));
    expect(initiatives({ equipment: ['great-weapon'], rules: ['lightning-reflexes'] })).toEqual([3]);
  });
  it('Ethereal: 2+ ward unless the attacks are magical; Otherworldly ward 5+', () => {
    near(wounds({}, { rules: ['ethereal'] }), (1 / 4) * (1 / 6));
    near(wounds({ rules: ['magical-attacks'] }, { rules: ['ethereal'] }), 1 / 4);
    near(wounds({}, { rules: ['otherworldly'] }), (1 / 4) * (4 / 6));
  });
  it('Fireborn 2+ ward against Flaming Attacks; Regeneration unusable against them', () => {
    near(wounds({ rules: ['flaming-attacks'] }, { rules: ['fireborn'] }), (1 / 4) * (1 / 6));
    near(wounds({}, { rules: ['fireborn'] }), 1 / 4);
    near(wounds({ rules: ['flaming-attacks'] }, { items: ['dragonscale-helm'] }), (1 / 4) * (5 / 6) * (1 / 6));
    near(wounds({ rules: ['flaming-attacks'] }, { items: ['dragonfire-gem'] }), (1 / 4) * (1 / 6));
    near(wounds({ rules: ['flaming-attacks'] }, { rules: ['regeneration(4+)'] }), 1 / 4);
    near(wounds({}, { rules: ['regeneration(4+)'] }), 1 / 8);
  });
  it('Fight in Extra Rank is cumulative; Horde (10 wide) adds one', () => {
    near(formationWounds({ models: 30, files: 5, rules: ['fight-in-extra-rank', 'fight-in-extra-rank'] }), 20 / 4);
    near(formationWounds({ models: 40, files: 10 }), 30 / 4);
    near(formationWounds({ models: 40, files: 10, equipment: ['spear'] }), 40 / 4);
  });
  it('Frenzy +1 A; Random Attacks (X) replaces A, bonus attacks still added (A9)', () => {
    near(formationWounds({ models: 1, files: 1, rules: ['frenzy'] }), 2 / 4);
    near(formationWounds({ models: 1, files: 1, a: 4, rules: ['random-attacks(D3)'] }), 2 / 4);
    near(formationWounds({ models: 1, files: 1, a: 4, rules: ['random-attacks(D3)', 'frenzy'] }), 3 / 4);
  });
  it('Multiple Wounds (X, Y) only against the listed troop types; (Ordnance) D3+1, D3+2 against Fly', () => {
    const mw = (rule: string, target: Json) => wounds({ s: 10, ws: 10, rules: [rule] }, { models: 5, ws: 1, t: 1, w: 5, rules: ['immune-to-psychology'], ...target });
    const unsaved = (2 / 3) * (5 / 6);
    near(mw('multiple-wounds(2, monster/monstrous-infantry)', { troop: 'monstrous-infantry' }), unsaved * 2);
    near(mw('multiple-wounds(2, monster/monstrous-infantry)', {}), unsaved);
    near(mw('multiple-wounds(ordnance)', {}), unsaved * 3);
    near(mw('multiple-wounds(ordnance)', { rules: ['immune-to-psychology', 'fly(6)'] }), unsaved * 4);
  });
  it('Hatred re-rolls misses in the first round only; Hatred (X) is listed where it applies', () => {
    near(wounds({ rules: ['hatred(elves)'] }), (3 / 4) * (1 / 2));
    near(wounds({ rules: ['hatred'] }), (3 / 4) * (1 / 2));
    near(wounds({ rules: ['hatred'] }, {}, { round: 2 }), 1 / 4);
  });
  it('Holy Attacks re-roll successful wards, never Regeneration (the target then prefers Regeneration)', () => {
    near(wounds({ rules: ['holy-attacks'] }, { rules: ['ward-save(4+)'] }), (1 / 4) * (3 / 4));
    near(wounds({ rules: ['holy-attacks'] }, { rules: ['regeneration(4+)'] }), 1 / 8);
    near(wounds({ rules: ['holy-attacks'] }, { rules: ['regeneration(5+)', 'ward-save(4+)'] }), (1 / 4) * (2 / 3));
  });
  it('Lethal Strike: a natural 6 to wound gets AP(6); not an automatic kill (wards still apply)', () => {
    near(wounds({ rules: ['lethal-strike'] }, { equipment: ['plate-armour'] }), (1 / 2) * ((1 / 3) * (1 / 2) + 1 / 6));
    near(wounds({ rules: ['lethal-strike'] }, { rules: ['ward-save(5+)'] }), (1 / 4) * (2 / 3));
  });
  it('Metalshifting: wounds on the armour save value, AP(6), Flaming', () => {
    near(wounds({ s: 1, rules: ['metalshifting'] }, { equipment: ['heavy-armour', 'shield'] }), (1 / 2) * (1 / 2));
    near(wounds({ s: 1, rules: ['metalshifting'] }, {}), (1 / 2) * (1 / 6)); // no armour: only natural 6s (A7)
  });
  it('Poisoned Attacks: a natural-6 hit wounds automatically', () => {
    near(wounds({ rules: ['poisoned-attacks'] }), 1 / 6 + (1 / 3) * (1 / 2));
    near(wounds({ s: 0, rules: ['poisoned-attacks'] }), 1 / 6); // S0 never wounds by rolling, poison still does
  });
  it('Toxic Attacks: always S3 and AP(6); A5 literal switch lets other Strength bonuses add', () => {
    near(wounds({ s: 5, rules: ['toxic-attacks'] }, { equipment: ['plate-armour'] }), 1 / 4);
    near(wounds({ equipment: ['halberd'], rules: ['toxic-attacks'] }), 1 / 4);
    near(wounds({ equipment: ['halberd'], rules: ['toxic-attacks'] }, {}, { options: { 'always-strength': 'literal' } }), (1 / 2) * (2 / 3));
  });
  it('Ward Save (X): the best one, never combined', () => {
    near(wounds({}, { rules: ['ward-save(5+)', 'ward-save(6+)'] }), (1 / 4) * (2 / 3));
    near(wounds({}, { rules: ['ward-save(6+)'], items: ['supreme-shielding'] }), (1 / 4) * (1 / 2));
  });
});
