/**
 * The needed scores of one attack, resolved from a scenario: what each die must roll. The exact
 * engine and the simulator both start from a Strike; neither computes anything from the other.
 */
import type { DiceExpr } from '../../core/dice.js';
import type { MeleeSituation, Mount, ShootingSituation, Side, Unit } from './schema.js';
import { NO_RULES } from './rules.js';
import { type HitRoll, armourValue, meleeToHit, saveNeeded, shootingBaseScore, shootingHitRoll, toWound } from './tables.js';

export interface Strike {
  readonly hit: HitRoll;
  /** Hatred — §11: to-hit misses are re-rolled once. */
  readonly rerollMisses: boolean;
  /** To-wound score, or null when the hit cannot wound (§6 "–"). */
  readonly wound: number | null;
  /** Poisoned attacks — §1: a natural 6 to hit wounds automatically (not when a 6 then a second die is needed). */
  readonly poisoned: boolean;
  /** Killing Blow — §1: a natural 6 to wound slays the model outright; only a ward save is allowed. */
  readonly killingBlow: boolean;
  /** Armour save score (≥ 7: no save); a natural 1 always fails — §7. */
  readonly save: number;
  /** Ward save score, or null. */
  readonly ward: number | null;
  /** Multiple wounds — §1: wounds caused by each unsaved wound; null means 1. */
  readonly damage: DiceExpr | null;
}

/** The target of attacks: its models, their Wounds and whether excess wounds count (challenge Overkill, §9). */
export interface Defender {
  readonly models: number;
  readonly w: number;
  readonly overkill: boolean;
  /** Wounds the first model to be wounded has already lost (a fight's earlier rounds); 0 when absent. */
  readonly wounded?: number;
}

/** Strength of a close-combat blow with the model's weapon — §1 "Weapons". */
export function meleeStrength(unit: Unit, round: number, charged: boolean): number {
  switch (unit.weapon) {
    case 'great-weapon':
      return unit.s + 2;
    case 'halberd':
      return unit.s + 1;
    case 'flail':
      return unit.s + (round === 1 ? 2 : 0);
    case 'morning-star':
      return unit.s + (round === 1 ? 1 : 0);
    case 'cavalry-spear':
      return unit.s + (charged ? 1 : 0);
    case 'lance':
      return unit.s + (charged ? 2 : 0);
    default:
      return unit.s;
  }
}

/** Attacks of one fighting model — §11 Frenzy (+1 A), §1 additional hand weapon (+1 A). */
export function attacksPerModel(unit: Unit): number {
  return unit.a + (unit.rules.frenzy ? 1 : 0) + (unit.weapon === 'additional-hand-weapon' ? 1 : 0);
}

/**
 * Models that fight — §8 and §1: the front rank; an infantry spear adds the second rank, except in
 * the turn the unit charged.
 */
export function fightingModels(unit: Unit, charged: boolean): number {
  // A joined character takes a front-rank place and strikes with its own blows
  const joined = unit.joined ?? 0;
  const front = Math.max(0, Math.min(unit.width, unit.models + joined) - joined);
  if (unit.weapon !== 'spear' || charged) return front;
  return front + Math.min(unit.width, unit.models - front);
}

/** Whose blows hit only on 6s and who re-rolls: the per-round facts that change a melee strike. */
export interface MeleeStrikeContext {
  readonly striker: Side;
  /** The striker failed a fear test and was not outnumbered — §11: only 6s hit in the first round. */
  readonly afraid: boolean;
}

/**
 * A close-combat blow of `striker` against `enemy` — §4, §6, §7. With `mount`, the blow of the
 * striker's mount — §4: the mount's own WS and S; the weapon and special rules are the rider's.
 */
export function meleeStrike(striker: Unit, enemy: Unit, sit: MeleeSituation, ctx: MeleeStrikeContext, mount: Mount | null = null): Strike {
  const charged = sit.round === 1 && sit.charging === ctx.striker;
  const enemySide: Side = ctx.striker === 'attacker' ? 'target' : 'attacker';
  // "Only 6s hit" replaces the chart — §4: a defended obstacle until its attackers have won a round
  // of this combat, or a failed fear test in round 1.
  const behindObstacle = sit.defendedObstacle === enemySide && !sit.obstacleRoundWon;
  const onlySixes = behindObstacle || (ctx.afraid && sit.round === 1);
  const need = onlySixes ? 6 : meleeToHit(mount ? mount.ws : striker.ws, enemy.ws, sit.options.ws4VsWs9);
  const rules = mount ? NO_RULES : striker.rules;
  // Hatred — §11: first round only; with only 6s, re-rolled unless the §16.9 alternative forbids it.
  const rerollMisses = rules.hatred && sit.round === 1 && !(onlySixes && sit.options.hatredOnlySixes === 'no-reroll');
  // Characteristics run 1–10 (the charts of §6 and §7 end at 10).
  const s = Math.min(10, mount ? mount.s : meleeStrength(striker, sit.round, charged));
  // Hand weapon + shield — §1: infantry, +1 in close combat against attacks from the front.
  const fromFront = ctx.striker === 'target' || sit.facing === 'front';
  const parry = sit.options.shieldParry && enemy.type === 'infantry' && enemy.weapon === 'hand-weapon' && enemy.armour.shield && fromFront;
  return {
    hit: { kind: 'd6', need },
    rerollMisses,
    wound: toWound(s, enemy.t),
    poisoned: rules.poisoned,
    killingBlow: rules.killingBlow,
    save: saveNeeded(armourValue(closeCombatArmour(enemy), parry ? 1 : 0), s, sit.options.savesBetterThanOnePlus),
    ward: enemy.rules.ward,
    damage: rules.multipleWounds,
  };
}

/**
 * The armour that counts in close combat. Additional hand weapon — §1: "+1 A, and then no shield
 * bonus". Great weapon: the rules file is silent; read the same way (the weapon takes both hands,
 * so the shield gives no bonus in close combat; it still counts against shooting).
 */
function closeCombatArmour(unit: Unit): Unit['armour'] {
  const twoHanded = unit.weapon === 'additional-hand-weapon' || unit.weapon === 'great-weapon';
  return twoHanded && unit.armour.shield ? { ...unit.armour, shield: false } : unit.armour;
}

/**
 * Final shooting score — §5: base score by BS minus the signed modifiers (+1 large target; −1 moved,
 * charging target, long range, lone character or skirmishers, soft cover; −2 hard cover).
 */
export function shootingScore(bs: number, target: Unit, sit: ShootingSituation): number {
  let bonus = 0;
  if (target.rules.largeTarget) bonus += 1;
  if (sit.moved) bonus -= 1;
  if (sit.chargingTarget) bonus -= 1;
  if (sit.longRange) bonus -= 1;
  if (target.rules.loneCharacter || target.rules.skirmishers) bonus -= 1;
  if (sit.cover === 'soft') bonus -= 1;
  if (sit.cover === 'hard') bonus -= 2;
  return shootingBaseScore(bs) - bonus;
}

/** One shot — §5, then wounds and saves as in close combat (§6, §7). */
export function shootingStrike(shooter: Unit & { readonly missile: NonNullable<Unit['missile']> }, target: Unit, sit: ShootingSituation): Strike {
  const s = shooter.missile.s;
  return {
    hit: shootingHitRoll(shootingScore(shooter.bs, target, sit)),
    rerollMisses: false,
    wound: toWound(s, target.t),
    poisoned: shooter.missile.rules.poisoned,
    killingBlow: false,
    save: saveNeeded(armourValue(target.armour), s, sit.savesBetterThanOnePlus),
    ward: target.rules.ward,
    damage: shooter.missile.rules.multipleWounds,
  };
}

/** Models that shoot — §5: the front rank, two ranks on raised ground. */
export function shootingModels(unit: Unit, raisedGround: boolean): number {
  return Math.min(unit.models, unit.width * (raisedGround ? 2 : 1));
}
