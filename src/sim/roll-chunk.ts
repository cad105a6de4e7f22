/**
 * What a thread does with a task: roll its chunks of an already parsed scenario, each chunk with
 * its own generator, into one integer tally; before a scenario's first chunk on this thread, a
 * short warm-up.
 */
import { chunkRng } from '../core/rng.js';
import { Tally, type TallyData } from './tally.js';
import { WARM_UP_CALLS } from './warm-up.js';
import type { Chunk } from './chunks.js';
import type { Simulate } from './system-modules.js';

/** Chunks of a job, as the main thread sends them to a worker (a structured clone). */
export interface ChunkTask {
  /** The rule set's id. */
  system: string;
  /** Which job of this process the chunk belongs to: a worker prepares each job once. */
  job: number;
  /**
   * The scenario as the rule set's parse returned it (validated in the main thread); or, for the
   * rare parsed scenario a structured clone cannot carry (one holding functions), `input`: the
   * raw input, which the worker parses with the whole rule set loaded.
   */
  scenario?: unknown;
  input?: unknown;
  master: Uint32Array;
  /**
   * Consecutive chunks of the job, rolled in turn into one tally. Several to a task, so a fast
   * simulator's worker does not wake the main thread every millisecond or two: each wake-up took
   * a worker's core from it for a moment (thread scaling; the tallies are integer counts,
   * so one tally over several chunks equals the sum of their own).
   */
  chunks: Chunk[];
}

/**
 * Warm-up before a scenario's first chunk (warm-up.ts): several short runs on throwaway generators
 * and tallies, so that V8 has type feedback for the whole of each simulator — the code after its
 * loop included — before it optimises the loop (one long run would optimise the loop first and
 * deoptimise at every chunk's end).
 */
const WARM_UP_SAMPLES = 128;

export function warmUp(simulate: Simulate, scenario: unknown): void {
  for (let i = 0; i < WARM_UP_CALLS; i++) simulate(scenario, chunkRng(Uint32Array.of(1, 2, 3, 4), i), WARM_UP_SAMPLES, new Tally());
}

export function rollChunks(simulate: Simulate, scenario: unknown, master: Uint32Array, chunks: readonly Chunk[]): TallyData {
  const tally = new Tally();
  for (const chunk of chunks) simulate(scenario, chunkRng(master, chunk.index), chunk.samples, tally);
  return tally.toJSON();
}

export function rollChunk(simulate: Simulate, scenario: unknown, master: Uint32Array, chunk: Chunk): TallyData {
  return rollChunks(simulate, scenario, master, [chunk]);
}
