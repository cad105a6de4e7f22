/**
 * The simulator, rolling die by die, agrees with the exact engine (fixed seed, 100,000 samples
 * per scenario) on every table of the outcome and on the target removed.
 */
import { describe, expect, it } from 'vitest';
import { masterState, chunkRng } from '../../../src/core/rng.js';
import { compareCategories, compareCounts } from '../../../src/core/stats.js';
import { Tally } from '../../../src/sim/tally.js';
import { hott } from '../../../src/systems/hott/index.js';

const SAMPLES = 100_000;

const SCENARIOS: Record<string, unknown> = {
  'Blades charge Warband (example 1)': { attacker: { type: 'blades' }, target: { type: 'warbands' } },
  'Blades overlapped on both flanks charge Hordes, strict doubling (example 7)': {
    attacker: { type: 'blades', overlaps: 2 },
    target: { type: 'hordes' },
    situation: { doubleRule: 'strict' },
  },
  'Paladin v Magician, odd ties (example 10)': { attacker: { type: 'paladins' }, target: { type: 'magicians' } },
  'magic attack with backfire (example 11)': {
    attacker: { type: 'magicians', enhancers: 1 },
    target: { type: 'heroes', general: true },
    situation: { mode: 'magic', weakened: true },
  },
  'Blades assault a Stronghold (example 15)': { attacker: { type: 'blades', supports: ['blades', 'spears'] }, target: { type: 'stronghold' } },
  'Sneakers v a Spears general, Rematador (example 16)': { attacker: { type: 'sneakers' }, target: { type: 'spears', general: true } },
  'Artillery shoots a Dragon': { attacker: { type: 'artillery' }, target: { type: 'dragons' }, situation: { mode: 'shooting' } },
  'Hordes, harassed in the rear and overlapped, v Knights in a marsh (negative totals)': {
    attacker: { type: 'knights', terrain: 'marsh' },
    target: { type: 'hordes', overlaps: 2, rearHarassment: true, demoralised: true, terrain: 'marsh' },
  },
};

describe('hott: Monte Carlo agrees with the exact engine', () => {
  let chunk = 0;
  for (const [name, input] of Object.entries(SCENARIOS)) {
    const index = chunk++;
    it(name, () => {
      const scenario = hott.parse(input);
      const exact = hott.exact(scenario);
      const tally = new Tally();
      hott.simulate(scenario, chunkRng(masterState('test'), index), SAMPLES, tally);
      const mc = tally.toJSON();
      expect(mc.samples).toBe(SAMPLES);
      for (const table of ['attacker', 'target', 'combat']) {
        expect(Object.keys(mc.outcomes[table]).sort(), table).toEqual(Object.keys(exact.outcomes![table]).sort());
        expect(compareCategories(exact.outcomes![table], mc.outcomes[table]).pass, table).toBe(true);
      }
      expect(compareCounts(exact.damage, mc.damage).pass).toBe(true);
      expect(compareCounts(exact.slain!, mc.slain!).pass).toBe(true);
    });
  }
});
