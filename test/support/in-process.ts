/**
 * Running a warodds command in this process (no child process, no build needed): stdout and
 * stderr are captured, and a failure becomes its exit code exactly as main.ts does it.
 */
import type { Command } from 'commander';
import { exitCodeOf, program } from '../../src/cli/program.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function captureOutput(cmd: Command, out: string[], err: string[]): void {
  cmd.configureOutput({ writeOut: (s) => void out.push(s), writeErr: (s) => void err.push(s) });
  for (const sub of cmd.commands) captureOutput(sub, out, err);
}

/** `warodds ...args`, in-process. Commands run one at a time (process.stdout is swapped). */
export async function runCli(args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const { write: stdoutWrite } = process.stdout;
  const { write: stderrWrite } = process.stderr;
  const sigint = new Set(process.listeners('SIGINT'));
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  process.stdout.write = ((chunk: string | Uint8Array) => out.push(String(chunk)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => err.push(String(chunk)) > 0) as typeof process.stderr.write;
  let code: number;
  try {
    const root = await program(['node', 'warodds', ...args]);
    captureOutput(root, out, err);
    await root.parseAsync(['node', 'warodds', ...args]);
    code = Number(process.exitCode ?? 0);
  } catch (error) {
    code = exitCodeOf(error, (text) => void err.push(text));
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    process.exitCode = exitCode;
    // Drop any Ctrl-C handler this run left behind.
    for (const listener of process.listeners('SIGINT')) if (!sigint.has(listener)) process.off('SIGINT', listener);
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** The one-line refusal every bad input gets: exit 2, nothing on stdout, one line on stderr. */
export function isOneLineRefusal(r: CliResult): boolean {
  return r.code === 2 && r.stdout === '' && /^[^\n]+\n$/.test(r.stderr) && !/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/.test(r.stderr);
}
