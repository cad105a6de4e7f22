import { describe, expect, it } from 'vitest';
import * as D from '../../src/core/dist.js';
import { compareCounts } from '../../src/core/stats.js';
import { agreementOf } from '../../src/analysis/agreement.js';
import { chunkRng, masterState } from '../../src/core/rng.js';
import { Tally } from '../../src/sim/tally.js';
import { generic } from '../../src/systems/generic/index.js';
import { binomialPmf } from '../support/binomial.js';


const run = (input: unknown) => generic.exact(generic.parse(input));

function simulate(input: unknown, n: number, seed = 'test') {
  const tally = new Tally();
  generic.simulate(generic.parse(input), chunkRng(masterState(seed), 0), n, tally);
  return tally;
}

const expectPmf = (d: D.Dist, expected: number[], tol = 1e-12) => {
  expect(d.length).toBe(expected.length);
  expected.forEach((p, k) => expect(Math.abs(d[k] - p)).toBeLessThan(tol));
};

describe('generic: exact', () => {
  it('20 attacks, hit 3+, wound 4+, save 4+ → Binomial(20, 2/3 · 1/2 · 1/2 = 1/6)', () => {
    const o = run({ attacker: { attacks: 20, hit: '3+', wound: 4 }, target: { save: 4 } });
    expectPmf(o.damage, binomialPmf(20, 1 / 6));
    expect(D.mean(o.damage)).toBeCloseTo(10 / 3, 12);
  });

  it('two unsaved D3 wounds on 2-health models: slain [0, 1/3, 5/9, 1/9] with spill-over', () => {
    // Enumerate the 9 pairs of D3: floor((x + y) / 2) models die when damage pools.
    const expected = [0, 0, 0, 0];
    for (let x = 1; x <= 3; x++) for (let y = 1; y <= 3; y++) expected[Math.floor((x + y) / 2)] += 1 / 9;
    expect(expected.map((p) => p * 9)).toEqual([0, 3, 5, 1]);
    const o = run({
      attacker: { attacks: 2, hit: 'auto', wound: 'auto', damage: 'D3' },
      target: { models: 5, health: 2, save: 'none' },
    });
    expectPmf(o.slain!, expected);
  });

  it('the same without spill-over: slain [0, 5/9, 4/9]', () => {
    // Enumerate: first D3 of 1 leaves the model on 1 wound, and the second always kills it (1 slain);
    // a first D3 of 2+ kills one, and a second of 2+ kills another.
    const expected = [0, 0, 0];
    for (let x = 1; x <= 3; x++)
      for (let y = 1; y <= 3; y++) {
        let slain = 0;
        let current = 0;
        for (const dmg of [x, y]) {
          current += dmg;
          if (current >= 2) {
            slain++;
            current = 0;
          }
        }
        expected[slain] += 1 / 9;
      }
    expect(expected.map((p) => p * 9)).toEqual([0, 5, 4]);
    const o = run({
      attacker: { attacks: 2, hit: 'auto', wound: 'auto', damage: 'D3' },
      target: { models: 5, health: 2 },
      situation: { allocation: 'no-spill-over' },
    });
    expectPmf(o.slain!, expected);
  });

  const oneHit = (attacker: object) => run({ attacker: { attacks: 1, wound: 'auto', ...attacker }, target: {} }).damage;
  it('hit 5+ with re-roll ones: P(hit) = 1/3 + 1/6 · 1/3 = 7/18', () => {
    expectPmf(oneHit({ hit: 5, reroll: { hit: 'ones' } }), [11 / 18, 7 / 18]);
  });
  it('hit 5+ with re-roll failed: P(hit) = 1/3 + 2/3 · 1/3 = 5/9', () => {
    expectPmf(oneHit({ hit: 5, reroll: { hit: 'failed' } }), [4 / 9, 5 / 9]);
  });
  it('hit 5+ where an unmodified 6 gives one extra hit: P(0, 1, 2 hits) = 2/3, 1/6, 1/6', () => {
    expectPmf(oneHit({ hit: 5, 'hit-crit': { effects: ['extra-hits(1)'] } }), [2 / 3, 1 / 6, 1 / 6]);
  });
  it('re-roll failed with a crit (4+) below the hit target (5+): a crit is a success, never re-rolled', () => {
    // Faces 4–6 are critical (2 hits each); faces 1–3 fail and are re-rolled: P(crit) = 1/2 + 1/2 · 1/2.
    expectPmf(oneHit({ hit: 5, reroll: { hit: 'failed' }, 'hit-crit': { on: 4, effects: ['extra-hits(1)'] } }), [1 / 4, 0, 3 / 4]);
  });
  it('the same for wounds: wound 6+, critical on 5+ (mortal 1), re-roll failed: P(wound) = 1/3 + 2/3 · 1/3', () => {
    const d = run({ attacker: { attacks: 1, hit: 'auto', wound: 6, reroll: { wound: 'failed' }, 'wound-crit': { on: 5, effects: ['mortal(1)'] } }, target: {} }).damage;
    expectPmf(d, [1 - 5 / 9, 5 / 9]);
  });
  it("'all' fishes for crits: hit 3+, 6s auto-wound, wound 6+: P = P(crit) + P(non-crit hit)·1/6", () => {
    // Every non-6 is re-rolled: P(final 6) = 1/6 + 5/6 · 1/6 = 11/36; P(final 3..5) = 5/6 · 3/6.
    const pCrit = 11 / 36;
    const pHit = (5 / 6) * (3 / 6);
    const p = pCrit + pHit * (1 / 6);
    expectPmf(
      run({ attacker: { attacks: 1, hit: 3, wound: 6, reroll: { hit: 'all' }, 'hit-crit': { effects: ['auto-wound'] } } }).damage,
      [1 - p, p],
    );
  });

  it('ward per point: one unsaved D6-damage wound against ward 5+ is D6 thinned by 2/3', () => {
    const o = run({ attacker: { attacks: 1, hit: 'auto', wound: 'auto', damage: 'D6' }, target: { ward: '5+' } });
    // E[damage] = 3.5 · 2/3
    expect(D.mean(o.damage)).toBeCloseTo(3.5 * (2 / 3), 12);
    // P(0) = Σ_k 1/6 · (1/3)^k
    let p0 = 0;
    for (let k = 1; k <= 6; k++) p0 += (1 / 6) * (1 / 3) ** k;
    expect(o.damage[0]).toBeCloseTo(p0, 14);
  });

  it('critical wound mortal(1) skips the save; rend+(1) worsens it', () => {
    // Wound 4+, 6s are mortal: P = 1/6 + 2/6 · P(fail save 3+ = 1/3).
    const mortal = run({ attacker: { attacks: 1, hit: 'auto', wound: 4, 'wound-crit': { effects: ['mortal(1)'] } }, target: { save: 3 } });
    expect(mortal.damage[1]).toBeCloseTo(1 / 6 + (2 / 6) * (1 / 3), 14);
    // rend+(1) on 6s: 6s face a 4+ save (fail 1/2), 4s and 5s a 3+ save (fail 1/3).
    const rend = run({ attacker: { attacks: 1, hit: 'auto', wound: 4, 'wound-crit': { effects: ['rend+(1)'] } }, target: { save: 3 } });
    expect(rend.damage[1]).toBeCloseTo((1 / 6) * (1 / 2) + (2 / 6) * (1 / 3), 14);
  });

  it('rend past 6 means no save; random attacks per model × models', () => {
    const o = run({ attacker: { models: 3, attacks: 'D3', hit: 'auto', wound: 'auto', rend: 2 }, target: { save: 5 } });
    // every attack lands: damage = sum of 3 D3 (mean 6)
    expect(D.mean(o.damage)).toBeCloseTo(6, 12);
    expect(o.damage[9]).toBeCloseTo(1 / 27, 14);
  });

  it('destroyed = P(damage ≥ models × health); damage is capped at the unit', () => {
    const o = run({ attacker: { attacks: 4, hit: 'auto', wound: 4 }, target: { models: 2, health: 1 } });
    expect(o.destroyed).toBeCloseTo(11 / 16, 14); // P(Binomial(4, 1/2) ≥ 2)
    expectPmf(o.damage, [1 / 16, 4 / 16, 11 / 16]);
  });

  it('1,200 attacks stay normalised and keep the binomial mean', () => {
    const o = run({ attacker: { models: 40, attacks: 30, hit: 3, wound: 4 }, target: { save: 4 } });
    expect(Math.abs(D.total(o.damage) - 1)).toBeLessThan(1e-12);
    expect(D.mean(o.damage)).toBeCloseTo(200, 8);
  });
});

describe('generic: Monte Carlo agrees with exact (fixed seed)', () => {
  const scenarios: Array<[string, unknown]> = [
    ['plain', { attacker: { attacks: 20, hit: 3, wound: 4 }, target: { save: 4 } }],
    [
      'crits, re-rolls, ward, D3 damage, spill-over',
      {
        attacker: {
          models: 5, attacks: 'D3+1', hit: 4, wound: 3, rend: 1, damage: 'D3',
          reroll: { hit: 'ones', wound: 'failed' },
          'hit-crit': { effects: ['extra-hits(1)'] }, 'wound-crit': { on: 5, effects: ['mortal(1)'] },
        },
        target: { models: 6, health: 3, save: 4, ward: 6 },
      },
    ],
    [
      're-roll failed with criticals below the hit and wound targets',
      {
        attacker: {
          models: 2, attacks: 3, hit: 5, wound: 6, damage: 'D3',
          reroll: { hit: 'failed', wound: 'failed' },
          'hit-crit': { on: 4, effects: ['extra-hits(1)'] }, 'wound-crit': { on: 5, effects: ['rend+(1)'] },
        },
        target: { models: 4, health: 2, save: 5 },
      },
    ],
    [
      'mortal crit hits, no spill-over',
      {
        attacker: { attacks: 12, hit: 3, wound: 4, damage: '2', 'hit-crit': { effects: ['mortal(D3)'] } },
        target: { models: 4, health: 3, save: 5 },
        situation: { allocation: 'no-spill-over' },
      },
    ],
  ];
  for (const [name, input] of scenarios) {
    it(name, () => {
      const exact = run(input);
      const tally = simulate(input, 200_000);
      const report = agreementOf(exact, tally.toJSON());
      expect(report.fields.map((f) => f.field)).toEqual(['damage', 'slain', 'destroyed'].slice(0, 1 + (exact.slain ? 1 : 0) + (exact.destroyed !== undefined ? 1 : 0)));
      expect(report.pass).toBe(true);
    });
  }

  it('a wrong exact answer (hit 4+ instead of 3+) fails the comparison', () => {
    const wrong = run({ attacker: { attacks: 20, hit: 4, wound: 4 }, target: { save: 4 } });
    const tally = simulate({ attacker: { attacks: 20, hit: 3, wound: 4 }, target: { save: 4 } }, 200_000);
    expect(compareCounts(wrong.damage, tally.toJSON().damage).pass).toBe(false);
  });
});

describe('generic: bad input names the field', () => {
  const cases: Array<[unknown, string]> = [
    [{ attacker: { attacks: 1, hit: 0, wound: 4 } }, "attacker.hit: '0' is not allowed (allowed: 2+..6+, 'auto')"],
    [{ attacker: { attacks: -1, hit: 3, wound: 4 } }, "attacker.attacks: malformed dice expression '-1'"],
    [{ attacker: { attacks: 1, hit: 3, wound: 4, damage: 'D7x' } }, "attacker.damage: malformed dice expression 'D7x'"],
    [{ attacker: { attacks: 1, hit: 3, wound: 4, speed: 3 } }, "attacker: unknown field(s) 'speed'"],
    [{ attacker: { attacks: 1, hit: 3, wound: 4, 'hit-crit': { effects: ['explode'] } } }, 'attacker.hit-crit.effects[0]: unknown critical-hit effect'],
    [{ attacker: { attacks: 1, hit: 3, wound: 4, 'hit-crit': { effects: ['mortal(1)', 'rend+(1)'] } } }, "attacker.hit-crit.effects: 'mortal' (instead of the hit) cannot be combined"],
    [{ attacker: { attacks: 1, hit: 3, wound: 4, 'hit-crit': { effects: ['extra-hits(D6+6)'] } } }, "attacker.hit-crit.effects[0]: 'extra-hits(D6+6)' must be able to give 1 to 10"],
    [{ attacker: { attacks: 1, hit: 3, wound: 4, reroll: { damage: 'twos' } } }, "attacker.reroll.damage: the damage '1' is fixed"],
    [{ attacker: { attacks: 1, hit: 3, wound: 4, damage: 'D3', reroll: { damage: 'twos' } } }, "attacker.reroll.damage: 'twos' is not a damage re-roll"],
    [{ attacker: { profiles: [{ attacks: 1, hit: 3, wound: 4 }, { attacks: 1, hit: 9, wound: 4 }] } }, "attacker.profiles[1].hit: '9' is not allowed"],
    [{ attacker: { profiles: [{ attacks: 1, hit: 3, wound: 4 }], rend: 1 } }, "attacker: unknown field(s) 'rend'"],
    [{ attacker: { attacks: 1, hit: 3, wound: 4 }, target: { invulnerable: '1+' } }, "target.invulnerable: '1+' is not allowed"],
    [{ attacker: { attacks: 1, hit: 3, wound: 4 }, target: { health: 1001 } }, 'target.health'],
  ];
  for (const [input, message] of cases) {
    it(message, () => expect(() => generic.parse(input)).toThrow(message));
  }
});

describe("generic: a re-roll, critical or modifier of an automatic roll changes nothing: computed without it, and noted", () => {
  const plain = { attacks: 3, hit: 'auto', wound: 'auto', damage: 'D3' };
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ reroll: { hit: 'ones' } }, "attacker.reroll.hit: 'ones' changed nothing: an automatic hit ('auto') rolls no die, so there is none to re-roll"],
    [{ reroll: { wound: 'failed' } }, "attacker.reroll.wound: 'failed' changed nothing: an automatic wound ('auto') rolls no die, so there is none to re-roll"],
    [{ 'hit-modifier': 1 }, "attacker.hit-modifier: 1 changed nothing: an automatic hit ('auto') rolls no die, so there is none to modify"],
    [{ 'wound-crit': { effects: ['mortal(1)'] } }, "attacker.wound-crit: changed nothing: an automatic wound ('auto') rolls no die, so none can be critical"],
  ];
  for (const [extra, note] of cases)
    it(note, () => {
      const parsed = generic.parse({ attacker: { ...plain, ...extra }, target: { save: 4 } });
      expect(generic.notes!(parsed)).toEqual([note]);
      // The same distributions as without the field: 3 automatic wounds, a 4+ save, D3 damage each.
      expect(generic.exact(parsed)).toEqual(generic.exact(generic.parse({ attacker: plain, target: { save: 4 } })));
      const damage = generic.exact(parsed).damage;
      // P(0 damage) = P(every save made) = (1/2)^3, from the rules alone.
      expect(damage[0]).toBeCloseTo(1 / 8, 12);
    });
});
