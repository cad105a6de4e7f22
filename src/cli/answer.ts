/**
 * The command line's way of running a scenario (questions/run.ts answers it): the Monte Carlo
 * progress bar, Ctrl-C ending the process, and Node worker
 * threads for the workers.
 */
import { type Engine, type RunOptions, type RunResult, runScenario as answerScenario } from '../questions/run.js';
import type { MonteCarloHost } from '../questions/evaluate.js';
import type { LoadedScenario } from '../questions/scenario.js';
import { interruptible } from './interrupt.js';
import { type Progress, progressReporter } from './progress.js';

export type { Engine, RunOptions, RunResult };

/** Worker threads, loaded only when a Monte Carlo answer is asked for. */
export async function nodeHost(): Promise<MonteCarloHost> {
  const { createPool } = await import('../sim/pool.js');
  return { createPool };
}

export async function runScenario(scenario: LoadedScenario, engine: Engine, options: RunOptions & { progress?: Progress }): Promise<RunResult> {
  if (engine === 'exact') return answerScenario(scenario, engine, options);
  const progress = options.progress ?? progressReporter('Monte Carlo', options.samples);
  try {
    const host = options.pool ? undefined : await nodeHost();
    return await interruptible(() => answerScenario(scenario, engine, { ...options, onProgress: progress.update }, host));
  } finally {
    if (!options.progress) progress.done();
  }
}
