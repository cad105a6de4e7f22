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
import { Counts, emptyTallyData, mergeTally, POOLED_FROM, tallyToOutcome } from '../../src/sim/tally.js';
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

describe('a damage range far beyond the tally (2 attacks, hit 4+, wound 4+, damage D6+70000)', () => {
  const generic = findSystem('generic');
  const input = { attacker: { attacks: 2, hit: 4, wound: 4, damage: 'D6+70000' }, target: {} };
  const master = masterState('pooled');
  const tally = Array.from({ length: 4 }, (_, index) => runChunk({ system: 'generic', input, master, chunk: { index, samples: 5000 } })).reduce(
    mergeTally,
    emptyTallyData(),
  );

  it('P(pooled) is P(at least one of 2 attacks wounds) = 1 − (3/4)² = 7/16, within 4 standard errors', () => {
    const n = tally.samples;
    expect(tally.damage.length).toBe(POOLED_FROM + 1);
    const p = 7 / 16;
    expect(Math.abs(tally.damage[POOLED_FROM] / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
    expect(tally.damage[POOLED_FROM] + tally.damage[0]).toBe(n);
    expect(tallyToOutcome(tally).pooledFrom).toEqual({ damage: POOLED_FROM });
  });

  it('agrees with the exact distribution once its tail is pooled the same way (and not before)', () => {
    // Closed form: no wound 9/16; one wound (2 · 1/4 · 3/4) of D6+70000; two wounds (1/16) of 2D6+140000.
    const exact = new Float64Array(140_013);
    exact[0] = 9 / 16;
    for (let d = 1; d <= 6; d++) {
      exact[70_000 + d] = 6 / 16 / 6;
      for (let e = 1; e <= 6; e++) exact[140_000 + d + e] += 1 / 16 / 36;
    }
    expect(agreementOf({ damage: exact }, tally).pass).toBe(true);
    expect(compareCounts(exact, tally.damage).pass).toBe(false);
  });

  it('every output format says so', () => {
    const scenario = { name: 'big damage', description: '', system: generic, input, parsed: generic.parse(input), file: null };
    const result = { scenario, monteCarlo: { outcome: tallyToOutcome(tally), tally, samples: tally.samples, seed: 'pooled' } };
    expect(renderResult(result, 'table')).toMatch(/Monte Carlo: 4\d\.\d% of the samples reached 65,536 or more; they are counted at 65,536 \(row ≥65536\), so the mean and sd are lower bounds/);
    expect(JSON.parse(renderResult(result, 'json')).pooledFrom).toEqual({ damage: 65536 });
    expect(renderResult(result, 'csv').split('\n').at(-1)).toMatch(/^generic,big damage,damage,>=65536,0\.4\d+,0\.4\d+$/);
    expect(renderResult(result, 'markdown')).toContain('| damage | >=65536 |');
  });
});
