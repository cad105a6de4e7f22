/**
 * The file piscina loads in each worker thread. It is CommonJS on purpose: piscina loads a
 * worker file with require(), and Node 20's require() of an ES module aborts the whole process
 * (`FATAL ERROR: v8::Module::IsGraphAsync`, SIGABRT) when the thread is terminated while that
 * module graph is being instantiated — which happens whenever a pool is destroyed, or the process
 * exits, while a worker is still starting. Here require() only reads this file, and the ES module
 * graph is loaded with import(), whose loading a termination stops cleanly.
 */
import type { ChunkTask } from './roll-chunk.js';
import type { TallyData } from './tally.js';

type Work = (task: ChunkTask) => Promise<TallyData>;

// From TypeScript sources (vitest) tsx's require hook compiles worker.ts to CommonJS instead.
const fromSource = __filename.endsWith('.cts');
const loading: Promise<{ default: Work }> = fromSource ? Promise.resolve(require('./worker.ts' as string)) : import('./worker.js');
// Marked as handled here; a failed load still rejects every task that awaits it.
loading.catch(() => {});

export = async function work(task: ChunkTask): Promise<TallyData> {
  return (await loading).default(task);
};
