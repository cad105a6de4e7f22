/**
 * Options shared by the commands: engine, sampling and output format.
 */
import { Option, type Command } from 'commander';
import { InputError } from '../core/errors.js';
import { DEFAULT_SEED } from '../core/rng.js';
import { defaultThreads, maxThreads } from '../sim/threads.js';
import type { Engine, RunOptions } from './answer.js';
import { grouped } from '../core/budget.js';

export type Format = 'table' | 'json' | 'csv' | 'markdown';

export interface SamplingFlags {
  samples?: string;
  seed?: string;
  threads?: string;
}

export interface OutputFlags {
  json?: boolean;
  csv?: boolean;
  markdown?: boolean;
}

export interface EngineFlags {
  exact?: boolean;
  mc?: boolean;
  both?: boolean;
}

export function addSamplingOptions(cmd: Command, defaultSamples: number): Command {
  return cmd
    .option('--samples <n>', `Monte Carlo samples (default ${grouped(defaultSamples)})`)
    .option('--seed <text>', `Monte Carlo seed, any text (default '${DEFAULT_SEED}')`)
    .option('--threads <n>', `worker threads (default: this machine's ${defaultThreads()} cores)`);
}

export function addOutputOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--json', 'JSON output').conflicts(['csv', 'markdown']))
    .addOption(new Option('--csv', 'CSV output').conflicts(['markdown']))
    .option('--markdown', 'Markdown table output');
}

export function addEngineOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--exact', 'exact distributions (the default)').conflicts(['mc', 'both']))
    .addOption(new Option('--mc', 'Monte Carlo simulation only').conflicts(['both']))
    .option('--both', 'exact and Monte Carlo side by side, with their agreement');
}

export function positiveInteger(value: string, flag: string, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > max) throw new InputError(`${flag}: expected a whole number from 1 to ${grouped(max)}, got '${value}'`);
  return n;
}

/**
 * --threads: at most 4 per core of this machine (more only costs start-up time and memory); a job
 * then starts no more threads than it has chunks (sim/pool.ts, threadsFor).
 */
function threadsOption(value: string): number {
  const max = maxThreads();
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > max) throw new InputError(`--threads: expected a whole number from 1 to ${max} (4 per core of this machine), got '${value}'`);
  return n;
}

export function samplingOptions(f: SamplingFlags, defaultSamples: number): RunOptions {
  return {
    samples: f.samples === undefined ? defaultSamples : positiveInteger(f.samples, '--samples', 1e10),
    seed: f.seed ?? DEFAULT_SEED,
    threads: f.threads === undefined ? defaultThreads() : threadsOption(f.threads),
  };
}

/**
 * --samples and --seed with the exact engine change nothing: the answer carries a note saying so
 * (the flags policy: a flag that does not apply where it is given is a note, not an error).
 */
export function samplingNotes(f: SamplingFlags, monteCarlo: boolean): string[] {
  if (monteCarlo) return [];
  return (['samples', 'seed'] as const).filter((k) => f[k] !== undefined).map((k) => `--${k}: changed nothing: the exact engine draws no samples (--mc or --both use it)`);
}

export function formatOf(f: OutputFlags): Format {
  return f.json ? 'json' : f.csv ? 'csv' : f.markdown ? 'markdown' : 'table';
}

export function engineOf(f: EngineFlags): Engine {
  return f.both ? 'both' : f.mc ? 'mc' : 'exact';
}
