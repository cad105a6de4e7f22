/**
 * From a parsed scenario to the numbers a player needs at the table: how many dice, what they
 * need to hit and to damage, which re-rolls apply, and how the nerve test is taken. Both the
 * exact engine and the simulator start from this plan (the "targets" they share).
 */
import type { DiceExpr } from '../../core/dice.js';
import { parseDice } from '../../core/dice.js';
import { DIADEM_BREATH } from './artefacts.js';
import type { Melee, Ranged, Scenario, Shooting, Side } from './schema.js';
import { meleeMultiplier, toDamage, toHit } from './tables.js';
import type { Nerve, Unit } from './units.js';

/** The dice of one attack: to hit, then Blast, then to damage (§11). */
export interface DicePlan {
  /** Dice rolled to hit, after multipliers and halving. */
  readonly dice: number;
  /** 2..6. */
  readonly hitNeed: number;
  /** Elite: re-roll natural 1s to hit (§7). */
  readonly eliteHit: boolean;
  /** Blade of Slashing: re-roll one failed to-hit die (§8.2, A7). */
  readonly oneFailedHit: boolean;
  /** Blast(n): each hit becomes n hits (§7). */
  readonly blast: DiceExpr | null;
  /** 2..6. */
  readonly damageNeed: number;
  /** Vicious: re-roll natural 1s to damage (§7). */
  readonly viciousDamage: boolean;
  /** Mace of Crushing / Piercing Arrow: re-roll one failed damage die (§8.2, A7). */
  readonly oneFailedDamage: boolean;
}

export interface NervePlan {
  readonly nerve: Nerve;
  /** Brutal +1 (melee only, A18), Brew of Courage −1 (§6.2). */
  readonly modifier: number;
  /** Inspiring, Very Inspiring, Helm of Confidence: a Routed result is re-rolled once (§6.4). */
  readonly rerollRout: boolean;
}

/** The attacks whose damage adds up before one nerve test (two only with Myrddin's Amulet). */
export type Attacks = readonly DicePlan[];

export interface Plan {
  /** The attacks, by whether a Bane-chant on the attacker worked and whether the target is in cover. */
  readonly attacks: { readonly [B in 'plain' | 'baned']: { readonly [C in 'open' | 'covered']: Attacks } };
  /** Bane-chant(n) on the attacker: n dice on 4+, and it works if at least one hits (§8.1). */
  readonly baneChantDice: number | null;
  /** Cover, or unclear cover: a D6, 4+ no cover, 1–3 in cover (§1). */
  readonly cover: 'no' | 'yes' | 'unclear';
  /** Unclear line of sight: a D6, on 4+ it can see; otherwise there is no attack (§1). */
  readonly sightUnclear: boolean;
  /** Yellow-Bellied: on a D6 of 1 the frontal charge halts and nothing happens (§7). */
  readonly yellowBellied: boolean;
  /** The target's damage before the attack: Regeneration(need) then Heal(n) may remove some. */
  readonly prior: { readonly damage: number; readonly regeneration: number | null; readonly heal: number | null };
  readonly nerve: NervePlan;
  /** Iron Resolve: Steady after a test removes one damage point (§7). */
  readonly ironResolve: boolean;
  /** Headstrong: a Wavered unit shakes it off on a D6 of 4+ at the start of its turn (§6.3). */
  readonly headstrong: boolean;
  /** The attacker's own damage after the combat: Lifeleech and the Crystal Pendant (melee only). */
  readonly attackerDamage: {
    readonly start: number;
    readonly lifeleech: number;
    /** Crystal Pendant of Retribution: 2D6 hits needing this to damage the attacker, when the target routs. */
    readonly pendantNeed: number | null;
  } | null;
}

/** Crystal Pendant of Retribution: 2D6 hits with Piercing(3) (§8.2). */
export const PENDANT_HITS = parseDice('2D6');
const PENDANT_PIERCING = 3;

/** Spells, breath and Kevinar's Hammer always hit on 4+ with no modifiers (§7, §8.1, §8.2). */
const FIXED_HIT = 4;
/** War-bow of Kaba and Kaba's grenades hit "as Ra 4+" with normal modifiers (§8.2). */
const KABA_RA = 4;
const GRENADE_BLAST = parseDice('D6');

export function makePlan(s: Scenario): Plan {
  const { attacker, target, situation } = s;
  const build = (baned: boolean, covered: boolean): Attacks =>
    situation.attack === 'melee' ? [meleePlan(s, situation, baned)] : situation.with.map((w) => shootingPlan(s, situation, w, baned, covered));
  const melee = situation.attack === 'melee';
  const pendant = melee && target.artefact === 'crystal-pendant-of-retribution';
  return {
    attacks: {
      plain: { open: build(false, false), covered: build(false, true) },
      baned: { open: build(true, false), covered: build(true, true) },
    },
    baneChantDice: situation.baneChant,
    cover: situation.attack === 'melee' || situation.cover === false ? 'no' : situation.cover === true ? 'yes' : 'unclear',
    sightUnclear: situation.lineOfSight === 'unclear',
    yellowBellied: melee && yellowBelliedApplies(attacker, target, situation),
    prior: {
      damage: target.damage,
      regeneration: situation.targetRegenerates ? target.rules.regeneration : null,
      heal: situation.targetHealed,
    },
    nerve: {
      nerve: target.nerve,
      modifier: (melee && attacker.rules.brutal ? 1 : 0) + (target.artefact === 'brew-of-courage' ? -1 : 0),
      rerollRout: target.rules.inspiring || target.artefact === 'helm-of-confidence' || situation.inspired,
    },
    ironResolve: target.rules.ironResolve,
    headstrong: target.rules.headstrong,
    attackerDamage:
      melee && (attacker.rules.lifeleech > 0 || pendant)
        ? {
            start: attacker.damage,
            lifeleech: attacker.rules.lifeleech,
            pendantNeed: pendant ? toDamage(attacker.de - PENDANT_PIERCING) : null,
          }
        : null,
  };
}

/** Yellow-Bellied: frontal charges only, not against Individuals or war engines, not counter-charges (§7). */
function yellowBelliedApplies(attacker: Unit, target: Unit, m: Melee): boolean {
  return attacker.rules.yellowBellied && m.charge === 'front' && !target.rules.individual && target.type !== 'war-engine';
}

/** The side of the target the attack comes through (§5.2; counter-charge = front; A20 for Individuals). */
function attackedSide(target: Unit, m: Melee): Side {
  if (m.charge === 'counter-charge') return 'front';
  if (target.rules.individual && m.charger === 'first') return 'front';
  return m.charge;
}

/** «Cargas obstaculizadas» (§5.3): never on a counter-charge or for Strider; Pathfinder and Fly exceptions. */
function isHindered(attacker: Unit, m: Melee): boolean {
  if (m.charge === 'counter-charge' || attacker.rules.strider) return false;
  const { pathfinder, fly } = attacker.rules;
  switch (m.hindered) {
    case 'none':
      return false;
    case 'difficult-terrain':
      return !pathfinder && !fly;
    case 'obstacle':
      return !fly;
    case 'ends-on-difficult-terrain':
      return !pathfinder;
    case 'ends-on-obstacle':
      return true;
  }
}

/** Blade of the Beast Slayer: +2 CS against Large Infantry/Cavalry, Monsters and non-Individual heroes (§8.2). */
function beastSlayerBonus(attacker: Unit, target: Unit): number {
  if (attacker.artefact !== 'blade-of-the-beast-slayer') return 0;
  const t = target.type;
  const big = t.includes('large-') || t.endsWith('monster');
  const hero = t.startsWith('hero-') && !target.rules.individual;
  return big || hero ? 2 : 0;
}

/** Fire-Oil: CS(1) / Piercing(1) against Regeneration units, not stacking with what the unit has (A8). */
function fireOil(attacker: Unit, target: Unit, bonus: number): number {
  return attacker.artefact === 'fire-oil' && target.rules.regeneration !== null ? Math.max(bonus, 1) : bonus;
}

function meleePlan(s: Scenario, m: Melee, baned: boolean): DicePlan {
  const { attacker, target } = s;
  const side = attackedSide(target, m);
  const hindered = isHindered(attacker, m);
  // To-hit modifiers of «Melé › Modificadores» (§5.3).
  const penalties = (hindered ? 1 : 0) + (side === 'front' && target.rules.ensnare ? 1 : 0);
  const bonuses =
    (attacker.artefact === 'brew-of-sharpness' ? 1 : 0) + (attacker.artefact === 'quicksilver-rapier' && target.rules.individual ? 1 : 0);
  const hit = toHit(attacker.me + penalties - bonuses);
  const multiplier = meleeMultiplier(attacker, target, side);
  // A3: multiply, then halve (recommended); or halve the profile Att, then multiply.
  const dice = !hit.halved
    ? attacker.att * multiplier
    : m.halving === 'after-multiplier'
      ? Math.floor((attacker.att * multiplier) / 2)
      : Math.floor(attacker.att / 2) * multiplier;
  // Thunderous Charge is lost when Disordered (Wavered included), hindered, or against a Phalanx front (§5.4).
  const tcLost = m.attackerState !== 'ready' || hindered || (side === 'front' && target.rules.phalanx);
  const cs = fireOil(attacker, target, attacker.rules.crushingStrength + beastSlayerBonus(attacker, target)) + (baned ? 1 : 0);
  const tc = tcLost ? 0 : attacker.rules.thunderousCharge;
  // Big Shield sets De to 6+ through the front, then the bonuses apply (A19).
  const de = target.rules.bigShield && side === 'front' ? 6 : target.de;
  return {
    dice,
    hitNeed: hit.need,
    eliteHit: attacker.rules.elite,
    oneFailedHit: attacker.artefact === 'blade-of-slashing',
    blast: null,
    damageNeed: toDamage(de - cs - tc),
    viciousDamage: attacker.rules.vicious,
    oneFailedDamage: attacker.artefact === 'mace-of-crushing',
  };
}

function shootingPlan(s: Scenario, sh: Shooting, attack: Ranged, baned: boolean, covered: boolean): DicePlan {
  const { attacker, target } = s;
  const rules = attacker.rules;
  const heartSeeking = attacker.artefact === 'heart-seeking-chant' ? 1 : 0;
  const bane = baned ? 1 : 0;
  let dice: number;
  let rawNeed: number;
  let piercing: number;
  let blast: DiceExpr | null = null;
  switch (attack) {
    case 'weapon':
      dice = attacker.att;
      rawNeed = (attacker.ra as number) + shootingPenalties(s, sh, true, covered) - (attacker.artefact === 'brew-of-keen-eyeness' ? 1 : 0);
      piercing = fireOil(attacker, target, rules.piercing + heartSeeking);
      blast = rules.blast;
      break;
    case 'war-bow-of-kaba':
      dice = 1;
      rawNeed = KABA_RA + shootingPenalties(s, sh, false, covered);
      piercing = 1;
      break;
    case 'kabas-holy-hand-grenades':
      dice = 1;
      rawNeed = KABA_RA + shootingPenalties(s, sh, false, covered);
      piercing = 2;
      blast = GRENADE_BLAST;
      break;
    // Breath Attack(n), or (At); the Diadem's Breath Attack(10) does not combine with another (Q&A): use the larger.
    case 'breath-attack': {
      const own = rules.breath === 'att' ? attacker.att : (rules.breath ?? 0);
      dice = attacker.artefact === 'diadem-of-dragon-kind' ? Math.max(own, DIADEM_BREATH) : own;
      rawNeed = FIXED_HIT;
      piercing = heartSeeking; // unit Piercing is per attack and stays on the weapon (A11)
      break;
    }
    case 'fireball':
      dice = rules.spells.fireball as number;
      rawNeed = FIXED_HIT;
      piercing = heartSeeking;
      break;
    // Lightning Bolt: a normal hit with Piercing(1) (§8.1).
    case 'lightning-bolt':
      dice = rules.spells.lightningBolt as number;
      rawNeed = FIXED_HIT;
      piercing = 1 + heartSeeking;
      break;
    // Kevinar's Flying Hammer: 1 die, always 4+, Piercing(2) (§8.2).
    case 'kevinars-flying-hammer':
      dice = 1;
      rawNeed = FIXED_HIT;
      piercing = 2;
      break;
  }
  const hit = toHit(rawNeed);
  // A4: halving a single die leaves ⌊1/2⌋ = 0 dice.
  if (hit.halved) dice = Math.floor(dice / 2);
  // Big Shield through the front arc (A12), then Piercing (A19).
  const de = target.rules.bigShield && sh.arc === 'front' ? 6 : target.de;
  return {
    dice,
    hitNeed: hit.need,
    eliteHit: rules.elite, // re-rolls also apply to spells and breath (§8.1, A9)
    oneFailedHit: false,
    blast,
    damageNeed: toDamage(de - piercing - bane),
    viciousDamage: rules.vicious,
    oneFailedDamage: attack === 'weapon' && attacker.artefact === 'piercing-arrow',
  };
}

/** To-hit penalties of «Disparo › Modificadores» (§4.2) for attacks that take modifiers. */
function shootingPenalties(s: Scenario, sh: Shooting, weapon: boolean, covered: boolean): number {
  const { attacker, target } = s;
  return (movingPenalty(attacker, sh, weapon) ? 1 : 0) + (covered && !attacker.rules.indirectFire ? 1 : 0) + (target.rules.individual ? 1 : 0) + (target.rules.stealthy ? 1 : 0);
}

/**
 * −1 for any order other than Halt (§4.2), except pistols, javelins and thrown weapons, Nimble
 * units (Fly and Individual included; A1, a toggle) and Boots of Levitation after Advance (A14).
 */
function movingPenalty(attacker: Unit, sh: Shooting, weapon: boolean): boolean {
  if (sh.order === 'halt') return false;
  const thrown = weapon && (attacker.weapon === 'pistols' || attacker.weapon === 'javelins' || attacker.weapon === 'thrown-weapons');
  const nimble = sh.nimbleIgnoresMoving && (attacker.rules.nimble || attacker.rules.fly || attacker.rules.individual);
  const levitating = attacker.artefact === 'boots-of-levitation' && sh.order === 'advance';
  return !(thrown || nimble || levitating);
}
