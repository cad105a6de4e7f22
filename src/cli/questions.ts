/**
 * Options shared by kills / compare / table: the situation flags, the unit library, the removal
 * metric, the engine (exact, or --mc), and where the answer goes (--json, --csv, --markdown,
 * --html FILE).
 */
import { Command, Option } from 'commander';
import { InputError } from '../core/errors.js';
import { escapeForTerminal } from '../core/json.js';
import { grouped } from '../core/budget.js';
import { loadLibrary, type Library } from '../analysis/units.js';
import { parseJsonText } from '../json-file.js';
import type { Evaluate } from '../analysis/pairing.js';
import { expectQuestionWork, type Planned } from '../analysis/question-work.js';
import { shootingNotes } from '../analysis/shooting-flags.js';
import { findSystem } from '../systems/lookup.js';
import type { SituationFlags, UnitQuestions } from '../systems/types.js';
import { DEFAULT_ROUNDS, MAX_ROUNDS } from '../fight/types.js';
import { addSamplingOptions, formatOf, positiveInteger, samplingNotes, samplingOptions, type OutputFlags, type SamplingFlags } from './options.js';
import { interruptible } from './interrupt.js';
import { progressReporter } from './progress.js';
import { stdoutStyle } from './terminal.js';
import { type Provenance, provenance, provenanceJson } from '../questions/provenance.js';
import { type QuestionRun, withEvaluator as answerWith } from '../questions/evaluate.js';
import { nodeHost } from './answer.js';
import type { Report } from '../questions/report.js';
import { reportToCsv, reportToMarkdown, reportToTerminal } from './render/report-text.js';
import { writeStdout } from './stdout.js';
import { ROUNDS_ASSUMED } from '../questions/fight-json.js';

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
    .option('--units <path>', 'also load your own units: a folder of unit files, or BattleScribe files (.cat, .catz, .ros, .rosz, or a folder of them); or set WARODDS_UNITS')
    .option('--mc', `Monte Carlo instead of exact (${grouped(QUESTION_MC_SAMPLES)} samples a pairing unless --samples)`);
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
  // A fight's kind is the command's (9th Age `type`, Warhammer Fantasy `phase`: 'fight'); a
  // --situation that names another kind would reach the schema as a mix of both.
  for (const kind of ['type', 'phase'])
    if (f.fight && Object.hasOwn(extra, kind) && extra[kind] !== 'fight')
      throw new InputError(`--situation: a fight is close combat; '${kind}' cannot be ${JSON.stringify(extra[kind])} here`);
  if (f.rounds !== undefined && !f.fight) throw new InputError('--rounds: only with --fight');
  // A flag and a --situation key that set the same thing differently contradict each other (as --flank --rear).
  if (f.rounds !== undefined && Object.hasOwn(extra, 'rounds') && JSON.stringify(extra.rounds) !== JSON.stringify(roundsOf(f.rounds).rounds))
    throw new InputError(`--situation: 'rounds': ${JSON.stringify(extra.rounds)} contradicts --rounds ${f.rounds}: give one or the other`);
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


export const REMOVE_HELP = "what P(remove) counts: destroyed (the default; routed in Kings of War) or break (broken, fled or destroyed; Kings of War: wavered or routed)";

/** A comma-separated list that may also be given several times: `--target a,b --target c` (listFlag checks it). */
export function collectList(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...value.split(',').map((s) => s.trim())];
}

/**
 * `--NAME <list>`, repeatable or comma-separated, with the old plural spelling as a hidden alias
 * (`--targets` for `--target`); read both with `listFlag`.
 */
export function addListOption(cmd: Command, name: string, alias: string, description: string): Command {
  return cmd.option(`--${name} <list>`, description, collectList).addOption(new Option(`--${alias} <list>`).hideHelp().argParser(collectList));
}

/**
 * The entries of `--NAME` and its old spelling together; an empty entry (`a,,b`, a trailing
 * comma) or one given twice is refused, naming the flag as typed.
 */
export function listFlag(f: object, name: string, alias: string): string[] | undefined {
  const flags = f as Record<string, string[] | undefined>;
  const typed = flags[name] !== undefined ? `--${name}` : `--${alias}`;
  const given = [...(flags[name] ?? []), ...(flags[alias] ?? [])];
  if (given.some((entry) => entry === '')) throw new InputError(`${typed}: an empty entry (a comma too many?) in the list`);
  const twice = given.find((entry, i) => given.indexOf(entry) !== i);
  if (twice !== undefined) throw new InputError(`${typed}: '${escapeForTerminal(twice)}' is given twice`);
  return given.length ? given : undefined;
}

/** `--remove`, or its old name `--metric` in kills and compare. */
export function addRemoveOption(cmd: Command, withOldName: boolean): Command {
  cmd.option('--remove <what>', REMOVE_HELP);
  return withOldName ? cmd.addOption(new Option('--metric <what>').hideHelp()) : cmd;
}


/** The round cap of a fight when --rounds is not given. */
export function fightAssumptions(f: QuestionFlags): string[] {
  return f.fight && f.rounds === undefined ? [ROUNDS_ASSUMED] : [];
}

/** The record of a question's answer: its run, and the defaults the user did not choose. */
export function questionProvenance(run: QuestionRun, assumed: string[]): Provenance {
  return provenance({ ...run, assumed });
}

export type { QuestionRun };

/**
 * Run `ask` with the exact engine, or with Monte Carlo (--mc) on one pool of worker threads
 * started for the whole command, with one progress bar over its `pairings` and Ctrl-C ending it.
 * With the exact engine the question's whole work is estimated from `plan` (its pairings, as `ask`
 * runs them) before the first pairing, and a question past the meter is refused at once; `question`
 * names it in that line.
 */
export async function withEvaluator<T>(
  f: QuestionFlags,
  pairings: number,
  plan: { question: string; pairings: () => Planned[] },
  ask: (evaluate: Evaluate) => Promise<T>,
): Promise<{ value: T; run: QuestionRun }> {
  // A bad --html path is refused before the work, not after it.
  (await import('./file-output.js')).checkHtmlPath(f.html, undefined, f.units);
  // The rule sets asked: a flag that --shooting makes irrelevant in one (UnitQuestions.shootingFlags) is noted.
  const systems = new Set<string>();
  const asking = (evaluate: Evaluate) => ask((system, input, label) => (systems.add(system), evaluate(system, input, label)));
  const withFlagNotes = (answer: { value: T; run: QuestionRun }, extra: string[]) => {
    const flags = situationFlags(f);
    const flagNotes = [...systems].flatMap((id) => {
      const q = findSystem(id).questions;
      return q ? shootingNotes(q, flags) : [];
    });
    return { ...answer, run: { ...answer.run, notes: [...new Set([...flagNotes, ...(answer.run.notes ?? []), ...extra])] } };
  };
  if (!f.mc) {
    // The whole question's work, estimated before its first pairing.
    expectQuestionWork(plan.question, plan.pairings());
    return withFlagNotes(await answerWith({ pairings }, asking), samplingNotes(f, false));
  }
  const options = samplingOptions(f, QUESTION_MC_SAMPLES);
  const progress = progressReporter('Monte Carlo', pairings * options.samples);
  try {
    const host = await nodeHost();
    return withFlagNotes(await interruptible(() => answerWith({ pairings, monteCarlo: { ...options, host, progress } }, asking)), []);
  } finally {
    progress.done();
  }
}

/**
 * Print the report (or the command's JSON, with the run's record under "run") and write --html
 * atomically. The HTML page's modules load only with --html (start-up).
 */
export async function emit(report: Report, json: object, f: QuestionFlags): Promise<void> {
  const format = formatOf(f);
  const text =
    format === 'json'
      ? JSON.stringify(report.provenance ? { run: provenanceJson(report.provenance), ...json } : json, null, 2)
      : format === 'csv'
        ? reportToCsv(report)
        : format === 'markdown'
          ? reportToMarkdown(report)
          : reportToTerminal(report, stdoutStyle());
  if (f.html !== undefined) {
    const [{ writeOutputFile }, { reportToHtml }] = await Promise.all([import('./file-output.js'), import('./render/report-html.js')]);
    writeOutputFile(f.html, reportToHtml(report), '--html');
  }
  writeStdout(`${text}\n`);
}
