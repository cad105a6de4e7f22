/**
 * `warodds demo`: a real calculation on a built-in scenario, both engines side by side.
 */
import { Command } from 'commander';
import { join } from 'node:path';
import { DATA_DIR } from '../../paths.js';
import { loadScenarioFile } from '../scenario-file.js';
import { runScenario } from '../answer.js';
import { renderTable } from '../render/table.js';
import { stdoutStyle } from '../terminal.js';
import { runProvenance, situationLines, withNotes } from '../../questions/provenance.js';
import { DEFAULT_SEED } from '../../core/rng.js';
import { defaultThreads } from '../../sim/threads.js';
import { writeStdout } from '../stdout.js';

export const DEMO_SCENARIO = join(DATA_DIR, 'generic', 'scenarios', 'crits-and-rerolls.json');
const DEMO_SAMPLES = 1_000_000;

export function demoCommand(): Command {
  return new Command('demo')
    .description('a built-in scenario computed exactly and by 1,000,000 simulated attacks, side by side')
    .addHelpText('after', '\nExample:\n  $ npx warodds demo')
    .action(async () => {
      const scenario = loadScenarioFile(DEMO_SCENARIO);
      const sampling = { samples: DEMO_SAMPLES, seed: DEFAULT_SEED, threads: defaultThreads() };
      const result = await runScenario(scenario, 'both', sampling);
      const record = withNotes(runProvenance('both', sampling, situationLines((scenario.input as { situation?: unknown }).situation), ['scenario: the built-in demo, generic/crits-and-rerolls']), result.notes);
      writeStdout(`${renderTable(result, stdoutStyle(), record)}\n`);
    });
}
