/**
 * What an answer assumed, recorded in every output format: the command line as typed, the
 * warodds version, the engine (with samples and seed for Monte Carlo), the situation the rule set
 * was given, and every default the user did not choose (the target set, options, axes, ...).
 */
import { grouped } from '../core/budget.js';
import { unmodelledInUseLines } from '../analysis/unit.js';

export interface Provenance {
  command: string;
  version: string;
  engine: 'exact' | 'monte-carlo' | 'both';
  /** Monte Carlo samples (per scenario or pairing) and seed; absent for the exact engine. */
  samples?: number;
  seed?: string;
  /** What each run of `samples` covers: 'pairing', 'scenario' (absent: the one run). */
  samplesPer?: string;
  /** The situation the rule set was given, as `key: value` texts ("charge: front"). */
  situation: string[];
  /** Defaults the user did not choose, each as one sentence ("targets: ..."). */
  assumed: string[];
  /** What the rule set noted about the input: facts that changed nothing here, and why (GameSystem.notes). */
  notes?: readonly string[];
  /** Units used whose source has rules warodds does not model: "id: rule, rule". */
  notModelled?: string[];
}

/** The record line of a unit whose option the user did not choose: its side's, or the one unit's (side absent). */
export function defaultOptionLine(side?: 'attacker' | 'target'): string {
  return `${side ? `${side} ` : ''}option: default (the unit as written)`;
}

let invocation: string[] = [];
let version = '';

/**
 * Set by the front end before a question is answered: the warodds version, and the command line
 * that asks it (the arguments after `warodds`: as typed in the CLI, as built from the question
 * on the web page).
 */
export function setInvocation(args: readonly string[], warodds: string = version): void {
  invocation = [...args];
  version = warodds;
}

/** One argument as a POSIX shell would need it written. */
export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command line as typed, less `--threads N`: the thread count never changes an answer, and
 * the same seed must give byte-identical output for any thread count.
 */
export function commandLine(args: readonly string[] = invocation): string {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--threads') i++;
    else if (!args[i].startsWith('--threads=')) kept.push(args[i]);
  }
  return ['warodds', ...kept.map(shellQuote)].join(' ');
}

/** A situation object as `key: value` texts; nested values as JSON. */
export function situationLines(situation: unknown): string[] {
  if (typeof situation !== 'object' || situation === null) return [];
  return Object.entries(situation as Record<string, unknown>).map(([k, v]) => `${k}: ${typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)}`);
}

export function provenance(p: Omit<Provenance, 'command' | 'version'>): Provenance {
  const notModelled = unmodelledInUseLines();
  return { command: commandLine(), version, ...p, ...(notModelled.length ? { notModelled } : {}) };
}

/** The record of one run of `engine` (runScenario's sampling options). */
export function runProvenance(engine: 'exact' | 'mc' | 'both', sampling: { samples: number; seed: string }, situation: string[], assumed: string[], samplesPer?: string): Provenance {
  const mc = engine !== 'exact' ? { samples: sampling.samples, seed: sampling.seed, ...(samplesPer ? { samplesPer } : {}) } : {};
  return provenance({ engine: engine === 'mc' ? 'monte-carlo' : engine, ...mc, situation, assumed });
}

/** "exact", or "Monte Carlo, 200,000 samples, seed 'warodds'". */
export function engineText(p: Provenance): string {
  const per = p.samplesPer ? ` per ${p.samplesPer}` : '';
  const sampling = p.samples !== undefined ? `, ${grouped(p.samples)} samples${per}, seed '${p.seed}'` : '';
  return p.engine === 'exact' ? 'exact' : p.engine === 'both' ? `exact and Monte Carlo${sampling}` : `Monte Carlo${sampling}`;
}

/** The record as lines of text (terminal, Markdown, CSV comments, HTML footer). */
export function provenanceLines(p: Provenance): string[] {
  return [
    `Command: ${p.command} (warodds ${p.version})`,
    `Engine: ${engineText(p)}`,
    `Situation: ${p.situation.length ? p.situation.join(', ') : 'as each scenario gives it'}`,
    ...p.assumed.map((a) => `Assumed (not given): ${a}`),
    ...(p.notes ?? []).map((n) => `Note: ${n}`),
    ...(p.notModelled ?? []).map((n) => `Not modelled: ${n}`),
  ];
}

/** The record in JSON. */
export function provenanceJson(p: Provenance) {
  return {
    command: p.command,
    version: p.version,
    engine: p.engine,
    ...(p.samples !== undefined ? { samples: p.samples, ...(p.samplesPer ? { samplesPer: p.samplesPer } : {}), seed: p.seed } : {}),
    situation: p.situation,
    assumed: p.assumed,
    ...(p.notes?.length ? { notes: p.notes } : {}),
    ...(p.notModelled ? { notModelled: p.notModelled } : {}),
  };
}

/** The record with the notes of the run(s) it describes, each once, in the order first seen. */
export function withNotes(p: Provenance, notes: Iterable<string>): Provenance {
  const all = [...new Set([...(p.notes ?? []), ...notes])];
  return all.length ? { ...p, notes: all } : p;
}

/** The record of what was assumed as CSV comment lines ("# ..."), before the header. */
export function csvComments(p: Provenance | undefined): string[] {
  return p ? provenanceLines(p).map((l) => `# ${l}`) : [];
}

/** The record of what was assumed, as small print under a Markdown answer. */
export function markdownFootnote(p: Provenance | undefined): string[] {
  return p ? ['', ...provenanceLines(p).map((l) => `<sub>${l.replaceAll('|', '\\|')}</sub>  `)] : [];
}
