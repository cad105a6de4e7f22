/**
 * A MonteCarloPool on workerpool, for Node worker threads and Web Workers alike: `size` workers,
 * each its own single-worker workerpool pool, so that a job can put all its tasks on one worker
 * (a lane: check runs several scenarios at once, each prepared on one worker only) and any other
 * task goes to the worker with the fewest queued. workerpool starts each worker at once
 * (minWorkers), rejects the tasks of a worker that dies with its error, and starts a fresh one.
 */
import workerpool from 'workerpool';
import type { MonteCarloPool } from './run-monte-carlo.js';

/** The method every warodds worker registers (worker-entry.cts, web/monte-carlo-worker.ts). */
export const WORK_METHOD = 'roll';

type WorkerPoolOptions = Parameters<typeof workerpool.pool>[1];

export function lanesPool(size: number, script: string, options: WorkerPoolOptions): MonteCarloPool {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`createPool: threads must be a whole number ≥ 1, got ${size}`);
  const lanes = Array.from({ length: size }, () => ({ pool: workerpool.pool(script, { ...options, minWorkers: 1, maxWorkers: 1 }), queued: 0 }));
  let destroyed = false;
  return {
    size,
    run<T>(task: unknown, lane?: number): Promise<T> {
      if (destroyed) return Promise.reject(new Error('the worker pool was destroyed'));
      let chosen = lanes[0];
      if (lane !== undefined) chosen = lanes[lane % lanes.length];
      else for (const l of lanes) if (l.queued < chosen.queued) chosen = l;
      chosen.queued++;
      const done = () => {
        chosen.queued--;
      };
      const running = Promise.resolve(chosen.pool.exec(WORK_METHOD, [task]) as PromiseLike<T>);
      running.then(done, done);
      return running;
    },
    async destroy(): Promise<void> {
      destroyed = true;
      await Promise.all(lanes.map((l) => l.pool.terminate(true)));
    },
  };
}
