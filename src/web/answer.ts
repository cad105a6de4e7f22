/**
 * The page's answer to a question: the same question functions as the CLI (questions/, analysis/),
 * returned as plain data the page draws — the JSON the CLI's `--json` prints, the report's tables
 * and charts, the "what it assumed" record and the rule set's notes. Runs in the exact engine's
 * Web Worker, or on the page for Monte Carlo (whose chunks go to Web Workers).
 */
import { type Dist, trim } from '../core/dist.js';
import { InputError, ScenarioError } from '../core/errors.js';
import { compareEngagements, compareEngagementsPlan, engagementsOf, rankEngagements, rankPlan } from '../analysis/engagements.js';
import { checkGridSize, damageGrid, gridPlan, parseAxis, parseGridMetric } from '../analysis/grid.js';
import { killsPlan, whatKills } from '../analysis/kills.js';
import { type Evaluate, parseRemoveMetric } from '../analysis/pairing.js';
import { expectQuestionWork, type Planned } from '../analysis/question-work.js';
import { shootingNotes } from '../analysis/shooting-flags.js';
import { clearUnmodelledInUse, DEFAULT_OPTION, type Library, libraryOf, questionsOf, type Unit, withOption } from '../analysis/unit.js';
import { type QuestionEngine, type QuestionRun, withEvaluator } from '../questions/evaluate.js';
import { resultJson } from '../questions/json.js';
import { pairingScenario } from '../questions/pairing-scenario.js';
import { commandLine, defaultOptionLine, provenance, provenanceJson, provenanceLines, setInvocation, withNotes } from '../questions/provenance.js';
import { askCompare, compareAnswerReport, type CompareAnswerReport, compareQuestionPlan, furtherSituations } from '../questions/compare-question.js';
import { engagementCompareReport, engagementKillsReport, engagementSituation } from '../questions/engagement-report.js';
import { shortId } from '../questions/ids.js';
import { gridReport, killsAttackersAssumed, killsReport, removeAssumption } from '../questions/question-reports.js';
import { fightEngineLabel, fightToJson, ROUNDS_ASSUMED } from '../questions/fight-json.js';
import type { Chart, ReportTable } from '../questions/report.js';
import { runScenario } from '../questions/run.js';
import { fightReport } from '../fight/report.js';
import { findSystem } from '../systems/lookup.js';
import type { SituationFlags } from '../systems/types.js';
import { LIBRARY } from './library.js';
import { cliArgs, compareTargets, type Question } from './question.js';
import { unitOf } from './my-units.js';

declare const WARODDS_VERSION: string;

/** A chart as the page draws it: one x axis, one or more series (Chart.js). */
export interface AnswerChart {
  title: string;
  kind: 'bar' | 'line';
  xLabel: string;
  yLabel: string;
  labels: string[];
  series: Array<{ label: string; values: number[] }>;
}

export interface Answer {
  title: string;
  lines: string[];
  charts: AnswerChart[];
  tables: ReportTable[];
  /** The same JSON as the CLI's `--json` for this question. */
  json: unknown;
  /** The "what it assumed" record, as lines. */
  provenance: string[];
  /** The rule set's warnings and notes. */
  notes: string[];
  /** The CLI command line that asks the same (absent when an edited unit has no CLI equivalent). */
  command: string;
  /** The same question in a further situation, shown after the first (compare: options that tie here, where they may differ). */
  alsoUnder?: AnswerSection;
}

/** A further block of an answer: its heading, verdict lines, charts and tables. */
export interface AnswerSection {
  heading: string;
  lines: string[];
  charts: AnswerChart[];
  tables: ReportTable[];
}

/**
 * The library with the player's units and the form's edited units in place of the library's. An
 * imported army (units with a faction/name id) is what kills ranks, as with `--units ARMY.ros`.
 */
function libraryWithEdits(q: Question): Library {
  const carried = q.units ?? [];
  const mine = carried.map(unitOf);
  const army = bringsArmy(q) ? mine.filter((_, i) => carried[i].id.includes('/')) : null;
  const everything = [...LIBRARY.units, ...mine];
  const base = mine.length ? libraryOf(everything) : LIBRARY;
  const edits: Unit[] = [];
  const edited = (id: string, body: object | undefined): void => {
    if (!body) return;
    const unit = base.find(`${q.system}/${id}`, 'unit');
    edits.push({ ...unit, name: `${unit.name} (edited)`, body: body as Unit['body'], options: {}, source: 'the form' });
  };
  edited(q.attacker, q.edited.attacker);
  if (q.target !== q.attacker || !q.edited.attacker) edited(q.target, q.edited.target);
  if (!edits.length && !army) return base;
  const all = [...everything, ...edits];
  return libraryOf(all, army ? [...army, ...edits] : all);
}

/** Whether the player brought an imported army (units with a faction/name id): kills then ranks its units. */
function bringsArmy(q: Question): boolean {
  return (q.units ?? []).some((c) => c.id.includes('/'));
}

export function situationOf(q: Question): SituationFlags {
  const fight = q.ask === 'fight';
  return {
    charge: q.charge,
    flank: q.flank,
    rear: q.rear,
    shooting: fight ? false : q.shooting,
    fight,
    extra: fight && q.rounds !== undefined ? { rounds: q.rounds } : {},
  };
}

/** What a question over many pairings (kills, compare, table) gives the answer: its run, record and report. */
interface PairingsAnswer {
  run: QuestionRun;
  assumed: string[];
  /** Candidates that could not make the attack, each named with why. */
  leftOut?: string[];
  reportOf: () => CompareAnswerReport;
}

/**
 * The engagement's length of kills or compare, checked as the CLI checks --turns and --bounds, or
 * null for one attack (a share link edited by hand may carry a value the form never gives).
 */
function engagementSteps(q: Question): number | null {
  if (q.ask !== 'kills' && q.ask !== 'compare') return null;
  if (q.steps === undefined) {
    if (q.ask === 'kills' && q.pairs) throw new InputError('--pairs: only with --turns (Kings of War, Age of Sigmar) or --bounds (HOTT)');
    return null;
  }
  const e = questionsOf(findSystem(q.system)).engagements;
  if (!e) throw new InputError(`--length: ${q.system} has no engagements of turns or bounds`);
  if (!Number.isInteger(q.steps) || q.steps < 1 || q.steps > e.maxSteps) throw new InputError(`--${e.step}: '${q.steps}' must be a whole number from 1 to ${e.maxSteps}`);
  return q.steps;
}

/** P(at least i) for each i of the distribution. */
function atLeast(d: Dist): number[] {
  const out: number[] = new Array(d.length);
  let tail = 0;
  for (let i = d.length - 1; i >= 0; i--) out[i] = tail += d[i];
  return out;
}

/** The distribution as P(value) and P(at least value), from 0 up. */
function distCharts(title: string, xLabel: string, series: Array<{ label: string; dist: Dist }>): AnswerChart[] {
  const length = Math.max(...series.map((s) => trim(s.dist).length));
  const labels = Array.from({ length }, (_, i) => String(i));
  const pmf = series.map((s) => ({ label: s.label, values: labels.map((_, i) => s.dist[i] ?? 0) }));
  const tails = series.map((s) => {
    const t = atLeast(s.dist);
    return { label: s.label, values: labels.map((_, i) => t[i] ?? 0) };
  });
  return [
    { title, kind: 'bar', xLabel, yLabel: 'probability', labels, series: pmf },
    { title: `${title}: at least`, kind: 'line', xLabel, yLabel: 'P(at least)', labels, series: tails },
  ];
}

function distTable(title: string, valueName: string, dist: Dist): ReportTable {
  const d = trim(dist);
  const tail = atLeast(d);
  return {
    title,
    columns: [
      { name: valueName, kind: 'text', key: true },
      { name: 'P(exactly)', kind: 'percent' },
      { name: 'P(at least)', kind: 'percent' },
    ],
    rows: Array.from(d, (p, i) => [String(i), p, tail[i]]),
  };
}

function reportCharts(charts: Chart[]): AnswerChart[] {
  return charts.flatMap((c) => distCharts(c.title, 'value', c.series));
}

/** Answer the question with the exact engine, or Monte Carlo on `engine`'s workers. */
export async function answer(q: Question, engine: QuestionEngine = {}): Promise<Answer> {
  const system = findSystem(q.system);
  // The per-stage distributions, where the rule set has them, come with every attack.
  const stages = q.ask === 'attack' && system.stages !== undefined;
  const args = [...cliArgs(q), ...(stages ? ['--stages'] : [])];
  // The record names the unmodelled rules of the units this answer uses, not an earlier one's.
  clearUnmodelledInUse();
  setInvocation(args, WARODDS_VERSION);
  const editedNote = [
    ...(q.edited.attacker || q.edited.target ? ['An edited unit is not in the CLI library: save it as a unit file and give its folder with --units.'] : []),
    ...(q.units?.length ? [`Your units (${q.units.length}) are in the CLI library when their files are in a folder given with --units.`] : []),
  ];
  const lib = libraryWithEdits(q);
  const questions = questionsOf(system);
  const flags = situationOf(q);
  const attackerOption = q.edited.attacker || q.attackerOption === DEFAULT_OPTION ? undefined : q.attackerOption;
  const targetOption = q.edited.target || q.targetOption === DEFAULT_OPTION ? undefined : q.targetOption;
  const ref = (id: string) => `${q.system}/${id}`;
  const mc = engine.monteCarlo;
  if (q.ask === 'attack' || q.ask === 'fight') {
    if (q.ask === 'fight' && !questions.fights) throw new InputError(`fight: whole fights exist for ninth-age and warhammer-fantasy, not ${system.id}`);
    const { scenario, assumed } = pairingScenario(lib, { attacker: ref(q.attacker), target: ref(q.target), attackerOption, targetOption, flags });
    if (q.ask === 'fight' && q.rounds === undefined) assumed.push(ROUNDS_ASSUMED);
    const result = await runScenario(scenario, mc ? 'mc' : 'exact', { samples: mc?.samples ?? 0, seed: mc?.seed ?? '', threads: mc?.threads ?? 1, chunkSize: mc?.chunkSize, stages, onProgress: mc?.progress?.update, signal: mc?.signal }, mc?.host);
    const situation = Object.entries((scenario.input as { situation?: Record<string, unknown> }).situation ?? {}).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
    const record = provenance({ engine: mc ? 'monte-carlo' : 'exact', ...(mc ? { samples: mc.samples, seed: mc.seed } : {}), situation, assumed });
    const outcome = result.monteCarlo?.outcome ?? result.exact!;
    const notes = [...result.notes, ...editedNote];
    if (q.ask === 'fight') {
      const report = fightReport(outcome);
      const json = fightToJson({ name: scenario.name, system: system.id, engine: fightEngineLabel(mc ?? null) }, report, undefined, record);
      const rounds = report.rounds.map((r) => String(r.round));
      return {
        title: scenario.name,
        lines: [`Attacker wins ${pct(report.attacker.wins)}, target wins ${pct(report.target.wins)}, still fighting after ${report.cap} rounds ${pct(report.fighting)}`],
        charts: [
          {
            title: 'Who has broken, been caught or destroyed, by round',
            kind: 'line',
            xLabel: 'round',
            yLabel: 'probability',
            labels: rounds,
            series: [
              { label: 'target broken', values: report.rounds.map((r) => r.targetBroken) },
              { label: 'attacker broken', values: report.rounds.map((r) => r.attackerBroken) },
            ],
          },
          { title: 'The fight ends in round', kind: 'bar', xLabel: 'round', yLabel: 'probability', labels: rounds, series: [{ label: 'ends this round', values: report.rounds.map((r) => r.ends) }] },
        ],
        tables: [
          {
            title: 'Round by round',
            columns: [
              { name: 'round', kind: 'text', key: true },
              { name: 'ends', kind: 'percent' },
              { name: 'ended by', kind: 'percent' },
              { name: 'target broken', kind: 'percent' },
              { name: 'attacker broken', kind: 'percent' },
              { name: 'attacker left', kind: 'number' },
              { name: 'target left', kind: 'number' },
            ],
            rows: report.rounds.map((r) => [String(r.round), r.ends, r.ended, r.targetBroken, r.attackerBroken, r.attackerLeft, r.targetLeft]),
          },
        ],
        json,
        provenance: provenanceLines(record),
        notes,
        command: commandLine(args),
      };
    }
    const json = resultJson(result, record);
    const charts = [
      ...distCharts(`Damage (${questions.damageUnit})`, questions.damageUnit, [{ label: 'damage', dist: outcome.damage }]),
      ...(outcome.slain ? distCharts('Models slain', 'models', [{ label: 'slain', dist: outcome.slain }]) : []),
      ...(result.stages ? [distCharts('Each stage', 'count', result.stages.map((s) => ({ label: s.name, dist: s.dist })))[0]] : []),
    ];
    const tables = [distTable('Damage', questions.damageUnit, outcome.damage), ...(outcome.slain ? [distTable('Models slain', 'models', outcome.slain)] : [])];
    const lines = [`Mean damage ${(json as { damage: { mean: number } }).damage.mean.toFixed(2)}`, ...(outcome.destroyed !== undefined ? [`P(${questions.removeVerb}) ${pct(outcome.destroyed)}`] : [])];
    return { title: scenario.name, lines, charts, tables, json, provenance: provenanceLines(record), notes, command: commandLine(args) };
  }
  // What P(remove) counts: the player's choice (--remove), else destroyed, which the record says
  const metric = parseRemoveMetric(q.remove);
  const removeAssumed = q.remove === undefined ? [removeAssumption(questions)] : [];
  const steps = engagementSteps(q);
  // Every run of the question: one meter over its pairings, and the notes the CLI gives (a
  // --shooting flag the rule set's shooting does not read is named).
  const answerWith = async <T>(pairings: number, ask: (evaluate: Evaluate) => Promise<T>) => {
    const r = await withEvaluator({ ...engine, pairings }, ask);
    return { ...r, run: { ...r.run, notes: [...new Set([...shootingNotes(questions, flags), ...(r.run.notes ?? [])])] } };
  };
  // The exact engine estimates the whole question's work before its first pairing and refuses one
  // past the meter in the CLI's line (Monte Carlo runs anything, with progress and Cancel).
  const expectWork = (question: string, plan: () => Planned[]) => {
    if (!mc) expectQuestionWork(question, plan());
  };
  const { run, reportOf, assumed, leftOut = [] } = await (async (): Promise<PairingsAnswer> => {
    if (q.ask === 'kills') {
      const target = { unit: lib.find(ref(q.target), 'target'), option: targetOption ?? DEFAULT_OPTION };
      const candidates = lib.ofSystem(system.id);
      const assumed = [killsAttackersAssumed(system.id, candidates.length, bringsArmy(q))];
      if (targetOption === undefined && Object.keys(target.unit.options).length) assumed.push(defaultOptionLine('target'));
      if (steps !== null) {
        const pairs = Boolean(q.pairs);
        expectWork(`kills of ${target.unit.system}/${target.unit.id} over ${steps} ${engagementsOf(system.id, '--attacker').step}${pairs ? ' by pairs of attackers' : ''}`, () => rankPlan(target, candidates, steps, pairs, flags));
        const engagements = pairs ? (candidates.length * (candidates.length + 1)) / 2 : candidates.length;
        const r = await answerWith(engagements, (evaluate) => rankEngagements(target, candidates, steps, pairs, flags, evaluate));
        return { run: { ...r.run, situation: engagementSituation(system.id, steps, flags) }, assumed, reportOf: () => engagementKillsReport(target, r.value.rows, r.value.refused, steps, pairs, questions) };
      }
      const tried = candidates.map((unit) => ({ unit }));
      expectWork(`kills of ${target.unit.system}/${target.unit.id}`, () => killsPlan(target, tried, flags));
      const r = await answerWith(tried.length, (evaluate) => whatKills(target, tried, flags, metric, evaluate));
      // Nothing dropped silently: each candidate that cannot make this attack is named, with why.
      const leftOut = r.value.leftOut.map((l) => `left out: ${shortId(l.unit.system, l.unit.id)}: ${l.why}`);
      return { run: r.run, assumed: [...assumed, ...removeAssumed], leftOut, reportOf: () => killsReport(r.value, questions) };
    }
    if (q.ask === 'compare') {
      const unit = lib.find(ref(q.attacker), 'unit');
      const options = [DEFAULT_OPTION, ...Object.keys(unit.options)];
      const targets = compareTargets(q).map((id) => ({ unit: lib.find(ref(id), '--target'), option: DEFAULT_OPTION }));
      const assumed = [`options: all of the unit's (${options.join(', ')})`];
      // A unit with one loadout (a roster's unit, as its player chose it) is answered as it stands, with a note.
      const oneLoadout = options.length < 2 ? [`options: '${shortId(unit.system, unit.id)}' has one loadout (default): nothing to compare, shown as it stands against each target`] : [];
      if (steps !== null) {
        expectWork(`compare of ${unit.system}/${unit.id} over ${steps} ${engagementsOf(system.id, '--attacker').step}`, () => compareEngagementsPlan(unit, options, targets, steps, flags));
        const r = await answerWith(options.length * targets.length, (evaluate) => compareEngagements(unit, options, targets, steps, flags, evaluate));
        return {
          run: { ...r.run, notes: [...oneLoadout, ...(r.run.notes ?? [])], situation: engagementSituation(system.id, steps, flags) },
          assumed,
          reportOf: () => engagementCompareReport({ unit, option: DEFAULT_OPTION }, r.value, steps, questions),
        };
      }
      // Options that tie here are compared again where the rule set says they may differ (the charge, shooting).
      const question = { unit, options, targets, flags, metric } as const;
      const further = furtherSituations(question, questions);
      expectWork(`compare of ${unit.system}/${unit.id}`, () => compareQuestionPlan(question, further));
      const r = await answerWith(options.length * targets.length * (further.furtherFlags ? 2 : 1), (evaluate) => askCompare(question, further, evaluate));
      return { run: { ...r.run, notes: [...oneLoadout, ...(r.run.notes ?? [])] }, assumed: [...assumed, ...removeAssumed], reportOf: () => compareAnswerReport(r.value, further, flags, questions) };
    }
    const unit = lib.find(ref(q.attacker), 'unit');
    const option = attackerOption ?? DEFAULT_OPTION;
    if (!questions.canAttack(withOption(unit, option), flags)) throw new InputError(`unit: '${ref(q.attacker)}' cannot make this attack${flags.shooting ? ' (it cannot shoot)' : ' (try --shooting)'}`);
    const grid = questions.defaultGrid;
    const rows = parseAxis(q.rows ?? grid.rows, '--rows', questions, system.id);
    const cols = parseAxis(q.cols ?? grid.cols, '--cols', questions, system.id);
    if (rows.key === cols.key) throw new InputError(`--cols: '${cols.key}' is already the row key`);
    checkGridSize(rows, cols, Boolean(q.large));
    const base = q.gridTarget !== undefined ? withOption(lib.find(ref(q.gridTarget), '--target'), DEFAULT_OPTION) : grid.target;
    const metricText = q.metric ?? grid.metric;
    const gridMetric = parseGridMetric(metricText, metric);
    expectWork(`table of ${unit.system}/${unit.id}`, () => gridPlan({ unit, option }, base, rows, cols, flags));
    const r = await answerWith(rows.values.length * cols.values.length, (evaluate) => damageGrid({ unit, option }, base, rows, cols, flags, gridMetric, evaluate));
    const assumed: string[] = [];
    if (attackerOption === undefined && !q.edited.attacker && Object.keys(unit.options).length) assumed.push(defaultOptionLine());
    if (q.gridTarget === undefined) assumed.push(`target: the ${system.id} standard target (${questions.summary(base)}), its characteristics varied by the axes`);
    if (q.rows === undefined) assumed.push(`rows: ${grid.rows}`);
    if (q.cols === undefined) assumed.push(`columns: ${grid.cols}`);
    if (q.metric === undefined) assumed.push(`cells: ${metricText ?? 'mean'}`);
    if (gridMetric.kind === 'p-remove') assumed.push(...removeAssumed);
    return { run: r.run, assumed, reportOf: () => gridReport(r.value, questions) };
  })();
  const runNotes = run.notes ?? [];
  const record = withNotes(provenance({ ...run, assumed }), leftOut);
  const { report, json, alsoUnder }: CompareAnswerReport = reportOf();
  return {
    title: report.title,
    lines: report.lines,
    charts: reportCharts(report.charts),
    tables: report.tables,
    ...(alsoUnder ? { alsoUnder: { heading: alsoUnder.heading, lines: alsoUnder.report.lines, charts: reportCharts(alsoUnder.report.charts), tables: alsoUnder.report.tables } } : {}),
    json: { run: provenanceJson(record), ...json },
    provenance: provenanceLines(record),
    notes: [...runNotes, ...leftOut, ...editedNote],
    command: commandLine(args),
  };
}

function pct(p: number): string {
  return `${(100 * p).toFixed(1)}%`;
}

/** One line for an error the player can fix (a field and what is allowed), or the error itself. */
export function errorLine(error: unknown): string {
  if (error instanceof ScenarioError) return `${error.path}: ${error.problem}`;
  if (error instanceof InputError) return error.message;
  return String((error as Error)?.message ?? error);
}

/** The edited units checked against their rule set (the form's live check): null, or the error line. */
export function checkEdited(q: Question): string | null {
  try {
    pairingScenario(libraryWithEdits(q), { attacker: `${q.system}/${q.attacker}`, target: `${q.system}/${q.target}`, flags: situationOf(q) });
    return null;
  } catch (e) {
    return errorLine(e);
  }
}
