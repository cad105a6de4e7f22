/**
 * Combat result and what the loser must roll — 9th Age §12.1, §12.2, §7 (Unstable, Daemonic
 * Instability), §12.3. Pure arithmetic on the wounds of the round; the dice of the break test,
 * flee and pursuit are rolled (or summed exactly) by each engine.
 */
import { type DiceExpr, parseDice } from '../../core/dice.js';
import { modelsAlive, standingLeadership, woundPool } from './melee-setup.js';
import type { MeleeSituation, Scenario, Unit } from './model.js';
import { commandStands, fullRanks } from './groups.js';
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

export type RoundResult = (
  | { readonly kind: 'destroyed'; readonly side: Side }
  | { readonly kind: 'draw' }
  | { readonly kind: 'lost'; readonly loser: Side; readonly test: LoserTest }
) & {
  /** A small number, one per result a RoundJudge returns (the same result, the same id): 0–2 the judgements of every round, then the lost rounds'. */
  readonly id: number;
};

const TWO_D6 = parseDice('2D6');
const SWIFTSTRIDE = parseDice('3D6 discard lowest');

/** Flee and pursuit dice: 2D6, Swiftstride 3D6 discard the lowest, Random Movement its X (§1.1, §12.3). */
export function moveDice(unit: Unit): DiceExpr {
  if (unit.morale.randomMovement) return unit.morale.randomMovement;
  return unit.morale.swiftstride ? SWIFTSTRIDE : TWO_D6;
}

/**
 * Static combat-result bonuses of a side with `alive` rank and file after the round's blows —
 * §12.1: the result is scored after every Initiative step, so a standard whose bearer fell this
 * round (with the last rank and file but the champion, commandStands) no longer counts.
 */
function bonuses(unit: Unit, alive: number, charged: boolean): number {
  let score = 0;
  if (charged) score += 1; // charge
  score += Math.min(3, Math.max(0, fullRanks(unit, alive) - 1)); // rank bonus
  const bearer = commandStands(unit, alive);
  if (unit.standard && bearer) score += 1;
  if (unit.battleStandard) score += 1;
  if (unit.warStandard && bearer) score += 1; // a magic standard is the standard bearer's (§11)
  return score;
}

/** Flank +1 (+2 with a full rank), rear +2 (+3 with a full rank) — §12.1. */
function facingBonus(facing: MeleeSituation['facing'], attacker: Unit, alive: number): number {
  if (facing === 'front') return 0;
  const ranked = fullRanks(attacker, alive) >= 1 ? 1 : 0;
  return (facing === 'flank' ? 1 : 2) + ranked;
}

/** Combat score of both sides; `targetWounds` / `attackerWounds` already exclude lost excess (A24). */
export function combatScore(s: Scenario, targetWounds: number, attackerWounds: number): CombatScore {
  const judge = judgeOf(s);
  return { attacker: judge.scoreA(targetWounds, attackerWounds, 0), target: judge.scoreT(targetWounds, attackerWounds, 0) };
}

/**
 * The result of a round whose attacks caused `targetWounds` and `attackerWounds` (Overkill
 * included in a challenge, excess otherwise lost); `score` is their combat score, when the caller
 * has it already.
 */
export function roundResult(s: Scenario, targetWounds: number, attackerWounds: number, score?: CombatScore): RoundResult {
  const judge = judgeOf(s);
  return score
    ? judge.result(targetWounds, attackerWounds, score.attacker, score.target)
    : judge.result(targetWounds, attackerWounds, judge.scoreA(targetWounds, attackerWounds, 0), judge.scoreT(targetWounds, attackerWounds, 0));
}

/** Each scenario's judge, made once: the one-round engines judge one scenario many times. */
const judges = new WeakMap<Scenario, RoundJudge>();
function judgeOf(s: Scenario): RoundJudge {
  let judge = judges.get(s);
  if (!judge) judges.set(s, (judge = new RoundJudge(s)));
  return judge;
}

/**
 * Results and tests written with every kind's keys in one order, the keys a kind does not use left
 * undefined: one hidden class for all results and one for all tests, so the simulators'
 * code that reads them stays monomorphic from one scenario to the next.
 */
function resultOf(kind: RoundResult['kind'], side: Side | undefined, loser: Side | undefined, test: LoserTest | undefined, id: number): RoundResult {
  return { kind, side, loser, test, id } as RoundResult;
}

type TestFields = { readonly kind: LoserTest['kind'] } & Partial<Omit<Extract<LoserTest, { kind: 'break' }>, 'kind'>> & { readonly wounds?: number; readonly add?: number };

function testOf(t: TestFields): LoserTest {
  return {
    kind: t.kind,
    wounds: t.wounds,
    add: t.add,
    ld: t.ld,
    reroll: t.reroll,
    destroyedOnFailure: t.destroyedOnFailure,
    flee: t.flee,
    pursuit: t.pursuit,
    restraint: t.restraint,
  } as LoserTest;
}

const TARGET_DESTROYED = resultOf('destroyed', 'target', undefined, undefined, 0);
const ATTACKER_DESTROYED = resultOf('destroyed', 'attacker', undefined, undefined, 1);
const DRAW = resultOf('draw', undefined, undefined, undefined, 2);

/**
 * One side of a RoundJudge by the wounds its rank and file lost, 0 … its pool (more wounds leave no
 * model, A24): its models alive, full ranks and static combat-result bonuses (§12.1), each row
 * worked out the first time it is needed.
 */
class JudgedSide {
  private readonly last: number;
  /** By wounds lost: 1 once the row is worked out. */
  private readonly done: Int32Array;
  readonly alive: Int32Array;
  readonly ranks: Int32Array;
  readonly bonus: Int32Array;
  /** What a round's result reads of the side besides its score (RoundJudge.resultKeyA). */
  readonly resultKey: Int32Array;

  constructor(
    private readonly unit: Unit,
    /** Whether the side charged this round (+1, §12.1). */
    private readonly charged: boolean,
    /** Where the side engages the enemy: the attacker's flank or rear bonus (§12.1); 'front' for the target. */
    private readonly facing: MeleeSituation['facing'],
  ) {
    this.last = Math.max(0, woundPool(unit));
    // Five views of one array: one allocation outside the heap, not five
    const n = this.last + 1;
    const all = new Int32Array(5 * n);
    this.done = all.subarray(0, n);
    this.alive = all.subarray(n, 2 * n);
    this.ranks = all.subarray(2 * n, 3 * n);
    this.bonus = all.subarray(3 * n, 4 * n);
    this.resultKey = all.subarray(4 * n, 5 * n);
  }

  /** The row for `w` wounds on the side's rank and file, worked out on first use. */
  row(w: number): number {
    const i = w < this.last ? w : this.last;
    if (this.done[i] === 0) {
      const alive = modelsAlive(this.unit, i);
      this.alive[i] = alive;
      this.ranks[i] = fullRanks(this.unit, alive);
      this.bonus[i] = bonuses(this.unit, alive, this.charged) + facingBonus(this.facing, this.unit, alive);
      // Standing (No More Foes), a musician standing (the draw's tie-break) and full ranks (Steadfast, Disrupted): §12.1, §12.2
      const standing = alive + (this.unit.joined ?? 0) > 0;
      const musician = this.unit.musician && commandStands(this.unit, alive);
      this.resultKey[i] = (this.ranks[i] * 2 + (musician ? 1 : 0)) * 2 + (standing ? 1 : 0);
      this.done[i] = 1;
    }
    return i;
  }
}

/**
 * A round's two sides compiled for judging its blows (§12.1, §12.2): each side by the wounds its
 * rank and file lost (JudgedSide); the results of a lost round by what they depend on, made once each.
 * Read-only results: the same object is returned for equal judgements.
 */
export class RoundJudge {
  private readonly sit: MeleeSituation;
  private readonly a: JudgedSide;
  private readonly t: JudgedSide;
  constructor(
    readonly s: Scenario,
    /**
     * Results of a lost round by their key (small integers: an array, no hashing). A result read
     * from here depends on the units only through their morale, Leadership, troop type and the
     * situation (loserTest), not through their models or wounds: judges whose units differ only
     * in those may share one array.
     */
    private readonly lost: Array<RoundResult | undefined> = [],
  ) {
    const sit = (this.sit = s.situation as MeleeSituation);
    this.a = new JudgedSide(s.attacker, sit.round === 1 && sit.charging === 'attacker', sit.facing);
    this.t = new JudgedSide(s.target, sit.round === 1 && sit.charging === 'target', 'front');
  }

  /** The attacker's combat score (§12.1): wounds caused, static bonuses, flank or rear, the situation's bonus and `extra` (a whole fight's character wounds and Overkill, §4.11). */
  scoreA(targetWounds: number, attackerWounds: number, extra: number): number {
    return targetWounds + this.bonusA(attackerWounds) + extra;
  }

  /** The target's combat score (§12.1). */
  scoreT(targetWounds: number, attackerWounds: number, extra: number): number {
    return attackerWounds + this.bonusT(targetWounds) + extra;
  }

  /** The attacker's part of its combat score that is not wounds caused: static bonuses, flank or rear and the situation's bonus, after it lost `attackerWounds` (§12.1). */
  bonusA(attackerWounds: number): number {
    return this.a.bonus[this.a.row(attackerWounds)] + this.sit.attackerBonus;
  }

  /** The target's (§12.1). */
  bonusT(targetWounds: number): number {
    return this.t.bonus[this.t.row(targetWounds)] + this.sit.targetBonus;
  }

  /**
   * What result() reads of the attacker's wounds besides the scores, as one number: results with
   * equal scores and equal keys of both sides are equal.
   */
  resultKeyA(attackerWounds: number): number {
    return this.a.resultKey[this.a.row(attackerWounds)];
  }

  /** The target's (resultKeyA). */
  resultKeyT(targetWounds: number): number {
    return this.t.resultKey[this.t.row(targetWounds)];
  }

  /** The round's result from its wounds and combat scores. */
  result(targetWounds: number, attackerWounds: number, scoreA: number, scoreT: number): RoundResult {
    const s = this.s;
    const a = this.a;
    const t = this.t;
    const iT = t.row(targetWounds);
    const iA = a.row(attackerWounds);
    // No More Foes: a unit that destroys every enemy in contact wins (§12.1); a unit reduced to its
    // joined character (a whole fight's, standing after the blows) is not destroyed
    if (t.alive[iT] + (s.target.joined ?? 0) === 0) return TARGET_DESTROYED;
    if (a.alive[iA] + (s.attacker.joined ?? 0) === 0) return ATTACKER_DESTROYED;
    let targetLost: boolean;
    let tieBreak = false;
    if (scoreA === scoreT) {
      // Draw: both win, unless exactly one side has a musician standing after the blows (§12.1, A3, commandStands)
      const musicianA = s.attacker.musician && commandStands(s.attacker, a.alive[iA]);
      const musicianT = s.target.musician && commandStands(s.target, t.alive[iT]);
      if (musicianA === musicianT) return DRAW;
      targetLost = musicianA;
      tieBreak = true;
    } else targetLost = scoreA > scoreT;
    const difference = Math.abs(scoreA - scoreT);
    // Disrupted: engaged in flank or rear by an enemy with ≥ 2 full ranks (§12.2)
    const disrupted = targetLost && this.sit.facing !== 'front' && a.ranks[iA] >= 2;
    // Steadfast: more full ranks than the enemy, unless Disrupted (§12.2)
    const steadfast = !disrupted && (targetLost ? t.ranks[iT] > a.ranks[iA] : a.ranks[iA] > t.ranks[iT]);
    const key = ((difference * 2 + (steadfast ? 1 : 0)) * 2 + (tieBreak ? 1 : 0)) * 2 + (targetLost ? 1 : 0);
    let r = this.lost[key];
    if (r === undefined) {
      const loser: Side = targetLost ? 'target' : 'attacker';
      const test = targetLost ? loserTest(s, s.target, s.attacker, difference, steadfast, tieBreak) : loserTest(s, s.attacker, s.target, difference, steadfast, tieBreak);
      this.lost[key] = r = resultOf('lost', undefined, loser, test, key + 3);
    }
    return r;
  }
}

function loserTest(s: Scenario, unit: Unit, enemy: Unit, difference: number, steadfast: boolean, tieBreak: boolean): LoserTest {
  const sit = s.situation as MeleeSituation;
  const m = unit.morale;
  const ignoresDifference = steadfast || m.stubborn || tieBreak;
  if (m.unbreakable && !m.unstable && !m.daemonicInstability) return testOf({ kind: 'auto-pass' });
  if (m.unstable) {
    // A3: an Unstable unit never loses by the musician tie-break
    if (tieBreak) return testOf({ kind: 'unstable', wounds: 0 });
    // Unstable: D wounds; halved (round up) if Stubborn or Bodyguard, once (A18); then −1 for Hold your Ground (§7)
    let wounds = m.stubborn || m.bodyguard ? Math.ceil(difference / 2) : difference;
    if (m.holdYourGround) wounds = Math.max(0, wounds - 1);
    return testOf({ kind: 'unstable', wounds });
  }
  const ld = standingLeadership(unit, enemy);
  if (m.daemonicInstability) {
    const opts = sit.options;
    // A3: no roll when losing by the musician; A17: Steadfast/Stubborn drop the D term; HYG re-roll
    if (tieBreak) return testOf({ kind: 'unstable', wounds: 0 });
    const add = (steadfast || m.stubborn) && opts.daemonicSteadfast ? 0 : difference;
    return testOf({ kind: 'daemonic', add, ld, reroll: m.holdYourGround && opts.daemonicReroll });
  }
  // −D unless Steadfast, Stubborn or lost only by the musician tie-break (§12.1, §12.2)
  const tested = ignoresDifference ? ld : clampCharacteristic(ld - difference);
  return testOf({
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
  });
}
