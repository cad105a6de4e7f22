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
import { INTERRUPTED_EXIT_CODE } from './interrupt.js';

export const BAD_INPUT_EXIT_CODE = 2;

function program(): Command {
  const root = new Command('warodds')
    .description('Exact and Monte Carlo combat odds for tabletop fantasy wargames')
    .version('0.1.0')
    .showSuggestionAfterError()
    .addHelpText('after', '\nExample:\n  $ warodds attack --attacks 20 --hit 3 --wound 4 --save 4 --models 10');
  for (const cmd of [demoCommand(), attackCommand(), checkCommand(), unitsCommand(), killsCommand(), compareCommand(), tableCommand(), matchupsCommand()]) root.addCommand(cmd);
  root.commands.forEach((c) => c.exitOverride());
  return root.exitOverride();
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
    if (error instanceof InputError) return fail(error.message, BAD_INPUT_EXIT_CODE);
    if (error instanceof WorkerFailure) return fail(error.message, 1);
    return unexpected(error);
  }
}

/** One line on stderr (never a stack trace), and the exit code to end with. */
function fail(message: string, code: number): number {
  process.stderr.write(`warodds: ${message.split('\n')[0]}\n`);
  return code;
}

function unexpected(error: unknown): number {
  const e = error as Error;
  return fail(`internal error: ${e?.message ?? String(error)} (please report it)`, 1);
}

// `warodds ... | head`: a closed pipe ends the output quietly; any other failure to write the
// output (`> /dev/full`) is one line and exit code 1.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.exit(fail(`cannot write the output (${error.code ?? error.message})`, 1));
});
// Last resort: whatever escapes (an error event nobody listens to) is still one line.
process.on('uncaughtException', (error) => process.exit(unexpected(error)));
process.on('unhandledRejection', (error) => process.exit(unexpected(error)));

process.exitCode = await main(process.argv);
