/**
 * Exact HOTT combat: the distribution of the comparison of the two totals (§6.7), split where the
 * rules need it (the Magician's die of 1, §6.5; the parity of a tie, §7.2), composed with the
 * results table of the scenario (§7).
 */
import { bernoulli, type Dist, uniform } from '../../core/dist.js';
import type { Outcome } from '../types.js';
import { combatFactors } from './factors.js';
import { type Result, RESULTS, removesFromPlay, resultTable, type ResultTable, doubles } from './results.js';
import type { DoubleRule, HottScenario } from './scenario.js';

/** The five cases of a combat from the attacker's side, in the order of §9's tables. */
export const COMBAT_CASES = ['doubles', 'wins', 'ties', 'loses', 'doubled'] as const;
export type CombatCase = (typeof COMBAT_CASES)[number];

/** Probabilities of the cases, with ties split by the parity of the tied total. */
export interface CaseWeights {
  doubles: number;
  wins: number;
  oddTies: number;
  evenTies: number;
  loses: number;
  doubled: number;
}

/** P(each case) when A's die has (sub-)distribution `dieA` and B's `dieB`; totals = face + factor. */
export function caseWeights(dieA: Dist, factorA: number, dieB: Dist, factorB: number, rule: DoubleRule): CaseWeights {
  const w: CaseWeights = { doubles: 0, wins: 0, oddTies: 0, evenTies: 0, loses: 0, doubled: 0 };
  for (let i = 0; i < dieA.length; i++) {
    if (dieA[i] === 0) continue;
    const tA = i + factorA;
    for (let j = 0; j < dieB.length; j++) {
      const p = dieA[i] * dieB[j];
      if (p === 0) continue;
      const tB = j + factorB;
      if (tA > tB) doubles(tA, tB, rule) ? (w.doubles += p) : (w.wins += p);
      else if (tB > tA) doubles(tB, tA, rule) ? (w.doubled += p) : (w.loses += p);
      else if (tA % 2 !== 0) w.oddTies += p;
      else w.evenTies += p;
    }
  }
  return w;
}

/** A's die split at the backfire face: (face 1 alone, faces 2–6) — §6.5. */
function splitAtOne(die: Dist): [Dist, Dist] {
  const one = new Float64Array(die.length);
  const rest = Float64Array.from(die);
  one[1] = die[1];
  rest[1] = 0;
  return [one, rest];
}

function add(table: Map<Result, number>, r: Result, p: number): void {
  if (p > 0) table.set(r, (table.get(r) ?? 0) + p);
}

/** Each element's results given the case weights of the dice that are resolved by the table. */
function resultsOf(w: CaseWeights, table: ResultTable, attacker: Map<Result, number>, target: Map<Result, number>): void {
  add(target, table.targetDoubled, w.doubles);
  add(target, table.targetBeaten, w.wins);
  add(attacker, 'nothing', w.doubles + w.wins + w.evenTies);
  add(attacker, table.attackerBeaten, w.loses);
  add(attacker, table.attackerDoubled, w.doubled);
  add(target, 'nothing', w.loses + w.doubled + w.evenTies);
  const oddTie = table.oddTieDestroysBoth ? 'destroyed' : 'nothing';
  add(attacker, oddTie, w.oddTies);
  add(target, oddTie, w.oddTies);
}

function ordered(table: Map<Result, number>): Record<string, number> {
  return Object.fromEntries(RESULTS.filter((r) => table.has(r)).map((r) => [r, table.get(r)!]));
}

export function exactHott(s: HottScenario): Outcome {
  const f = combatFactors(s);
  const table = resultTable(s);
  const rule = s.readings.doubleRule;
  const die = uniform(1, 6);
  const all = caseWeights(die, f.attacker, die, f.target, rule);
  const combat: Record<CombatCase, number> = {
    doubles: all.doubles,
    wins: all.wins,
    ties: all.oddTies + all.evenTies,
    loses: all.loses,
    doubled: all.doubled,
  };

  const attacker = new Map<Result, number>();
  const target = new Map<Result, number>();
  if (table.backfireOnOne) {
    // The Magician's 1 vanishes it and leaves the target unaffected, whatever the totals (§6.5).
    const [one, rest] = splitAtOne(die);
    add(attacker, 'vanished', one[1]);
    add(target, 'nothing', one[1]);
    resultsOf(caseWeights(rest, f.attacker, die, f.target, rule), table, attacker, target);
  } else {
    resultsOf(all, table, attacker, target);
  }

  let removed = 0;
  for (const [r, p] of target) if (removesFromPlay(r)) removed += p;
  const damage = bernoulli(Math.min(1, removed));
  return {
    damage,
    slain: damage,
    destroyed: removed,
    outcomes: {
      attacker: ordered(attacker),
      target: ordered(target),
      combat: Object.fromEntries(COMBAT_CASES.filter((c) => combat[c] > 0).map((c) => [c, combat[c]])),
    },
  };
}
