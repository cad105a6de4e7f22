/**
 * Monte Carlo workers for the page: Web Workers through workerpool (sim/lanes.ts), the same
 * chunks and seeds as the CLI's worker threads, so the same seed gives the same numbers.
 */
import { lanesPool } from '../sim/lanes.js';
import type { MonteCarloHost } from '../questions/evaluate.js';
import workerUrl from './monte-carlo-worker.ts?worker&url';

export const webHost: MonteCarloHost = {
  createPool: (threads) => lanesPool(threads, workerUrl, { workerType: 'web', workerOpts: { type: 'module' } }),
};

/** Workers worth starting: the device's cores, at most 8. */
export function browserThreads(): number {
  return Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2));
}
