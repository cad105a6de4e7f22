/**
 * Issue 13: the same seed and samples give byte-identical output for any --threads and any
 * order in which chunks finish; categories follow the rule set's order (the exact engine's).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { MonteCarloPool } from '../../src/sim/pool.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledScenarioFiles } from '../../src/cli/bundled.js';
import { loadScenarioFile } from '../../src/cli/scenario-file.js';
import { renderResult } from '../../src/cli/output.js';
import { runScenario } from '../../src/cli/answer.js';
import type { Format } from '../../src/cli/options.js';
import { masterState } from '../../src/core/rng.js';
import { DATA_DIR } from '../../src/paths.js';
import { createPool, runMonteCarlo } from '../../src/sim/pool.js';
import { compareOptions } from '../../src/analysis/compare.js';
import type { Evaluate } from '../../src/analysis/pairing.js';
import { DEFAULT_OPTION, loadLibrary, questionsOf } from '../../src/analysis/units.js';
import { compareReport } from '../../src/questions/question-reports.js';
import { reportToHtml } from '../../src/cli/render/report-html.js';
import { runChunk } from '../../src/sim/run-chunk.js';
import { canonicalTally, emptyTallyData, mergeTally, tallyToOutcome, type TallyData } from '../../src/sim/tally.js';
import { findSystem, SYSTEMS } from '../../src/systems/registry.js';

/**
 * One bundled scenario of every rule set, each with morale or outcome tables where it has them
 * (the first bundled scenario of the rule set if that file is renamed).
 */
const SCENARIOS: Record<string, string> = {
  generic: 'crits-and-rerolls.json',
  'ninth-age': 'knights-charge-spearmen.json',
  'warhammer-fantasy': 'knights-charge-halberdiers.json',
  'kings-of-war': 'example-16-crystal-pendant-of-retribution.json',
  'age-of-sigmar': 'ex01-liberators-vs-clawlord.json',
  hott: 'example-01-blades-charge-warband.json',
};
const scenario = (system: string) => {
  const file = join(DATA_DIR, system, 'scenarios', SCENARIOS[system]);
  return loadScenarioFile(existsSync(file) ? file : bundledScenarioFiles(system)[0]);
};
const FORMATS: Format[] = ['table', 'json', 'csv', 'markdown'];

// One started pool of two workers for the Monte Carlo jobs below.
let pool: MonteCarloPool;
beforeAll(() => {
  pool = createPool(2);
});
afterAll(() => pool.destroy());

it('the list covers every rule set', () => {
  expect(Object.keys(SCENARIOS).sort()).toEqual(SYSTEMS.map((s) => s.id).sort());
});

describe('--mc prints the same bytes for --threads 1, 2, 3, 4 and 7', () => {
  // The one pool above; `threads` sets how many chunks are in flight at once, so the chunks finish
  // in a different order each time. 12 chunks of 400 samples.
  for (const system of Object.keys(SCENARIOS)) {
    it(`${system}: table, JSON, CSV and Markdown`, async () => {
      const s = scenario(system);
      const outputs: string[] = [];
      for (const threads of [1, 2, 3, 4, 7]) {
        const result = await runScenario(s, 'mc', { samples: 4800, seed: 's', threads, chunkSize: 400, pool });
        outputs.push(FORMATS.map((f) => renderResult(result, f)).join('\n'));
      }
      for (const output of outputs.slice(1)) expect(output).toBe(outputs[0]);
    });
  }

  it('compare --mc: the same HTML page and JSON for 1, 3 and 7 threads', async () => {
    const lib = loadLibrary();
    const unit = lib.find('aos/liberators', 'unit');
    const targets = [{ unit: lib.find('aos/clawlord', '--targets'), option: DEFAULT_OPTION }];
    const flags = { charge: false, flank: false, rear: false, shooting: false, extra: {} };
    const pages: string[] = [];
    for (const threads of [1, 3, 7]) {
      const evaluate: Evaluate = async (system, input) =>
        tallyToOutcome(await runMonteCarlo({ system, input, samples: 4800, seed: 's', threads, chunkSize: 400 }, pool));
      const result = await compareOptions(unit, [DEFAULT_OPTION, 'all-warhammers'], targets, flags, 'destroyed', evaluate);
      const { report, json } = compareReport(result, questionsOf(findSystem('age-of-sigmar')));
      pages.push(`${reportToHtml(report)}\n${JSON.stringify(json)}`);
    }
    for (const page of pages.slice(1)) expect(page).toBe(pages[0]);
  });
});

describe('tasks of several chunks give the tally of their chunks rolled one by one', () => {
  // 120 chunks of 40 samples: one thread takes tasks of 15 chunks, three threads tasks of 5
  // (pool.ts, tasksOf); the reference rolls each chunk alone, in-process, and adds the tallies.
  for (const system of Object.keys(SCENARIOS)) {
    it(system, async () => {
      const s = scenario(system);
      const master = masterState('tasks');
      const oneByOne = Array.from({ length: 120 }, (_, index) => runChunk({ system, input: s.input, master, chunk: { index, samples: 40 } }));
      const reference = JSON.stringify(canonicalTally(oneByOne.reduce(mergeTally, emptyTallyData()), s.system.categoryOrder));
      for (const threads of [1, 3]) {
        const tally = await runMonteCarlo({ system, input: s.input, samples: 4800, seed: 'tasks', threads, chunkSize: 40 }, pool);
        expect(JSON.stringify(tally)).toBe(reference);
      }
    });
  }
});

describe('chunks finishing in any order give the same tally, keys included', () => {
  const sum = (tallies: TallyData[]) => tallies.reduce(mergeTally, emptyTallyData());
  for (const system of ['kings-of-war', 'hott', 'warhammer-fantasy']) {
    it(system, () => {
      const s = scenario(system);
      const master = masterState('order');
      const chunks = Array.from({ length: 8 }, (_, index) => runChunk({ system, input: s.input, master, chunk: { index, samples: 8 } }));
      const order = s.system.categoryOrder;
      const reference = JSON.stringify(canonicalTally(sum(chunks), order));
      const rawOrders = new Set<string>();
      fc.assert(
        fc.property(fc.shuffledSubarray(chunks, { minLength: chunks.length, maxLength: chunks.length }), (finished) => {
          rawOrders.add(JSON.stringify(sum(finished)));
          expect(JSON.stringify(canonicalTally(sum(finished), order))).toBe(reference);
        }),
        { seed: 42, numRuns: 60 },
      );
      // Without the canonical order the keys do come out in finishing order: the test can fail.
      expect(rawOrders.size).toBeGreaterThan(1);
    });
  }
});

describe("the simulator's categories come in the exact engine's order", () => {
  // Independent of the category lists: the exact Outcome's own key order, for the keys both have.
  const commonOrder = (exact: Record<string, unknown>, mc: Record<string, unknown>) => [
    Object.keys(exact).filter((k) => k in mc),
    Object.keys(mc).filter((k) => k in exact),
  ];
  for (const system of ['ninth-age', 'warhammer-fantasy', 'kings-of-war', 'hott']) {
    it(system, () => {
      const s = scenario(system);
      const exact = s.system.exact(s.parsed);
      const master = masterState('order');
      const chunks = Array.from({ length: 4 }, (_, index) => runChunk({ system, input: s.input, master, chunk: { index, samples: 500 } }));
      const mc = tallyToOutcome(canonicalTally(chunks.reduce(mergeTally, emptyTallyData()), s.system.categoryOrder));
      let compared = 0;
      if (exact.morale && mc.morale) {
        const [e, m] = commonOrder(exact.morale, mc.morale);
        expect(m).toEqual(e);
        compared++;
      }
      for (const [element, table] of Object.entries(exact.outcomes ?? {})) {
        if (!mc.outcomes?.[element]) continue;
        const [e, m] = commonOrder(table, mc.outcomes[element]);
        expect(m).toEqual(e);
        compared++;
      }
      if (exact.outcomes && mc.outcomes) {
        const [e, m] = commonOrder(exact.outcomes, mc.outcomes);
        expect(m).toEqual(e);
      }
      expect(compared).toBeGreaterThan(0);
    });
  }
});
