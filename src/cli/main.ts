#!/usr/bin/env node
/**
 * The warodds command line. Bad input: one line on stderr, exit 2. Interrupted: exit 130.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../core/errors.js';
import { WorkerFailure } from '../sim/pool.js';
import { attackCommand } from './commands/attack.js';
import { checkCommand } from './commands/check.js';
import { demoCommand } from './commands/demo.js';
import { compareCommand } from './commands/compare.js';
import { killsCommand } from './commands/kills.js';
import { matchupsCommand } from './commands/matchups.js';
import { tableCommand } from './commands/table.js';
import { unitsCommand } from './commands/units.js';
import { scenariosCommand } from './commands/scenarios.js';
import { INTERRUPTED_EXIT_CODE } from './interrupt.js';
import { applyConventions } from './conventions.js';

export const BAD_INPUT_EXIT_CODE = 2;

function program(): Command {
  const root = new Command('warodds')
    .description('Exact and Monte Carlo combat odds for tabletop fantasy wargames')
    .showSuggestionAfterError()
    .addHelpText('after', '\nExample:\n  $ npx warodds attack --attacks 20 --hit 3 --wound 4 --save 4 --models 10');
  for (const cmd of [demoCommand(), attackCommand(), checkCommand(), unitsCommand(), scenariosCommand(), killsCommand(), compareCommand(), tableCommand(), matchupsCommand()]) root.addCommand(cmd);
  root.commands.forEach((c) => c.exitOverride());
  return applyConventions(root).exitOverride();
}

async function main(argv: string[]): Promise<number> {
  try {
    await program().parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander has already printed its one-line message (or the help).
      return error.exitCode === 0 ? 0 : BAD_INPUT_EXIT_CODE;
    }
    if ((error as Error).name === 'AbortError') return INTERRUPTED_EXIT_CODE;
    if (error instanceof InputError) {
      process.stderr.write(`warodds: ${error.message}\n`);
      return BAD_INPUT_EXIT_CODE;
    }
    if (error instanceof WorkerFailure) {
      process.stderr.write(`warodds: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

// `warodds ... | head`: a closed pipe ends the output quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await main(process.argv);
