/**
 * Characters in whole fights with a flank or rear fight, Stand and Shoot, Fear and Unstable (9th
 * Age §4.3, §5.1, §5.4, §5.5, §7, §12.1, §12.6; Warhammer Fantasy §1, §9). Expected values are hand
 * computations written here from the rules files (binomials of the attacks and shots, 2D6 tests),
 * never the engine's output.
 */
import { describe, expect, it } from 'vitest';
import { UnsupportedRuleError } from '../../src/core/errors.js';
import { ninthAgeWithFights as ninthAge } from '../../src/systems/ninth-age/index.js';
import { warhammerFantasyWithFights as warhammerFantasy } from '../../src/systems/warhammer-fantasy/index.js';
import { convolve } from '../support/kow-reference.js';
import { binomial, table } from './support.js';

/** P(2D6 ≤ ld). */
const pass2d6 = (ld: number): number => {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b <= ld) n++;
  return n / 36;
};
const expectTable = (got: Record<string, number>, expected: Map<number | string, number>) => {
  for (const [k, p] of expected) expect(got[String(k)] ?? 0).toBeCloseTo(p, 12);
  expect([...expected.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
};

describe('9th Age: characters in a flank fight, Stand and Shoot, Fear and Unstable', () => {
  it("a flank charge with the attacker's character in its front rank (§4.3, §12.1)", () => {
    // 5 rank and file (4 in the front rank beside the character, 1 supporting) at 1/4, the character's
    // A2 at WS5 against WS4 (3+) and S4 against T4 (4+): 1/3. The A0 target (one rank of 10) scores
    // nothing; the attacker scores charge 1 + flank 2 (its front rank of 5 is full) + wounds.
    const o = ninthAge.exact(
      ninthAge.parse({
        attacker: { models: 5, files: 5, ws: 4, s: 4, t: 4, w: 1, i: 3, a: 1, ld: 7, 'with-character': { ws: 5, s: 4, t: 4, w: 2, i: 3, a: 2, ld: 8 } },
        target: { models: 10, files: 10, ws: 4, s: 4, t: 4, w: 1, i: 3, a: 0, ld: 7 },
        situation: { type: 'fight', facing: 'flank', rounds: 1 },
      }),
    );
    const w = convolve(binomial(5, 1 / 4), binomial(2, 1 / 3));
    expectTable(table(o, 'margin-1'), new Map(w.map((p, k) => [3 + k, p])));
  });

  it("Stand and Shoot at a charger with a character: the hits go to its 5+ rank and file, the character counts for Panic (§5.4, §5.5)", () => {
    // 10 archers (files 5) with a character in the front rank: 9 in the first two ranks shoot (§5.1),
    // BS3 −1 for Stand and Shoot: 5+ (1/3), S3 against T3: 4+ (1/2) — 1/6 a shot. The charger, 6 rank and
    // file and a character (7 models), panics from 2 lost (4 · 2 ≥ 7) and tests on the character's Ld 9.
    const o = ninthAge.exact(
      ninthAge.parse({
        attacker: { models: 6, files: 5, ws: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 6, 'with-character': { ws: 4, s: 4, t: 4, w: 2, i: 4, a: 2, ld: 9 } },
        target: {
          models: 10, files: 5, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, equipment: ['bow'],
          'with-character': { ws: 4, s: 4, t: 4, w: 2, i: 4, a: 2, ld: 8 },
        },
        situation: { type: 'fight', rounds: 1, 'stand-and-shoot': true },
      }),
    );
    const lost = binomial(9, 1 / 6);
    const twoOrMore = 1 - lost[0] - lost[1];
    expect(table(o, 'ending')['1:attacker-fled-at-charge']).toBeCloseTo(twoOrMore * (1 - pass2d6(9)), 12);
    // No blow is struck only when the charger fled: six or more lost leave the character, not a destroyed unit
    expect(table(o, 'margin-1').none).toBeCloseTo(twoOrMore * (1 - pass2d6(9)), 12);
  });

  it('Fear: one test for the unit binds its character in the challenge (§12.6, A1)', () => {
    // The attacker causes Fear; the target tests on its character's Ld 8 − 1 = 7 (21/36). Only the
    // fighters strike (A0 rank and file): the attacker's (I5, A1) hits WS4 on 4+ or a failed WS1 on 3+,
    // wounds on 4+, and slays the W1 target fighter; else that one (I3, A1) hits on 4+, or 5+ with WS1
    // against WS4, wounds on 4+ and slays the W1 attacker's fighter. Margin: charge 1 + 1 − 1.
    const fighter = { ws: 4, s: 4, t: 4, w: 1, a: 1, ld: 8 };
    const rnf = { models: 5, files: 5, ws: 4, s: 4, t: 4, w: 1, i: 3, a: 0, ld: 7 };
    const o = ninthAge.exact(
      ninthAge.parse({
        attacker: { ...rnf, rules: ['fear'], 'with-character': { ...fighter, i: 5 } },
        target: { ...rnf, 'with-character': { ...fighter, i: 3 } },
        situation: { type: 'fight', rounds: 1, challenge: true },
      }),
    );
    const passes = pass2d6(7);
    const margins = new Map<number, number>();
    for (const [weight, hit, hitBack] of [[passes, 1 / 2, 1 / 2], [1 - passes, 2 / 3, 1 / 3]]) {
      const slain = hit / 2;
      margins.set(2, (margins.get(2) ?? 0) + weight * slain);
      margins.set(0, (margins.get(0) ?? 0) + weight * (1 - slain) * (hitBack / 2));
      margins.set(1, (margins.get(1) ?? 0) + weight * (1 - slain) * (1 - hitBack / 2));
    }
    expectTable(table(o, 'margin-1'), margins);
  });

  it('Unstable wounds go to the rank and file, then the character (§7)', () => {
    // 5 attacks at 1/4 on 2 rank and file (excess lost, A24), margin m = charge 1 + min(x, 2): the
    // Unstable target loses m wounds — the rank and file left first, then its W2 character.
    const o = ninthAge.exact(
      ninthAge.parse({
        attacker: { models: 5, files: 5, ws: 4, s: 4, t: 4, w: 1, i: 3, a: 1, ld: 7 },
        target: { models: 2, files: 2, ws: 4, s: 4, t: 4, w: 1, i: 3, a: 0, ld: 7, rules: ['unstable'], 'with-character': { ws: 4, s: 4, t: 4, w: 2, i: 3, a: 0, ld: 8 } },
        situation: { type: 'fight', rounds: 1 },
      }),
    );
    const x = binomial(5, 1 / 4);
    // x = 0: one rank and file falls (2 left: 1 and the character); x = 1: the other falls, the character takes 1;
    // x ≥ 2: the character takes 3, more than its 2 wounds: destroyed
    expectTable(table(o, 'target-left-1'), new Map([[2, x[0]], [1, x[1]], [0, 1 - x[0] - x[1]]]));
    expect(table(o, 'ending')['1:target-destroyed']).toBeCloseTo(1 - x[0] - x[1], 12);
  });

  it("refuses a target's character in a flank fight and Stand and Shoot at fewer than 5 rank and file", () => {
    const rnf = { models: 5, files: 5, ws: 4, s: 4, t: 4, w: 1, i: 3, a: 1, ld: 7 };
    const ch = { ws: 4, s: 4, t: 4, w: 2, i: 3, a: 2, ld: 8 };
    expect(() => ninthAge.parse({ attacker: rnf, target: { ...rnf, 'with-character': ch }, situation: { type: 'fight', facing: 'rear' } })).toThrow(UnsupportedRuleError);
    expect(() =>
      ninthAge.parse({
        attacker: { ...rnf, models: 4, files: 4, 'with-character': ch },
        target: { ...rnf, bs: 3, equipment: ['bow'] },
        situation: { type: 'fight', 'stand-and-shoot': true },
      }),
    ).toThrow(/situation\.stand-and-shoot: .*fewer than 5 rank and file/);
  });
});

describe("Warhammer Fantasy: the attacker's character in a flank fight", () => {
  const unit = { m: 10, ws: 3, bs: 3, s: 3, t: 5, w: 1, i: 3, a: 1, ld: 7 };
  it('its Unit Strength counts for the flanked unit losing its ranks, and for outnumbering (§1, §9)', () => {
    // 4 warriors (width 4: 3 beside the hero fight) at WS3 against WS3 4+, S3 against T3 4+: 1/4; the hero's
    // A2 at WS5 (3+) and S4 (3+): 4/9. The target's S1 cannot wound T5. US 4 + 1 = 5 in its flank: the
    // target loses its rank bonus; flank +1; the target outnumbers (10 − w > 5) unless w = 5.
    const o = warhammerFantasy.exact(
      warhammerFantasy.parse({
        attacker: { ...unit, models: 4, width: 4, 'with-character': { ...unit, ws: 5, bs: 5, s: 4, a: 2, ld: 8 } },
        target: { ...unit, models: 10, width: 5, t: 3, s: 1 },
        situation: { phase: 'fight', charging: 'attacker', facing: 'flank', rounds: 1 },
      }),
    );
    const w = convolve(binomial(3, 1 / 4), binomial(2, 4 / 9));
    expectTable(table(o, 'margin-1'), new Map(w.map((p, k) => [k === 5 ? 6 : k, p])));
  });

  it("refuses the target's character in a flank or rear fight", () => {
    expect(() =>
      warhammerFantasy.parse({
        attacker: { ...unit, models: 10, width: 5 },
        target: { ...unit, models: 10, width: 5, 'with-character': { ...unit, ws: 5 } },
        situation: { phase: 'fight', facing: 'rear' },
      }),
    ).toThrow(/^situation\.facing: .*front rank/);
  });
});
