/**
 * A Monte Carlo job cut into fixed-size chunks. Chunk i is seeded from (seed, i) only and always
 * has the same size, so the union of the chunks — and the summed tally — is the same whatever
 * the number of threads.
 */
export const CHUNK_SIZE = 1 << 16;

export interface Chunk {
  index: number;
  samples: number;
}

export function planChunks(samples: number, chunkSize = CHUNK_SIZE): Chunk[] {
  const chunks: Chunk[] = [];
  for (let index = 0, done = 0; done < samples; index++) {
    const size = Math.min(chunkSize, samples - done);
    chunks.push({ index, samples: size });
    done += size;
  }
  return chunks;
}
