/**
 * The built-in example units and bundled scenarios of src/data/warhammer-fantasy parse, each unit
 * on either side and with each of its options; the scenarios pass a Monte Carlo agreement check.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkRng, masterState } from '../../../src/core/rng.js';
import { compareCategories, compareCounts } from '../../../src/core/stats.js';
import { DATA_DIR } from '../../../src/paths.js';
import { Tally } from '../../../src/sim/tally.js';
import { warhammerFantasyWithFights as W } from '../../../src/systems/warhammer-fantasy/index.js';

const dir = join(DATA_DIR, 'warhammer-fantasy');
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const UNIT_META = ['name', 'example', 'points', 'notes', 'options'];

describe('warhammer-fantasy built-in data', () => {
  const units = readdirSync(join(dir, 'units')).filter((f) => f.endsWith('.json'));

  it('has the example units the issue asks for, marked as examples', () => {
    expect(units.sort()).toEqual(
      ['crossbowmen', 'great-weapon-elites', 'halberdiers', 'hero', 'knights', 'ogres', 'spearmen'].map((u) => `${u}.json`),
    );
    for (const f of units) expect(read(join(dir, 'units', f)).example).toBe(true);
  });

  for (const f of units)
    it(`unit ${f} parses as attacker and as target, with each option`, () => {
      const raw = read(join(dir, 'units', f));
      const profile = Object.fromEntries(Object.entries(raw).filter(([k]) => !UNIT_META.includes(k)));
      const variants = [profile, ...Object.values((raw.options ?? {}) as Record<string, object>).map((o) => ({ ...profile, ...o }))];
      for (const u of variants) {
        expect(W.parse({ attacker: u, target: profile }).phase).toBe('melee');
        expect(W.parse({ attacker: profile, target: u }).phase).toBe('melee');
      }
    });

  // The worked-example scenarios (eNN-*.json) are checked against their printed numbers
  // (example-scenarios.test.ts), the enumerator (enumerate.test.ts) and, with `warodds check`,
  // the simulator (test/cli/check.test.ts at 5·10^4 samples, `npm run check-all` at 10^6).
  for (const f of readdirSync(join(dir, 'scenarios')).filter((x) => x.endsWith('.json') && !/^e\d\d/.test(x)))
    it(`bundled scenario ${f} parses and agrees with the simulator (100,000 samples)`, () => {
      const { name, description, system, ...input } = read(join(dir, 'scenarios', f));
      expect(system).toBe('warhammer-fantasy');
      expect(typeof name).toBe('string');
      expect(typeof description).toBe('string');
      const sc = W.parse(input);
      const exact = W.exact(sc);
      const tally = new Tally();
      W.simulate(sc, chunkRng(masterState('test'), 0), 100_000, tally);
      const data = tally.toJSON();
      expect(compareCounts(exact.damage, data.damage).pass).toBe(true);
      expect(compareCategories(exact.morale!, data.morale).pass).toBe(true);
    });
});
