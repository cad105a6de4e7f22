/**
 * "What kills this unit?": every candidate attacker (each with its best option) against one
 * target, ranked by the probability of removing it.
 */
import { findSystem } from '../systems/lookup.js';
import type { Outcome, SituationFlags } from '../systems/types.js';
import { type Evaluate, evaluatePairing, type Figures, figuresOf, type RemoveMetric, type Side, sideBody } from './pairing.js';
import { DEFAULT_OPTION, pointsOf, questionsOf, type Unit } from './unit.js';

export interface KillsRow extends Figures {
  attacker: Side;
  /** Per 100 points, when the attacker's points are known: expected removals (P(remove) × 100 / points) and mean damage. */
  per100Points: { removals: number; meanDamage: number } | null;
  outcome: Outcome;
}

export interface KillsResult {
  target: Side;
  metric: RemoveMetric;
  flags: SituationFlags;
  rows: KillsRow[];
}

export async function whatKills(target: Side, candidates: Unit[], flags: SituationFlags, metric: RemoveMetric, evaluate: Evaluate): Promise<KillsResult> {
  const system = findSystem(target.unit.system);
  const q = questionsOf(system);
  const targetBody = sideBody(target);
  const rows: KillsRow[] = [];
  for (const unit of candidates) {
    let best: KillsRow | null = null;
    for (const option of [DEFAULT_OPTION, ...Object.keys(unit.options)]) {
      const attacker = { unit, option };
      if (!q.canAttack(sideBody(attacker), flags)) continue;
      const outcome = await evaluatePairing(evaluate, attacker, target, flags);
      const figures = figuresOf(q, outcome, targetBody, metric, system.id);
      const points = pointsOf(unit, option);
      const row: KillsRow = {
        attacker,
        ...figures,
        per100Points: points ? { removals: (100 * figures.pRemove) / points, meanDamage: (100 * figures.meanDamage) / points } : null,
        outcome,
      };
      if (!best || row.pRemove > best.pRemove || (row.pRemove === best.pRemove && row.meanDamage > best.meanDamage)) best = row;
    }
    if (best) rows.push(best);
  }
  rows.sort((a, b) => b.pRemove - a.pRemove || b.meanDamage - a.meanDamage);
  return { target, metric, flags, rows };
}
