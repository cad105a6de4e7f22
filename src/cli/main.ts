#!/usr/bin/env node
/**
 * The warodds command line. Bad input: one line on stderr, exit 2. Interrupted: exit 130.
 */
import { exitCodeOf, program } from './program.js';

async function main(argv: string[]): Promise<number> {
  try {
    await (await program(argv)).parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (error) {
    try {
      return exitCodeOf(error, (text) => process.stderr.write(text));
    } catch (bug) {
      return unexpected(bug);
    }
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

void main(process.argv).then((code) => {
  process.exitCode = code;
});
