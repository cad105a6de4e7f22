/**
 * The brute-force witness of the generic pipeline (enumerate.ts) against the exact engine: first
 * on closed forms, then on random small scenarios from fast-check — attacks per model, hit and
 * wound targets or 'auto' with modifiers, rend, Damage dice and their re-rolls, every hit and
 * wound re-roll policy, critical hits and wounds with each effect, one or two profiles, saves,
 * invulnerable saves, wards, models and health, and the three allocation rules. The full outcome
 * (damage, slain, destroyed) and every stage of `--stages` must agree to 1e-12.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generic } from '../../../src/systems/generic/index.js';
import { binomialPmf } from '../../support/binomial.js';
import { fuzzRuns, fuzzTimeout, maxDifference } from '../../support/walk.js';
import { type Measure, enumerateGeneric, walkGeneric } from './enumerate.js';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

describe('the witness on closed forms', () => {
  it('20 attacks, 3+ / 4+ / save 4+: Binomial(20, 1/6)', () => {
    const w = enumerateGeneric({ attacker: { attacks: 20, hit: '3+', wound: '4+' }, target: { save: '4+' } });
    binomialPmf(20, 1 / 6).forEach((p, k) => close(w.damage.get(k) ?? 0, p));
  });
  it('two automatic D3 wounds on 2-health models, excess lost: 2 w.p. 1/3, 3 w.p. 2/9, 4 w.p. 4/9', () => {
    // The first wound kills on 2 or 3 (2/3), the second then kills again on 2 or 3 or leaves 1;
    // a first wound of 1 (1/3) leaves 1 damage, and any second wound kills, its excess lost.
    const w = enumerateGeneric({ attacker: { attacks: 2, hit: 'auto', wound: 'auto', damage: 'D3' }, target: { health: 2, models: 5 }, situation: { allocation: 'no-spill-over' } });
    close(w.damage.get(2)!, 1 / 3);
    close(w.damage.get(3)!, (2 / 3) * (1 / 3));
    close(w.damage.get(4)!, (2 / 3) * (2 / 3));
  });
  it('re-roll failed hits with a crit on 4+ below a 5+ hit: the crit is a success and is kept', () => {
    // Faces 4–6 succeed (4 is critical); 1–3 are re-rolled: P(hit) = 3/6 + (3/6)(3/6) = 3/4.
    const w = enumerateGeneric({ attacker: { attacks: 1, hit: '5+', wound: 'auto', reroll: { hit: 'failed' }, 'hit-crit': { on: 4, effects: ['extra-hits(1)'] } } });
    close(w.damage.get(0)!, 1 / 4);
  });
});

// ---- random small scenarios ----

const d6 = fc.integer({ min: 2, max: 6 }).map((n) => `${n}+`);
const rollArb = fc.oneof({ arbitrary: d6, weight: 4 }, { arbitrary: fc.constant('auto'), weight: 1 });
const modifierArb = fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.integer({ min: -2, max: 2 }), weight: 2 });
const hitCritArb = fc.record({
  on: fc.integer({ min: 3, max: 6 }),
  effects: fc
    .tuple(
      fc.constantFrom([], ['extra-hits(1)'], ['extra-hits(2)'], ['extra-hits(D3)'], ['extra-hit-rolls(1)'], ['extra-hits(1)', 'extra-hit-rolls(1)']),
      fc.constantFrom([], ['auto-wound'], ['mortal(1)'], ['mortal(D3)'], ['rend+(1)'], ['damage+(1)'], ['auto-wound', 'rend+(1)']),
      fc.constantFrom([], [], ['extra-mortal(1)'], ['extra-mortal(D3)']),
    )
    .map(([x, y, z]) => [...x, ...y, ...(y.some((e) => e.startsWith('mortal')) ? [] : z)])
    .filter((e) => e.length > 0),
});
const woundCritArb = fc.record({
  on: fc.integer({ min: 3, max: 6 }),
  effects: fc.constantFrom(['mortal(1)'], ['mortal(D3)'], ['rend+(1)'], ['rend+(2)'], ['damage+(1)'], ['extra-mortal(1)'], ['extra-mortal(D3)'], ['rend+(1)', 'extra-mortal(1)']),
});

const profileArb = fc
  .record({
    models: fc.integer({ min: 1, max: 2 }),
    attacks: fc.constantFrom(1, 2, 'D3'),
    hit: rollArb,
    wound: rollArb,
    hitModifier: modifierArb,
    woundModifier: modifierArb,
    rend: fc.integer({ min: 0, max: 2 }),
    damage: fc.constantFrom(1, 2, 'D3', 'D6'),
    rerollHit: fc.constantFrom('none', 'ones', 'failed', 'all'),
    rerollWound: fc.constantFrom('none', 'ones', 'failed', 'all'),
    rerollDamage: fc.constantFrom('none', 'none', 'ones', 'below(2)', 'below(3)'),
    hitCrit: fc.option(hitCritArb),
    woundCrit: fc.option(woundCritArb),
  })
  .map((s) => {
    // Keep to legal combinations: an automatic roll has no die to re-roll, modify or be
    // critical; a fixed Damage has no die to re-roll; below(N) must be reachable.
    const hitCrit = s.hit === 'auto' ? null : s.hitCrit;
    const woundCrit = s.wound === 'auto' ? null : s.woundCrit;
    const damageReroll = typeof s.damage === 'number' || (s.damage === 'D3' && s.rerollDamage === 'below(3)') ? 'none' : s.rerollDamage;
    return {
      models: s.models,
      attacks: s.attacks,
      hit: s.hit,
      wound: s.wound,
      ...(s.hit === 'auto' ? {} : { 'hit-modifier': s.hitModifier }),
      ...(s.wound === 'auto' ? {} : { 'wound-modifier': s.woundModifier }),
      rend: s.rend,
      damage: s.damage,
      reroll: { hit: s.hit === 'auto' ? 'none' : s.rerollHit, wound: s.wound === 'auto' ? 'none' : s.rerollWound, damage: damageReroll },
      ...(hitCrit ? { 'hit-crit': hitCrit } : {}),
      ...(woundCrit ? { 'wound-crit': woundCrit } : {}),
    };
  });

const scenarioArb = fc
  .record({
    profiles: fc.oneof({ arbitrary: fc.tuple(profileArb), weight: 3 }, { arbitrary: fc.tuple(profileArb, profileArb), weight: 1 }),
    target: fc.record({
      models: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      health: fc.integer({ min: 1, max: 3 }),
      save: fc.oneof(d6, fc.constant('none')),
      invulnerable: fc.constantFrom('none', 'none', '4+', '5+'),
      ward: fc.constantFrom('none', '5+', '6+'),
    }),
    allocation: fc.constantFrom('spill-over', 'no-spill-over', 'mortal-spill-over'),
  })
  .map((s) => ({
    attacker: s.profiles.length === 1 ? s.profiles[0] : { profiles: [...s.profiles] },
    target: s.target.models === undefined ? { health: s.target.health, save: s.target.save, invulnerable: s.target.invulnerable, ward: s.target.ward } : s.target,
    situation: { allocation: s.allocation },
  }));

describe('the exact engine agrees with the witness on random small scenarios', () => {
  it(`damage, slain and destroyed agree to 1e-12 (${fuzzRuns()} runs, seed 42)`, () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        const exact = generic.exact(generic.parse(structuredClone(input)));
        const witness = enumerateGeneric(input);
        expect(maxDifference(exact.damage, witness.damage), 'damage').toBeLessThan(1e-12);
        // README: with one health per model and no model count, slain is "the same as damage".
        if (exact.slain) expect(maxDifference(exact.slain, witness.slain), 'slain').toBeLessThan(1e-12);
        else expect(input.target.health === 1 && !('models' in input.target)).toBe(true);
        if (witness.destroyed === undefined) expect(exact.destroyed).toBeUndefined();
        else expect(Math.abs(exact.destroyed! - witness.destroyed), 'destroyed').toBeLessThan(1e-12);
      }),
      { seed: 42, numRuns: fuzzRuns() },
    );
  }, fuzzTimeout());

  it(`every stage of --stages agrees to 1e-12 (${fuzzRuns(60)} runs, seed 42)`, () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        const stages = generic.stages!(generic.parse(structuredClone(input)));
        expect(stages.map((st) => st.name)).toEqual(['attacks', 'hits', 'wounds', 'unsaved wounds', 'damage dealt']);
        for (const st of stages) expect(maxDifference(st.dist, walkGeneric(input, st.name as Measure)), st.name).toBeLessThan(1e-12);
      }),
      { seed: 42, numRuns: fuzzRuns(60) },
    );
  }, fuzzTimeout(60));
});
