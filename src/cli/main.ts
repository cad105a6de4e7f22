#!/usr/bin/env node
/**
 * The warodds command line. Bad input: one line on stderr, exit 2. Interrupted: exit 130.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../core/errors.js';
import { INTERRUPTED_EXIT_CODE } from './interrupt.js';

export const BAD_INPUT_EXIT_CODE = 2;

/**
 * Each command's module, imported only when that command runs (start-up, issue 16: an exact
 * command loads what it uses, not the simulator or every rule set); help and unknown commands
 * load them all.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  demo: async () => (await import('./commands/demo.js')).demoCommand(),
  attack: async () => (await import('./commands/attack.js')).attackCommand(),
  check: async () => (await import('./commands/check.js')).checkCommand(),
  units: async () => (await import('./commands/units.js')).unitsCommand(),
  kills: async () => (await import('./commands/kills.js')).killsCommand(),
  compare: async () => (await import('./commands/compare.js')).compareCommand(),
  table: async () => (await import('./commands/table.js')).tableCommand(),
  matchups: async () => (await import('./commands/matchups.js')).matchupsCommand(),
};

async function program(argv: string[]): Promise<Command> {
  const root = new Command('warodds')
    .description('Exact and Monte Carlo combat odds for tabletop fantasy wargames')
    .version('0.1.0')
    .showSuggestionAfterError()
    .addHelpText('after', '\nExample:\n  $ warodds attack --attacks 20 --hit 3 --wound 4 --save 4 --models 10');
  const named = argv[2];
  const wanted = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  for (const cmd of await Promise.all(wanted.map((name) => COMMANDS[name]()))) root.addCommand(cmd);
  root.commands.forEach((c) => c.exitOverride());
  return root.exitOverride();
}

async function main(argv: string[]): Promise<number> {
  try {
    await (await program(argv)).parseAsync(argv);
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
    if ((error as Error).name === 'WorkerFailure') {
      process.stderr.write(`warodds: ${(error as Error).message}\n`);
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
