/**
 * The warodds command tree and what a failure becomes (main.ts runs it; tests call it
 * in-process). Bad input: one line on stderr, exit 2. Interrupted: exit 130.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../core/errors.js';
import { escapeControlCharacters } from '../core/json.js';
import { WorkerFailure } from '../sim/worker-failure.js';
import { INTERRUPTED_EXIT_CODE } from './interrupt.js';
import { applyConventions } from './conventions.js';
import { loadSystems } from '../systems/lookup.js';
import { systemsNamedIn } from './system-scope.js';

/**
 * Each command's module, imported only when that command runs (start-up: an exact
 * command loads what it uses, not the simulator or every rule set).
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  demo: async () => (await import('./commands/demo.js')).demoCommand(),
  attack: async () => (await import('./commands/attack.js')).attackCommand(),
  check: async () => (await import('./commands/check.js')).checkCommand(),
  units: async () => (await import('./commands/units.js')).unitsCommand(),
  kills: async () => (await import('./commands/kills.js')).killsCommand(),
  compare: async () => (await import('./commands/compare.js')).compareCommand(),
  fight: async () => (await import('./commands/fight.js')).fightCommand(),
  table: async () => (await import('./commands/table.js')).tableCommand(),
  matchups: async () => (await import('./commands/matchups.js')).matchupsCommand(),
  scenarios: async () => (await import('./commands/scenarios.js')).scenariosCommand(),
  serve: async () => (await import('./commands/serve.js')).serveCommand(),
};

/** The commands whose rule sets are loaded from the unit ids in their arguments (system-scope.ts). */
const SCOPED = new Set(['kills', 'compare', 'table']);

/**
 * The command tree for `argv` (process.argv form): only the named command's module loads; with
 * no argv, help or an unknown command, every command loads (help lists them, commander suggests).
 */
export async function program(argv?: readonly string[]): Promise<Command> {
  const root = new Command('warodds')
    .description('Exact and Monte Carlo combat odds for tabletop fantasy wargames')
    .showSuggestionAfterError()
    .addHelpText('after', '\nExample:\n  $ npx warodds attack --attacks 20 --hit 3 --wound 4 --save 4 --models 10');
  const named = argv?.[2];
  const wanted = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  // kills, compare and table load the rule sets their unit ids name; every other command
  // imports the rule sets it uses (systems/registry.ts loads them all).
  if (wanted.length === 1 && SCOPED.has(named!)) await loadSystems(systemsNamedIn(argv!.slice(3)));
  for (const cmd of await Promise.all(wanted.map((name) => COMMANDS[name]()))) root.addCommand(cmd);
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
