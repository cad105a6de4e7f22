/**
 * How a question's pairings are answered: the exact engine, or Monte Carlo on one pool of workers
 * started for the whole question (every pairing reuses them). Front-end neutral: the front end
 * says how to start workers (`MonteCarloHost`: Node worker threads, Web Workers) and shows the
 * progress it is told.
 */
import { grouped, scientific, WorkAccount } from '../core/budget.js';
import { TooLargeError } from '../core/errors.js';
import type { Evaluate } from '../analysis/pairing.js';
import { findSystem } from '../systems/lookup.js';
import { tallyToOutcome } from '../sim/tally.js';
import { type MonteCarloPool, runMonteCarloOn, threadsFor } from '../sim/run-monte-carlo.js';
import { type Provenance, situationLines } from './provenance.js';

/** How a front end starts workers. */
export interface MonteCarloHost {
  createPool(threads: number): MonteCarloPool;
}

export interface MonteCarloSettings {
  samples: number;
  seed: string;
  threads: number;
  /** Samples per chunk (tests use small chunks); the default CHUNK_SIZE otherwise. */
  chunkSize?: number;
}

/** Progress over a question of several pairings: samples done of the current pairing, and a pairing done. */
export interface PairingProgress {
  update(doneInPart: number): void;
  endPart(samples: number): void;
}

export interface QuestionEngine {
  /** How many pairings the question has (for the message when they are too large together). */
  pairings?: number;
  /** Monte Carlo with these settings; absent: the exact engine. */
  monteCarlo?: MonteCarloSettings & { host: MonteCarloHost; progress?: PairingProgress; signal?: AbortSignal };
}

/** What a question's run used: the engine, sampling, the situation the rule set was given, and its notes. */
export type QuestionRun = Pick<Provenance, 'engine' | 'samples' | 'samplesPer' | 'seed' | 'situation' | 'notes'>;

/**
 * Run `ask` with the exact engine or with Monte Carlo. The situation recorded is the one the rule
 * set received in the first pairing (every pairing gets the same flags).
 */
export async function withEvaluator<T>(engine: QuestionEngine, ask: (evaluate: Evaluate) => Promise<T>): Promise<{ value: T; run: QuestionRun }> {
  let situation: string[] | null = null;
  // The rule sets' notes (GameSystem.notes): one that every pairing gives is shown once; one that
  // only some give names each of them.
  const pairingsOf = new Map<string, string[]>();
  let parsedPairings = 0;
  const notesOfRun = () =>
    [...pairingsOf].flatMap(([note, labels]) => (labels.length === parsedPairings || labels.every((l) => l === '') ? [note] : labels.map((l) => (l ? `${l}: ${note}` : note))));
  const parse = (system: string, input: unknown, label?: string) => {
    situation ??= situationLines((input as { situation?: unknown }).situation);
    const s = findSystem(system);
    const parsed = s.parse(input);
    parsedPairings++;
    for (const note of new Set(s.notes?.(parsed) ?? [])) {
      const labels = pairingsOf.get(note) ?? [];
      if (!labels.includes(label ?? '')) labels.push(label ?? '');
      pairingsOf.set(note, labels);
    }
    return parsed;
  };
  const mc = engine.monteCarlo;
  if (!mc) {
    // One meter over the whole question: its pairings' work adds up to the one limit.
    const account = new WorkAccount();
    let done = 0;
    const value = await ask(async (system, input, label) => {
      const parsed = parse(system, input, label);
      try {
        const outcome = account.run(() => findSystem(system).exact(parsed));
        done++;
        return outcome;
      } catch (error) {
        if (!(error instanceof TooLargeError) || done === 0) throw error;
        const pairings = engine.pairings === undefined ? 'pairings' : `${grouped(engine.pairings)} pairings`;
        throw new TooLargeError(
          `too large for the exact engine: this question's ${pairings} together need more than ${scientific(account.limit)} steps (about 5 s; the limit was reached after ${grouped(done)} of them${label ? `, at ${label}` : ''}); use --mc, or ask a smaller question`,
        );
      }
    });
    return { value, run: { engine: 'exact', situation: situation ?? [], notes: notesOfRun() } };
  }
  const pool = mc.host.createPool(threadsFor(mc.threads, mc.samples, mc.chunkSize));
  try {
    const value = await ask(async (system, input, label) => {
      const parsed = parse(system, input, label);
      const job = { system, input, parsed, label, samples: mc.samples, seed: mc.seed, threads: mc.threads, chunkSize: mc.chunkSize, signal: mc.signal, onProgress: mc.progress?.update };
      const tally = await runMonteCarloOn(pool, job);
      mc.progress?.endPart(mc.samples);
      return tallyToOutcome(tally);
    });
    return { value, run: { engine: 'monte-carlo', samples: mc.samples, samplesPer: 'pairing', seed: mc.seed, situation: situation ?? [], notes: notesOfRun() } };
  } finally {
    await pool.destroy();
  }
}
