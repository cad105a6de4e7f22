#!/usr/bin/env node
/**
 * The warodds command line. Bad input: one line on stderr, exit 2. Interrupted: exit 130.
 */
import { exitCodeOf, program } from './program.js';

async function main(argv: string[]): Promise<number> {
  try {
    await program().parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (error) {
    return exitCodeOf(error, (text) => process.stderr.write(text));
  }
}

// `warodds ... | head`: a closed pipe ends the output quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await main(process.argv);
