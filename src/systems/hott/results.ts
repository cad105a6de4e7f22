/**
 * The combat results table (Tabla de Resultados de Combate) — rules/hott.md §7: the doubled test
 * (§6.7), the tie rule (§7.2), the loser's row when beaten (§7.3, §7.7) or doubled (§7.4), and
 * the adjustments after the lookup (§7.8). Written from the source rows; the full matrices of
 * §7.5–7.7 are typed into the tests to check them.
 */
import { isAerial, isHero, isTerrestrial, TROOPS, type TroopId } from './tables.js';
import { isDifficultFor } from './terrain.js';
import type { DoubleRule, HottScenario, Mode } from './scenario.js';

/** Outcome categories of §7.1, in order of severity. */
export const RESULTS = ['nothing', 'recoil', 'flee', 'leave', 'vanished', 'destroyed', 'captured'] as const;
export type Result = (typeof RESULTS)[number];

/** Results that take the element out of play: destroyed, vanished, left the battlefield, captured. */
export function removesFromPlay(r: Result): boolean {
  return r === 'destroyed' || r === 'vanished' || r === 'leave' || r === 'captured';
}

/** §6.7: the loser is doubled iff winner ≥ 2 × loser (or > with the strict reading, ambiguity 1). */
export function doubles(winner: number, loser: number, rule: DoubleRule): boolean {
  return rule === 'at-least' ? winner >= 2 * loser : winner > 2 * loser;
}

/** What a row of the table depends on besides the two types. */
export interface LossContext {
  readonly mode: Mode;
  /** The loser stands in terrain difficult for its class (§7.5 R/dX, X/dR). */
  readonly loserInDifficult: boolean;
  /** The loser (Knights) charged the winner this turn (§7.5 cX, ambiguity 7). */
  readonly loserCharged: boolean;
}

const isMounted = (t: TroopId) => TROOPS[t].class === 'mounted';

/** §7.3 Perdedor – Superado (and §7.7 for missiles): the loser beaten but not doubled. */
export function beatenResult(loser: TroopId, winner: TroopId, ctx: LossContext): Result {
  const close = ctx.mode === 'close-combat';
  switch (loser) {
    case 'gods':
      return winner === 'gods' || winner === 'magicians' || winner === 'clerics' ? 'leave' : 'nothing';
    case 'dragons':
      return isHero(winner) || winner === 'paladins' ? 'destroyed' : 'leave';
    case 'airboats':
    case 'flyers':
      return winner === 'magicians' ? 'flee' : 'recoil';
    case 'heroes':
    case 'aerial-heroes':
      // Hechizado only by a magic attack; beaten by a Magician in close combat → R (ambiguity 5).
      if (winner === 'magicians') return ctx.mode === 'magic' ? 'vanished' : 'recoil';
      if (isHero(winner) || winner === 'paladins' || winner === 'artillery') return 'destroyed';
      return winner === 'stronghold' ? 'flee' : 'recoil';
    case 'paladins':
    case 'artillery':
      return close ? 'destroyed' : 'nothing';
    case 'knights':
      if (winner === 'behemoths') return 'destroyed';
      if (close && ctx.loserCharged && (winner === 'shooters' || winner === 'artillery' || winner === 'magicians')) return 'destroyed';
      return ctx.loserInDifficult ? 'destroyed' : 'recoil';
    case 'riders':
      return ctx.loserInDifficult ? 'destroyed' : 'recoil';
    case 'behemoths':
      return winner === 'magicians' || winner === 'dragons' || winner === 'artillery' ? 'flee' : 'recoil';
    case 'beasts':
    case 'shooters':
      return close && isMounted(winner) ? 'destroyed' : 'recoil';
    case 'blades':
      return winner === 'warbands' ? 'destroyed' : 'recoil';
    case 'spears':
    case 'hordes':
    case 'clerics':
      // "en Terreno Abierto": the loser is not in difficult terrain (ambiguity 8).
      if (winner === 'knights' && !ctx.loserInDifficult) return 'destroyed';
      return winner === 'warbands' ? 'destroyed' : 'recoil';
    case 'warbands':
      if (winner === 'knights' && !ctx.loserInDifficult) return 'destroyed';
      return winner === 'behemoths' ? 'destroyed' : 'recoil';
    case 'lurkers':
      return 'leave'; // ambiguity 17
    case 'sneakers':
      return 'flee';
    case 'magicians':
      if (winner === 'magicians') return ctx.mode === 'magic' ? 'vanished' : 'recoil';
      return isHero(winner) || winner === 'paladins' || winner === 'dragons' || winner === 'gods' ? 'destroyed' : 'recoil';
    case 'stronghold':
      return 'captured';
  }
}

/** §7.4 Perdedor – Doblado: aerial losers die only to their killers, else flee; all others destroyed. */
export function doubledResult(loser: TroopId, winner: TroopId): Result {
  if (loser === 'stronghold') return 'captured';
  if (!isAerial(loser)) return 'destroyed';
  const killer = isHero(winner) || winner === 'magicians' || isAerial(winner) || winner === 'shooters';
  return killer ? 'destroyed' : 'flee';
}

const severity = (r: Result) => RESULTS.indexOf(r);

/**
 * The table's row for this loser: the doubled and beaten rows are exclusive (ambiguity 4), or
 * with `doubledNeverMilder` a doubled loser takes the harsher of the two.
 */
export function tableResult(loser: TroopId, winner: TroopId, doubled: boolean, ctx: LossContext, doubledNeverMilder: boolean): Result {
  if (!doubled) return beatenResult(loser, winner, ctx);
  const d = doubledResult(loser, winner);
  if (!doubledNeverMilder) return d;
  const b = beatenResult(loser, winner, ctx);
  return severity(b) > severity(d) ? b : d;
}

/** §7.2: Hero v Hero (Aerial Heroes too) and Paladin v Magician are both destroyed on an odd tie in close combat. */
export function oddTieDestroysBoth(a: TroopId, b: TroopId, mode: Mode): boolean {
  if (mode !== 'close-combat') return false;
  return (isHero(a) && isHero(b)) || (a === 'paladins' && b === 'magicians') || (a === 'magicians' && b === 'paladins');
}

/** Every result a scenario can produce, decided before any die is rolled. */
export interface ResultTable {
  /** The target loses: beaten, doubled (after §7.8). */
  readonly targetBeaten: Result;
  readonly targetDoubled: Result;
  /** The attacker loses: beaten, doubled (after §7.8; nothing for a shooter or Magician). */
  readonly attackerBeaten: Result;
  readonly attackerDoubled: Result;
  /** Tied with an odd total: both destroyed (§7.2). */
  readonly oddTieDestroysBoth: boolean;
  /** A magic attack whose Magician rolls 1 backfires (§6.5, ambiguity 6). */
  readonly backfireOnOne: boolean;
}

export function resultTable(s: HottScenario): ResultTable {
  const a = s.attacker.troop;
  const t = s.target.troop;
  const missile = s.mode !== 'close-combat';
  const targetLoss = (doubled: boolean) => adjustedLoss(s, 'target', doubled);
  return {
    targetBeaten: targetLoss(false),
    targetDoubled: targetLoss(true),
    // §7.8.4 Shooter immunity: a shooter or Magician ignores every defeat.
    attackerBeaten: missile ? 'nothing' : adjustedLoss(s, 'attacker', false),
    attackerDoubled: missile ? 'nothing' : adjustedLoss(s, 'attacker', true),
    oddTieDestroysBoth: oddTieDestroysBoth(a, t, s.mode),
    backfireOnOne: s.mode === 'magic' && (s.readings.backfireAnyTarget || isHero(t) || t === 'magicians'),
  };
}

/** The loser's table row, then the adjustments of §7.8 in order. */
function adjustedLoss(s: HottScenario, loserSide: 'attacker' | 'target', doubled: boolean): Result {
  const loser = s[loserSide];
  const winner = loserSide === 'target' ? s.attacker : s.target;
  const ctx: LossContext = {
    mode: s.mode,
    loserInDifficult: 'terrain' in loser && isDifficultFor(loser.terrain, loser.troop),
    loserCharged: s.mode === 'close-combat' && loserSide === 'attacker' && s.charged,
  };
  let r = tableResult(loser.troop, winner.troop, doubled, ctx, s.readings.doubledNeverMilder);
  // Ambiguity 10: shooting or magic captures a Stronghold only with `shootingCanCapture`.
  if (r === 'captured' && s.mode !== 'close-combat' && !s.readings.shootingCanCapture) r = 'nothing';
  // 1. An aerial winner captures a Stronghold only with ground-troop support (§6.6, ambiguity 9).
  // Only the target can be a Stronghold (a Stronghold never attacks), so the supports are the attacker's.
  if (r === 'captured' && s.mode === 'close-combat' && isAerial(winner.troop) && !s.attacker.supports.some(isTerrestrial)) r = 'nothing';
  // 2. Rematador: a general that must recoil from Sneakers, with only Sneakers in contact, dies.
  if (r === 'recoil' && s.mode === 'close-combat' && winner.troop === 'sneakers' && 'general' in loser && loser.general && s.onlySneakersInContact)
    r = 'destroyed';
  // 3. Recoil blocked (always so with an enemy fully on its rear edge): R, F and L become X.
  if ((r === 'recoil' || r === 'flee' || r === 'leave') && 'recoilBlocked' in loser && (loser.recoilBlocked || loser.rearHarassment))
    r = 'destroyed';
  return r;
}
