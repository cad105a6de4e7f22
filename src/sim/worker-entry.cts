/**
 * The script each worker thread of the pool runs (pool.ts): a workerpool worker whose one method,
 * `roll` (lanes.ts), takes a task and answers its tally; workerpool sends a thread one task at a
 * time and rejects a task with the error it threw.
 *
 * The work itself is worker.ts, an ES module. This file is CommonJS on purpose: Node 20's
 * require() of an ES module aborts the whole process (`FATAL ERROR: v8::Module::IsGraphAsync`,
 * SIGABRT) when the thread is terminated while that module graph is being instantiated — which
 * happens whenever a pool is destroyed, or the process exits, while a worker is still starting.
 * Here the ES module graph is loaded with import(), whose loading a termination stops cleanly.
 * The bin's worker has no ES module at all: the build (scripts/build.mjs) bundles worker.ts into
 * one CommonJS file, worker.cjs, which this thread compiles from V8's code cache (code-cache.cts;
 * start-up). Tests give another handler (a CommonJS file exporting the task function)
 * in workerData.handler.
 */
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import workerpool from 'workerpool';
import { compileBundle } from './code-cache.cjs';
import type { ChunkTask } from './roll-chunk.js';
import type { TallyData } from './tally.js';

type Work = (task: ChunkTask) => TallyData | Promise<TallyData>;
type WorkModule = { default: Work };

/**
 * The hash of worker.cjs, which the bin's build writes here; tsc's output (dist/src/sim), which
 * has no bundle, leaves it undeclared.
 */
declare const WORKER_BUNDLE_ID: string;

/** worker.ts as this file's build has it. */
function loadWork(): Promise<WorkModule> {
  // From TypeScript sources (vitest) tsx's require hook compiles worker.ts to CommonJS.
  if (__filename.endsWith('.cts')) return Promise.resolve(require('./worker.ts' as string));
  if (typeof WORKER_BUNDLE_ID !== 'string') return import('./worker.js');
  const bundle = compileBundle(join(__dirname, 'worker.cjs'), join(__dirname, `worker.cjs.${WORKER_BUNDLE_ID}.cache`));
  const work = bundle.run() as WorkModule;
  if (process.env.WARODDS_WRITE_WORKER_CACHE !== '1') return Promise.resolve(work);
  // The build's own use (scripts/build.mjs): after each task, write the cache of what has compiled.
  const writing: Work = async (task) => {
    const result = await work.default(task);
    bundle.writeCache();
    return result;
  };
  return Promise.resolve({ default: writing });
}

const handler = (workerData as { handler?: string } | null)?.handler;
const loading: Promise<Work> = handler ? Promise.resolve(require(handler) as Work) : loadWork().then((m) => m.default);
// Marked as handled here; a failed load still rejects every task that awaits it.
loading.catch(() => {});

workerpool.worker({ roll: async (task: ChunkTask) => (await loading)(task) });
