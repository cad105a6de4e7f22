/**
 * `warodds demo`: a real calculation on a built-in scenario, both engines side by side.
 */
import { Command } from 'commander';
import { join } from 'node:path';
import { DATA_DIR } from '../../paths.js';
import { loadScenarioFile } from '../scenario-file.js';
import { runScenario } from '../run.js';
import { renderTable } from '../render/table.js';
import { DEFAULT_SEED } from '../../core/rng.js';
import { defaultThreads } from '../../sim/threads.js';

export const DEMO_SCENARIO = join(DATA_DIR, 'generic', 'scenarios', 'crits-and-rerolls.json');
const DEMO_SAMPLES = 1_000_000;

export function demoCommand(): Command {
  return new Command('demo')
    .description('a built-in scenario computed exactly and by 1,000,000 simulated attacks, side by side')
    .addHelpText('after', '\nExample:\n  $ warodds demo')
    .action(async () => {
      const scenario = loadScenarioFile(DEMO_SCENARIO);
      const result = await runScenario(scenario, 'both', { samples: DEMO_SAMPLES, seed: DEFAULT_SEED, threads: defaultThreads() });
      process.stdout.write(`${renderTable(result)}\n`);
    });
}
