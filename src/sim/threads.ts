/**
 * The default and the largest number of worker threads, in a module of its own so that the command line can
 * print and check them without loading the pool (start-up).
 */
import { availableParallelism } from 'node:os';

export function defaultThreads(): number {
  return availableParallelism();
}

/** The most worker threads a command may ask for: 4 per core of this machine. */
export function maxThreads(): number {
  return 4 * availableParallelism();
}
