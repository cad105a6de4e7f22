/**
 * Exact engine for one round of close combat, charge to pursuit: a mixture over the charge-time
 * fear test, the strike order and stupidity, then the first striker's casualties, the later
 * striker's reply with the models it has left (§8), combat resolution (§9) and the loser's fate
 * (§10, §12).
 */
import { type Dist, point, trim } from '../../core/dist.js';
import { DefenderMemo, type DefenderState, type DefenderStates, type KindBlow } from './exact-attack.js';
import { pBreakTestFails, pCaught, pLeadershipPasses } from './exact-morale.js';
import { type Combatant, type MeleePlan, other } from './melee-plan.js';
import { COMBAT_RESULTS, type CombatResult, FATES, type Fate, nonZero } from './outcome-keys.js';
import { Judging, type Verdict } from './resolution.js';
import type { Side } from './schema.js';
import type { Outcome } from '../types.js';

/** Mutable sums of the round's outcome, weighted by probability. */
class Accumulator {
  /** P(pursuit roll ≥ flee roll) when this side flees and is pursued — §12. */
  readonly caughtIfPursued: Record<Side, number>;
  /** Combat resolution and the loser's odds of this plan, compiled once (§9, §10, §12). */
  readonly judging: Judging;
  readonly odds: BreakOdds;
  constructor(plan: MeleePlan) {
    this.caughtIfPursued = {
      attacker: pCaught(plan.attacker.moveDice, plan.target.moveDice),
      target: pCaught(plan.target.moveDice, plan.attacker.moveDice),
    };
    this.judging = new Judging(plan);
    this.odds = new BreakOdds(plan, this.caughtIfPursued);
  }
  damage: Dist = new Float64Array(1);
  slain: Dist = new Float64Array(1);
  destroyed = 0;
  target: Record<Fate, number> = zeros(FATES);
  attacker: Record<Fate, number> = zeros(FATES);
  combat: Record<CombatResult, number> = zeros(COMBAT_RESULTS);

  addDamage(lost: number, slain: number, p: number): void {
    if (lost >= this.damage.length) this.damage = grow(this.damage, lost + 1);
    if (slain >= this.slain.length) this.slain = grow(this.slain, slain + 1);
    this.damage[lost] += p;
    this.slain[slain] += p;
  }
}

export function exactMelee(plan: MeleePlan): Outcome {
  const acc = new Accumulator(plan);
  forEachRoundEnd(plan, {
    fled(side, p) {
      // Fled from the charge — §11: no blows are struck this round.
      acc.addDamage(0, 0, p);
      acc.combat['no-combat'] += p;
      acc[side]['flees-at-charge'] += p;
      acc[other(side)].holds += p;
    },
    fought(onTarget, onAttacker, p) {
      acc.addDamage(onTarget.lost, plan.target.unit.models - onTarget.modelsLeft, p);
      settle({ points: onTarget.points, modelsLeft: onAttacker.modelsLeft }, { points: onAttacker.points, modelsLeft: onTarget.modelsLeft }, p, acc);
    },
  });
  return {
    damage: trim(acc.damage),
    slain: trim(acc.slain),
    destroyed: acc.destroyed,
    morale: nonZero(acc.target),
    outcomes: { combat: nonZero(acc.combat), attacker: nonZero(acc.attacker) },
  };
}

/** How the blows of a round can end: the charged unit fled at the charge, or both units' casualties (no object per end: a whole fight visits many). */
export interface RoundEndVisitor {
  fled(side: Side, p: number): void;
  fought(onTarget: DefenderState, onAttacker: DefenderState, p: number): void;
}

/**
 * Every way the blows of one round can end, with its probability: a mixture over the charge-time
 * fear test, the strike order and stupidity, then the first striker's casualties and the reply of
 * the models the later striker has left (§8).
 */
export function forEachRoundEnd(plan: MeleePlan, visit: RoundEndVisitor, memo: DefenderMemo = new DefenderMemo()): void {
  for (const branch of chargeBranches(plan)) {
    if (branch.flees !== null) visit.fled(branch.flees, branch.p);
    else for (const [pOrder, first] of orderBranches(plan)) fight(plan, first, branch.afraid, branch.p * pOrder, visit, memo);
  }
}

interface ChargeBranch {
  readonly p: number;
  /** Side that hits only on 6s this round. */
  readonly afraid: Side | null;
  /** Side that fled from the charge. */
  readonly flees: Side | null;
}

/** The charged unit's fear or terror test — §11. */
function chargeBranches(plan: MeleePlan): ChargeBranch[] {
  const test = plan.chargeTest;
  if (test === null) return [{ p: 1, afraid: null, flees: null }];
  const tester = test.side === 'attacker' ? plan.attacker : plan.target;
  const pPass = test.given === 'roll' ? pLeadershipPasses(tester.ld) : test.given === 'passed' ? 1 : 0;
  const failed: ChargeBranch = test.failFlees
    ? { p: 1 - pPass, afraid: null, flees: test.side }
    : { p: 1 - pPass, afraid: test.side, flees: null };
  return [{ p: pPass, afraid: null, flees: null }, failed].filter((b) => b.p > 0);
}

/** Strike order — §4, §16.6: fixed, or a roll-off won by each side with probability 1/2. */
function orderBranches(plan: MeleePlan): Array<[number, Side]> {
  if (plan.first === 'roll-off') return [[0.5, 'attacker'], [0.5, 'target']];
  return [[1, plan.first]];
}

/** Fighting models after the stupidity test — §11, §16.10. */
function fightingDist(c: Combatant, plan: MeleePlan): Dist {
  const n = c.fighting;
  if (!c.stupid) return point(n);
  const fail = 1 - pLeadershipPasses(c.ld);
  const half = Math.floor(n / 2);
  const out = new Float64Array(n + 1);
  out[n] += 1 - fail;
  if (plan.situation.options.stupidity === 'odd-model-4+' && n % 2 === 1) {
    out[half] += fail / 2;
    out[half + 1] += fail / 2;
  } else out[half] += fail;
  return out;
}

function fight(plan: MeleePlan, firstSide: Side, afraid: Side | null, weight: number, visit: RoundEndVisitor, memo: DefenderMemo): void {
  const first = firstSide === 'attacker' ? plan.attacker : plan.target;
  const second = firstSide === 'attacker' ? plan.target : plan.attacker;
  const firstBlows = blows(first, afraid, memo);
  const secondBlows = blows(second, afraid, memo);
  const onSecondNode = memo.blowsNode(second.defender, firstBlows);
  const onFirstNode = memo.blowsNode(first.defender, secondBlows);
  const firstFighting = fightingDist(first, plan);
  const secondFighting = fightingDist(second, plan);
  const replyCache = new Map<number, DefenderStates>();
  const attackerFirst = firstSide === 'attacker';
  for (let n1 = 0; n1 < firstFighting.length; n1++) {
    const p1 = firstFighting[n1];
    if (p1 === 0) continue;
    const onSecond = memo.states(onSecondNode, second.defender, firstBlows, n1);
    for (let i1 = 0; i1 < onSecond.states.length; i1++) {
      const s1 = onSecond.states[i1];
      const q1 = onSecond.p[i1];
      const slainSecond = second.unit.models - s1.modelsLeft;
      for (let n2 = 0; n2 < secondFighting.length; n2++) {
        const p2 = secondFighting[n2];
        if (p2 === 0) continue;
        // Casualties cannot strike back — §8, §16.7: each removes one fighting model.
        const replying = Math.max(0, n2 - slainSecond);
        let onFirst = replyCache.get(replying);
        if (!onFirst) replyCache.set(replying, (onFirst = memo.states(onFirstNode, first.defender, secondBlows, replying)));
        for (let i2 = 0; i2 < onFirst.states.length; i2++) {
          const s2 = onFirst.states[i2];
          const p = weight * p1 * q1 * p2 * onFirst.p[i2];
          if (attackerFirst) visit.fought(s1, s2, p);
          else visit.fought(s2, s1, p);
        }
      }
    }
  }
}

/** Each kind of blow of a fighting model: attacks, and the single attack's outcome and multiple-wounds dice. */
function blows(c: Combatant, afraid: Side | null, memo: DefenderMemo): KindBlow[] {
  return c.blows.map((b) => ({ attacks: b.attacks, fixed: b.fixed ?? false, kind: memo.kindOf(afraid === c.side ? b.afraidStrike : b.strike) }));
}

/** Combat resolution, break test and pursuit of one casualty outcome, weighted by p. */
function settle(attacker: { points: number; modelsLeft: number }, target: { points: number; modelsLeft: number }, p: number, acc: Accumulator): void {
  const verdict = acc.judging.verdict(attacker, target);
  if (verdict.kind === 'draw') {
    acc.combat.draw += p;
    acc.attacker.holds += p;
    acc.target.holds += p;
    return;
  }
  acc.combat[verdict.winner === 'attacker' ? 'attacker-wins' : 'target-wins'] += p;
  acc[verdict.winner].holds += p;
  const fate = acc[verdict.loser];
  if (verdict.loserWipedOut) {
    fate['wiped-out'] += p;
    if (verdict.loser === 'target') acc.destroyed += p;
    return;
  }
  acc.odds.judge(verdict);
  const { flee, caught } = acc.odds;
  fate.holds += p * (1 - flee);
  fate.breaks += p * (flee - caught);
  fate.caught += p * caught;
  if (verdict.loser === 'target') acc.destroyed += p * caught;
}

/**
 * P(the loser of a round flees) and P(it flees and is caught) — §10 break test (or the fear
 * auto-break), §12 pursuit; `caughtIfPursued` is P(pursuit roll ≥ flee roll) for each side fleeing.
 * What the test and the pursuit read of a plan is compiled once, for the many verdicts of one plan.
 */
export class BreakOdds {
  /** The last judged verdict's P(the loser flees) and P(it flees and is caught). */
  flee = 0;
  caught = 0;
  private readonly insaneCourage: boolean;
  private readonly battleStandardA: boolean;
  private readonly battleStandardT: boolean;
  /** P(each side pursues when it wins). */
  private readonly pursueA: number;
  private readonly pursueT: number;
  private readonly caughtA: number;
  private readonly caughtT: number;

  constructor(plan: MeleePlan, caughtIfPursued: Record<Side, number>) {
    this.insaneCourage = plan.situation.options.insaneCourage;
    this.battleStandardA = plan.attacker.unit.rules.battleStandard;
    this.battleStandardT = plan.target.unit.rules.battleStandard;
    this.pursueA = pursues(plan.attacker);
    this.pursueT = pursues(plan.target);
    this.caughtA = caughtIfPursued.attacker;
    this.caughtT = caughtIfPursued.target;
  }

  judge(verdict: Extract<Verdict, { kind: 'win' }>): void {
    const loserA = verdict.loser === 'attacker';
    const flee = verdict.autoBreak ? 1 : pBreakTestFails(verdict.holdsUpTo, this.insaneCourage, loserA ? this.battleStandardA : this.battleStandardT);
    this.flee = flee;
    this.caught = flee * (loserA ? this.pursueT : this.pursueA) * (loserA ? this.caughtA : this.caughtT);
  }
}

/** Pursuit — §12: declared (or compulsory) pursuers always pursue; others only on a failed restraint test. */
function pursues(winner: Combatant): number {
  return winner.pursuit === 'always' ? 1 : winner.pursuit === 'never' ? 0 : 1 - pLeadershipPasses(winner.ld);
}

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

function grow(d: Dist, length: number): Dist {
  const out = new Float64Array(length);
  out.set(d);
  return out;
}

