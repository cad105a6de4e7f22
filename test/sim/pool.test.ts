import { describe, expect, it } from 'vitest';
import { runMonteCarlo, WorkerFailure } from '../../src/sim/pool.js';
import { planChunks, CHUNK_SIZE } from '../../src/sim/chunks.js';

const input = { attacker: { attacks: 'D6', hit: 4, wound: 4, damage: 'D3' }, target: { models: 3, health: 2 } };

describe('sim/pool', () => {
  it('chunks have a fixed size, whatever the thread count', () => {
    const chunks = planChunks(2 * CHUNK_SIZE + 5);
    expect(chunks.map((c) => c.samples)).toEqual([CHUNK_SIZE, CHUNK_SIZE, 5]);
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it('the same seed gives identical tallies on 1, 2 and 3 threads; another seed differs', async () => {
    const job = { system: 'generic', input, samples: 150_000, seed: 'same' };
    const [one, two, three, other] = await Promise.all([
      runMonteCarlo({ ...job, threads: 1 }),
      runMonteCarlo({ ...job, threads: 2 }),
      runMonteCarlo({ ...job, threads: 3 }),
      runMonteCarlo({ ...job, threads: 2, seed: 'other' }),
    ]);
    expect(two).toEqual(one);
    expect(three).toEqual(one);
    expect(other).not.toEqual(one);
    expect(one.samples).toBe(150_000);
  });

  it('a worker that throws becomes one clear error, not a hang', async () => {
    const failing = runMonteCarlo({ system: 'no-such-system', input, samples: 1000, seed: 'x', threads: 2 });
    await expect(failing).rejects.toBeInstanceOf(WorkerFailure);
    await expect(failing).rejects.toThrow(/^Monte Carlo worker failed: .*unknown rule set 'no-such-system'/);
  });

  it('an aborted job stops its workers and rejects', async () => {
    const controller = new AbortController();
    const job = runMonteCarlo({ system: 'generic', input, samples: 50_000_000, seed: 'x', threads: 2, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(job).rejects.toThrow(/abort/i);
  });
});
