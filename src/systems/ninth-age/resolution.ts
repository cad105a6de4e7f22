/**
 * Combat result and what the loser must roll — 9th Age §12.1, §12.2, §7 (Unstable, Daemonic
 * Instability), §12.3. Pure arithmetic on the wounds of the round; the dice of the break test,
 * flee and pursuit are rolled (or summed exactly) by each engine.
 */
import { type DiceExpr, parseDice } from '../../core/dice.js';
import { modelsAlive, standingLeadership } from './melee-setup.js';
import type { MeleeSituation, Scenario, Unit } from './model.js';
import { fullRanks } from './groups.js';
import { clampCharacteristic } from './tables.js';

export type Side = 'attacker' | 'target';

export interface CombatScore {
  readonly attacker: number;
  readonly target: number;
}

/** What the losing unit rolls. */
export type LoserTest =
  /** Unbreakable: passes automatically (§7). */
  | { readonly kind: 'auto-pass' }
  /** Unstable: loses `wounds` wounds with no saves (§7). */
  | { readonly kind: 'unstable'; readonly wounds: number }
  /** Daemonic Instability: loses max(0, 2D6 + `add` − `ld`) wounds, re-rolled once if `reroll` (§7, A17). */
  | { readonly kind: 'daemonic'; readonly add: number; readonly ld: number; readonly reroll: boolean }
  /** Break test: pass on 2D6 ≤ ld, re-roll a failure once if `reroll`; a failure flees. */
  | {
      readonly kind: 'break';
      readonly ld: number;
      readonly reroll: boolean;
      /** War machines that fail are destroyed (§9). */
      readonly destroyedOnFailure: boolean;
      readonly flee: DiceExpr;
      readonly pursuit: DiceExpr;
      /**
       * The winner declines to pursue if it passes this Leadership test, re-rolling a failure once
       * when allowed; null: it pursues (it chose to, or Frenzy forces it) — §12.3.
       */
      readonly restraint: { readonly ld: number; readonly reroll: boolean } | null;
    };

export type RoundResult =
  | { readonly kind: 'destroyed'; readonly side: Side }
  | { readonly kind: 'draw' }
  | { readonly kind: 'lost'; readonly loser: Side; readonly test: LoserTest };

const TWO_D6 = parseDice('2D6');
const SWIFTSTRIDE = parseDice('3D6 discard lowest');

/** Flee and pursuit dice: 2D6, Swiftstride 3D6 discard the lowest, Random Movement its X (§1.1, §12.3). */
export function moveDice(unit: Unit): DiceExpr {
  if (unit.morale.randomMovement) return unit.morale.randomMovement;
  return unit.morale.swiftstride ? SWIFTSTRIDE : TWO_D6;
}

/** Static combat-result bonuses of a side with `alive` models — §12.1. */
function bonuses(unit: Unit, alive: number, charged: boolean): number {
  let score = 0;
  if (charged) score += 1; // charge
  score += Math.min(3, Math.max(0, fullRanks(unit, alive) - 1)); // rank bonus
  if (unit.standard) score += 1;
  if (unit.battleStandard) score += 1;
  if (unit.warStandard) score += 1;
  return score;
}

/** Flank +1 (+2 with a full rank), rear +2 (+3 with a full rank) — §12.1. */
function facingBonus(sit: MeleeSituation, attacker: Unit, alive: number): number {
  if (sit.facing === 'front') return 0;
  const ranked = fullRanks(attacker, alive) >= 1 ? 1 : 0;
  return (sit.facing === 'flank' ? 1 : 2) + ranked;
}

/** Combat score of both sides; `targetWounds` / `attackerWounds` already exclude lost excess (A24). */
export function combatScore(s: Scenario, targetWounds: number, attackerWounds: number): CombatScore {
  const sit = s.situation as MeleeSituation;
  const aliveA = modelsAlive(s.attacker, attackerWounds);
  const aliveT = modelsAlive(s.target, targetWounds);
  const first = sit.round === 1;
  return {
    attacker:
      targetWounds + bonuses(s.attacker, aliveA, first && sit.charging === 'attacker') + facingBonus(sit, s.attacker, aliveA) + sit.attackerBonus,
    target: attackerWounds + bonuses(s.target, aliveT, first && sit.charging === 'target') + sit.targetBonus,
  };
}

/**
 * The result of a round whose attacks caused `targetWounds` and `attackerWounds` (Overkill
 * included in a challenge, excess otherwise lost); `score` is their combat score, when the caller
 * has it already.
 */
export function roundResult(s: Scenario, targetWounds: number, attackerWounds: number, score?: CombatScore): RoundResult {
  const sit = s.situation as MeleeSituation;
  const aliveT = modelsAlive(s.target, targetWounds);
  const aliveA = modelsAlive(s.attacker, attackerWounds);
  // No More Foes: a unit that destroys every enemy in contact wins (§12.1); a unit reduced to its
  // joined character (a whole fight's, standing after the blows) is not destroyed
  if (aliveT + (s.target.joined ?? 0) === 0) return { kind: 'destroyed', side: 'target' };
  if (aliveA + (s.attacker.joined ?? 0) === 0) return { kind: 'destroyed', side: 'attacker' };
  score ??= combatScore(s, targetWounds, attackerWounds);
  let loser: Side;
  let tieBreak = false;
  if (score.attacker === score.target) {
    // Draw: both win, unless exactly one side has a musician (§12.1, A3)
    if (s.attacker.musician === s.target.musician) return { kind: 'draw' };
    loser = s.attacker.musician ? 'target' : 'attacker';
    tieBreak = true;
  } else loser = score.attacker > score.target ? 'target' : 'attacker';
  const difference = Math.abs(score.attacker - score.target);
  const targetLost = loser === 'target';
  const unit = targetLost ? s.target : s.attacker;
  const enemy = targetLost ? s.attacker : s.target;
  const aliveL = targetLost ? aliveT : aliveA;
  const aliveW = targetLost ? aliveA : aliveT;
  // Disrupted: engaged in flank or rear by an enemy with ≥ 2 full ranks (§12.2)
  const disrupted = loser === 'target' && sit.facing !== 'front' && fullRanks(s.attacker, aliveA) >= 2;
  const steadfast = !disrupted && fullRanks(unit, aliveL) > fullRanks(enemy, aliveW);
  return { kind: 'lost', loser, test: loserTest(s, unit, enemy, difference, steadfast, tieBreak) };
}

function loserTest(s: Scenario, unit: Unit, enemy: Unit, difference: number, steadfast: boolean, tieBreak: boolean): LoserTest {
  const sit = s.situation as MeleeSituation;
  const m = unit.morale;
  const ignoresDifference = steadfast || m.stubborn || tieBreak;
  if (m.unbreakable && !m.unstable && !m.daemonicInstability) return { kind: 'auto-pass' };
  if (m.unstable) {
    // A3: an Unstable unit never loses by the musician tie-break
    if (tieBreak) return { kind: 'unstable', wounds: 0 };
    // Unstable: D wounds; halved (round up) if Stubborn or Bodyguard, once (A18); then −1 for Hold your Ground (§7)
    let wounds = m.stubborn || m.bodyguard ? Math.ceil(difference / 2) : difference;
    if (m.holdYourGround) wounds = Math.max(0, wounds - 1);
    return { kind: 'unstable', wounds };
  }
  const ld = standingLeadership(unit, enemy);
  if (m.daemonicInstability) {
    const opts = sit.options;
    // A3: no roll when losing by the musician; A17: Steadfast/Stubborn drop the D term; HYG re-roll
    if (tieBreak) return { kind: 'unstable', wounds: 0 };
    const add = (steadfast || m.stubborn) && opts.daemonicSteadfast ? 0 : difference;
    return { kind: 'daemonic', add, ld, reroll: m.holdYourGround && opts.daemonicReroll };
  }
  // −D unless Steadfast, Stubborn or lost only by the musician tie-break (§12.1, §12.2)
  const tested = ignoresDifference ? ld : clampCharacteristic(ld - difference);
  return {
    kind: 'break',
    ld: tested,
    reroll: m.rerollLeadership,
    destroyedOnFailure: unit.troop === 'war-machine',
    flee: moveDice(unit),
    pursuit: moveDice(enemy),
    // Declining to pursue needs a passed Leadership test (a failure forces pursuit); Frenzy must pursue (§12.3)
    restraint:
      sit.pursuit || enemy.morale.frenzy
        ? null
        : { ld: standingLeadership(enemy, unit), reroll: enemy.morale.rerollLeadership },
  };
}
