/**
 * Deterministic parallel Monte Carlo on any pool of workers — Node worker threads (pool.ts) or
 * Web Workers (web/monte-carlo.ts): the job is cut into chunks of fixed size (chunks.ts), chunk i
 * rolled with a generator seeded from (seed, i) only; integer tallies come back and are added, so
 * the result depends only on the seed and the chunk size, never on the thread count.
 */
import { masterState } from '../core/rng.js';
import { findSystem, loadSystems, systemIdOf } from '../systems/lookup.js';
import { WorkerFailure } from './worker-failure.js';
import { CHUNK_SIZE, type Chunk, planChunks } from './chunks.js';
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
  /**
   * Every chunk on this thread of the shared pool (0 … threads − 1): a caller running several jobs
   * at once gives each its own thread, so each job's scenario is prepared (warmed up) on one
   * thread only. The result is the same (the chunks and their seeds do not change).
   */
  lane?: number;
  /** Called with the number of samples done so far. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Workers that each run a task (a ChunkTask, answered with a TallyData) after another: Node
 * worker threads or Web Workers, both through workerpool (lanes.ts).
 */
export interface MonteCarloPool {
  readonly size: number;
  /** Run a task on the least busy worker, or on worker `lane` (0 … size − 1) when given. */
  run<T>(task: unknown, lane?: number): Promise<T>;
  /** End every worker; tasks still queued reject. */
  destroy(): Promise<void>;
}

export { WorkerFailure };

/** Tasks queued per worker at any time. */
const IN_FLIGHT_PER_THREAD = 3;
/** Chunks per task: at most this many, and few enough that each thread gets TASKS_PER_THREAD tasks or more. */
const MAX_CHUNKS_PER_TASK = 16;
const TASKS_PER_THREAD = 8;

/**
 * The job's chunks cut into runs of consecutive chunks, one run a task (roll-chunk.ts). A fast
 * simulator rolls a chunk in a millisecond or two; sent one by one, its chunks woke the main thread
 * as often, and each wake-up took a busy worker's core from it for a moment. Enough tasks per
 * thread remain for the threads to finish together.
 */
export function tasksOf(chunks: readonly Chunk[], threads: number): Chunk[][] {
  const size = Math.max(1, Math.min(MAX_CHUNKS_PER_TASK, Math.floor(chunks.length / (threads * TASKS_PER_THREAD))));
  const tasks: Chunk[][] = [];
  for (let i = 0; i < chunks.length; i += size) tasks.push(chunks.slice(i, i + size));
  return tasks;
}

/** Threads worth starting for a job: never more than it has chunks. */
export function threadsFor(threads: number, samples: number, chunkSize = CHUNK_SIZE): number {
  return Math.max(1, Math.min(threads, Math.ceil(samples / chunkSize)));
}

/** One line: what killed the worker (workerpool's messages, and the Node errors it wraps). */
export function failureCause(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string } };
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY' || e?.cause?.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'a worker ran out of memory';
  const message = String(e?.message ?? e);
  const exited = /terminated Unexpectedly\s+exitCode: `(-?\d+)`/.exec(message);
  if (exited) return `a worker exited unexpectedly (exit code ${exited[1]})`;
  const first = message.replace(/^Workerpool Worker error: /, '').split('\n')[0].trim();
  return `a worker failed: ${first}`;
}

/**
 * What workers get of a scenario: the parsed one, so that they load neither the validation library
 * nor the rule set's schemas; the raw input when a structured clone cannot carry the parsed one
 * (it holds functions, as a HOTT assault does), for the worker to parse itself.
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

/** Jobs of this process (or page), numbered: a worker prepares (warms up) each job once. */
let jobs = 0;

/**
 * Run a job on `pool` (left running for the caller to reuse and destroy). The calling thread
 * parses and validates the scenario (loading the rule set if need be: an unknown rule set or a
 * bad scenario is the caller's error, before any worker works); workers get it parsed.
 */
export async function runMonteCarloOn(pool: MonteCarloPool, job: MonteCarloJob): Promise<TallyData> {
  await loadSystems([systemIdOf(job.system)]);
  const system = findSystem(job.system);
  const carried = scenarioForWorkers(job.input, job.parsed ?? system.parse(job.input));
  const jobNumber = ++jobs;
  const chunks = planChunks(job.samples, job.chunkSize ?? CHUNK_SIZE);
  const threads = threadsFor(job.threads ?? pool.size, job.samples, job.chunkSize);
  const master = masterState(job.seed);
  // The first failure, or the caller's abort, stops the whole job at once; chunks already queued
  // on a worker finish there and are ignored.
  const stop = new AbortController();
  const stopped = new Promise<never>((_, reject) => stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true }));
  stopped.catch(() => {});
  const onAbort = () => stop.abort(job.signal?.reason);
  if (job.signal?.aborted) onAbort();
  else job.signal?.addEventListener('abort', onAbort, { once: true });
  // A few tasks in flight per thread: memory stays flat for any job size. Tallies are integer
  // counts, so adding them as they arrive gives the same numbers in any order; canonicalTally
  // fixes the order of the category names.
  const laneThreads = job.lane === undefined ? threads : 1;
  const tasks = tasksOf(chunks, laneThreads);
  const inFlight = Math.min(tasks.length, laneThreads * IN_FLIGHT_PER_THREAD);
  let total = emptyTallyData();
  let next = 0;
  let done = 0;
  const feed = async (): Promise<void> => {
    while (next < tasks.length && !stop.signal.aborted) {
      const taskChunks = tasks[next++];
      const task: ChunkTask = { system: system.id, job: jobNumber, ...carried, master, chunks: taskChunks };
      const result = await pool.run<TallyData>(task, job.lane);
      if (stop.signal.aborted) return;
      total = mergeTally(total, result);
      for (const chunk of taskChunks) done += chunk.samples;
      job.onProgress?.(done, job.samples);
    }
  };
  const feeding = Promise.all(Array.from({ length: inFlight }, () => feed().catch((error) => stop.abort(error))));
  try {
    await Promise.race([feeding, stopped]);
    if (stop.signal.aborted) throw stop.signal.reason;
    return canonicalTally(total, system.categoryOrder);
  } catch (error) {
    if (job.signal?.aborted) throw abortError(job.signal);
    throw new WorkerFailure(`${job.label ? `${job.label}: ` : ''}Monte Carlo stopped: ${failureCause(error)}`);
  } finally {
    job.signal?.removeEventListener('abort', onAbort);
  }
}

function abortError(signal: AbortSignal): Error {
  const reason = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The Monte Carlo job was aborted', 'AbortError');
}
