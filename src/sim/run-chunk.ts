/**
 * What a worker does with one chunk: parse the scenario (cached), roll the chunk's samples with
 * the chunk's own generator, return the integer tally. Also used in-process for tests.
 */
import { chunkRng } from '../core/rng.js';
import { findSystem } from '../systems/registry.js';
import type { GameSystem } from '../systems/types.js';
import { Tally, type TallyData } from './tally.js';
import type { Chunk } from './chunks.js';

export interface ChunkTask {
  system: string;
  /** Raw scenario input, as the system's parse takes it. */
  input: unknown;
  master: Uint32Array;
  chunk: Chunk;
}

const WARM_UP_SAMPLES = 2000;
let cachedKey = '';
let cached: { system: GameSystem<unknown>; scenario: unknown } | null = null;

/** Parse once per scenario and warm the kernel up on a throwaway generator and tally. */
function prepared(task: ChunkTask): { system: GameSystem<unknown>; scenario: unknown } {
  const key = `${task.system}\u0000${JSON.stringify(task.input)}`;
  if (cached && key === cachedKey) return cached;
  const system = findSystem(task.system);
  const scenario = system.parse(task.input);
  system.simulate(scenario, chunkRng(Uint32Array.of(1, 2, 3, 4), 0), WARM_UP_SAMPLES, new Tally());
  cachedKey = key;
  cached = { system, scenario };
  return cached;
}

export function runChunk(task: ChunkTask): TallyData {
  const { system, scenario } = prepared(task);
  const tally = new Tally();
  system.simulate(scenario, chunkRng(task.master, task.chunk.index), task.chunk.samples, tally);
  return tally.toJSON();
}
