/**
 * "Which weapon option is better?": options of one unit side by side against one or more
 * targets, with P(option A does strictly more damage than option B) computed exactly from the
 * two damage distributions.
 */
import { probGreater } from '../core/dist.js';
import { findSystem } from '../systems/registry.js';
import type { Outcome, SituationFlags } from '../systems/types.js';
import { type Evaluate, evaluatePairing, type Figures, figuresOf, type RemoveMetric, type Side, sideBody } from './pairing.js';
import { questionsOf, type Unit } from './units.js';

export interface OptionResult extends Figures {
  option: string;
  outcome: Outcome;
}

export interface TargetComparison {
  target: Side;
  options: OptionResult[];
  /** beats[i][j] = P(option i does strictly more damage than option j). */
  beats: number[][];
  /** The option with the highest mean damage (ties: the higher P(remove), then the first). */
  winner: string;
}

export interface CompareResult {
  unit: Unit;
  options: string[];
  metric: RemoveMetric;
  targets: TargetComparison[];
  /** Targets at which the winner differs from the previous target's. */
  changes: Array<{ from: string; to: string; at: string }>;
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
    const winner = results.reduce((best, r) => (r.meanDamage > best.meanDamage + 1e-12 || (Math.abs(r.meanDamage - best.meanDamage) <= 1e-12 && r.pRemove > best.pRemove) ? r : best)).option;
    comparisons.push({ target, options: results, beats, winner });
  }
  const changes: CompareResult['changes'] = [];
  for (let i = 1; i < comparisons.length; i++)
    if (comparisons[i].winner !== comparisons[i - 1].winner)
      changes.push({ from: comparisons[i - 1].winner, to: comparisons[i].winner, at: `${comparisons[i].target.unit.system}/${comparisons[i].target.unit.id}` });
  return { unit, options, metric, targets: comparisons, changes };
}
