/**
 * "Which weapon option is better?": options of one unit side by side against one or more
 * targets, with P(option A does strictly more damage than option B) and P(A = B) computed exactly
 * from the two damage distributions (independent rolls).
 *
 * The verdict is lexicographic over three measures — mean damage, then P(remove), then
 * P(damage ≥ half) — and names the measure that separates the winner from the best of the rest;
 * in a whole fight (--fight) P(remove), the chance of breaking the target, comes first.
 * Options equal on every measure (within float rounding) are a tie, never a winner picked by
 * list order.
 */
import { at, probEqual, probGreater } from '../core/dist.js';
import { findSystem } from '../systems/lookup.js';
import type { Outcome, SituationFlags, UnitQuestions } from '../systems/types.js';
import type { Planned } from './question-work.js';
import { type Evaluate, evaluatePairing, plannedPairing, type Figures, figuresOf, type RemoveMetric, type Side, sideBody } from './pairing.js';
import { questionsOf, type Unit, withOption } from './unit.js';

export interface OptionResult extends Figures {
  option: string;
  outcome: Outcome;
}

/** The measures a verdict can rest on, in the order they are consulted. */
export type Measure = 'meanDamage' | 'pRemove' | 'pHalf';
const MEASURES: readonly Measure[] = ['meanDamage', 'pRemove', 'pHalf'];
/** A whole fight is won by breaking the target: P(remove) decides first. */
const FIGHT_MEASURES: readonly Measure[] = ['pRemove', 'meanDamage', 'pHalf'];

/** Two values of a measure closer than this (relative to 1 or the value) are equal: float rounding. */
const SAME = 1e-9;

export interface Verdict {
  /** The best options: one when a measure decides, several when they tie on every measure. */
  winners: string[];
  /** The measure on which the winner beats the best of the rest; null when the winners tie. */
  decidedBy: Measure | null;
  /** The best of the rest on `decidedBy` (null in a tie). */
  runnerUp: string | null;
  /** The measures before `decidedBy`, on which the winner and the runner-up are equal (all three in a tie). */
  sameOn: Measure[];
  /** The options of `winners` (and `runnerUp`) have identical damage distributions. */
  sameDamage: boolean;
}

export interface TargetComparison {
  target: Side;
  options: OptionResult[];
  /** beats[i][j] = P(option i does strictly more damage than option j). */
  beats: number[][];
  /** equal[i][j] = P(option i and option j do the same damage). */
  equal: number[][];
  verdict: Verdict;
}

export interface CompareResult {
  unit: Unit;
  options: string[];
  metric: RemoveMetric;
  targets: TargetComparison[];
  /** Targets at which the best option (or tie) differs from the previous target's. */
  changes: Array<{ from: string[]; to: string[]; at: string }>;
}

/** The pairings `compareOptions` runs: each option against each target. */
export function comparePlan(unit: Unit, options: string[], targets: Side[], flags: SituationFlags): Planned[] {
  return targets.flatMap((target) => options.map((option) => plannedPairing({ unit, option }, target, flags)));
}

export async function compareOptions(unit: Unit, options: string[], targets: Side[], flags: SituationFlags, metric: RemoveMetric, evaluate: Evaluate): Promise<CompareResult> {
  const system = findSystem(unit.system);
  const q = questionsOf(system);
  const comparisons: TargetComparison[] = [];
  for (const target of targets) {
    const results: OptionResult[] = [];
    for (const option of options) {
      const outcome = await evaluatePairing(evaluate, { unit, option }, target, flags);
      results.push({ option, outcome, ...figuresOf(q, outcome, sideBody(target), metric, system.id) });
    }
    const beats = results.map((a) => results.map((b) => probGreater(a.outcome.damage, b.outcome.damage)));
    const equal = results.map((a) => results.map((b) => probEqual(a.outcome.damage, b.outcome.damage)));
    comparisons.push({ target, options: results, beats, equal, verdict: verdictOf(results, flags.fight ? FIGHT_MEASURES : MEASURES) });
  }
  const changes: CompareResult['changes'] = [];
  for (let i = 1; i < comparisons.length; i++) {
    const [before, after] = [comparisons[i - 1].verdict.winners, comparisons[i].verdict.winners];
    if (before.join() !== after.join())
      changes.push({ from: before, to: after, at: `${comparisons[i].target.unit.system}/${comparisons[i].target.unit.id}` });
  }
  return { unit, options, metric, targets: comparisons, changes };
}

/** A situation a comparison can be asked again in, where options that change nothing may differ. */
export type OptionSituation = 'charge' | 'shooting';

/**
 * The situations, not asked, in which options that change nothing in close combat without the
 * charge may differ (a bow's profile counts only at range, a lance only on the charge), the one to
 * show first: shooting when every option can shoot, then the charge when every option can charge.
 * Which attacks an option can make is the rule set's (`canAttack`). Empty when the question
 * already asked the charge or shooting.
 */
export function situationsWhereOptionsMayDiffer(unit: Unit, options: readonly string[], flags: SituationFlags, q: UnitQuestions): OptionSituation[] {
  if (flags.charge || flags.shooting || options.length < 2) return [];
  const every = (asked: SituationFlags) => options.every((o) => q.canAttack(withOption(unit, o), asked));
  return [...(!flags.fight && every({ ...flags, shooting: true }) ? ['shooting' as const] : []), ...(every({ ...flags, charge: true }) ? ['charge' as const] : [])];
}

/** Every option does the same against every target: identical damage distributions, all tied. */
export function optionsChangeNothing(r: CompareResult): boolean {
  return r.options.length > 1 && r.targets.every((t) => t.verdict.sameDamage && t.verdict.winners.length === r.options.length);
}

function same(a: number, b: number): boolean {
  return Math.abs(a - b) <= SAME * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Narrow the options measure by measure to those best on it; stop when one is left. */
function verdictOf(results: readonly OptionResult[], measures: readonly Measure[]): Verdict {
  let group = [...results];
  // One loadout alone (a roster's unit): nothing to decide.
  if (group.length === 1) return { winners: [group[0].option], decidedBy: null, runnerUp: null, sameOn: [], sameDamage: true };
  for (const [i, measure] of measures.entries()) {
    const best = Math.max(...group.map((r) => r[measure]));
    const top = group.filter((r) => same(r[measure], best));
    if (top.length === 1) {
      const rest = group.filter((r) => r !== top[0]);
      const runnerUp = rest.reduce((a, b) => (b[measure] > a[measure] ? b : a));
      return { winners: [top[0].option], decidedBy: measure, runnerUp: runnerUp.option, sameOn: measures.slice(0, i), sameDamage: identicalDamage([top[0], runnerUp]) };
    }
    group = top;
  }
  return { winners: group.map((r) => r.option), decidedBy: null, runnerUp: null, sameOn: [...measures], sameDamage: identicalDamage(group) };
}

/** Every option's damage distribution equals the first's (to float rounding). */
function identicalDamage(results: readonly OptionResult[]): boolean {
  const [first, ...others] = results.map((r) => r.outcome.damage);
  return others.every((d) => {
    const n = Math.max(d.length, first.length);
    for (let k = 0; k < n; k++) if (Math.abs(at(d, k) - at(first, k)) > 1e-12) return false;
    return true;
  });
}
