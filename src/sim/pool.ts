/**
 * Deterministic parallel Monte Carlo on a piscina pool: chunks go to whichever worker is free;
 * integer tallies come back and are added, so the result depends only on the seed.
 */
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { InputError } from '../core/errors.js';
import { masterState } from '../core/rng.js';
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

export function defaultThreads(): number {
  return availableParallelism();
}

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
  // piscina listens on the signal once per queued task.
  if (job.signal) setMaxListeners(chunks.length + 10, job.signal);
  let done = 0;
  try {
    const results = await Promise.all(
      chunks.map(async (chunk) => {
        const task: ChunkTask = { system: job.system, input: job.input, master, chunk };
        const result = (await pool.run(task, { signal: job.signal })) as TallyData;
        done += chunk.samples;
        job.onProgress?.(done, job.samples);
        return result;
      }),
    );
    return results.reduce(mergeTally, emptyTallyData());
  } catch (error) {
    if (job.signal?.aborted) throw error;
    throw new WorkerFailure(`Monte Carlo worker failed: ${(error as Error).message}`);
  } finally {
    if (!sharedPool) await pool.destroy();
  }
}
