/**
 * One chunk rolled in-process (tests), the rule set looked up in the registry; workers use
 * roll-chunk.ts with only their own rule set loaded.
 */
import { findSystem } from '../systems/registry.js';
import { type ChunkTask, rollChunk } from './roll-chunk.js';
import type { TallyData } from './tally.js';

export type { ChunkTask };

export function runChunk(task: ChunkTask): TallyData {
  return rollChunk(findSystem(task.system), task);
}
