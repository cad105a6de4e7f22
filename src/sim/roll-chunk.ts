/**
 * What a worker does with one chunk: parse the scenario (cached), roll the chunk's samples with
 * the chunk's own generator, return the integer tally. The rule set comes loaded (a worker loads
 * only its own, system-modules.ts; in-process callers use run-chunk.ts).
 */
import { chunkRng } from '../core/rng.js';
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

/**
 * Warm-up before a scenario's first chunk: several short runs on throwaway generators and tallies,
 * so that V8 has type feedback for the whole of each simulator — the code after its loop included —
 * before it optimises the loop (one long run would optimise the loop first and deoptimise at every
 * chunk's end; issue 16).
 */
const WARM_UP_CALLS = 12;
const WARM_UP_SAMPLES = 128;
let cachedKey = '';
let cached: unknown = null;

/** Parse once per scenario and warm the simulator up. */
function prepared(system: GameSystem<unknown>, task: ChunkTask): unknown {
  const key = `${system.id}\u0000${JSON.stringify(task.input)}`;
  if (key === cachedKey) return cached;
  const scenario = system.parse(task.input);
  for (let i = 0; i < WARM_UP_CALLS; i++) system.simulate(scenario, chunkRng(Uint32Array.of(1, 2, 3, 4), i), WARM_UP_SAMPLES, new Tally());
  cachedKey = key;
  cached = scenario;
  return scenario;
}

export function rollChunk(system: GameSystem<unknown>, task: ChunkTask): TallyData {
  const scenario = prepared(system, task);
  const tally = new Tally();
  system.simulate(scenario, chunkRng(task.master, task.chunk.index), task.chunk.samples, tally);
  return tally.toJSON();
}
