/**
 * The default number of worker threads, in a module of its own so that the command line can
 * print it without loading the pool (start-up, issue 16).
 */
import { availableParallelism } from 'node:os';

export function defaultThreads(): number {
  return availableParallelism();
}
