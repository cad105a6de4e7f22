/**
 * Deterministic parallel Monte Carlo on a piscina pool: chunks go to whichever worker is free;
 * integer tallies come back and are added, so the result depends only on the seed.
 */
import { setMaxListeners } from 'node:events';
import type { ResourceLimits } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { masterState } from '../core/rng.js';
import { findSystem, loadSystems, systemIdOf } from '../systems/lookup.js';
import { defaultThreads, maxThreads } from './threads.js';
import { WorkerFailure } from './worker-failure.js';
import { CHUNK_SIZE, planChunks } from './chunks.js';
import type { ChunkTask } from './roll-chunk.js';
import { canonicalTally, emptyTallyData, mergeTally, type TallyData } from './tally.js';

export interface MonteCarloJob {
  system: string;
  /** The raw scenario input, as the rule set's parse takes it. */
  input: unknown;
  /** The same input already parsed by the rule set, when the caller has it (saves a parse). */
  parsed?: unknown;
  samples: number;
  seed: string;
  /** What is simulated, for an error message (a scenario's name). */
  label?: string;
  threads?: number;
  /** Samples per chunk (tests use small chunks to have many); the output depends on it. */
  chunkSize?: number;
  /** Called with the number of samples done so far. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export { WorkerFailure };

/** Chunks queued per worker thread at any time. */
const IN_FLIGHT_PER_THREAD = 3;

export { defaultThreads, maxThreads };

/** Threads worth starting for a job: never more than it has chunks. */
export function threadsFor(threads: number, samples: number, chunkSize = CHUNK_SIZE): number {
  return Math.max(1, Math.min(threads, Math.ceil(samples / chunkSize)));
}

/**
 * The worker file is the CommonJS worker-entry (see there why). Running from TypeScript sources
 * (vitest, tsx), the worker needs the tsx loader.
 */
function workerOptions(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(fromSource ? './worker-entry.cts' : './worker-entry.cjs', import.meta.url).href;
  return { filename, execArgv: fromSource ? ['--import', 'tsx'] : [] };
}

/** Tests replace the worker file (CommonJS workers that fail) and limit its heap. */
export interface WorkerOverride {
  filename: string;
  resourceLimits?: ResourceLimits;
}

/** A pool of `threads` warm workers; runMonteCarlo makes its own unless given one. */
export function createPool(threads: number, override?: WorkerOverride): Piscina {
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`createPool: threads must be a whole number ≥ 1, got ${threads}`);
  // A replacement worker is plain CommonJS: no TypeScript loader to start.
  const worker = override ? { execArgv: [], ...override } : workerOptions();
  const pool = new Piscina({ ...worker, minThreads: threads, maxThreads: threads, idleTimeout: 1000 });
  // A worker that dies with no task running is reported as an 'error' event of the pool: without
  // a listener, that would crash the process with a stack trace. The running job listens too.
  pool.on('error', () => {});
  return pool;
}

/** One line: what killed the worker. */
export function failureCause(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'a worker ran out of memory';
  const message = String(e?.message ?? e).split('\n')[0].trim();
  const exited = /^worker exited with code: (-?\d+)/.exec(message);
  if (exited) return `a worker exited unexpectedly (exit code ${exited[1]})`;
  return `a worker failed: ${message}`;
}

/**
 * What workers get of a scenario: the parsed one, so that they load neither the validation library
 * nor the rule set's schemas (issue 16); the raw input when a structured clone cannot carry the
 * parsed one (it holds functions, as a HOTT assault does), for the worker to parse itself.
 */
export function scenarioForWorkers(input: unknown, parsed: unknown): Pick<ChunkTask, 'scenario' | 'input'> {
  try {
    structuredClone(parsed);
    return { scenario: parsed };
  } catch (error) {
    if ((error as Error)?.name !== 'DataCloneError') throw error;
    return { input };
  }
}

/** Jobs of this process, numbered: a worker prepares (warms up) each job once. */
let jobs = 0;

/**
 * Run a job; a pool passed in is left running for the caller to reuse and destroy. The main
 * thread parses and validates the scenario (loading the rule set if need be: an unknown rule set
 * or a bad scenario is the caller's error, before any worker starts); workers get it parsed.
 */
export async function runMonteCarlo(job: MonteCarloJob, sharedPool?: Piscina): Promise<TallyData> {
  await loadSystems([systemIdOf(job.system)]);
  const system = findSystem(job.system);
  const carried = scenarioForWorkers(job.input, job.parsed ?? system.parse(job.input));
  const jobNumber = ++jobs;
  const chunks = planChunks(job.samples, job.chunkSize);
  const threads = threadsFor(job.threads ?? defaultThreads(), job.samples, job.chunkSize);
  const pool = sharedPool ?? createPool(threads);
  const master = masterState(job.seed);
  // The first failure stops the whole job: the other chunks in flight are cancelled rather than
  // left to a pool that may have no worker left to run them.
  const stop = new AbortController();
  const onAbort = () => stop.abort(job.signal?.reason);
  const onPoolError = (error: Error) => stop.abort(error);
  if (job.signal?.aborted) onAbort();
  else job.signal?.addEventListener('abort', onAbort, { once: true });
  pool.on('error', onPoolError);
  // A few chunks in flight per thread: memory stays flat for any job size, and an abort
  // has only these to cancel. Tallies are integer counts, so adding them as they arrive gives
  // the same numbers in any order; canonicalTally fixes the order of the category names.
  const inFlight = Math.min(chunks.length, threads * IN_FLIGHT_PER_THREAD);
  setMaxListeners(inFlight + 10, stop.signal);
  let total = emptyTallyData();
  let next = 0;
  let done = 0;
  const feed = async (): Promise<void> => {
    while (next < chunks.length && !stop.signal.aborted) {
      const chunk = chunks[next++];
      const task: ChunkTask = { system: system.id, job: jobNumber, ...carried, master, chunk };
      const result = (await pool.run(task, { signal: stop.signal })) as TallyData;
      total = mergeTally(total, result);
      done += chunk.samples;
      job.onProgress?.(done, job.samples);
    }
  };
  try {
    await Promise.all(
      Array.from({ length: inFlight }, () =>
        feed().catch((error) => {
          stop.abort(error);
          throw error;
        }),
      ),
    );
    if (stop.signal.aborted) throw stop.signal.reason;
    return canonicalTally(total, system.categoryOrder);
  } catch (error) {
    if (job.signal?.aborted) throw abortError(job.signal);
    const cause = stop.signal.reason ?? error;
    throw new WorkerFailure(`${job.label ? `${job.label}: ` : ''}Monte Carlo stopped: ${failureCause(cause)}`);
  } finally {
    job.signal?.removeEventListener('abort', onAbort);
    pool.off('error', onPoolError);
    if (!sharedPool) await pool.destroy();
  }
}

function abortError(signal: AbortSignal): Error {
  const reason = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The Monte Carlo job was aborted', 'AbortError');
}
