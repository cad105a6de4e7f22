/**
 * One chunk rolled in-process (tests): the raw input parsed and simulated by the rule set as the
 * registry serves it; workers use roll-chunk.ts with only their own simulator loaded.
 */
import { findSystem } from '../systems/registry.js';
import { rollChunk } from './roll-chunk.js';
import type { Chunk } from './chunks.js';
import type { TallyData } from './tally.js';

export interface InProcessChunk {
  system: string;
  /** Raw scenario input, as the rule set's parse takes it. */
  input: unknown;
  master: Uint32Array;
  chunk: Chunk;
}

export function runChunk(task: InProcessChunk): TallyData {
  const system = findSystem(task.system);
  return rollChunk(system.simulate, system.parse(task.input), task.master, task.chunk);
}
