/**
 * Conventions every warodds command follows: `-V`/`--version`; `--no-color`, anywhere on the
 * command line; every error line starts with "warodds:" (commander's own too); `--help` of a
 * command lists the global options and fits the terminal's width; the command line is recorded for the outputs.
 */
import type { Command } from 'commander';
import { setInvocation } from '../questions/provenance.js';
import { VERSION } from './version.js';
import { setNoColorFlag } from './terminal.js';
import { fitHelp } from './help-wrap.js';

export function applyConventions(root: Command): Command {
  root
    .version(VERSION, '-V, --version', 'print the warodds version')
    .option('--no-color', 'no colour (also NO_COLOR=1; FORCE_COLOR=1 forces it)')
    .configureHelp({ showGlobalOptions: true })
    .hook('preAction', (thisCommand) => {
      setInvocation((thisCommand as Command & { rawArgs: string[] }).rawArgs.slice(2), VERSION);
      setNoColorFlag(thisCommand.opts().color === false);
    });
  for (const cmd of [root, ...root.commands]) {
    cmd.configureOutput({ outputError: (text, write) => write(text.replace(/^error: /, 'warodds: ')) });
    if (cmd !== root) cmd.configureHelp({ showGlobalOptions: true });
    fitHelp(cmd);
  }
  return root;
}
