/**
 * Deterministic parallel Monte Carlo on a piscina pool: chunks go to whichever worker is free;
 * integer tallies come back and are added, so the result depends only on the seed.
 */
import { setMaxListeners } from 'node:events';
import { Piscina } from 'piscina';
import { InputError } from '../core/errors.js';
import { masterState } from '../core/rng.js';
import { defaultThreads } from './threads.js';
import { planChunks } from './chunks.js';
import type { ChunkTask } from './run-chunk.js';
import { emptyTallyData, mergeTally, type TallyData } from './tally.js';

export interface MonteCarloJob {
  system: string;
  input: unknown;
  samples: number;
  seed: string;
  threads?: number;
  /** Called with the number of samples done so far. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export class WorkerFailure extends Error {
  override name = 'WorkerFailure';
}

/** Chunks queued per worker thread at any time. */
const IN_FLIGHT_PER_THREAD = 3;

export { defaultThreads };

/** Running from TypeScript sources (vitest, tsx): the worker needs the tsx loader. */
function workerOptions(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url).href;
  return { filename, execArgv: fromSource ? ['--import', 'tsx'] : [] };
}

/** A pool of `threads` warm workers; runMonteCarlo makes its own unless given one. */
export function createPool(threads: number): Piscina {
  if (!Number.isInteger(threads) || threads < 1 || threads > 256) throw new InputError(`--threads: must be a whole number from 1 to 256, got ${threads}`);
  return new Piscina({ ...workerOptions(), minThreads: threads, maxThreads: threads, idleTimeout: 1000 });
}

/** Run a job; a pool passed in is left running for the caller to reuse and destroy. */
export async function runMonteCarlo(job: MonteCarloJob, sharedPool?: Piscina): Promise<TallyData> {
  const pool = sharedPool ?? createPool(job.threads ?? defaultThreads());
  const master = masterState(job.seed);
  const chunks = planChunks(job.samples);
  // A few chunks in flight per thread: memory stays flat for any job size, and an abort
  // has only these to cancel. Tallies are integer counts, so adding them as they arrive gives
  // the same bits as adding them in chunk order.
  const threads = job.threads ?? defaultThreads();
  const inFlight = Math.min(chunks.length, threads * IN_FLIGHT_PER_THREAD);
  if (job.signal) setMaxListeners(inFlight + 10, job.signal);
  let total = emptyTallyData();
  let next = 0;
  let done = 0;
  const feed = async (): Promise<void> => {
    while (next < chunks.length) {
      const chunk = chunks[next++];
      const task: ChunkTask = { system: job.system, input: job.input, master, chunk };
      const result = (await pool.run(task, { signal: job.signal })) as TallyData;
      total = mergeTally(total, result);
      done += chunk.samples;
      job.onProgress?.(done, job.samples);
    }
  };
  try {
    await Promise.all(Array.from({ length: inFlight }, feed));
    return total;
  } catch (error) {
    if (job.signal?.aborted) throw error;
    throw new WorkerFailure(`Monte Carlo worker failed: ${(error as Error).message}`);
  } finally {
    if (!sharedPool) await pool.destroy();
  }
}
