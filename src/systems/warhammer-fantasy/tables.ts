/**
 * The charts and targets of Warhammer Fantasy Battles (rules/warhammer-fantasy.md). Both the exact
 * engine and the simulator read their needed scores from here; nothing here is a probability of
 * a composed event, only the single-roll targets and the small closed tables of the rules file.
 */
import { atLeast } from '../../core/dist.js';
import { diceDist, parseDice } from '../../core/dice.js';

/** The disputed to-hit cell, WS 4 against WS 9 — §4 and §16.1: classic 5+ (default) or the sheet's 4+. */
export type Ws4VsWs9 = '5+' | '4+';

/**
 * Close-combat to-hit score — to-hit chart, §4: 3+ if the attacker's WS is higher, 5+ if the
 * defender's WS is more than twice the attacker's, otherwise 4+.
 */
export function meleeToHit(attackerWs: number, defenderWs: number, cell: Ws4VsWs9 = '5+'): number {
  if (attackerWs === 4 && defenderWs === 9 && cell === '4+') return 4; // the sheet as printed, §16.1
  if (attackerWs > defenderWs) return 3;
  if (defenderWs > 2 * attackerWs) return 5;
  return 4;
}

/** Shooting base score by BS — §5: the sheet's row equals 7 − BS. */
export function shootingBaseScore(bs: number): number {
  return 7 - bs;
}

/**
 * How a final shooting score is rolled — §5 and §1 "To-hit scores of 7+":
 * ≤ 2 is 2+ (a 1 always misses); 3..6 as printed; 7, 8, 9 need a 6 and then 4+, 5+, 6+ on a second
 * die; 10 or more cannot hit.
 */
export type HitRoll =
  | { readonly kind: 'd6'; readonly need: number }
  | { readonly kind: 'six-then'; readonly need: number }
  | { readonly kind: 'never' };

export function shootingHitRoll(finalScore: number): HitRoll {
  if (finalScore <= 2) return { kind: 'd6', need: 2 };
  if (finalScore <= 6) return { kind: 'd6', need: finalScore };
  if (finalScore <= 9) return { kind: 'six-then', need: finalScore - 3 };
  return { kind: 'never' };
}

/**
 * To-wound score, or null when the hit cannot wound — to-wound chart, §6:
 * S ≥ T+2 → 2+; S = T+1 → 3+; S = T → 4+; S = T−1 → 5+; S = T−2 or T−3 → 6+; S ≤ T−4 → –.
 */
export function toWound(s: number, t: number): number | null {
  const d = s - t;
  if (d >= 2) return 2;
  if (d === 1) return 3;
  if (d === 0) return 4;
  if (d === -1) return 5;
  if (d >= -3) return 6;
  return null;
}

/** Strength save modifier — §7: every point of Strength above 3 worsens the save by 1 (S9/S10 −6/−7, §16.3). */
export function strengthSaveModifier(s: number): number {
  return Math.max(0, s - 3);
}

export type BodyArmour = 'none' | 'light' | 'heavy';

/** The armour a model wears; illegal combinations (light with heavy, barding without a mount) cannot be built. */
export interface Armour {
  readonly body: BodyArmour;
  readonly shield: boolean;
  /** Barding implies a mount. */
  readonly mount: 'none' | 'mount' | 'barded-mount';
  /** Other bonuses (magic armour and the like), §7. */
  readonly bonus: number;
}

/** Save value before Strength — §7: none 7, light 6, heavy 5; shield, barding and mount each improve by 1. */
export function armourValue(armour: Armour, extraBonus = 0): number {
  const base = armour.body === 'none' ? 7 : armour.body === 'light' ? 6 : 5;
  const mount = armour.mount === 'none' ? 0 : armour.mount === 'mount' ? 1 : 2;
  return base - (armour.shield ? 1 : 0) - mount - armour.bonus - extraBonus;
}

/** Saves better than 1+ — §16.2: kept unclamped (default) or clamped at 1+ before the Strength modifier. */
export type BetterThanOnePlus = 'allowed' | 'clamp';

/**
 * The score an armour save needs against a hit of Strength s — §7 "Computation". The roll passes
 * when it is not a natural 1 and reaches the score; 7 or more means no save is possible.
 */
export function saveNeeded(value: number, s: number, reading: BetterThanOnePlus = 'allowed'): number {
  const v = reading === 'clamp' ? Math.max(value, 1) : value;
  return v + strengthSaveModifier(s);
}

/** True when a D6 roll makes a save (or ward) needing `need`: a natural 1 always fails — §2, §7. */
export function savePasses(roll: number, need: number): boolean {
  return roll !== 1 && roll >= need;
}

const TWO_D6 = diceDist(parseDice('2D6'));

/** P(2D6 ≤ k) for k = 0..12, worked out once: every end state of a round asks (start-up). */
const TWO_D6_AT_MOST = Array.from({ length: 13 }, (_, k) => 1 - atLeast(TWO_D6, k + 1));

/** P(2D6 ≤ x) — §2: the Leadership test passes on a total equal to or less than Ld. */
export function p2d6AtMost(x: number): number {
  const k = Math.floor(x);
  return k >= 0 && k <= 12 ? TWO_D6_AT_MOST[k] : 1 - atLeast(TWO_D6, k + 1);
}

/** Leadership used for a test: a musician's +1 applies to rallying only and is capped at 10 — §12. */
export function rallyLeadership(ld: number, musician: boolean): number {
  return Math.min(10, ld + (musician ? 1 : 0));
}

/** The 25% rule for rallying — §12, §13: 4 · models now ≥ original models. */
export function mayRally(modelsNow: number, originalModels: number): boolean {
  return 4 * modelsNow >= originalModels;
}

/** The 25% rule for panic from losses in a phase — §13: 4 · casualties ≥ models at the start of the phase. */
export function panicFromLosses(casualties: number, modelsAtStart: number): boolean {
  return 4 * casualties >= modelsAtStart;
}

/**
 * The highest 2D6 total that holds a break test — §10: the unit flees if 2D6 + the losing margin
 * exceeds Ld; a Stubborn unit ignores the margin.
 */
export function breakTestHoldsUpTo(ld: number, lostBy: number, stubborn: boolean): number {
  return stubborn ? ld : ld - lostBy;
}

/** Number of D6 rolled for a flee, pursuit or overrun move — §12: 5D6 cm if M ≤ 15 cm, else 8D6 cm. */
export function moveDice(m: number): 5 | 8 {
  return m <= 15 ? 5 : 8;
}

export type UnitType = 'infantry' | 'cavalry' | 'monstrous' | 'monster' | 'chariot';

/** Unit Strength per model — §1 "Unit Strength": infantry 1, cavalry 2, ogre-sized 3, monsters and chariots their starting Wounds. */
export function unitStrengthPerModel(type: UnitType, wounds: number): number {
  switch (type) {
    case 'infantry':
      return 1;
    case 'cavalry':
      return 2;
    case 'monstrous':
      return 3;
    case 'monster':
    case 'chariot':
      return wounds;
  }
}

/** Rank size — §16.14: 4 models (6th edition, default) or 5 (7th edition). */
export type RankSize = 4 | 5;

/**
 * Rank bonus — §9 and §1 "Rank bonus details": +1 per rank behind the first with at least
 * `rankSize` models (an incomplete last rank included), at most +3; counted at the start of the round.
 */
export function rankBonus(models: number, width: number, rankSize: RankSize): number {
  if (width < rankSize) return 0;
  let ranks = 0;
  for (let left = models - width; left >= rankSize && ranks < 3; left -= width) ranks++;
  return ranks;
}

/** Flank / rear bonus of the side attacking there — §9: flank +1, rear +2, both +3. */
export type Facing = 'front' | 'flank' | 'rear' | 'flank-and-rear';
export function facingBonus(facing: Facing): number {
  return facing === 'front' ? 0 : facing === 'flank' ? 1 : facing === 'rear' ? 2 : 3;
}

/** Overkill in a challenge — §9: each wound beyond the opponent's remaining Wounds adds +1, at most +5. */
export const OVERKILL_MAX = 5;
