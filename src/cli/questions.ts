/**
 * Options shared by kills / compare / table: the situation flags, the unit library, the removal
 * metric, the engine (exact, or --mc), and where the answer goes (--json, --csv, --markdown,
 * --html FILE).
 */
import { Command, Option } from 'commander';
import { InputError } from '../core/errors.js';
import { withWorkBudget } from '../core/budget.js';
import { loadLibrary, type Library } from '../analysis/units.js';
import { parseJsonText } from '../json-file.js';
import type { Evaluate, RemoveMetric } from '../analysis/pairing.js';
import { findSystem } from '../systems/registry.js';
import { tallyToOutcome } from '../sim/tally.js';
import type { SituationFlags, UnitQuestions } from '../systems/types.js';
import { DEFAULT_ROUNDS, MAX_ROUNDS } from '../fight/types.js';
import { addSamplingOptions, formatOf, positiveInteger, samplingOptions, type OutputFlags, type SamplingFlags } from './options.js';
import { interruptible } from './interrupt.js';
import type { Report } from './render/report.js';
import { reportToCsv, reportToMarkdown, reportToTerminal } from './render/report-text.js';
import { reportToHtml } from './render/report-html.js';
import { checkOutputPath, writeOutputFile } from './file-output.js';

export const QUESTION_MC_SAMPLES = 200_000;

export interface QuestionFlags extends SamplingFlags, OutputFlags {
  charge?: boolean;
  flank?: boolean;
  rear?: boolean;
  shooting?: boolean;
  situation?: string;
  units?: string;
  mc?: boolean;
  html?: string;
  fight?: boolean;
  rounds?: string;
}

/** --fight and --rounds of kills and compare. */
export function addFightOptions(cmd: Command): Command {
  return cmd
    .option('--fight', 'a whole fight, round after round until one side breaks, is caught or destroyed (9th Age, Warhammer Fantasy)')
    .option('--rounds <n>', `with --fight: the round cap, 1..${MAX_ROUNDS} (default ${DEFAULT_ROUNDS})`);
}

/** The round cap given with --rounds, as a situation key (1..50). */
export function roundsOf(text: string | undefined): Record<string, number> {
  return text === undefined ? {} : { rounds: positiveInteger(text, '--rounds', MAX_ROUNDS) };
}

/** A whole fight needs a rule set that has them. */
export function checkFightSystem(q: UnitQuestions, flags: SituationFlags, systemId: string): void {
  if (flags.fight && !q.fights) throw new InputError(`--fight: whole fights exist for ninth-age and warhammer-fantasy, not ${systemId}`);
}

export function addQuestionOptions(cmd: Command): Command {
  cmd
    .option('--charge', 'the attacker charged this turn')
    .addOption(new Option('--flank', 'the attack hits the flank').conflicts(['rear']))
    .option('--rear', 'the attack hits the rear')
    .option('--shooting', 'shooting instead of melee')
    .option('--situation <json>', "further situation keys of the rule set, as JSON (e.g. '{\"round\": 2}')")
    .option('--units <dir>', 'also load your own units from DIR (or set WARODDS_UNITS)')
    .option('--mc', `Monte Carlo instead of exact (${QUESTION_MC_SAMPLES.toLocaleString('en')} samples a pairing unless --samples)`);
  addSamplingOptions(cmd, QUESTION_MC_SAMPLES);
  return cmd
    .addOption(new Option('--json', 'JSON output').conflicts(['csv', 'markdown']))
    .addOption(new Option('--csv', 'CSV output').conflicts(['markdown']))
    .option('--markdown', 'Markdown output')
    .option('--html <file>', 'also write a self-contained HTML page with the tables and charts');
}

export function situationFlags(f: QuestionFlags): SituationFlags {
  let extra: Record<string, unknown> = {};
  if (f.situation !== undefined) {
    extra = parseJsonText(f.situation, '--situation') as Record<string, unknown>;
    if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) throw new InputError('--situation: must be a JSON object of situation keys');
  }
  if (f.fight && f.shooting) throw new InputError('--fight: a fight is close combat; it cannot be combined with --shooting');
  if (f.rounds !== undefined && !f.fight) throw new InputError('--rounds: only with --fight');
  return {
    charge: Boolean(f.charge),
    flank: Boolean(f.flank),
    rear: Boolean(f.rear),
    shooting: Boolean(f.shooting),
    fight: Boolean(f.fight),
    extra: { ...extra, ...roundsOf(f.rounds) },
  };
}

export function library(f: QuestionFlags): Library {
  return loadLibrary(f.units);
}

export function removeMetricOf(text: string | undefined): RemoveMetric {
  if (text === undefined || text === 'destroyed') return 'destroyed';
  if (text === 'break') return 'break';
  throw new InputError(`--metric: '${text}' is not allowed (allowed: destroyed, break)`);
}

/**
 * Run `ask` with the exact engine, or with the Monte Carlo simulator on one pool started for the
 * whole command (every pairing reuses its workers).
 */
export async function withEvaluator<T>(f: QuestionFlags, ask: (evaluate: Evaluate) => Promise<T>): Promise<T> {
  // A bad --html path is refused before the work, not after it.
  if (f.html) checkOutputPath(f.html, '--html');
  if (!f.mc)
    return ask(async (system, input) => {
      const s = findSystem(system);
      const parsed = s.parse(input);
      return withWorkBudget(() => s.exact(parsed));
    });
  const options = samplingOptions(f, QUESTION_MC_SAMPLES);
  const { createPool, runMonteCarlo, threadsFor } = await import('../sim/pool.js'); // only with --mc
  const pool = createPool(threadsFor(options.threads, options.samples));
  try {
    return await interruptible(() =>
      ask(async (system, input, label) => {
        findSystem(system).parse(input);
        return tallyToOutcome(await runMonteCarlo({ system, input, label, ...options }, pool));
      }),
    );
  } finally {
    await pool.destroy();
  }
}

/** Print the report (or the command's JSON) and write --html atomically. */
export function emit(report: Report, json: unknown, f: QuestionFlags): void {
  const format = formatOf(f);
  const text =
    format === 'json' ? JSON.stringify(json, null, 2) : format === 'csv' ? reportToCsv(report) : format === 'markdown' ? reportToMarkdown(report) : reportToTerminal(report, Boolean(process.stdout.isTTY));
  if (f.html) writeOutputFile(f.html, reportToHtml(report), '--html');
  process.stdout.write(`${text}\n`);
}

export function splitList(text: string | undefined): string[] | undefined {
  return text?.split(',').map((s) => s.trim()).filter(Boolean);
}
