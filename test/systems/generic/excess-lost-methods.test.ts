/**
 * Issue 16: excess damage lost has two exact methods — attack by attack (deal.ts) and powers of
 * one attack's matrix (excess-lost.ts); the engine picks the cheaper. Each, forced, must agree
 * with the brute-force witness (enumerate.ts, written from the rules without the code under test)
 * on random small scenarios: every critical effect (extra hits and hit rolls, auto-wound, mortal
 * instead of or in addition to the roll, rend+ and damage+), Damage re-rolls, modifiers,
 * invulnerable saves, wards, one or two profiles, fixed and rolled attack counts, with and
 * without a model count, under no-spill-over and mortal-spill-over.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactGeneric } from '../../../src/systems/generic/exact.js';
import { generic } from '../../../src/systems/generic/index.js';
import { fuzzRuns, fuzzTimeout, maxDifference } from '../../support/walk.js';
import { enumerateGeneric } from './enumerate.js';

const d6 = fc.integer({ min: 2, max: 6 }).map((n) => `${n}+`);
const profileArb = fc.record({
  models: fc.integer({ min: 1, max: 2 }),
  attacks: fc.constantFrom(1, 2, 3, 'D3'),
  hit: d6,
  wound: d6,
  'hit-modifier': fc.integer({ min: -1, max: 1 }),
  rend: fc.integer({ min: 0, max: 1 }),
  damage: fc.constantFrom(1, 2, 'D3'),
  reroll: fc.record({ hit: fc.constantFrom('none', 'ones', 'failed', 'all'), wound: fc.constantFrom('none', 'failed'), damage: fc.constantFrom('none') }),
  'hit-crit': fc.record({
    on: fc.integer({ min: 5, max: 6 }),
    effects: fc.constantFrom(['extra-hits(1)'], ['extra-hits(D3)'], ['extra-hit-rolls(1)'], ['auto-wound', 'rend+(1)'], ['mortal(D3)'], ['extra-mortal(1)', 'damage+(1)']),
  }),
  'wound-crit': fc.record({ on: fc.constant(6), effects: fc.constantFrom(['mortal(1)'], ['rend+(1)'], ['extra-mortal(D3)'], ['damage+(1)']) }),
});
const scenarioArb = fc
  .record({
    profiles: fc.oneof({ arbitrary: fc.tuple(profileArb), weight: 3 }, { arbitrary: fc.tuple(profileArb, profileArb), weight: 1 }),
    models: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    health: fc.integer({ min: 1, max: 4 }),
    save: fc.oneof(d6, fc.constant('none')),
    invulnerable: fc.constantFrom('none', '5+'),
    ward: fc.constantFrom('none', '6+'),
    allocation: fc.constantFrom('no-spill-over', 'mortal-spill-over'),
    damageReroll: fc.constantFrom('none', 'ones'),
  })
  .map((s) => ({
    attacker: {
      profiles: s.profiles.map((p) => ({ ...p, reroll: { ...p.reroll, damage: p.damage === 'D3' ? s.damageReroll : 'none' } })),
    },
    target: { ...(s.models === undefined ? {} : { models: s.models }), health: s.health, save: s.save, invulnerable: s.invulnerable, ward: s.ward },
    situation: { allocation: s.allocation },
  }));

describe('excess damage lost: both exact methods agree with the witness', () => {
  it(`attack by attack and by matrix powers, to 1e-12 (${fuzzRuns(80)} runs, seed 42)`, () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        const witness = enumerateGeneric(structuredClone(input));
        for (const method of ['attack by attack', 'matrix powers'] as const) {
          const exact = exactGeneric(generic.parse(structuredClone(input)), method);
          expect(maxDifference(exact.damage, witness.damage), `${method}: damage`).toBeLessThan(1e-12);
          if (exact.slain) expect(maxDifference(exact.slain, witness.slain), `${method}: slain`).toBeLessThan(1e-12);
          if (witness.destroyed !== undefined) expect(Math.abs(exact.destroyed! - witness.destroyed), `${method}: destroyed`).toBeLessThan(1e-12);
        }
      }),
      { seed: 42, numRuns: fuzzRuns(80) },
    );
  }, fuzzTimeout(80));
});
