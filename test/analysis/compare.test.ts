import { describe, expect, it } from 'vitest';
import { compareOptions } from '../../src/analysis/compare.js';
import { loadLibrary } from '../../src/analysis/units.js';
import { fromArray } from '../../src/core/dist.js';
import type { Outcome } from '../../src/systems/types.js';

/**
 * Two options on a small case, enumerated die by die:
 *   A: two dice, each scoring 1 damage on a 4+;
 *   B: one die scoring D3 damage on a 5+ (a second die gives the D3).
 * P(A > B) is counted over all 6^2 × 6^2 equally likely rolls.
 */
function enumerate() {
  const a: number[] = [0, 0, 0];
  const b: number[] = [0, 0, 0, 0];
  for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) a[(x >= 4 ? 1 : 0) + (y >= 4 ? 1 : 0)] += 1 / 36;
  for (let x = 1; x <= 6; x++) for (let d = 1; d <= 6; d++) b[x >= 5 ? Math.ceil(d / 2) : 0] += 1 / 36;
  let greater = 0;
  let total = 0;
  for (let x1 = 1; x1 <= 6; x1++)
    for (let x2 = 1; x2 <= 6; x2++)
      for (let y = 1; y <= 6; y++)
        for (let d = 1; d <= 6; d++) {
          const damageA = (x1 >= 4 ? 1 : 0) + (x2 >= 4 ? 1 : 0);
          const damageB = y >= 5 ? Math.ceil(d / 2) : 0;
          total++;
          if (damageA > damageB) greater++;
        }
  return { a, b, pAGreater: greater / total };
}

describe('compare: P(option A does strictly more damage than option B)', () => {
  it('equals exact enumeration of the dice on a small case', async () => {
    const { a, b, pAGreater } = enumerate();
    const lib = loadLibrary();
    const unit = lib.find('aos/liberators', 'unit');
    const target = { unit: lib.find('aos/clawlord', 'target'), option: 'default' };
    // The evaluator stands in for the engine: option 'default' is A, 'all-warhammers' is B.
    const evaluate = async (_system: string, input: unknown): Promise<Outcome> => {
      const weapons = (input as { attacker: { weapons: unknown[] } }).attacker.weapons;
      return { damage: fromArray(weapons.length === 2 ? a : b), destroyed: 0 };
    };
    const flags = { charge: false, flank: false, rear: false, shooting: false, extra: {} };
    const result = await compareOptions(unit, ['default', 'all-warhammers'], [target], flags, 'destroyed', evaluate);
    const t = result.targets[0];
    expect(t.beats[0][1]).toBeCloseTo(pAGreater, 14);
    // and the reverse: P(B > A) = 1 − P(A > B) − P(A = B)
    let equal = 0;
    for (let k = 0; k < 3; k++) equal += a[k] * b[k];
    expect(t.beats[1][0]).toBeCloseTo(1 - pAGreater - equal, 14);
    // an option against an independent copy of itself: P(X > X') = (1 − Σ p²) / 2
    expect(t.beats[0][0]).toBeCloseTo((1 - a.reduce((s, p) => s + p * p, 0)) / 2, 14);
    expect(t.winner).toBe('default'); // mean 1 against mean 2/3
  });
});
