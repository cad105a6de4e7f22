/**
 * Monte Carlo memory does not grow with the damage range: values from POOLED_FROM on share an
 * overflow bucket, which the output reports and the agreement test pools the same way.
 */
import { describe, expect, it } from 'vitest';
import { agreementOf } from '../../src/analysis/agreement.js';
import { renderResult } from '../../src/cli/output.js';
import { masterState } from '../../src/core/rng.js';
import { compareCounts } from '../../src/core/stats.js';
import { runChunk } from '../../src/sim/run-chunk.js';
import { canonicalTally, Counts, emptyTallyData, mergeTally, POOLED_FROM, Tally, tallyToOutcome } from '../../src/sim/tally.js';
import { findSystem } from '../../src/systems/registry.js';

describe('Counts', () => {
  it('keeps small values apart and pools every value from POOLED_FROM in one last slot', () => {
    const c = new Counts();
    for (const k of [0, 3, 3, POOLED_FROM - 1, POOLED_FROM, 5_000_000, 1e9]) c.add(k);
    c.addMany(70_000, 2);
    const counts = c.toArray();
    expect(counts.length).toBe(POOLED_FROM + 1);
    expect([counts[0], counts[3], counts[POOLED_FROM - 1], counts[POOLED_FROM]]).toEqual([1, 2, 1, 5]);
    expect(c.data.length).toBeLessThanOrEqual(POOLED_FROM + 1);
  });
});

describe('Tally.recordMany', () => {
  it('tallies as many calls of record() with the same sample', () => {
    const one = new Tally();
    const many = new Tally();
    const samples: [number, number | undefined, boolean | undefined, number][] = [
      [0, undefined, undefined, 3],
      [2, 1, true, 4],
      [70_000, 0, false, 2],
      [1, undefined, true, 0],
    ];
    for (const [damage, slain, destroyed, times] of samples) {
      for (let i = 0; i < times; i++) one.record(damage, slain, destroyed);
      many.recordMany(damage, slain, destroyed, times);
    }
    expect(many.toJSON()).toEqual(one.toJSON());
  });
});

/** P(k successes of n, each 1/2), and the distribution of the sum of j D6 — both by enumeration. */
const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);
function sumOfD6(j: number): number[] {
  let pmf = [1];
  for (let i = 0; i < j; i++) {
    const next = new Array<number>(pmf.length + 6).fill(0);
    pmf.forEach((p, s) => {
      for (let face = 1; face <= 6; face++) next[s + face] += p / 6;
    });
    pmf = next;
  }
  return pmf;
}

describe('a damage range beyond the tally (10 attacks hit automatically, wound on 4+, damage D6+10000)', () => {
  const input = { attacker: { attacks: 10, hit: 'auto', wound: 4, damage: 'D6+10000' }, target: {} };
  const master = masterState('pooled');
  const tally = Array.from({ length: 4 }, (_, index) => runChunk({ system: 'generic', input, master, chunk: { index, samples: 5000 } })).reduce(
    mergeTally,
    emptyTallyData(),
  );

  it('P(pooled) = P(at least 7 of 10 wound) = 176/1024 (6 wounds make at most 60,036), within 4 standard errors', () => {
    const n = tally.samples;
    expect(tally.damage.length).toBe(POOLED_FROM + 1);
    const p = (choose(10, 7) + choose(10, 8) + choose(10, 9) + choose(10, 10)) / 1024;
    expect(p).toBe(176 / 1024);
    expect(Math.abs(tally.damage[POOLED_FROM] / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
    expect(tallyToOutcome(tally).pooledFrom).toEqual({ damage: POOLED_FROM });
  });

  it('agrees with the exact distribution once its tail is pooled the same way (and not before)', () => {
    // j wounds of 10 (each 1/2) deal 10000·j plus the sum of j D6.
    const exact = new Float64Array(100_061);
    for (let j = 0; j <= 10; j++) sumOfD6(j).forEach((p, s) => (exact[10_000 * j + s] += (choose(10, j) / 1024) * p));
    expect(agreementOf({ damage: exact }, tally).pass).toBe(true);
    expect(compareCounts(exact, tally.damage).pass).toBe(false);
  });

  it('every output format says so', () => {
    const generic = findSystem('generic');
    const scenario = { name: 'big damage', description: '', system: generic, input, parsed: generic.parse(input), file: null };
    const result = { scenario, notes: [], monteCarlo: { outcome: tallyToOutcome(tally), tally, samples: tally.samples, seed: 'pooled' } };
    // The terminal wraps free text to its width: the note is read with its lines joined.
    expect(renderResult(result, 'table').replace(/\n/g, ' ')).toMatch(/Monte Carlo: 1\d\.\d% of the samples reached 65,536 or more; they are counted at 65,536 \(row ≥65536\), so the mean and sd are lower bounds/);
    expect(JSON.parse(renderResult(result, 'json')).pooledFrom).toEqual({ damage: 65536 });
    expect(renderResult(result, 'csv').split('\n').at(-1)).toMatch(/^generic,big damage,damage,>=65536,0\.1\d+,0\.1\d+$/);
    expect(renderResult(result, 'markdown')).toContain('| damage | >=65536 |');
  });
});

describe('Tally: morale and outcome counts by slot', () => {
  it('counts many categories and tables (its slot array grows) exactly as recorded, leaving out what was never counted', () => {
    const tally = new Tally();
    // category k counted k times, interleaved with outcome tables that force the slots to grow
    for (let k = 1; k <= 30; k++) {
      for (let i = 0; i < k; i++) tally.recordMorale(`m${k}`);
      tally.recordOutcome(`table ${k % 3}`, `r${k}`, 2 * k);
      tally.recordOutcome('never', `r${k}`, 0);
    }
    tally.count(tally.moraleSlot('m1'), 4);
    tally.outcomeSlot('unused', 'x');
    const data = tally.toJSON();
    const morale: Record<string, number> = {};
    for (let k = 1; k <= 30; k++) morale[`m${k}`] = k + (k === 1 ? 4 : 0);
    expect(data.morale).toEqual(morale);
    const outcomes: Record<string, Record<string, number>> = { 'table 0': {}, 'table 1': {}, 'table 2': {} };
    for (let k = 1; k <= 30; k++) outcomes[`table ${k % 3}`][`r${k}`] = 2 * k;
    expect(data.outcomes).toEqual(outcomes);
  });
});

describe('canonicalTally', () => {
  it("lists the rule set's names first, in its order, then the others with numbers compared as numbers", () => {
    const t = {
      ...emptyTallyData(),
      morale: { routed: 1, zeal: 1, steady: 2, wavered: 3 },
      outcomes: { 'bound 10': { holds: 1, captured: 2 }, 'within bound 1': { '12': 1, '3': 2 }, 'bound 2': { holds: 1 } },
    };
    const c = canonicalTally(t, ['steady', 'wavered', 'routed', 'captured']);
    expect(Object.keys(c.morale)).toEqual(['steady', 'wavered', 'routed', 'zeal']);
    expect(Object.keys(c.outcomes)).toEqual(['bound 2', 'bound 10', 'within bound 1']);
    expect(Object.keys(c.outcomes['bound 10'])).toEqual(['captured', 'holds']);
    expect(Object.keys(c.outcomes['within bound 1'])).toEqual(['3', '12']);
  });
});
