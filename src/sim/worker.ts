/**
 * Piscina worker: runs chunks. The generic kernel is warmed up when the worker starts.
 */
import { runChunk, type ChunkTask } from './run-chunk.js';
import type { TallyData } from './tally.js';

runChunk({
  system: 'generic',
  input: { attacker: { attacks: 20, hit: 3, wound: 4 }, target: { save: 4 } },
  master: Uint32Array.of(0, 0, 0, 0),
  chunk: { index: 0, samples: 1000 },
});

export default function work(task: ChunkTask): TallyData {
  return runChunk(task);
}
