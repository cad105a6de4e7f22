/**
 * Runs a loaded scenario through the exact engine, the Monte Carlo pool, or both.
 */
import { agreementOf, type AgreementReport } from '../analysis/agreement.js';
import { withWorkBudget } from '../core/budget.js';
import type { MonteCarloPool } from '../sim/pool.js';
import { tallyToOutcome, type TallyData } from '../sim/tally.js';
import type { Outcome, Stage } from '../systems/types.js';
import { InputError } from '../core/errors.js';
import type { LoadedScenario } from './scenario-file.js';
import { type Progress, progressReporter } from './progress.js';
import { interruptible } from './interrupt.js';

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
  /** Progress shared by several runs (the caller ends each part); otherwise this run shows its own. */
  progress?: Progress;
  /** Also compute the exact distribution of each stage of the attack sequence (`--stages`). */
  stages?: boolean;
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

export async function runScenario(scenario: LoadedScenario, engine: Engine, options: RunOptions): Promise<RunResult> {
  // Notes the rule set carries out of parse (nothing in systems/ prints): every format shows them.
  const result: RunResult = { scenario, notes: [...(scenario.notes ?? []), ...(scenario.system.notes?.(scenario.parsed) ?? [])] };
  if (options.stages) result.stages = stagesOf(scenario);
  if (engine !== 'mc') result.exact = withWorkBudget(() => scenario.system.exact(scenario.parsed));
  if (engine !== 'exact') {
    const progress = options.progress ?? progressReporter('Monte Carlo', options.samples);
    try {
      // The pool and the simulator load only when a Monte Carlo answer is asked for.
      const { runMonteCarlo } = await import('../sim/pool.js');
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
        onProgress: progress.update,
      };
      const tally = await interruptible(() => runMonteCarlo(job, options.pool));
      result.monteCarlo = { outcome: tallyToOutcome(tally), tally, samples: options.samples, seed: options.seed };
    } finally {
      if (!options.progress) progress.done();
    }
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
