/**
 * The rule tables shared by the exact engine and the simulator: what a die needs, how many
 * dice a unit rolls, and what a 2D6 nerve roll means. Nothing here computes a probability.
 */
import type { Side } from './schema.js';
import type { Nerve, Unit } from './units.js';

/** "More than 6 needed" to hit (§1): roll half the dice, needing 6s. */
const HALF_THE_DICE = 7;

/** A die succeeds on a modified result ≥ need; a natural 1 always fails (§1 «Dados»). */
export function succeeds(face: number, need: number): boolean {
  return face !== 1 && face >= need;
}

/** Clamp a modified to-hit need: floor 2+ (§1), and ">6 → 6s with half the dice" (§4.2, §5.3, A2). */
export function toHit(rawNeed: number): { need: number; halved: boolean } {
  if (rawNeed >= HALF_THE_DICE) return { need: 6, halved: true };
  return { need: Math.max(2, rawNeed), halved: false };
}

/**
 * Clamp a modified to-damage need to its floor of 2+ (§1). §4.3's "above 6: cannot damage"
 * never arises from this rules file: De is at most 6+ (Big Shield sets 6+, Ensorcelled Armour
 * caps at 6+) and every damage modifier (CS, TC, Piercing, Bane-chant, Fire-Oil) is a bonus.
 */
export function toDamage(rawNeed: number): number {
  return Math.max(2, rawNeed);
}

function isWarEngine(u: Unit): boolean {
  return u.type === 'war-engine';
}

/**
 * Melee dice multiplier («Atacando en combate», §5.2): flank ×2, rear ×3; a war engine is hit
 * ×3 from any side; an Individual is never hit with a multiplier; an Individual attacker never
 * multiplies except ×3 against a (non-Individual) war engine.
 */
export function meleeMultiplier(attacker: Unit, target: Unit, side: Side): number {
  if (target.rules.individual) return 1;
  if (isWarEngine(target)) return 3;
  if (attacker.rules.individual) return 1;
  return side === 'front' ? 1 : side === 'flank' ? 2 : 3;
}

export type NerveResult = 'steady' | 'wavered' | 'routed';

/**
 * One 2D6 nerve roll («Cómo realizar la prueba», §6.2): double 1 holds whatever the damage and
 * modifiers; total ≥ rout routs; a Fearless unit never wavers (A6); a double 6 that does not
 * rout wavers; total ≥ waver wavers.
 */
export function nerveResult(d1: number, d2: number, damage: number, modifier: number, nerve: Nerve): NerveResult {
  if (d1 === 1 && d2 === 1) return 'steady';
  const total = d1 + d2 + damage + modifier;
  if (total >= nerve.rout) return 'routed';
  if (nerve.waver === null) return 'steady';
  if (d1 === 6 && d2 === 6) return 'wavered';
  return total >= nerve.waver ? 'wavered' : 'steady';
}
