/**
 * The warodds command tree and what a failure becomes (main.ts runs it; tests call it
 * in-process). Bad input: one line on stderr, exit 2. Interrupted: exit 130.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../core/errors.js';
import { escapeControlCharacters } from '../core/json.js';
import { WorkerFailure } from '../sim/pool.js';
import { INTERRUPTED_EXIT_CODE } from './interrupt.js';
import { attackCommand } from './commands/attack.js';
import { checkCommand } from './commands/check.js';
import { demoCommand } from './commands/demo.js';
import { fightCommand } from './commands/fight.js';
import { compareCommand } from './commands/compare.js';
import { killsCommand } from './commands/kills.js';
import { matchupsCommand } from './commands/matchups.js';
import { tableCommand } from './commands/table.js';
import { unitsCommand } from './commands/units.js';
import { scenariosCommand } from './commands/scenarios.js';
import { applyConventions } from './conventions.js';

export function program(): Command {
  const root = new Command('warodds')
    .description('Exact and Monte Carlo combat odds for tabletop fantasy wargames')
    .showSuggestionAfterError()
    .addHelpText('after', '\nExample:\n  $ npx warodds attack --attacks 20 --hit 3 --wound 4 --save 4 --models 10');
  for (const cmd of [demoCommand(), attackCommand(), checkCommand(), unitsCommand(), scenariosCommand(), killsCommand(), compareCommand(), fightCommand(), tableCommand(), matchupsCommand()]) root.addCommand(cmd);
  root.commands.forEach((c) => c.exitOverride());
  return applyConventions(root).exitOverride();
}

export const BAD_INPUT_EXIT_CODE = 2;

/**
 * The exit code of a failed command, after writing its one line with `writeError`; an error
 * that is not the user's (a bug) is rethrown.
 */
export function exitCodeOf(error: unknown, writeError: (text: string) => void): number {
  // commander has already printed its one-line message (or the help).
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : BAD_INPUT_EXIT_CODE;
  if ((error as Error).name === 'AbortError') return INTERRUPTED_EXIT_CODE;
  // Whatever a message quotes from the input, it stays one line: control characters are escaped.
  if (error instanceof InputError) {
    writeError(`warodds: ${escapeControlCharacters(error.message)}\n`);
    return BAD_INPUT_EXIT_CODE;
  }
  if (error instanceof WorkerFailure) {
    writeError(`warodds: ${escapeControlCharacters(error.message)}\n`);
    return 1;
  }
  throw error;
}
