/**
 * The compare question as every front end asks it: the options side by side in the situation
 * asked and, when they change nothing there (close combat without the charge), the same
 * comparison again in the first situation where they may differ (on the charge, or shooting). Which
 * situations those are is the rule set's (analysis/compare's `situationsWhereOptionsMayDiffer`);
 * the front ends only show the two reports this module gives.
 */
import { type CompareResult, compareOptions, comparePlan, type OptionSituation, optionsChangeNothing, situationsWhereOptionsMayDiffer } from '../analysis/compare.js';
import type { Evaluate, RemoveMetric, Side } from '../analysis/pairing.js';
import type { Planned } from '../analysis/question-work.js';
import type { Unit } from '../analysis/unit.js';
import type { SituationFlags, UnitQuestions } from '../systems/types.js';
import { compareReport } from './question-reports.js';
import type { Report } from './report.js';

/** A compare question: the unit's options against the targets in one situation. */
export interface CompareQuestion {
  unit: Unit;
  options: string[];
  targets: Side[];
  flags: SituationFlags;
  metric: RemoveMetric;
}

/** Where the options may differ when they tie: every such situation, and the one computed too. */
export interface FurtherSituations {
  /** The situations, not asked, where the options may differ (first: the one computed). */
  situations: OptionSituation[];
  /** The situation computed after the first comparison when that one ties; none when the question carries further settings (a whole fight's round cap). */
  further?: OptionSituation;
  furtherFlags?: SituationFlags;
}

export function furtherSituations(c: CompareQuestion, q: UnitQuestions): FurtherSituations {
  const situations = situationsWhereOptionsMayDiffer(c.unit, c.options, c.flags, q);
  const further = Object.keys(c.flags.extra).length === 0 ? situations[0] : undefined;
  return { situations, ...(further ? { further, furtherFlags: { ...c.flags, [further]: true } } : {}) };
}

/** The pairings the question may run: the first comparison's, and the further one's. */
export function compareQuestionPlan(c: CompareQuestion, s: FurtherSituations): Planned[] {
  return [...comparePlan(c.unit, c.options, c.targets, c.flags), ...(s.furtherFlags ? comparePlan(c.unit, c.options, c.targets, s.furtherFlags) : [])];
}

/** The two comparisons: the second only when the first ties everywhere and a further situation exists. */
export interface CompareAnswer {
  first: CompareResult;
  further?: { situation: OptionSituation; result: CompareResult };
}

export async function askCompare(c: CompareQuestion, s: FurtherSituations, evaluate: Evaluate): Promise<CompareAnswer> {
  const first = await compareOptions(c.unit, c.options, c.targets, c.flags, c.metric, evaluate);
  if (!s.further || !s.furtherFlags || !optionsChangeNothing(first)) return { first };
  return { first, further: { situation: s.further, result: await compareOptions(c.unit, c.options, c.targets, s.furtherFlags, c.metric, evaluate) } };
}

/** How a comparison's further situation is named in a report. */
const SITUATION_NAME: Record<OptionSituation, string> = { charge: 'on the charge (--charge)', shooting: 'shooting (--shooting)' };

export interface CompareAnswerReport {
  /** The first comparison, with the line that says where tied options may differ. */
  report: Report;
  /** The JSON of both: the further comparison under "alsoUnder". */
  json: object;
  /** The further comparison: its heading, and its report with tables and charts titled with the situation. */
  alsoUnder?: { situation: OptionSituation; heading: string; report: Report };
}

export function compareAnswerReport(a: CompareAnswer, s: FurtherSituations, flags: SituationFlags, q: UnitQuestions): CompareAnswerReport {
  const { report, json } = compareReport(a.first, q);
  if (!optionsChangeNothing(a.first) || flags.charge || flags.shooting) return { report, json };
  const shown = a.further?.situation;
  const asks = s.situations.filter((x) => x !== shown).map((x) => `--${x}`);
  const where = [...(shown ? [`${shown === 'charge' ? 'on the charge' : 'shooting'}, shown below`] : []), ...(asks.length ? [`ask again with ${asks.join(' or ')}`] : [])];
  const lines = [...report.lines, `The options change nothing in this situation (no charge, close combat); they may differ only where it is not asked${where.length ? `: ${where.join('; ')}` : ''}.`];
  if (!a.further) return { report: { ...report, lines }, json };
  const name = SITUATION_NAME[a.further.situation];
  const second = compareReport(a.further.result, q);
  const alsoReport: Report = {
    ...second.report,
    tables: second.report.tables.map((t) => ({ ...t, title: `${t.title}, ${name}` })),
    charts: second.report.charts.map((c) => ({ ...c, title: `${c.title}, ${name}` })),
  };
  return {
    report: { ...report, lines },
    json: { ...json, alsoUnder: { situation: a.further.situation, ...second.json } },
    alsoUnder: { situation: a.further.situation, heading: `${name[0].toUpperCase()}${name.slice(1)}`, report: alsoReport },
  };
}

/** One report of both comparisons, the further one's lines under its heading (the CLI's formats). */
export function joinedReport(r: CompareAnswerReport): Report {
  const also = r.alsoUnder;
  if (!also) return r.report;
  return {
    ...r.report,
    lines: [...r.report.lines, `${also.heading}:`, ...also.report.lines],
    tables: [...r.report.tables, ...also.report.tables],
    charts: [...r.report.charts, ...also.report.charts],
  };
}
