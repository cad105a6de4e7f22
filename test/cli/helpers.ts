/**
 * The built CLI (npm test builds before running vitest), run in this process: each call costs
 * the command, not a Node start-up (0.3–0.6 s of CPU per spawned process). The few tests where
 * the process itself matters (exit codes of main.ts, signals, a closed or full stdout, one
 * smoke run per command) spawn `CLI` themselves.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runBuiltCli, type CliResult, type RunOptions } from '../support/in-process.js';

/** The shipped program (package.json's bin, which `npm run build` makes), for the tests that spawn a process. */
const PACKAGE = new URL('../../package.json', import.meta.url);
export const CLI = fileURLToPath(new URL(JSON.parse(readFileSync(PACKAGE, 'utf8')).bin.warodds, PACKAGE));

export function warodds(args: string[], options?: RunOptions): Promise<CliResult> {
  return runBuiltCli(args, options);
}

export async function wjson(args: string[], options?: RunOptions) {
  const r = await warodds([...args, '--json'], options);
  if (r.code !== 0) throw new Error(`warodds ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Bad input: exit 2, nothing on stdout, one line on stderr matching `message`. */
export async function refused(args: string[], message: RegExp): Promise<void> {
  const r = await warodds(args);
  expect(r.code, args.join(' ')).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr.trim()).toMatch(message);
}
