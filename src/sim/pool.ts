/**
 * Monte Carlo on Node worker threads (workerpool; lanes.ts): the pool of a command, and
 * runMonteCarlo, which starts one when not given one. The job itself is run-monte-carlo.ts, the
 * same code the web page runs on Web Workers.
 */
import { setFlagsFromString } from 'node:v8';
import { type ResourceLimits, SHARE_ENV } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { defaultThreads } from './threads.js';
import { lanesPool } from './lanes.js';
import { type MonteCarloJob, type MonteCarloPool, runMonteCarloOn, threadsFor } from './run-monte-carlo.js';
import type { TallyData } from './tally.js';

export { failureCause, type MonteCarloJob, type MonteCarloPool, scenarioForWorkers, tasksOf, threadsFor, WorkerFailure } from './run-monte-carlo.js';

/**
 * Worker threads compile their hot loops on their own thread, at once (V8's flag, read when a
 * thread's isolate is created, so it is set before the first one starts). With V8's default
 * background compilation a worker kept rolling dice in its slow first-tier code while its
 * simulator compiled, and often compiled it twice (on-stack replacement, then the function): a
 * worker's first chunk of a scenario cost 2–4 times a later one. Results do not depend on it (the
 * dice are the same).
 */
let compileInPlace = false;
function compileWorkersInPlace(): void {
  if (compileInPlace) return;
  compileInPlace = true;
  setFlagsFromString('--no-concurrent-recompilation');
}

/** Tests run the built worker-entry with a replacement task function (workers that fail) and limit its heap. */
export interface WorkerOverride {
  /** The thread's script: a built worker-entry.cjs. */
  filename: string;
  /** A CommonJS file whose export takes the task instead of worker.ts. */
  handler?: string;
  resourceLimits?: ResourceLimits;
}

/**
 * Each thread runs the CommonJS worker-entry (see there why), resolved next to this module.
 * Running from TypeScript sources (vitest, tsx), the thread loads tsx's require hook first.
 */
function threadScript(override?: WorkerOverride): { script: string; workerThreadOpts: Record<string, unknown> } {
  // Nothing to copy: the thread reads the process environment as it is.
  const common = { env: SHARE_ENV };
  if (override) return { script: override.filename, workerThreadOpts: { ...common, workerData: { handler: override.handler }, resourceLimits: override.resourceLimits } };
  if (!import.meta.url.endsWith('.ts')) return { script: fileURLToPath(new URL('./worker-entry.cjs', import.meta.url)), workerThreadOpts: common };
  const entry = fileURLToPath(new URL('./worker-entry.cts', import.meta.url));
  return { script: `require('tsx/cjs'); require(${JSON.stringify(entry)});`, workerThreadOpts: { ...common, eval: true, execArgv: ['--import', 'tsx'] } };
}

/** A pool of `threads` worker threads, started at once; runMonteCarlo makes its own unless given one. */
export function createPool(threads: number, override?: WorkerOverride): MonteCarloPool {
  compileWorkersInPlace();
  const { script, workerThreadOpts } = threadScript(override);
  return lanesPool(threads, script, { workerType: 'thread', workerThreadOpts });
}

/** Run a job; a pool passed in is left running for the caller to reuse and destroy. */
export async function runMonteCarlo(job: MonteCarloJob, sharedPool?: MonteCarloPool): Promise<TallyData> {
  const threads = threadsFor(job.threads ?? defaultThreads(), job.samples, job.chunkSize);
  const pool = sharedPool ?? createPool(threads);
  try {
    return await runMonteCarloOn(pool, { ...job, threads });
  } finally {
    if (!sharedPool) await pool.destroy();
  }
}
