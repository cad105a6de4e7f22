/**
 * The fight simulators keep what follows deterministically from the dice (each round's judgement,
 * each loser's fate) across chunks. A chunk's tally must still depend on its seed only (DESIGN.md:
 * the same seed gives the same output whatever the threads): a chunk rolled by a worker that has
 * simulated other chunks of the scenario before equals the same chunk rolled first.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../src/cli/scenario-file.js';
import { chunkRng, masterState } from '../../src/core/rng.js';
import { DATA_DIR } from '../../src/paths.js';
import { Tally } from '../../src/sim/tally.js';

const FIGHTS = [
  'ninth-age/scenarios/fight-captain-challenges-in-spearmen.json',
  'ninth-age/scenarios/fight-warriors-charge-archers-stand-and-shoot.json',
  'warhammer-fantasy/scenarios/fight-hero-challenges-champion.json',
  'warhammer-fantasy/scenarios/fight-swordsmen-charge-crossbowmen-stand-and-shoot.json',
];

/** Chunk `index` of seed "caches" rolled on the scenario `parsed`. */
function chunk(system: ReturnType<typeof loadScenarioFile>['system'], parsed: unknown, index: number): unknown {
  const tally = new Tally();
  system.simulate(parsed, chunkRng(masterState('caches'), index), 1500, tally);
  return tally.toJSON();
}

describe('fight simulators: caches kept across chunks do not change a chunk', () => {
  for (const file of FIGHTS) {
    it(file, () => {
      const warm = loadScenarioFile(join(DATA_DIR, file));
      for (let i = 0; i < 3; i++) chunk(warm.system, warm.parsed, i);
      const fresh = loadScenarioFile(join(DATA_DIR, file));
      expect(chunk(warm.system, warm.parsed, 3)).toEqual(chunk(fresh.system, fresh.parsed, 3));
    });
  }
});
