/**
 * Reports (tables, verdicts, charts) and JSON for kills, compare and table.
 */
import { DEFAULT_ROUNDS } from '../fight/types.js';
import { trim } from '../core/dist.js';
import type { CompareResult, Measure, TargetComparison } from '../analysis/compare.js';
import type { GridResult } from '../analysis/grid.js';
import type { KillsResult } from '../analysis/kills.js';
import { type Side, sideLabel } from '../analysis/pairing.js';
import { DEFAULT_OPTION, pointsOf } from '../analysis/unit.js';
import { shortId } from './ids.js';
import type { SituationFlags, UnitQuestions } from '../systems/types.js';
import { distJson } from './json.js';
import { type ColumnKind, formatCell, type Report } from './report.js';

/** The unit's id as the JSON gives it: system/id. */
export function unitId(side: Side): string {
  return `${side.unit.system}/${side.unit.id}`;
}

/** The unit's id as the tables show it, with the rule set's short name (aos/clawlord): what a user types. */
export function unitRef(side: Side): string {
  return shortId(side.unit.system, side.unit.id);
}

/** The record's line for what P(remove) counts when `--remove` is not given (in a whole fight: the target broken, caught or destroyed). */
export function removeAssumption(q: UnitQuestions, fight = false): string {
  if (fight) return 'P(remove) counts the target broken, caught or destroyed within the rounds';
  return `P(remove) counts ${q.removeVerb === 'rout' ? 'routed' : 'destroyed'} (--remove break counts breaking too)`;
}

/**
 * The record's line for the attackers `kills` ranks when none are given: the rule set's units of
 * the library, or of the player's own files (a roster's units as chosen, a catalogue unit's
 * upgrades as options, the best one kept).
 */
export function killsAttackersAssumed(system: string, count: number, fromFiles: boolean): string {
  return fromFiles
    ? `attackers: every ${system} unit of your files (${count}), each with its loadout as written (a roster's as chosen; a catalogue unit's upgrades as options, the best one kept)`
    : `attackers: every ${system} unit in the library (${count}), each with its best option`;
}

/** " charging the flank", " shooting", "" ... */
function doing(flags: SituationFlags): string {
  if (flags.shooting) return ' shooting';
  const facing = flags.flank ? ' the flank' : flags.rear ? ' the rear' : '';
  return flags.charge ? ` charging${facing}` : facing ? ` attacking${facing}` : '';
}

export function killsReport(r: KillsResult, q: UnitQuestions): { report: Report; json: object } {
  const verb = r.metric === 'break' ? (q.breakVerb ?? 'break') : q.removeVerb;
  const best = r.rows[0];
  const verdict = best
    ? `${sideLabel(best.attacker)}${doing(r.flags)}: ${formatCell(best.pRemove, 'percent')} to ${verb} it ${r.flags.fight ? `in a whole fight (up to ${r.flags.extra.rounds ?? DEFAULT_ROUNDS} rounds)` : 'this turn'}`
    : 'No built-in or given unit can attack it.';
  // Per-100-points columns only when some attacker has points; removals as a count, not a percentage.
  const perPoints = r.rows.some((row) => row.per100Points);
  const report: Report = {
    title: `What kills ${sideLabel(r.target)} (${unitRef(r.target)})?`,
    lines: [verdict],
    tables: [
      {
        title: `Attackers ranked by P(${verb})`,
        columns: [
          { name: 'attacker', kind: 'text', key: true },
          { name: 'option', kind: 'text', key: true },
          { name: `P(${verb})`, kind: 'percent' },
          { name: `mean ${q.damageUnit}`, kind: 'number' },
          { name: 'P(≥ half)', kind: 'percent' },
          ...(perPoints
            ? [
                { name: 'removals /100 pts', kind: 'number' as const },
                { name: 'mean /100 pts', kind: 'number' as const },
              ]
            : []),
        ],
        rows: r.rows.map((row) => [
          unitRef(row.attacker),
          row.attacker.option,
          row.pRemove,
          row.meanDamage,
          row.pHalf,
          ...(perPoints ? [row.per100Points ? row.per100Points.removals : '–', row.per100Points ? row.per100Points.meanDamage : '–'] : []),
        ]),
      },
    ],
    charts: best ? [{ title: `${q.damageUnit} of the best attackers`, series: r.rows.slice(0, 4).map((row) => ({ label: sideLabel(row.attacker), dist: row.outcome.damage })) }] : [],
  };
  const json = {
    target: unitId(r.target),
    targetOption: r.target.option,
    metric: r.metric,
    situation: r.flags,
    verdict,
    rows: r.rows.map((row) => ({
      attacker: unitId(row.attacker),
      name: row.attacker.unit.name,
      option: row.attacker.option,
      points: pointsOf(row.attacker.unit, row.attacker.option),
      pRemove: row.pRemove,
      meanDamage: row.meanDamage,
      sdDamage: row.sdDamage,
      pHalf: row.pHalf,
      per100Points: row.per100Points,
      damage: distJson(row.outcome.damage),
    })),
  };
  return { report, json };
}

/** "a", "a and b", "a, b and c". */
function listOf(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function winnersLabel(winners: readonly string[]): string {
  return winners.length === 1 ? winners[0] : `a tie of ${listOf(winners)}`;
}

/** The verdict at one target: the measure that decides it, with the two figures it compares. */
function verdictLine(t: TargetComparison, q: UnitQuestions, verb: string): string {
  const v = t.verdict;
  const measureName = (m: Measure) => (m === 'meanDamage' ? `mean ${q.damageUnit}` : m === 'pRemove' ? `P(${verb})` : 'P(≥ half)');
  const figure = (option: string, m: Measure) => formatCell(t.options.find((o) => o.option === option)![m], m === 'meanDamage' ? 'number' : 'percent');
  const against = `Against ${sideLabel(t.target)}:`;
  if (t.options.length === 1) {
    const only = t.options[0];
    return `${against} ${only.option} deals ${formatCell(only.meanDamage, 'number')} ${q.damageUnit} on average, P(${verb}) ${formatCell(only.pRemove, 'percent')}.`;
  }
  if (v.decidedBy === null)
    return `${against} ${listOf(v.winners)} tie: ${v.sameDamage ? `identical ${q.damageUnit} distributions` : `the same ${listOf(v.sameOn.map(measureName))}`}.`;
  const [winner, runnerUp, m] = [v.winners[0], v.runnerUp!, v.decidedBy];
  const claim = m === 'meanDamage' ? `does more ${q.damageUnit} on average` : m === 'pRemove' ? `is more likely to ${verb} it` : 'more often deals at least half of what the target can take';
  const alike = v.sameDamage ? `the same ${q.damageUnit} distribution as ${runnerUp}` : `the same ${listOf(v.sameOn.map(measureName))} as ${runnerUp}`;
  return `${against} ${winner} ${claim} (${figure(winner, m)} against ${figure(runnerUp, m)} for ${runnerUp})${v.sameOn.length ? `, with ${alike}` : ''}.`;
}

export function compareReport(r: CompareResult, q: UnitQuestions): { report: Report; json: object } {
  const [a, ...others] = r.options;
  const verb = r.metric === 'break' ? (q.breakVerb ?? 'break') : q.removeVerb;
  const lines = r.targets.map((t) => verdictLine(t, q, verb));
  if (r.changes.length) lines.push(...r.changes.map((c) => `The best changes from ${winnersLabel(c.from)} to ${winnersLabel(c.to)} at ${c.at}.`));
  else if (r.targets.length > 1 && r.options.length > 1) {
    const winners = r.targets[0].verdict.winners;
    lines.push(winners.length === 1 ? `${winners[0]} wins against every target.` : `${listOf(winners)} tie against every target.`);
  }
  const report: Report = {
    title: `${r.unit.name} (${unitRef({ unit: r.unit, option: DEFAULT_OPTION })}): ${r.options.join(' vs ')}`,
    lines,
    tables: [
      {
        title: `Per target and option`,
        columns: [
          { name: 'target', kind: 'text', key: true },
          { name: 'option', kind: 'text', key: true },
          { name: `mean ${q.damageUnit}`, kind: 'number' },
          { name: 'sd', kind: 'number' },
          { name: `P(${verb})`, kind: 'percent' },
          { name: 'P(≥ half)', kind: 'percent' },
          ...others.flatMap((o) => [
            { name: `P(${a} > ${o})`, kind: 'percent' as const },
            { name: `P(${a} = ${o})`, kind: 'percent' as const },
          ]),
          { name: 'winner', kind: 'text' },
        ],
        rows: r.targets.flatMap((t) =>
          t.options.map((o, i) => [
            unitRef(t.target),
            o.option,
            o.meanDamage,
            o.sdDamage,
            o.pRemove,
            o.pHalf,
            ...others.flatMap<string | number>((_, j) => (i === 0 ? [t.beats[0][j + 1], t.equal[0][j + 1]] : ['', ''])),
            t.options.length > 1 && t.verdict.winners.includes(o.option) ? (t.verdict.winners.length > 1 ? 'tie' : '◀') : '',
          ]),
        ),
      },
    ],
    charts: r.targets.map((t) => ({ title: `${q.damageUnit} against ${sideLabel(t.target)}`, series: t.options.map((o) => ({ label: o.option, dist: o.outcome.damage })) })),
  };
  const json = {
    unit: `${r.unit.system}/${r.unit.id}`,
    options: r.options,
    metric: r.metric,
    targets: r.targets.map((t) => ({
      target: unitId(t.target),
      winner: t.verdict.winners.length === 1 ? t.verdict.winners[0] : null,
      winners: t.verdict.winners,
      decidedBy: t.verdict.decidedBy,
      runnerUp: t.verdict.runnerUp,
      verdict: verdictLine(t, q, verb),
      results: t.options.map((o) => ({ option: o.option, meanDamage: o.meanDamage, sdDamage: o.sdDamage, pRemove: o.pRemove, pHalf: o.pHalf, damage: distJson(trim(o.outcome.damage)) })),
      pStrictlyMore: t.beats,
      pEqual: t.equal,
    })),
    changes: r.changes,
  };
  return { report, json };
}

export function gridReport(r: GridResult, q: UnitQuestions): { report: Report; json: object } {
  const what = r.metric.kind === 'mean' ? `mean ${q.damageUnit}` : r.metric.kind === 'p-at-least' ? `P(${q.damageUnit} ≥ ${r.metric.k})` : `P(${r.metric.remove === 'break' ? (q.breakVerb ?? 'break') : q.removeVerb})`;
  const kind: ColumnKind = r.metric.kind === 'mean' ? 'number' : 'percent';
  const report: Report = {
    title: `${sideLabel(r.attacker)} (${unitRef(r.attacker)}): ${what} by target ${r.rows.key} × ${r.cols.key}`,
    lines: [],
    tables: [
      {
        title: `${what}; rows ${r.rows.key}, columns ${r.cols.key}`,
        columns: [{ name: `${r.rows.key} \\ ${r.cols.key}`, kind: 'text', key: true }, ...r.cols.values.map((v) => ({ name: v, kind }))],
        rows: r.rows.values.map((v, i) => [v, ...r.cells[i]]),
        shade: true,
      },
    ],
    charts: [],
  };
  const json = {
    unit: unitId(r.attacker),
    option: r.attacker.option,
    metric: r.metric.kind === 'p-at-least' ? `p>=${r.metric.k}` : r.metric.kind,
    rows: r.rows,
    cols: r.cols,
    cells: r.cells,
  };
  return { report, json };
}
