/**
 * Running a warodds command in this process (no child process): stdout and stderr are captured,
 * and a failure becomes its exit code exactly as main.ts does it. The conditions are those of a
 * spawned `warodds ... > file`: stdout and stderr are not terminals (no colour, no progress bar,
 * the default width unless COLUMNS is set), the same environment and working directory.
 *
 * `runCli` runs the TypeScript sources (no build needed). `runBuiltCli` runs the build in dist/
 * (npm test builds first): its Monte Carlo workers are the compiled worker file, which start in
 * a fraction of the time a worker from the sources takes (those load the tsx loader).
 */
import type { Command } from 'commander';
import * as sources from '../../src/cli/program.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

type ProgramModule = Pick<typeof sources, 'program' | 'exitCodeOf'>;

export interface RunOptions {
  /** Variables set (a string) or removed (undefined) for this run only, as `env VAR=x warodds`. */
  env?: Record<string, string | undefined>;
}

/** The compiled program module (dist/src/cli/program.js), loaded once. */
let built: Promise<ProgramModule> | undefined;
const BUILT_PROGRAM = new URL('../../dist/src/cli/program.js', import.meta.url).href;

function captureOutput(cmd: Command, out: string[], err: string[]): void {
  cmd.configureOutput({ writeOut: (s) => void out.push(s), writeErr: (s) => void err.push(s) });
  for (const sub of cmd.commands) captureOutput(sub, out, err);
}

/** Sets `values` on `target` and returns what puts the old properties back. */
function override<T extends object>(target: T, values: Partial<Record<keyof T, unknown>>): () => void {
  const saved = Object.keys(values).map((key) => [key, Object.getOwnPropertyDescriptor(target, key)] as const);
  for (const [key, value] of Object.entries(values)) Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: true });
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(target, key, descriptor);
      else delete (target as Record<string, unknown>)[key];
    }
  };
}

/** Commands run one at a time (process.stdout is swapped). */
async function run(module: ProgramModule, args: string[], options: RunOptions): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const sigint = new Set(process.listeners('SIGINT'));
  const exitCode = process.exitCode;
  const savedEnv = Object.fromEntries(Object.keys(options.env ?? {}).map((k) => [k, process.env[k]]));
  const push = (to: string[]) => ((chunk: string | Uint8Array) => to.push(String(chunk)) > 0) as typeof process.stdout.write;
  // Not a terminal: a spawned process writing to a pipe has isTTY undefined and no columns.
  const restore = [
    override(process.stdout, { write: push(out), isTTY: undefined, columns: undefined }),
    override(process.stderr, { write: push(err), isTTY: undefined, columns: undefined }),
  ];
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  process.exitCode = undefined;
  let code: number;
  try {
    const root = await module.program(['node', 'warodds', ...args]);
    captureOutput(root, out, err);
    await root.parseAsync(['node', 'warodds', ...args]);
    code = Number(process.exitCode ?? 0);
  } catch (error) {
    code = module.exitCodeOf(error, (text) => void err.push(text));
  } finally {
    for (const undo of restore) undo();
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    process.exitCode = exitCode;
    // Drop any Ctrl-C handler this run left behind.
    for (const listener of process.listeners('SIGINT')) if (!sigint.has(listener)) process.off('SIGINT', listener);
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** `warodds ...args`, in-process, from the TypeScript sources. */
export function runCli(args: string[], options: RunOptions = {}): Promise<CliResult> {
  return run(sources, args, options);
}

/** `warodds ...args`, in-process, from the build in dist/ (`npx tsc -p tsconfig.json` first). */
export async function runBuiltCli(args: string[], options: RunOptions = {}): Promise<CliResult> {
  built ??= import(BUILT_PROGRAM) as Promise<ProgramModule>;
  return run(await built, args, options);
}

/** The one-line refusal every bad input gets: exit 2, nothing on stdout, one line on stderr. */
export function isOneLineRefusal(r: CliResult): boolean {
  return r.code === 2 && r.stdout === '' && /^[^\n]+\n$/.test(r.stderr) && !/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/.test(r.stderr);
}
