/**
 * The brute-force enumerator (enumerate.ts, written from the rules file alone) against the exact
 * engine: the full outcome to 1e-12 on the worked examples, every bundled scenario, and random
 * small scenarios (fast-check, fixed seed; `npm run fuzz` runs more with WARODDS_FUZZ_RUNS).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../../src/core/errors.js';
import { DATA_DIR } from '../../../src/paths.js';
import type { Outcome } from '../../../src/systems/types.js';
import { warhammerFantasy as W } from '../../../src/systems/warhammer-fantasy/index.js';
import { warhammerFantasyQuestions as Q } from '../../../src/systems/warhammer-fantasy/questions.js';
import { fuzzRuns, fuzzSeed, scenarioArb } from './arbitraries.js';
import { type Enumerated, armourSave, enumerate } from './enumerate.js';
import { near, unit } from './helpers.js';

const TOLERANCE = 1e-12;

/** The first difference between the exact outcome and the enumeration beyond 1e-12, or null. */
function difference(exact: Outcome, e: Enumerated): string | null {
  const list = (name: string, x: ArrayLike<number> | undefined, y: number[] | undefined) => {
    if ((x === undefined) !== (y === undefined)) return `${name}: present in only one`;
    for (let k = 0; k < Math.max(x?.length ?? 0, y?.length ?? 0); k++) {
      const a = x?.[k] ?? 0;
      const b = y?.[k] ?? 0;
      if (!(Math.abs(a - b) <= TOLERANCE)) return `${name}[${k}]: exact ${a}, enumerated ${b}`;
    }
    return null;
  };
  const table = (name: string, x: Record<string, number> | undefined, y: Record<string, number> | undefined) => {
    for (const k of new Set([...Object.keys(x ?? {}), ...Object.keys(y ?? {})])) {
      const a = x?.[k] ?? 0;
      const b = y?.[k] ?? 0;
      if (!(Math.abs(a - b) <= TOLERANCE)) return `${name}.${k}: exact ${a}, enumerated ${b}`;
    }
    return null;
  };
  const destroyed = (exact.destroyed === undefined) !== (e.destroyed === undefined) || Math.abs((exact.destroyed ?? 0) - (e.destroyed ?? 0)) > TOLERANCE;
  return (
    list('damage', exact.damage, e.damage) ??
    list('slain', exact.slain, e.slain) ??
    (destroyed ? `destroyed: exact ${exact.destroyed}, enumerated ${e.destroyed}` : null) ??
    table('morale', exact.morale, e.morale) ??
    table('combat', exact.outcomes?.combat, e.outcomes?.combat) ??
    table('attacker', exact.outcomes?.attacker, e.outcomes?.attacker)
  );
}

function expectSame(input: Record<string, unknown>): void {
  const problem = difference(W.exact(W.parse(input)), enumerate(input));
  expect(problem).toBeNull();
}

describe('warhammer-fantasy brute-force enumerator', () => {
  it('reproduces E10 of §17 (one full round, charge to break test) from the rules file alone', () => {
    const A = unit({ models: 20, width: 5, ws: 4, s: 4, t: 4, ld: 8, armour: ['light', 'shield'], rules: ['standard'] });
    const B = unit({ models: 25, width: 5, armour: ['light', 'shield'], rules: ['standard'] });
    const e = enumerate({ attacker: A, target: B, situation: { charging: 'attacker' } });
    near(e.outcomes!.combat['attacker-wins'], 5288806000 / 10460353203, TOLERANCE);
    near(e.outcomes!.combat.draw, 25828854800 / 94143178827, TOLERANCE);
    near(e.outcomes!.combat['target-wins'], 20715070027 / 94143178827, TOLERANCE);
    near(e.morale.breaks + e.morale.caught, 10475848000 / 31381059609, TOLERANCE);
    near(e.outcomes!.attacker.breaks + e.outcomes!.attacker.caught, 352047770375 / 3389154437772, TOLERANCE);
  });

  it('reproduces E7 (5D6 flee, 5D6 pursuit: 112607/209952) and E15 (gap 25, M 20: 791/2592)', () => {
    // Neither side can wound (S1 against T10); the attacker's +3 ranks, standard and rear +2 beat Ld 2 for certain.
    const A = unit({ models: 16, width: 4, s: 1, t: 10, rules: ['standard'] });
    const B = unit({ models: 16, width: 16, s: 1, t: 10, ld: 2 });
    const e = enumerate({ attacker: A, target: B, situation: { round: 2, facing: 'rear' } });
    near(e.morale.caught, 112607 / 209952, TOLERANCE);
    near(enumerate({ attacker: unit({ m: 20 }), target: unit(), situation: { phase: 'flee-reaction', gap: 25 } }).destroyed, 791 / 2592, TOLERANCE);
  });

  // Whole fights (phase 'fight') have their own witness, an independent chain (test/fight).
  const isFight = (f: string) => JSON.parse(readFileSync(join(DATA_DIR, 'warhammer-fantasy', 'scenarios', f), 'utf8')).situation?.phase === 'fight';
  for (const f of readdirSync(join(DATA_DIR, 'warhammer-fantasy', 'scenarios')).filter((x) => x.endsWith('.json') && !isFight(x)))
    it(`agrees with exact on the bundled scenario ${f}`, () => {
      const { name: _name, description: _description, system: _system, ...input } = JSON.parse(
        readFileSync(join(DATA_DIR, 'warhammer-fantasy', 'scenarios', f), 'utf8'),
      ) as Record<string, unknown>;
      expectSame(input);
    });

  it(`agrees with exact on ${fuzzRuns(300)} random small scenarios (melee, shooting, flee, rally)`, () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        let parsed;
        try {
          parsed = W.parse(input);
        } catch (e) {
          if (e instanceof ScenarioError) return fc.pre(false);
          throw e;
        }
        const problem = difference(W.exact(parsed), enumerate(input));
        if (problem !== null) throw new Error(problem);
      }),
      { seed: fuzzSeed(), numRuns: fuzzRuns(300) },
    );
  });

  it("the table's armour axis gives the target the total save it names, mount included (§7)", () => {
    const target = fc.record({
      type: fc.constantFrom('infantry', 'cavalry', 'monster'),
      armour: fc.subarray(['light', 'shield', 'barding']),
      weapon: fc.constantFrom('hand-weapon', 'great-weapon', 'additional-hand-weapon'),
      value: fc.constantFrom('none', '6+', '5+', '4+', '3+', '2+'),
    });
    fc.assert(
      fc.property(target, ({ type, armour, weapon, value }) => {
        const mounted = type === 'cavalry';
        fc.pre(!(mounted && value === 'none'));
        const base = unit({ type, weapon, armour: mounted ? [...armour, 'mount'] : armour.filter((a) => a !== 'barding') });
        const body = Q.tableKeys.armour.apply(base, value);
        expect(armourSave(body, 'melee')).toBe(value === 'none' ? 7 : parseInt(value, 10));
        expect(armourSave(body, 'shooting')).toBe(value === 'none' ? 7 : parseInt(value, 10));
      }),
      { seed: fuzzSeed(), numRuns: 100 },
    );
  });
});
