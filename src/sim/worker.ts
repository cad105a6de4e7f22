/**
 * Piscina worker: runs chunks, loading only the rule set each task names.
 */
import { type ChunkTask, rollChunk } from './roll-chunk.js';
import { loadSystem } from './system-modules.js';
import type { TallyData } from './tally.js';

export default async function work(task: ChunkTask): Promise<TallyData> {
  return rollChunk(await loadSystem(task.system), task);
}
