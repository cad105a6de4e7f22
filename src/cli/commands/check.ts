/**
 * `warodds check`: both engines on each scenario, with a statistical verdict per scenario.
 */
import { Command } from 'commander';
import Table from 'cli-table3';
import { loadBundledScenarios } from '../bundled.js';
import { InputError } from '../../core/errors.js';
import { loadScenarioFile } from '../scenario-file.js';
import { addSamplingOptions, samplingOptions, type SamplingFlags } from '../options.js';
import { runScenario, type RunResult } from '../run.js';
import { createPool, threadsFor } from '../../sim/pool.js';
import { fixed, sig } from '../render/format.js';

export const DEFAULT_CHECK_SAMPLES = 1_000_000;

type CheckFlags = SamplingFlags & { system?: string; json?: boolean };

export function checkCommand(): Command {
  const cmd = new Command('check')
    .description('run the exact engine and the Monte Carlo simulator on each scenario and test their agreement')
    .argument('[scenario...]', 'scenario files (default: every bundled scenario)')
    .option('--system <name>', 'only the bundled scenarios of this rule set')
    .option('--json', 'JSON: an array with one object per scenario');
  addSamplingOptions(cmd, DEFAULT_CHECK_SAMPLES);
  cmd.addHelpText(
    'after',
    `
Verdict: every distribution must pass a pooled chi-square test (p ≥ 1e-4) and a z-test of its mean
(|z| ≤ 4.5); the exit code is 1 when any scenario fails.

Examples:
  $ warodds check --system generic
  $ warodds check src/data/generic/scenarios/plain.json --samples 200000 --json`,
  );
  return cmd.action(async (files: string[], flags: CheckFlags) => {
    if (files.length && flags.system) throw new InputError('--system: give either scenario files or --system, not both');
    const scenarios = files.length ? files.map((f) => loadScenarioFile(f, 'scenario')) : loadBundledScenarios(flags.system);
    if (!scenarios.length) throw new InputError(`--system: no bundled scenarios${flags.system ? ` for '${flags.system}'` : ''}`);
    const sampling = samplingOptions(flags, DEFAULT_CHECK_SAMPLES);
    // One pool for every scenario: workers start once.
    const pool = createPool(threadsFor(sampling.threads, sampling.samples));
    const results: RunResult[] = [];
    try {
      for (const scenario of scenarios) results.push(await runScenario(scenario, 'both', { ...sampling, pool }));
    } finally {
      await pool.destroy();
    }
    process.stdout.write(`${flags.json ? JSON.stringify(results.map(checkJson), null, 2) : checkTable(results)}\n`);
    if (results.some((r) => !r.agreement!.pass)) process.exitCode = 1;
  });
}

function checkJson(r: RunResult) {
  return {
    name: r.scenario.name,
    system: r.scenario.system.id,
    file: r.scenario.file,
    verdict: r.agreement!.pass ? 'pass' : 'fail',
    samples: r.monteCarlo!.samples,
    seed: r.monteCarlo!.seed,
    agreement: r.agreement!.fields,
  };
}

function checkTable(results: RunResult[]): string {
  const t = new Table({ head: ['scenario', 'system', 'verdict', 'fields', 'lowest p', 'max |z|', 'max TVD'], style: { head: [], border: [] } });
  for (const r of results) {
    const f = r.agreement!.fields;
    t.push([
      r.scenario.name,
      r.scenario.system.id,
      r.agreement!.pass ? 'pass' : 'FAIL',
      fieldList(f.map((x) => x.field)),
      sig(Math.min(...f.map((x) => x.pValue))),
      fixed(Math.max(...f.map((x) => Math.abs(x.zMean))), 2),
      sig(Math.max(...f.map((x) => x.tvd))),
    ]);
  }
  const failed = results.filter((r) => !r.agreement!.pass).length;
  const samples = results[0].monteCarlo!.samples.toLocaleString('en');
  return `${t.toString()}\n${results.length - failed} of ${results.length} scenarios agree (${samples} samples each, seed '${results[0].monteCarlo!.seed}')`;
}

/** The fields compared; a whole fight's many per-round tables are counted, not listed. */
function fieldList(fields: string[]): string {
  const perRound = fields.filter((f) => /^outcomes\.(margin|attacker-left|target-left)-\d+$/.test(f));
  if (perRound.length === 0) return fields.join(', ');
  const rounds = perRound.filter((f) => f.startsWith('outcomes.margin-')).length;
  return [...fields.filter((f) => !perRound.includes(f)), `${perRound.length} per-round tables (${rounds} rounds)`].join(', ');
}
