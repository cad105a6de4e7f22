/**
 * Runs a loaded scenario through the exact engine, the Monte Carlo pool, or both, and checks the
 * two against each other: plain data for any front end (the CLI prints it, the web page draws it).
 * Progress and cancelling are the caller's: `onProgress` and `signal`.
 */
import { agreementOf, type AgreementReport } from '../analysis/agreement.js';
import { withWorkBudget } from '../core/budget.js';
import { type MonteCarloPool, runMonteCarloOn, threadsFor } from '../sim/run-monte-carlo.js';
import { tallyToOutcome, type TallyData } from '../sim/tally.js';
import type { Outcome, Stage } from '../systems/types.js';
import { InputError } from '../core/errors.js';
import type { LoadedScenario } from './scenario.js';
import type { MonteCarloHost } from './evaluate.js';

export type Engine = 'exact' | 'mc' | 'both';

export interface RunOptions {
  samples: number;
  seed: string;
  threads: number;
  /** Samples per chunk; the default CHUNK_SIZE unless a test wants many small chunks. */
  chunkSize?: number;
  /** A started pool shared by several runs of one command (otherwise each run starts its own). */
  pool?: MonteCarloPool;
  /** The one thread of `pool` this run's Monte Carlo chunks all go to (MonteCarloJob.lane). */
  lane?: number;
  /** Also compute the exact distribution of each stage of the attack sequence (`--stages`). */
  stages?: boolean;
  /** Samples done so far of this run's Monte Carlo. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface RunResult {
  scenario: LoadedScenario;
  exact?: Outcome;
  /** Exact distributions of each stage (attacks, hits, wounds, unsaved wounds, damage). */
  stages?: Stage[];
  monteCarlo?: { outcome: Outcome; tally: TallyData; samples: number; seed: string };
  agreement?: AgreementReport;
  /** What the rule set noted about the scenario (GameSystem.notes): facts that changed nothing, and why. */
  notes: string[];
}

/**
 * Answer one scenario. `host` starts the Monte Carlo workers (Node worker threads in the CLI, Web
 * Workers in the page) when the engine includes Monte Carlo and no started pool is given.
 */
export async function runScenario(scenario: LoadedScenario, engine: Engine, options: RunOptions, host?: MonteCarloHost): Promise<RunResult> {
  // Notes the rule set carries out of parse (nothing in systems/ prints): every format shows them.
  const result: RunResult = { scenario, notes: [...(scenario.notes ?? []), ...(scenario.system.notes?.(scenario.parsed) ?? [])] };
  if (options.stages) result.stages = stagesOf(scenario);
  if (engine !== 'mc') result.exact = withWorkBudget(() => scenario.system.exact(scenario.parsed));
  if (engine !== 'exact') {
    if (!options.pool && !host) throw new Error('runScenario: Monte Carlo was asked for with neither a pool nor a host to start one');
    const job = {
      system: scenario.system.id,
      input: scenario.input,
      parsed: scenario.parsed,
      label: scenario.name,
      samples: options.samples,
      seed: options.seed,
      threads: options.threads,
      chunkSize: options.chunkSize,
      lane: options.lane,
      onProgress: options.onProgress,
      signal: options.signal,
    };
    const pool = options.pool ?? host!.createPool(threadsFor(options.threads, options.samples, options.chunkSize));
    let tally;
    try {
      tally = await runMonteCarloOn(pool, job);
    } finally {
      if (!options.pool) await pool.destroy();
    }
    result.monteCarlo = { outcome: tallyToOutcome(tally), tally, samples: options.samples, seed: options.seed };
  }
  if (result.exact && result.monteCarlo) result.agreement = agreementOf(result.exact, result.monteCarlo.tally);
  return result;
}

/** The exact per-stage distributions, for the rule sets whose attacks go through hit, wound and save rolls. */
function stagesOf(scenario: LoadedScenario): Stage[] {
  const { system } = scenario;
  if (!system.stages) throw new InputError(`--stages: ${system.id} has no hit, wound and save stages (available for generic and age-of-sigmar)`);
  return withWorkBudget(() => system.stages!(scenario.parsed));
}
