/**
 * The bundled scenarios src/data/ninth-age/scenarios/example-NN-*.json are the worked examples of
 * rules/ninth-age.md §15 (all but Example 13, which starts from 10 wounds already caused). Each file,
 * read as `warodds check` reads it, gives the example's own fractions.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { atLeast, mean } from '../../../src/core/dist.js';
import { DATA_DIR } from '../../../src/paths.js';
import { loadScenarioFile } from '../../../src/cli/scenario-file.js';
import type { Outcome } from '../../../src/systems/types.js';
import type { Scenario } from '../../../src/systems/ninth-age/model.js';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { binomialPmf, frac } from './helpers.js';

const DIR = join(DATA_DIR, 'ninth-age', 'scenarios');
const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-9);
const outcome = (file: string): Outcome => {
  const loaded = loadScenarioFile(join(DIR, file));
  expect(loaded.system.id).toBe('ninth-age');
  return ninthAge.exact(loaded.parsed as Scenario);
};
const binomial = (file: string, n: number, q: number) => {
  const d = outcome(file).damage;
  for (let k = 0; k <= n; k++) near(d[k] ?? 0, binomialPmf(n, q, k));
};

describe('worked examples of §15 as bundled scenarios', () => {
  it('at least three quarters of the 17 examples have a file', () => {
    const examples = new Set(readdirSync(DIR).map((f) => /^example-(\d\d)-/.exec(f)?.[1]).filter(Boolean));
    expect(examples.size).toBeGreaterThanOrEqual(13);
  });
  it('1 — basic melee: Binomial(20, 4/27)', () => binomial('example-01-basic-melee.json', 20, 4 / 27));
  it('2 — great weapons: 25/72 against Parry, 25/54 in the flank', () => {
    binomial('example-02-great-weapon-against-parry.json', 10, 25 / 72);
    binomial('example-02-great-weapon-in-the-flank.json', 10, 25 / 54);
  });
  it('3 — Multiple Wounds (D3): the lone character and the three rank-and-file', () => {
    const lone = outcome('example-03-multiple-wounds-on-a-lone-character.json');
    near(atLeast(lone.damage, 3), frac(297640, 531441));
    near(mean(lone.damage), frac(3383920, 1594323));
    const three = outcome('example-03-multiple-wounds-on-three-rank-and-file.json');
    near(three.slain![0], frac(233801, 531441));
    near(three.slain![1], frac(18320240, 43046721));
    near(three.slain![2], frac(1758200, 14348907));
    near(three.slain![3], frac(514000, 43046721));
  });
  it('4 — poisoned shooting: 1/24 at 7+, 1/6 at 6+', () => {
    binomial('example-04-poisoned-shooting-at-7-plus.json', 10, 1 / 24);
    binomial('example-04-poisoned-shooting-at-6-plus.json', 10, 1 / 6);
  });
  it('5 — break test after losing by 3 on Ld 8: 5/18', () => near(outcome('example-05-break-test-after-losing-by-3.json').morale!.holds, 5 / 18));
  it('6 — combat resolution: B loses by 4, Steadfast on Ld 7: 7/12', () => near(outcome('example-06-combat-resolution-and-steadfast.json').morale!.holds, 7 / 12));
  it('7 — spears against knights: Binomial(15, 1/6)', () => binomial('example-07-spears-against-knights.json', 15, 1 / 6));
  it('8 — Hatred against a flail: Binomial(10, 4/9)', () => binomial('example-08-hatred-against-a-flail.json', 10, 4 / 9));
  it('9 — Fear: P(0) and the mean of the mixture', () => {
    const d = outcome('example-09-fear.json').damage;
    near(d[0], frac(18722719, 241864704));
    near(mean(d), 95 / 36);
    near(atLeast(d, 3), frac(15191815, 30233088));
  });
  it('10 — Holy Attacks against a 4+ ward: Binomial(12, 3/16)', () => binomial('example-10-holy-attacks-against-a-ward.json', 12, 3 / 16));
  it('11 — Unstable loses 5 wounds; Daemonic Instability max(0, 2D6 − 6)', () => {
    near(outcome('example-11-unstable-loses-by-5.json').damage[5], 1);
    const d = outcome('example-11-daemonic-instability.json').damage;
    [5 / 12, 1 / 6, 5 / 36, 1 / 9, 1 / 12, 1 / 18, 1 / 36].forEach((p, k) => near(d[k], p));
    near(mean(d), 14 / 9);
  });
  it('12 — flee and pursuit: 721/1296, a Swiftstride pursuer 1877/2592', () => {
    near(outcome('example-12-flee-and-pursuit.json').morale!['breaks-caught'], 721 / 1296);
    near(outcome('example-12-swiftstride-pursuer.json').morale!['breaks-caught'], 1877 / 2592);
  });
  it('14 — Flammable and the Bluffer’s Helm: each die re-rolled once, 1/2', () => binomial('example-14-a-die-is-re-rolled-once.json', 10, 1 / 2));
  it('15 — throwing weapons: Binomial(20, 5/36)', () => binomial('example-15-throwing-weapons-with-multiple-shots.json', 20, 5 / 36));
  it('16 — handguns against armoured cavalry: Binomial(20, 2/9), capped at the 10 knights', () => {
    const d = outcome('example-16-handguns-against-armoured-cavalry.json').damage;
    for (let k = 0; k < 10; k++) near(d[k], binomialPmf(20, 2 / 9, k));
    near(d[0], frac('79792266297612001', '12157665459056928801'));
  });
  it('17 — a whole round: P(draw), P(B breaks), P(A breaks)', () => {
    const m = outcome('example-17-a-whole-round.json').morale!;
    near(m.draw, frac('140107083637976143', '888446500935303168'));
    near(m['attacker-destroyed'], frac(22774459375, 198359290368));
    near(m['attacker-breaks-escapes'] + m['attacker-breaks-caught'], frac('153102490951275775', '444223250467651584'));
    near(m['breaks-escapes'] + m['breaks-caught'], frac('958201619458018325', '10661358011223638016'));
  });
});
