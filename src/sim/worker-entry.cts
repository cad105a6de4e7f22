/**
 * The script each worker thread of the pool runs (worker-pool.ts): it takes `{ id, task }`
 * messages one after another and answers `{ id, result }` or `{ id, error: { message } }`.
 *
 * The work itself is worker.ts, an ES module. This file is CommonJS on purpose: Node 20's
 * require() of an ES module aborts the whole process (`FATAL ERROR: v8::Module::IsGraphAsync`,
 * SIGABRT) when the thread is terminated while that module graph is being instantiated — which
 * happens whenever a pool is destroyed, or the process exits, while a worker is still starting.
 * Here the ES module graph is loaded with import(), whose loading a termination stops cleanly.
 * Tests give another handler (a CommonJS file exporting the task function) in workerData.handler.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ChunkTask } from './roll-chunk.js';
import type { TallyData } from './tally.js';

type Work = (task: ChunkTask) => TallyData | Promise<TallyData>;

const handler = (workerData as { handler?: string } | null)?.handler;
// From TypeScript sources (vitest) tsx's require hook compiles worker.ts to CommonJS instead.
const fromSource = __filename.endsWith('.cts');
const loading: Promise<Work> = handler
  ? Promise.resolve(require(handler) as Work)
  : (fromSource ? Promise.resolve(require('./worker.ts' as string)) : import('./worker.js')).then((m: { default: Work }) => m.default);
// Marked as handled here; a failed load still rejects every task that awaits it.
loading.catch(() => {});

// One task at a time, in the order they came.
let queue: Promise<void> = Promise.resolve();
parentPort!.on('message', ({ id, task }: { id: number; task: ChunkTask }) => {
  queue = queue.then(async () => {
    try {
      const work = await loading;
      parentPort!.postMessage({ id, result: await work(task) });
    } catch (error) {
      parentPort!.postMessage({ id, error: { message: String((error as Error)?.message ?? error) } });
    }
  });
});
