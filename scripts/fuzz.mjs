#!/usr/bin/env node
/**
 * `npm run fuzz -- --runs 10000 [--seed N]`: the property and fuzz tests with more cases.
 * Runs every test file that reads WARODDS_FUZZ_RUNS (the fuzz test of mutated scenarios and unit
 * files, the JSON parser's properties, the enumerator property tests of the rule sets), with
 * WARODDS_FUZZ_RUNS=N (and WARODDS_FUZZ_SEED) in their environment and no per-test timeout.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function flagValue(name, fallback) {
  const i = process.argv.indexOf(name);
  if (i === -1) return fallback;
  const value = process.argv[i + 1];
  if (!/^[1-9]\d*$/.test(value ?? '')) {
    console.error(`fuzz: ${name}: expected a whole number ≥ 1, got '${value ?? ''}'`);
    process.exit(2);
  }
  return value;
}

const runs = flagValue('--runs', '1000');
const seed = flagValue('--seed', undefined);

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path);
    return e.name.endsWith('.test.ts') && readFileSync(path, 'utf8').includes('WARODDS_FUZZ_RUNS') ? [path] : [];
  });
}

const files = testFiles('test').sort();
console.log(`fuzz: ${runs} runs per property${seed ? `, seed ${seed}` : ''}, in ${files.join(', ')}`);
const started = Date.now();
const vitest = join('node_modules', 'vitest', 'vitest.mjs');
const r = spawnSync(process.execPath, [vitest, 'run', '--testTimeout', '0', '--hookTimeout', '0', ...files], {
  stdio: 'inherit',
  env: { ...process.env, WARODDS_FUZZ_RUNS: runs, ...(seed ? { WARODDS_FUZZ_SEED: seed } : {}) },
});
console.log(`fuzz: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(r.status ?? 1);
