/**
 * The exact engine of HOTT combats that go on: Markov chains over what carries from
 * one bound to the next. A repeated combat carries only "still in contact"; an assault on a
 * Stronghold carries each assaulter's state (in contact, recoiled, lost). Both are small enough
 * that src/fight's two-unit chain (models and wounds on both sides, break and pursuit endings)
 * would only add states that never change here.
 */
import { bernoulli, uniform } from '../../core/dist.js';
import { expectWhole, totalOf } from '../../fight/conservation.js';
import type { Outcome } from '../types.js';
import type { Assault, HottEngagement, RepeatedCombat } from './engagement-schema.js';
import { caseWeights } from './exact.js';
import { combatFactors } from './factors.js';
import { type Result, removesFromPlay, resultTable } from './results.js';
import type { CloseCombat } from './scenario.js';
import type { TroopId } from './tables.js';
import { isDifficultFor } from './terrain.js';

/** One way a close combat can end for the two elements. */
export interface JointResult {
  readonly p: number;
  readonly attacker: Result;
  readonly target: Result;
}

/** §6.7 and §7: the 36 die pairs, grouped into the pairs of results the table gives. */
export function combatJoint(s: CloseCombat): JointResult[] {
  const f = combatFactors(s);
  const table = resultTable(s);
  const die = uniform(1, 6);
  const w = caseWeights(die, f.attacker, die, f.target, s.readings.doubleRule);
  const oddTie: Result = table.oddTieDestroysBoth ? 'destroyed' : 'nothing';
  return [
    { p: w.doubles, attacker: 'nothing', target: table.targetDoubled },
    { p: w.wins, attacker: 'nothing', target: table.targetBeaten },
    { p: w.evenTies, attacker: 'nothing', target: 'nothing' },
    { p: w.oddTies, attacker: oddTie, target: oddTie },
    { p: w.loses, attacker: table.attackerBeaten, target: 'nothing' },
    { p: w.doubled, attacker: table.attackerDoubled, target: 'nothing' },
  ].filter((j) => j.p > 0) as JointResult[];
}

/** §5 Impetuosa: Knights, Behemoths, Beasts and Warbands pursue (§4.2 notes). */
const IMPETUOUS: ReadonlySet<TroopId> = new Set(['knights', 'behemoths', 'beasts', 'warbands']);

/**
 * Whether the two elements are still in contact after this result: "-" for both (§7.1: they
 * fight again next turn), or a recoil from an Impetuous winner, who follows it 400 paces — the
 * length of the recoil — unless that would take it into difficult terrain (§5 Impetuosa).
 */
export function staysInContact(s: CloseCombat, attacker: Result, target: Result, pursuit: boolean): boolean {
  if (attacker === 'nothing' && target === 'nothing') return true;
  if (!pursuit) return false;
  const follows = (winner: CloseCombat['attacker'], loser: CloseCombat['target']) =>
    IMPETUOUS.has(winner.troop) && !isDifficultFor(loser.terrain, winner.troop);
  if (attacker === 'nothing' && target === 'recoil') return follows(s.attacker, s.target);
  if (target === 'nothing' && attacker === 'recoil') return follows(s.target, s.attacker);
  return false;
}

/** How a result pair reads in the tables. */
export function endingLabel(attacker: Result, target: Result): string {
  if (attacker !== 'nothing' && target !== 'nothing') return attacker === target ? `both ${attacker}` : `attacker ${attacker}, target ${target}`;
  return attacker !== 'nothing' ? `attacker ${attacker}` : `target ${target}`;
}

export const IN_CONTACT = 'still in contact';

/** Whether a label of endingLabel has the target removed from play (destroyed, vanished, left, captured). */
export function targetRemovedIn(label: string): boolean {
  const m = /(?:^both |target )(\w+)$/.exec(label);
  return m !== null && removesFromPlay(m[1] as Result);
}

function exactRepeated(e: RepeatedCombat): Outcome {
  let live = 1;
  const ended = new Map<string, number>();
  const outcomes: Record<string, Record<string, number>> = {};
  let removed = 0;
  const target = new Map<Result, number>();
  const attacker = new Map<Result, number>();
  const add = (m: Map<string, number>, k: string, p: number) => m.set(k, (m.get(k) ?? 0) + p);
  for (let bound = 1; bound <= e.bounds; bound++) {
    const s = bound === 1 ? e.first : e.later;
    let next = 0;
    for (const j of combatJoint(s)) {
      const q = live * j.p;
      if (staysInContact(s, j.attacker, j.target, e.impetuousPursuit)) next += q;
      else {
        add(ended, endingLabel(j.attacker, j.target), q);
        add(attacker as Map<string, number>, j.attacker, q);
        add(target as Map<string, number>, j.target, q);
        if (removesFromPlay(j.target)) removed += q;
      }
    }
    live = next;
    // Still in contact, or ended in one of the ways met so far: the whole probability (conservation.ts)
    expectWhole(totalOf([live], ended.values()), `HOTT combat, bound ${bound}`);
    outcomes[`within bound ${bound}`] = { ...Object.fromEntries(ended), [IN_CONTACT]: live };
  }
  outcomes.attacker = { ...Object.fromEntries(attacker), [IN_CONTACT]: live };
  outcomes.target = { ...Object.fromEntries(target), [IN_CONTACT]: live };
  const damage = bernoulli(Math.min(1, removed));
  return { damage, slain: damage, destroyed: removed, outcomes };
}

/** An assaulter's state between bounds. */
export const IN = 0;
export const RECOILED = 1;
export const LOST = 2;

/**
 * Who fights this bound: the first element in contact, and the next two in contact support
 * (§6.6, ambiguity 9). At the group's own bounds (odd ones) a recoiled element moves back in.
 */
export function lineUp(states: readonly number[], groupBound: boolean): { states: number[]; fighter: number; supports: number[] } {
  const now = states.map((s) => (groupBound && s === RECOILED ? IN : s));
  const inContact = now.flatMap((s, i) => (s === IN ? [i] : []));
  return { states: now, fighter: inContact.length ? inContact[0] : -1, supports: inContact.slice(1, 3) };
}

/** What the fighter's result does to it: stays, recoils out of contact, or is lost to the assault. */
export function afterResult(r: Result): number {
  return r === 'nothing' ? IN : r === 'recoil' ? RECOILED : LOST;
}

function exactAssault(e: Assault): Outcome {
  let live = new Map<string, number>([[e.elements.map(() => IN).join(''), 1]]);
  const captured = new Map<number, number>(); // by elements lost at capture
  const outcomes: Record<string, Record<string, number>> = {};
  let capturedSoFar = 0;
  const joints = new Map<string, JointResult[]>();
  for (let bound = 1; bound <= e.bounds; bound++) {
    const next = new Map<string, number>();
    const put = (states: number[], p: number) => {
      const key = states.join('');
      next.set(key, (next.get(key) ?? 0) + p);
    };
    for (const [key, p] of live) {
      const { states, fighter, supports } = lineUp([...key].map(Number), bound % 2 === 1);
      if (fighter < 0) {
        put(states, p);
        continue;
      }
      const id = `${fighter}|${supports.join(',')}`;
      let joint = joints.get(id);
      if (!joint) joints.set(id, (joint = combatJoint(e.combat(fighter, supports))));
      for (const j of joint) {
        const q = p * j.p;
        const after = states.slice();
        after[fighter] = afterResult(j.attacker);
        if (j.target === 'captured') {
          const lost = after.filter((s) => s === LOST).length;
          captured.set(lost, (captured.get(lost) ?? 0) + q);
          capturedSoFar += q;
        } else put(after, q);
      }
    }
    live = next;
    expectWhole(totalOf(live.values(), [capturedSoFar]), `HOTT assault, bound ${bound}`);
    outcomes[`bound ${bound}`] = { captured: capturedSoFar, holds: 1 - capturedSoFar };
  }
  const damage = new Float64Array(e.elements.length + 1);
  for (const [lost, p] of captured) damage[lost] += p;
  for (const [key, p] of live) damage[[...key].filter((c) => Number(c) === LOST).length] += p;
  return { damage, destroyed: capturedSoFar, outcomes };
}

export function exactHottEngagement(e: HottEngagement): Outcome {
  return e.kind === 'assault' ? exactAssault(e) : exactRepeated(e);
}

