/**
 * The built CLI (npm test builds before running vitest), run in this process: each call costs
 * the command, not a Node start-up (0.3–0.6 s of CPU per spawned process). The few tests where
 * the process itself matters (exit codes of main.ts, signals, a closed or full stdout, one
 * smoke run per command) spawn `CLI` themselves.
 */
import { fileURLToPath } from 'node:url';
import { runBuiltCli, type CliResult, type RunOptions } from '../support/in-process.js';

/** The built CLI's entry point, for the tests that spawn a process. */
export const CLI = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

export function warodds(args: string[], options?: RunOptions): Promise<CliResult> {
  return runBuiltCli(args, options);
}

export async function wjson(args: string[], options?: RunOptions) {
  const r = await warodds([...args, '--json'], options);
  if (r.code !== 0) throw new Error(`warodds ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}
