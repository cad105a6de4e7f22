/**
 * The simulator against the exact engine: seeded, 100,000–200,000 samples, chi-square and the
 * z-score of the mean (compareCounts), and the categorical tables (compareCategories).
 */
import { describe, expect, it } from 'vitest';
import { chunkRng, masterState } from '../../../src/core/rng.js';
import { compareCategories, compareCounts, compareProbability } from '../../../src/core/stats.js';
import { Tally } from '../../../src/sim/tally.js';
import { warhammerFantasy as W } from '../../../src/systems/warhammer-fantasy/index.js';
import type { Scenario } from '../../../src/systems/warhammer-fantasy/schema.js';
import { scenario, unit } from './helpers.js';

function agree(sc: Scenario, samples: number, seed = 'test'): void {
  const exact = W.exact(sc);
  const tally = new Tally();
  W.simulate(sc, chunkRng(masterState(seed), 0), samples, tally);
  const data = tally.toJSON();
  expect(compareCounts(exact.damage, data.damage).pass).toBe(true);
  if (exact.slain) expect(compareCounts(exact.slain, data.slain!).pass).toBe(true);
  if (exact.destroyed !== undefined) expect(compareProbability(exact.destroyed, data.destroyed!, samples).pass).toBe(true);
  expect(compareCategories(exact.morale!, data.morale).pass).toBe(true);
  for (const [name, table] of Object.entries(exact.outcomes ?? {})) expect(compareCategories(table, data.outcomes[name]).pass).toBe(true);
  expect(Object.keys(data.morale).every((k) => k in exact.morale!)).toBe(true);
}

describe('warhammer-fantasy Monte Carlo agrees with the exact engine', () => {
  it('E10: a full round, charge to pursuit', () => {
    const A = unit({ models: 20, width: 5, ws: 4, s: 4, t: 4, ld: 8, armour: ['light', 'shield'], rules: ['standard'] });
    const B = unit({ models: 25, width: 5, armour: ['light', 'shield'], rules: ['standard'] });
    agree(scenario(A, B, { charging: 'attacker' }), 200_000);
  });

  it('multi-wound monster with multiple wounds, killing blow, ward saves, equal Initiative roll-off', () => {
    const ogres = unit({ models: 4, width: 4, type: 'monstrous', ws: 3, s: 4, t: 4, w: 3, a: 3, i: 2, ld: 7, armour: 'light', rules: ['multiple-wounds(D3)'] });
    const guard = unit({ models: 16, width: 4, ws: 4, s: 3, i: 2, ld: 8, armour: ['heavy', 'shield'], rules: ['killing-blow', 'ward-save(6+)', 'stupidity'] });
    agree(scenario(ogres, guard, {}), 100_000);
  });

  it('fear test at the charge, hatred, poisoned attacks, restraint test', () => {
    const ghouls = unit({ models: 12, width: 6, ws: 3, s: 3, a: 2, ld: 6, rules: ['causes-fear', 'poisoned-attacks'] });
    const militia = unit({ models: 10, width: 5, ws: 2, ld: 6, rules: ['hatred'], armour: 'shield' });
    agree(scenario(ghouls, militia, { charging: 'attacker', pursue: false }), 100_000);
  });

  it('knights with mounts, lances and a Battle Standard against a stubborn unit with insane courage', () => {
    const knights = unit({ models: 6, width: 3, type: 'cavalry', m: 18, ws: 4, armour: ['heavy', 'shield', 'barding', 'mount'], weapon: 'lance', mount: { ws: 3, s: 3, a: 1 }, rules: ['battle-standard'] });
    const elites = unit({ models: 15, width: 5, ws: 4, ld: 8, weapon: 'great-weapon', armour: 'heavy', rules: ['stubborn', 'standard'] });
    agree(scenario(knights, elites, { charging: 'attacker', 'insane-courage': true }), 100_000);
  });

  it('two single models: a hero with multiple wounds against a champion', () => {
    const hero = unit({ models: 1, ws: 6, s: 4, t: 4, w: 2, a: 4, i: 6, ld: 9, weapon: 'great-weapon', rules: ['multiple-wounds(D3)'] });
    const champion = unit({ models: 1, ws: 4, s: 4, w: 1, a: 2, i: 4, armour: ['heavy', 'shield'] });
    agree(scenario(hero, champion, { charging: 'attacker' }), 100_000);
  });

  it('shooting with 7+ to hit, multiple wounds and panic', () => {
    const bolt = unit({ models: 5, bs: 3, missile: { s: 5, shots: 2, rules: ['multiple-wounds(D3)'] } });
    const trolls = unit({ models: 6, width: 3, type: 'monstrous', t: 4, w: 3, ld: 4 });
    agree(scenario(bolt, trolls, { phase: 'shooting', 'long-range': true, cover: 'soft', moved: true }), 100_000);
    agree(scenario(unit({ models: 12, missile: { s: 4 } }), unit({ models: 20, armour: 'light' }), { phase: 'shooting' }), 100_000);
  });

  it('fleeing as a charge reaction (8D6 flee) and rallying', () => {
    agree(scenario(unit({ m: 20 }), unit({ m: 20 }), { phase: 'flee-reaction', gap: 20 }), 100_000);
    agree(W.parse({ target: unit({ models: 6, ld: 6, rules: ['musician'] }), situation: { phase: 'rally', 'original-models': 20 } }), 100_000);
  });
});
