/**
 * The work of a Monte Carlo worker thread (worker-entry.cts loads it; pool.ts runs the
 * threads): runs chunks of parsed scenarios, loading only the simulator each one needs
 * (system-modules.ts) and warming it up once per job.
 */
import { findSystem, loadSystems, systemIdOf } from '../systems/lookup.js';
import { type ChunkTask, rollChunks, warmUp } from './roll-chunk.js';
import { loadSimulator, type Simulate } from './system-modules.js';
import type { TallyData } from './tally.js';

export interface Prepared {
  scenario: unknown;
  simulate: Simulate;
}

/**
 * The scenario of a task and its simulator: the parsed scenario with only its simulator module;
 * a raw input (a parsed scenario that cannot be cloned) with the whole rule set, which parses it.
 */
export async function prepare(task: ChunkTask): Promise<Prepared> {
  if (task.input === undefined) return { scenario: task.scenario, simulate: await loadSimulator(task.system, task.scenario) };
  await loadSystems([systemIdOf(task.system)]);
  const system = findSystem(task.system);
  return { scenario: system.parse(task.input), simulate: system.simulate };
}

/** The job this worker last prepared: its number, and its scenario (this thread's copy) and simulator. */
let current: (Prepared & { job: number }) | null = null;

export default async function work(task: ChunkTask): Promise<TallyData> {
  if (current?.job !== task.job) {
    const prepared = await prepare(task);
    warmUp(prepared.simulate, prepared.scenario);
    current = { ...prepared, job: task.job };
  }
  return rollChunks(current.simulate, current.scenario, task.master, task.chunks);
}
