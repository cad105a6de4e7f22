/**
 * The simulator's shortcuts against the die-by-die procedure they replace: wounds
 * applied all at once against the wounds applied model by model as the rules say, and tests and
 * moves read from the draw in locals against the same dice taken one by one with Rng.d6() on a
 * twin generator.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkRng } from '../../../src/core/rng.js';
import { Casualties, rollNd6 } from '../../../src/systems/warhammer-fantasy/simulate-attack.js';
import { roll2d6 } from '../../../src/core/two-d6.js';
import { meleePlan } from '../../../src/systems/warhammer-fantasy/melee-plan.js';
import type { Verdict } from '../../../src/systems/warhammer-fantasy/resolution.js';
import type { MeleeScenario } from '../../../src/systems/warhammer-fantasy/schema.js';
import { ATTACKER, LoserDice, TARGET, rollOff } from '../../../src/systems/warhammer-fantasy/simulate-melee.js';
import { scenario, unit } from './helpers.js';

/**
 * Wounds of `d` each applied one at a time, written from the rules apart from the code under test:
 * each unsaved wound takes `d` Wounds from the model being wounded (§8), the first model carrying
 * `wounded` in; wounds beyond that model's remaining Wounds are lost, or in a challenge count as
 * Overkill, at most +5 (§9). Returns models left, Wounds left on the model being wounded, Overkill.
 */
class WoundsByModel {
  private readonly left: number[];
  private excess = 0;
  constructor(
    models: number,
    w: number,
    wounded: number,
    private readonly overkill: boolean,
  ) {
    this.left = Array.from({ length: models }, (_, i) => (i === 0 ? w - wounded : w));
  }
  wound(d: number): void {
    if (this.left.length === 0) this.excess += d;
    else if (d < this.left[0]) this.left[0] -= d;
    else this.excess += d - this.left.shift()!;
  }
  state(): [number, number, number] {
    return [this.left.length, this.left[0] ?? 0, this.overkill ? Math.min(5, this.excess) : 0];
  }
}

describe('Casualties.woundTimes', () => {
  it('leaves the models as the wounds one at a time do, and as k calls of wound(d) (Overkill capped, §8, §9)', () => {
    const defender = fc.record({ models: fc.integer({ min: 1, max: 12 }), w: fc.integer({ min: 1, max: 6 }), overkill: fc.boolean() });
    const batches = fc.array(fc.record({ k: fc.integer({ min: 0, max: 15 }), d: fc.integer({ min: 1, max: 7 }) }), { maxLength: 5 });
    fc.assert(
      fc.property(defender, fc.nat(5), batches, (def, woundedSeed, hits) => {
        const wounded = woundedSeed % def.w;
        const fast = new Casualties({ ...def, wounded });
        const slow = new Casualties({ ...def, wounded });
        const truth = new WoundsByModel(def.models, def.w, wounded, def.overkill);
        for (const { k, d } of hits) {
          fast.woundTimes(k, d);
          for (let i = 0; i < k; i++) {
            slow.wound(d);
            truth.wound(d);
          }
          expect([fast.modelsLeft, fast.woundsOnModel, fast.overkill]).toEqual(truth.state());
          expect([slow.modelsLeft, slow.woundsOnModel, slow.overkill]).toEqual(truth.state());
          expect(fast.key()).toBeLessThan(fast.keyRange);
        }
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});

describe('dice read from the draw in locals', () => {
  it('roll2d6, rollNd6 and rollOff read the same faces in the same order as d6()', () => {
    const calls = fc.array(fc.record({ kind: fc.integer({ min: 0, max: 4 }), n: fc.integer({ min: 1, max: 12 }) }), { minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(fc.nat(1000), calls, (chunk, list) => {
        const fast = chunkRng(Uint32Array.of(7, 8, 9, 10), chunk);
        const slow = chunkRng(Uint32Array.of(7, 8, 9, 10), chunk);
        for (const { kind, n } of list) {
          if (kind === 0) expect(roll2d6(fast)).toBe(slow.d6() + slow.d6());
          else if (kind === 2) {
            let sum = 0;
            for (let i = 0; i < n; i++) sum += slow.d6();
            expect(rollNd6(n, fast)).toBe(sum);
          } else if (kind === 3) {
            // Strike order (§4, §16.6): the attacker's die, then the target's; ties re-rolled.
            let a = slow.d6();
            let t = slow.d6();
            while (a === t) {
              a = slow.d6();
              t = slow.d6();
            }
            expect(rollOff(fast)).toBe(a > t ? ATTACKER : TARGET);
          } else expect(fast.d6()).toBe(slow.d6());
        }
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe('LoserDice.key', () => {
  // Judgements whose loser's dice have equal keys share one LoserDice: equal keys must roll alike.
  // A break test holds on a 2D6 total up to holdsUpTo (§10), a restraint test fails above the
  // winner's Ld (§12): totals are 2 … 12, so scores below 2 or above 12 act alike.
  const sc = scenario(unit({ rules: ['battle-standard'] }), unit(), { charging: 'attacker' }) as MeleeScenario;
  const plan = meleePlan(sc);
  const lost = (holdsUpTo: number, autoBreak = false): Extract<Verdict, { kind: 'win' }> => ({ kind: 'win', winner: 'attacker', loser: 'target', loserWipedOut: false, autoBreak, holdsUpTo });

  it('gives equal keys only to verdicts whose fates are rolled alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8, max: 18 }), fc.integer({ min: -8, max: 18 }), fc.boolean(), fc.nat(1000), (h1, h2, autoBreak, chunk) => {
        const one = new LoserDice(plan, lost(h1, autoBreak));
        const two = new LoserDice(plan, lost(h2, autoBreak));
        // Break tests at scores 2 … 11 differ somewhere: their keys must too
        if (h1 !== h2 && h1 >= 1 && h1 <= 12 && h2 >= 1 && h2 <= 12 && !autoBreak) expect(one.key).not.toBe(two.key);
        if (one.key !== two.key) return;
        const a = chunkRng(Uint32Array.of(1, 2, 3, 4), chunk);
        const b = chunkRng(Uint32Array.of(1, 2, 3, 4), chunk);
        for (let i = 0; i < 200; i++) expect(one.roll(a)).toBe(two.roll(b));
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('tells a draw, a wiped-out loser, a fear break and a break test apart', () => {
    const keys = [
      new LoserDice(plan, { kind: 'draw', winner: null, loser: null, loserWipedOut: false, autoBreak: false, holdsUpTo: 0 }),
      new LoserDice(plan, { ...lost(0), loserWipedOut: true }),
      new LoserDice(plan, lost(5, true)),
      new LoserDice(plan, lost(5)),
    ].map((d) => d.key);
    expect(new Set(keys).size).toBe(4);
  });
});
