/**
 * `warodds check`: both engines on each scenario, with a statistical verdict per scenario.
 */
import { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { addSamplingOptions, samplingOptions, type SamplingFlags } from '../options.js';
import { nodeHost, type RunResult } from '../answer.js';
import { progressReporter } from '../progress.js';
import { interruptible } from '../interrupt.js';
import { checkScenarios } from '../../questions/check.js';
import { fixed, sig } from '../../questions/format.js';
import { renderTextTable, type TextColumn } from '../render/text-table.js';
import { wrapProse } from '../render/report-text.js';
import { terminalWidth } from '../terminal.js';
import { findScenario, loadBundledScenarios, scenarioLabel } from '../bundled.js';
import { type Provenance, provenanceJson, provenanceLines, runProvenance } from '../../questions/provenance.js';
import { findSystem } from '../../systems/registry.js';
import { grouped } from '../../core/budget.js';
import { writeStdout } from '../stdout.js';

export const DEFAULT_CHECK_SAMPLES = 1_000_000;

type CheckFlags = SamplingFlags & { system?: string; json?: boolean };

export function checkCommand(): Command {
  const cmd = new Command('check')
    .description('run the exact engine and the Monte Carlo simulator on each scenario and test their agreement')
    .argument('[scenario...]', 'scenario files or bundled scenario ids (default: every bundled scenario)')
    .option('--system <name>', 'only the bundled scenarios of this rule set')
    .option('--json', 'JSON: { run, scenarios: [one object per scenario] }');
  addSamplingOptions(cmd, DEFAULT_CHECK_SAMPLES);
  cmd.addHelpText(
    'after',
    `
Verdict: every distribution must pass a pooled chi-square test (p ≥ 1e-4) and a z-test of its mean
(|z| ≤ 4.5); the exit code is 1 when any scenario fails.

Columns: fields: how many distributions and tables were compared; lowest p: the smallest p-value
of their chi-square tests, and of which field; max |z|: the largest z-score of a mean; max TVD: the
largest total variation distance between the exact and simulated distributions.

Examples:
  $ npx warodds check --system generic
  $ npx warodds check generic/plain --samples 200000 --json`,
  );
  return cmd.action(async (files: string[], flags: CheckFlags) => {
    if (files.length && flags.system) throw new InputError('--system: give either scenario files or --system, not both');
    const scenarios = files.length ? files.map((f) => findScenario(f, 'scenario')) : loadBundledScenarios(flags.system);
    if (!scenarios.length) throw new InputError(`--system: no bundled scenarios${flags.system ? ` for '${flags.system}'` : ''}`);
    const sampling = samplingOptions(flags, DEFAULT_CHECK_SAMPLES);
    // On a terminal: a bar over every scenario's samples, and one line per scenario as it finishes.
    const progress = progressReporter('check', scenarios.length * sampling.samples);
    let results: RunResult[];
    try {
      const host = await nodeHost();
      results = await interruptible(() =>
        checkScenarios(scenarios, sampling, host, progress, (r, finished) =>
          `${r.agreement!.pass ? 'pass' : 'FAIL'}  ${scenarioLabel(r.scenario)}  (${finished} of ${scenarios.length})`,
        ),
      );
    } finally {
      progress.done();
    }
    const assumed = files.length ? [] : [`scenarios: every bundled scenario${flags.system ? ` of ${findSystem(flags.system, '--system').id}` : ''} (${scenarios.length})`];
    const record = runProvenance('both', sampling, [], assumed, 'scenario');
    writeStdout(`${flags.json ? JSON.stringify({ run: provenanceJson(record), scenarios: results.map(checkJson) }, null, 2) : checkTable(results, record)}\n`);
    if (results.some((r) => !r.agreement!.pass)) process.exitCode = 1;
  });
}

function checkJson(r: RunResult) {
  return {
    id: scenarioLabel(r.scenario),
    name: r.scenario.name,
    system: r.scenario.system.id,
    file: r.scenario.file,
    verdict: r.agreement!.pass ? 'pass' : 'fail',
    samples: r.monteCarlo!.samples,
    seed: r.monteCarlo!.seed,
    agreement: r.agreement!.fields,
  };
}

function checkTable(results: RunResult[], record: Provenance): string {
  const columns: TextColumn[] = [
    { head: 'scenario', align: 'left', key: true },
    { head: 'verdict', align: 'left' },
    { head: 'fields', align: 'right' },
    { head: 'lowest p', align: 'right' },
    { head: 'of field', align: 'left' },
    { head: 'max |z|', align: 'right' },
    { head: 'max TVD', align: 'right' },
  ];
  const rows = results.map((r) => {
    const f = r.agreement!.fields;
    const lowest = f.reduce((a, b) => (b.pValue < a.pValue ? b : a));
    return [
      scenarioLabel(r.scenario),
      r.agreement!.pass ? 'pass' : 'FAIL',
      String(f.length),
      sig(lowest.pValue),
      lowest.field,
      fixed(Math.max(...f.map((x) => Math.abs(x.zMean))), 2),
      sig(Math.max(...f.map((x) => x.tvd))),
    ];
  });
  const failed = results.filter((r) => !r.agreement!.pass).length;
  const samples = grouped(results[0].monteCarlo!.samples);
  const width = terminalWidth();
  const summary = `${results.length - failed} of ${results.length} scenarios agree (${samples} samples each, seed '${results[0].monteCarlo!.seed}')`;
  return [renderTextTable({ columns, rows }, width), summary, '', ...provenanceLines(record)].map((l) => wrapProse(l, width)).join('\n');
}
