/**
 * The bundled scenarios named after the worked examples of §17 (src/data/warhammer-fantasy/
 * scenarios/eNN-*.json) give the numbers the rules file prints for them. `warodds check` runs each
 * of them against the simulator (test/cli/check.test.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { DATA_DIR } from '../../../src/paths.js';
import type { Outcome } from '../../../src/systems/types.js';
import { warhammerFantasy as W } from '../../../src/systems/warhammer-fantasy/index.js';
import { binomialPmf, near } from './helpers.js';

const dir = join(DATA_DIR, 'warhammer-fantasy', 'scenarios');
const files = readdirSync(dir).filter((f) => /^e\d\d/.test(f));

function outcome(file: string): Outcome {
  const { name: _n, description: _d, system: _s, ...input } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
  return W.exact(W.parse(input));
}
const flees = (fates: Record<string, number> | undefined) => (fates?.breaks ?? 0) + (fates?.caught ?? 0);
function binomial(o: Outcome, n: number, p: number): void {
  for (let k = 0; k <= n; k++) near(o.damage[k] ?? 0, binomialPmf(n, p, k), 1e-12);
}

/** What each example's scenario must give, from §17. */
const EXPECTED: Record<string, (o: Outcome) => void> = {
  'e01-ten-attacks-ws4-s4-t3.json': (o) => {
    binomial(o, 10, 5 / 18);
    near(1 - o.damage[0] - o.damage[1] - o.damage[2], 1020929375 / 1836660096);
  },
  'e02-break-test-ld7-lost-by-2.json': (o) => {
    near(o.outcomes?.combat['attacker-wins'], 1);
    near(flees(o.morale), 13 / 18);
  },
  'e03-hatred-ten-attacks-ws3-s3-t3.json': (o) => {
    binomial(o, 10, 3 / 8);
    near(o.damage[0], 9765625 / 1073741824);
  },
  'e04-frenzy-five-models-ws4-s4-t3.json': (o) => {
    binomial(o, 10, 10 / 27);
    near(o.damage[0], 2015993900449 / 205891132094649);
  },
  'e05-stand-and-shoot-ten-shots-bs3-s3.json': (o) => {
    binomial(o, 10, 5 / 72);
    near(o.damage[0], 1822837804551761449 / 3743906242624487424);
  },
  'e06-shooting-score-7-bs3.json': (o) => binomial(o, 12, (1 / 12) * (5 / 6)), // P(hit) 1/12, wound 2+
  'e07-flee-5d6-pursuit-5d6.json': (o) => {
    near(flees(o.morale), 1);
    near(o.morale?.caught, 112607 / 209952);
  },
  'e08-defended-obstacle-ten-attacks-s3-t3.json': (o) => {
    binomial(o, 10, 1 / 12);
    near(o.damage[0], 25937424601 / 61917364224);
  },
  'e09-ten-attacks-s5-against-knights.json': (o) => {
    binomial(o, 10, 5 / 24);
    near(o.damage[0], 6131066257801 / 63403380965376);
  },
  'e10-full-round-charge-to-break-test.json': (o) => {
    near(o.outcomes?.combat['attacker-wins'], 5288806000 / 10460353203);
    near(o.outcomes?.combat.draw, 25828854800 / 94143178827);
    near(flees(o.morale), 10475848000 / 31381059609);
    near(flees(o.outcomes?.attacker), 352047770375 / 3389154437772);
  },
  'e12-rally-ld6-musician.json': (o) => near(o.morale?.rallies, 7 / 12),
  'e13-panic-from-shooting-twelve-shots.json': (o) => {
    near(1 - (o.morale?.['no-test'] ?? 0), 65275 / 177147);
    near(o.morale?.panics, 326375 / 2125764);
  },
  'e14-disputed-cell-ws4-vs-ws9.json': (o) => near(mean(o.damage), 1),
  'e15-flee-reaction-gap-25-m20.json': (o) => near(o.destroyed, 791 / 2592),
};

describe('warhammer-fantasy bundled scenarios of the worked examples (§17)', () => {
  it('cover at least three quarters of E1..E15, each file with its expected numbers', () => {
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
    const examples = new Set(files.map((f) => f.slice(0, 3)));
    expect(examples.size).toBeGreaterThanOrEqual(Math.ceil((3 / 4) * 15));
  });
  for (const file of Object.keys(EXPECTED)) it(`${file} gives the printed numbers`, () => EXPECTED[file](outcome(file)));
});
