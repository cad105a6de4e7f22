#!/usr/bin/env node
/**
 * The warodds command line. Bad input: one line on stderr, exit 2. Interrupted: exit 130.
 */
import type { Command } from 'commander';
import { exitCodeOf, program } from './program.js';
import { writeStdout, writeStdoutDirectly } from './stdout.js';

async function main(argv: string[]): Promise<number> {
  try {
    const root = await program(argv);
    writeOutDirectly(root);
    await root.parseAsync(argv);
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

/** commander's own output (help, version) goes where the commands' goes (stdout.ts). */
function writeOutDirectly(cmd: Command): void {
  cmd.configureOutput({ writeOut: writeStdout });
  for (const sub of cmd.commands) writeOutDirectly(sub);
}

// `warodds ... | head`: a closed pipe ends the output quietly; any other failure to write the
// output (`> /dev/full`) is one line and exit code 1. The output is written to descriptor 1
// directly (stdout.ts); process.stdout, if something creates it, fails the same way.
function outputFailed(error: NodeJS.ErrnoException): never {
  if (error.code === 'EPIPE') process.exit(0);
  process.exit(fail(`cannot write the output (${error.code ?? error.message})`, 1));
}
writeStdoutDirectly(outputFailed);
const stdoutGetter = Object.getOwnPropertyDescriptor(process, 'stdout')!;
Object.defineProperty(process, 'stdout', {
  configurable: true,
  enumerable: stdoutGetter.enumerable,
  get() {
    const stream = stdoutGetter.get!.call(process) as NodeJS.WriteStream;
    Object.defineProperty(process, 'stdout', { configurable: true, enumerable: stdoutGetter.enumerable, value: stream, writable: false });
    stream.on('error', outputFailed);
    return stream;
  },
});
// Last resort: whatever escapes (an error event nobody listens to) is still one line.
process.on('uncaughtException', (error) => process.exit(unexpected(error)));
process.on('unhandledRejection', (error) => process.exit(unexpected(error)));

void main(process.argv).then((code) => {
  process.exitCode = code;
});
