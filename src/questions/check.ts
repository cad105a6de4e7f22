/**
 * A check of many scenarios: each run with the exact engine and Monte Carlo on one pool of
 * workers (started once, through the front end's host), spread over lanes (check-lanes.ts), and
 * the two compared (run.ts, `agreement`).
 */
import { threadsFor } from '../sim/run-monte-carlo.js';
import { checkInLanes, type Progress } from './check-lanes.js';
import type { MonteCarloHost, MonteCarloSettings } from './evaluate.js';
import { type RunResult, runScenario } from './run.js';
import type { LoadedScenario } from './scenario.js';

/**
 * Check every scenario; `finished` is told of each result as it comes (with how many are done)
 * and returns the line the progress shows for it.
 */
export async function checkScenarios(
  scenarios: readonly LoadedScenario[],
  sampling: MonteCarloSettings,
  host: MonteCarloHost,
  progress: Progress,
  finished: (result: RunResult, done: number) => string,
): Promise<RunResult[]> {
  const threads = threadsFor(sampling.threads, sampling.samples, sampling.chunkSize);
  const pool = host.createPool(threads);
  const results: RunResult[] = [];
  try {
    await checkInLanes(
      scenarios.length,
      Math.min(threads, scenarios.length),
      async (index, lane, laneProgress) => {
        const r = await runScenario(scenarios[index], 'both', { ...sampling, pool, lane, onProgress: laneProgress.update });
        results[index] = r;
        laneProgress.endPart(sampling.samples, finished(r, results.filter(Boolean).length));
      },
      progress,
    );
  } finally {
    await pool.destroy();
  }
  return results;
}
