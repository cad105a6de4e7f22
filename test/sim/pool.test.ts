import { fileURLToPath } from 'node:url';
import type { ResourceLimits } from 'node:worker_threads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPool, runMonteCarlo, tasksOf, threadsFor, WorkerFailure } from '../../src/sim/pool.js';
import { planChunks, CHUNK_SIZE } from '../../src/sim/chunks.js';

const input = { attacker: { attacks: 'D6', hit: 4, wound: 4, damage: 'D3' }, target: { models: 3, health: 2 } };
/** The compiled worker file (dist/), which npm test builds before the tests. */
const BUILT_WORKER = fileURLToPath(new URL('../../dist/src/sim/worker-entry.cjs', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** A job on a pool of `threads` fixture workers; the pool is destroyed afterwards. */
async function failingJob(worker: string, threads = 2, resourceLimits?: ResourceLimits) {
  const pool = createPool(threads, { filename: BUILT_WORKER, handler: fixture(worker), resourceLimits });
  try {
    return await runMonteCarlo({ system: 'generic', input, samples: 8000, chunkSize: 1000, seed: 'x', threads, label: 'plain attack' }, pool);
  } finally {
    await pool.destroy();
  }
}

describe('sim/pool', () => {
  it('chunks have a fixed size, whatever the thread count', () => {
    const chunks = planChunks(2 * CHUNK_SIZE + 5);
    expect(chunks.map((c) => c.samples)).toEqual([CHUNK_SIZE, CHUNK_SIZE, 5]);
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(planChunks(2500, 1000).map((c) => c.samples)).toEqual([1000, 1000, 500]);
  });

  it('a job starts no more threads than it has chunks', () => {
    expect(threadsFor(16, 1000)).toBe(1);
    expect(threadsFor(16, 10 * CHUNK_SIZE)).toBe(10);
    expect(threadsFor(4, 10 * CHUNK_SIZE + 1)).toBe(4);
    expect(threadsFor(32, 2500, 1000)).toBe(3);
  });

  it('tasks are runs of consecutive chunks: every chunk once, in order, at most 16 to a task, at least 8 tasks a thread', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 8 }), (count, threads) => {
        const chunks = planChunks(count * 10, 10);
        const tasks = tasksOf(chunks, threads);
        expect(tasks.flat()).toEqual(chunks);
        for (const task of tasks) {
          expect(task.length).toBeGreaterThan(0);
          expect(task.length).toBeLessThanOrEqual(16);
        }
        expect(tasks.length).toBeGreaterThanOrEqual(Math.min(count, 8 * threads));
      }),
      { seed: 16, numRuns: 300 },
    );
    // A 2-thread attack --mc of 42,000,000 samples: 641 chunks in 41 tasks, not 641 messages.
    expect(tasksOf(planChunks(42_000_000), 2)).toHaveLength(41);
  });

  it('the same seed gives identical tallies on 1, 2 and 3 threads; another seed differs', async () => {
    // Pools of 1, 2 and 3 workers of the build (npm test builds first): a worker from the sources
    // loads the tsx loader, about 1.3 s of CPU each; 'the real worker' below is one of those.
    // 7 chunks of 8,000 samples (the last one short), so that every worker runs several, in any order.
    const job = { system: 'generic', input, samples: 50_000, chunkSize: 8000, seed: 'same' };
    const pools = [1, 2, 3].map((threads) => createPool(threads, { filename: BUILT_WORKER }));
    try {
      const [one, two, three] = await Promise.all(pools.map((pool, i) => runMonteCarlo({ ...job, threads: i + 1 }, pool)));
      expect(two).toEqual(one);
      expect(three).toEqual(one);
      expect(one.samples).toBe(50_000);
      expect(await runMonteCarlo({ ...job, threads: 2, seed: 'other' }, pools[1])).not.toEqual(one);
    } finally {
      await Promise.all(pools.map((pool) => pool.destroy()));
    }
  });

  it('an aborted job stops its workers and rejects', async () => {
    const controller = new AbortController();
    const job = runMonteCarlo({ system: 'generic', input, samples: 50_000_000, seed: 'x', threads: 2, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(job).rejects.toThrow(/abort/i);
  });
});

describe('a worker that dies is one line naming the scenario and the cause', () => {
  it('a thrown error (only its first line)', async () => {
    await expect(failingJob('throws.cjs')).rejects.toThrow(new WorkerFailure('plain attack: Monte Carlo stopped: a worker failed: the dice fell off the table'));
  });

  it('an unknown rule set is refused in the main thread, before any worker starts', async () => {
    const job = runMonteCarlo({ system: 'no-such-system', input, samples: 1000, seed: 'x', threads: 1, label: 'mystery' });
    await expect(job).rejects.toThrow(/^system: unknown rule set 'no-such-system'/);
  });

  it('process.exit in a worker', async () => {
    await expect(failingJob('exits.cjs')).rejects.toThrow(new WorkerFailure('plain attack: Monte Carlo stopped: a worker exited unexpectedly (exit code 3)'));
  });

  it('a worker out of memory', async () => {
    await expect(failingJob('out-of-memory.cjs', 1, { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 })).rejects.toThrow(
      new WorkerFailure('plain attack: Monte Carlo stopped: a worker ran out of memory'),
    );
  });

  it('a worker that cannot load fails the job (no hang, no unhandled error event)', async () => {
    await expect(failingJob('fails-to-load.cjs', 2)).rejects.toThrow(new WorkerFailure('plain attack: Monte Carlo stopped: a worker failed: cannot load the rule sets'));
  });
});
