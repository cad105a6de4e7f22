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
  /** Candidates that cannot make this attack with any of their options, and why. */
  leftOut: Array<{ unit: Unit; why: string }>;
}

/** A candidate attacker: a unit, and the options to try (all of them when none is pinned). */
export interface Candidate {
  unit: Unit;
  /** `--attacker ID:OPTION` pins one option; absent: every option, the best one kept. */
  option?: string;
}

export async function whatKills(target: Side, candidates: Candidate[], flags: SituationFlags, metric: RemoveMetric, evaluate: Evaluate): Promise<KillsResult> {
  const system = findSystem(target.unit.system);
  const q = questionsOf(system);
  const targetBody = sideBody(target);
  const rows: KillsRow[] = [];
  const leftOut: KillsResult['leftOut'] = [];
  for (const { unit, option: pinned } of candidates) {
    let best: KillsRow | null = null;
    const options = pinned !== undefined ? [pinned] : [DEFAULT_OPTION, ...Object.keys(unit.options)];
    for (const option of options) {
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
    else leftOut.push({ unit, why: q.cannotAttack?.(sideBody({ unit, option: options[0] }), flags) ?? `it cannot make this attack${flags.shooting ? ' (it cannot shoot)' : ''}` });
  }
  rows.sort((a, b) => b.pRemove - a.pRemove || b.meanDamage - a.meanDamage);
  return { target, metric, flags, rows, leftOut };
}
