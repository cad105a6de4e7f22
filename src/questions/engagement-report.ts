/**
 * kills / compare over an engagement (--turns, --bounds): P(removed by the end of each step), and
 * the situation the run record names. Every front end (the CLI, the web page) shows these.
 */
import { attackersLabel, engagementsOf, type EngagementRow } from '../analysis/engagements.js';
import type { Side } from '../analysis/pairing.js';
import { sideBody, sideLabel } from '../analysis/pairing.js';
import type { SituationFlags, UnitQuestions } from '../systems/types.js';
import { situationLines } from './provenance.js';
import { type Column, formatCell, type Report } from './report.js';
import { unitId, unitRef } from './question-reports.js';

/**
 * The situation an engagement was given, for the run record: its length, the shared situation
 * flags that were set, and the --situation keys (how each attacker attacks is on the command line).
 */
export function engagementSituation(systemId: string, steps: number, flags: SituationFlags): string[] {
  const set = (['charge', 'flank', 'rear', 'shooting'] as const).filter((k) => flags[k]).map((k) => `${k}: true`);
  return [`${engagementsOf(systemId, '--attacker').step}: ${steps}`, ...set, ...situationLines(flags.extra)];
}

/** Columns for steps 1..K (at most 8: then the first, middle and last). */
function stepColumns(steps: number): number[] {
  if (steps <= 8) return Array.from({ length: steps }, (_, k) => k + 1);
  return [1, Math.ceil(steps / 2), steps];
}

function stepHeads(q: UnitQuestions, steps: number): Column[] {
  const step = q.engagements!.step === 'turns' ? 'turn' : 'bound';
  return stepColumns(steps).map((k) => ({ name: `P(${q.removeVerb}) by ${step} ${k}`, kind: 'percent' as const }));
}

function rowJson(r: EngagementRow) {
  return { attackers: r.attackers.map((s) => ({ unit: `${s.unit.system}/${s.unit.id}`, option: s.option })), removedBy: r.removedBy, pRemove: r.pRemove, meanDamage: r.meanDamage };
}

export function engagementKillsReport(target: Side, rows: readonly EngagementRow[], refused: readonly string[], steps: number, pairs: boolean, q: UnitQuestions): { report: Report; json: object } {
  const step = q.engagements!.step === 'turns' ? 'turn' : 'bound';
  const best = rows[0];
  const verdict = best
    ? `${attackersLabel(best.attackers)}: ${formatCell(best.pRemove, 'percent')} to ${q.removeVerb} it within ${steps} ${step}${steps > 1 ? 's' : ''}`
    : 'No built-in or given unit can attack it.';
  const report: Report = {
    title: `What ${q.removeVerb}s ${sideLabel(target)} (${unitRef(target)}) within ${steps} ${step}${steps > 1 ? 's' : ''}?`,
    lines: [verdict, ...(refused.length ? [`${refused.length} pair${refused.length > 1 ? 's' : ''} the rules do not allow, not ranked (--json lists them), e.g. ${refused[0]}`] : [])],
    tables: [
      {
        title: `${pairs ? 'Pairs of attackers' : 'Attackers'} ranked by P(${q.removeVerb} within ${steps} ${step}${steps > 1 ? 's' : ''})`,
        // The attackers by id (what a user types, never cut); their names are in the verdict.
        columns: [{ name: pairs ? 'attackers' : 'attacker', kind: 'text', key: true }, ...stepHeads(q, steps), { name: `mean ${q.engagements!.damageLabel(sideBody(target))}`, kind: 'number' }],
        rows: rows.map((r) => [r.attackers.map(unitRef).join(' + '), ...stepColumns(steps).map((k) => r.removedBy[k - 1]), r.meanDamage]),
      },
    ],
    charts: [],
  };
  return { report, json: { target: `${target.unit.system}/${target.unit.id}`, steps, step, pairs, verdict, rows: rows.map(rowJson), refused } };
}

export function engagementCompareReport(
  unit: Side,
  results: ReadonlyArray<{ option: string; target: Side; row: EngagementRow }>,
  steps: number,
  q: UnitQuestions,
): { report: Report; json: object } {
  const step = q.engagements!.step === 'turns' ? 'turn' : 'bound';
  const report: Report = {
    title: `${sideLabel(unit)} (${unitRef(unit)}): options over ${steps} ${step}${steps > 1 ? 's' : ''}`,
    lines: [],
    tables: [
      {
        title: `P(${q.removeVerb} within each ${step})`,
        columns: [{ name: 'target', kind: 'text', key: true }, { name: 'option', kind: 'text', key: true }, ...stepHeads(q, steps), { name: 'mean damage', kind: 'number' }],
        rows: results.map((r) => [unitRef(r.target), r.option, ...stepColumns(steps).map((k) => r.row.removedBy[k - 1]), r.row.meanDamage]),
      },
    ],
    charts: [],
  };
  return { report, json: { unit: unitId(unit), steps, step, rows: results.map((r) => ({ target: `${r.target.unit.system}/${r.target.unit.id}`, option: r.option, ...rowJson(r.row) })) } };
}
