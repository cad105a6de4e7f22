/**
 * "What kills this unit?": every candidate attacker (each with its best option) against one
 * target, ranked by the probability of removing it.
 */
import { findSystem } from '../systems/lookup.js';
import type { Outcome, SituationFlags } from '../systems/types.js';
import type { Planned } from './question-work.js';
import { type Evaluate, evaluatePairing, plannedPairing, type Figures, figuresOf, type RemoveMetric, type Side, sideBody } from './pairing.js';
import { DEFAULT_OPTION, pointsOf, questionsOf, type Unit } from './units.js';

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

/** Every candidate with every option that can make this attack, in the order they are asked. */
function attackersOf(target: Side, candidates: Unit[], flags: SituationFlags): Side[] {
  const q = questionsOf(findSystem(target.unit.system));
  return candidates.flatMap((unit) =>
    [DEFAULT_OPTION, ...Object.keys(unit.options)].map((option) => ({ unit, option })).filter((attacker) => q.canAttack(sideBody(attacker), flags)),
  );
}

/** The pairings `whatKills` runs. */
export function killsPlan(target: Side, candidates: Unit[], flags: SituationFlags): Planned[] {
  return attackersOf(target, candidates, flags).map((attacker) => plannedPairing(attacker, target, flags));
}

export async function whatKills(target: Side, candidates: Unit[], flags: SituationFlags, metric: RemoveMetric, evaluate: Evaluate): Promise<KillsResult> {
  const system = findSystem(target.unit.system);
  const q = questionsOf(system);
  const targetBody = sideBody(target);
  // The best option of each candidate, candidates in the order given
  const best = new Map<Unit, KillsRow>();
  for (const attacker of attackersOf(target, candidates, flags)) {
    const { unit, option } = attacker;
    const outcome = await evaluatePairing(evaluate, attacker, target, flags);
    const figures = figuresOf(q, outcome, targetBody, metric, system.id);
    const points = pointsOf(unit, option);
    const row: KillsRow = {
      attacker,
      ...figures,
      per100Points: points ? { removals: (100 * figures.pRemove) / points, meanDamage: (100 * figures.meanDamage) / points } : null,
      outcome,
    };
    const before = best.get(unit);
    if (!before || row.pRemove > before.pRemove || (row.pRemove === before.pRemove && row.meanDamage > before.meanDamage)) best.set(unit, row);
  }
  const rows = [...best.values()];
  rows.sort((a, b) => b.pRemove - a.pRemove || b.meanDamage - a.meanDamage);
  return { target, metric, flags, rows };
}
