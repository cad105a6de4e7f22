/**
 * Kings of War engagements: several attackers on one target, and turns. Expected
 * numbers come from computations written here from rules/kings-of-war.md: binomial damage
 * (§11), convolution, the 2D6 nerve table of §6.2, Regeneration as §7 states it, and a Markov
 * chain over the target's damage — never from the code under test.
 */
import { describe, expect, it } from 'vitest';
import { kingsOfWar } from '../../../src/systems/kings-of-war/index.js';
import { masterState, chunkRng } from '../../../src/core/rng.js';
import { Tally, tallyToOutcome } from '../../../src/sim/tally.js';
import { binomialPmf, unit } from './helpers.js';
import { convolve, nerve } from '../../support/kow-reference.js';

const engagement = (target: Record<string, unknown>, attackers: Array<[Record<string, unknown>, Record<string, unknown>]>, e: Record<string, unknown> = {}) =>
  kingsOfWar.parse({ target: unit(target), attackers: attackers.map(([u, situation]) => ({ unit: unit(u), situation })), engagement: e });

describe('several attackers in one turn (§4.4, §5.1)', () => {
  // Shooter: Att 10, Ra 4+, halted, against De 4+: per die 1/2 · 1/2 = 1/4.
  const shooter: [Record<string, unknown>, Record<string, unknown>] = [{ ra: '4+', att: 10 }, { attack: 'shooting' }];
  // Charger 1: Att 10, Me 4+, CS(1), front: per die 1/2 · 2/3 = 1/3. Brutal.
  const first: [Record<string, unknown>, Record<string, unknown>] = [{ att: 10, rules: ['crushing-strength(1)', 'brutal'] }, { attack: 'melee', charge: 'front' }];
  // Charger 2: Att 8, Me 3+, TC(1), flank ×2 = 16 dice: per die 2/3 · 2/3 = 4/9. Brutal too.
  const second: [Record<string, unknown>, Record<string, unknown>] = [
    { type: 'cavalry', me: '3+', att: 8, rules: ['thunderous-charge(1)', 'brutal'] },
    { attack: 'melee', charge: 'flank' },
  ];
  const shot = binomialPmf(10, 1 / 4);
  const melee = convolve(binomialPmf(10, 1 / 3), binomialPmf(16, 4 / 9));

  it('two chargers and a shooter: a test after shooting, one test after both charges with Brutal +1 once', () => {
    const prior = 2;
    const expected = { steady: 0, wavered: 0, routed: 0 };
    shot.forEach((ps, s) => {
      // After shooting: no test on 0 damage (§6.1), else a test on the total without Brutal (A18).
      const after: Array<[number, number, boolean]> = [];
      if (s === 0) after.push([ps, prior, false]);
      else {
        const o = nerve(prior + s, 14, 16);
        expected.routed += ps * o.routed;
        after.push([ps * o.steady, prior + s, false], [ps * o.wavered, prior + s, true]);
      }
      for (const [w, carried, wavered] of after)
        melee.forEach((pm, m) => {
          if (m === 0) return void (expected[wavered ? 'wavered' : 'steady'] += w * pm);
          const o = nerve(carried + m, 14, 16, 1);
          expected.routed += w * pm * o.routed;
          expected.wavered += w * pm * (o.wavered + (wavered ? o.steady : 0));
          if (!wavered) expected.steady += w * pm * o.steady;
        });
    });
    const outcome = kingsOfWar.exact(engagement({ damage: prior }, [shooter, first, second]));
    const end = outcome.outcomes!['end of turn 1'];
    expect(end.routed).toBeCloseTo(expected.routed, 12);
    expect(end.wavered).toBeCloseTo(expected.wavered, 12);
    expect(end.steady).toBeCloseTo(expected.steady, 12);
    expect(outcome.destroyed).toBeCloseTo(expected.routed, 12);
  });

  it('the chargers alone: one test on the convolution of their damage, Brutal counted once', () => {
    const expected = { steady: melee[0], wavered: 0, routed: 0 };
    melee.forEach((p, m) => {
      if (m === 0) return;
      const o = nerve(m, 14, 16, 1);
      expected.steady += p * o.steady;
      expected.wavered += p * o.wavered;
      expected.routed += p * o.routed;
    });
    const morale = kingsOfWar.exact(engagement({}, [first, second])).morale!;
    for (const k of ['steady', 'wavered', 'routed'] as const) expect(morale[k]).toBeCloseTo(expected[k], 12);
    // The damage of the phase is the convolution.
    const damage = kingsOfWar.exact(engagement({}, [first, second])).damage;
    melee.forEach((p, m) => expect(damage[m]).toBeCloseTo(p, 12));
  });

  it('one charger as an engagement gives the one-attack answer', () => {
    const one = kingsOfWar.exact(kingsOfWar.parse({ attacker: unit(first[0]), target: unit({ damage: 3 }), situation: first[1] }));
    const many = kingsOfWar.exact(engagement({ damage: 3 }, [first]));
    for (const k of ['steady', 'wavered', 'routed'] as const) expect(many.morale![k]).toBeCloseTo(one.morale![k], 14);
  });

  it('an Individual faces the first charger only: the second charger on its flank meets no Ensnare (§5.2, A20)', () => {
    // Hero (Individual, Ensnare, De 5+) charged in the flank twice: the first charger counts as front (−1 Ensnare),
    // the second hits the flank. Att 6, Me 4+: first per die (1/3)(1/3), second (1/2)(1/3); ×1 always.
    const hero = { type: 'hero-infantry', size: undefined, de: '5+', nerve: '-/11', rules: ['individual', 'ensnare'] };
    const charge = { attack: 'melee', charge: 'flank' };
    const outcome = kingsOfWar.exact(engagement(hero, [[{ att: 6 }, charge], [{ att: 6 }, charge]]));
    const expected = convolve(binomialPmf(6, 1 / 9), binomialPmf(6, 1 / 6));
    expected.forEach((p, k) => expect(outcome.damage[k]).toBeCloseTo(p, 12));
  });
});

describe('turns until the target routs', () => {
  it('3 turns, Regeneration(4+) and Iron Resolve between them: a Markov chain over the damage carried', () => {
    // One charger, Att 10, Me 4+, front, against De 4+: per die 1/4. Target 10/12 with Regeneration(4+)
    // (each point stays with probability 3/6 in the target's turn) and Iron Resolve (Steady: −1).
    const dealt = binomialPmf(10, 1 / 4);
    let live = new Map<number, number>([[0, 1]]);
    let routed = 0;
    const routedBy: number[] = [];
    const waveredAt: number[] = [];
    for (let turn = 1; turn <= 3; turn++) {
      if (turn > 1) {
        const regenerated = new Map<number, number>();
        for (const [d, w] of live) binomialPmf(d, 1 / 2).forEach((p, k) => regenerated.set(k, (regenerated.get(k) ?? 0) + w * p));
        live = regenerated;
      }
      const next = new Map<number, number>();
      let wavered = 0;
      for (const [d, w] of live)
        dealt.forEach((p, x) => {
          if (x === 0) return void next.set(d, (next.get(d) ?? 0) + w * p);
          const o = nerve(d + x, 10, 12);
          routed += w * p * o.routed;
          wavered += w * p * o.wavered;
          next.set(d + x, (next.get(d + x) ?? 0) + w * p * o.wavered);
          next.set(d + x - 1, (next.get(d + x - 1) ?? 0) + w * p * o.steady);
        });
      live = next;
      routedBy.push(routed);
      waveredAt.push(wavered);
    }
    const outcome = kingsOfWar.exact(
      engagement({ nerve: '10/12', rules: ['regeneration(4+)', 'iron-resolve'] }, [[{}, { attack: 'melee', charge: 'front' }]], { turns: 3 }),
    );
    for (let k = 0; k < 3; k++) {
      expect(outcome.outcomes![`end of turn ${k + 1}`].routed).toBeCloseTo(routedBy[k], 12);
      expect(outcome.outcomes![`end of turn ${k + 1}`].wavered).toBeCloseTo(waveredAt[k], 12);
    }
    expect(routedBy[2]).toBeGreaterThan(routedBy[1]);
    expect(outcome.destroyed).toBeCloseTo(routedBy[2], 12);
  });

  it('a Wavered target cannot counter-charge, so its Lifeleech heals nothing (§6.3, §7): a chain over (damage, wavered)', () => {
    // One charger, Att 10, Me 4+, front, against De 4+: Binomial(10, 1/4) each turn. The target
    // (Ne 7/11, Lifeleech(2)) counter-charges it in its own turn unless Wavered: Att 10, Me 4+,
    // front ×1 against the charger's De 4+, Binomial(10, 1/4) dealt, and removes min(2, dealt).
    const dealt = binomialPmf(10, 1 / 4);
    const chain = (waveredCounterCharges: boolean) => {
      // State "damage,wavered" → weight; routed is absorbing, its damage kept apart.
      let live = new Map<string, number>([['0,0', 1]]);
      const end = new Map<number, number>();
      let routed = 0;
      const add = (m: Map<string, number>, d: number, w: number, p: number) => m.set(`${d},${w}`, (m.get(`${d},${w}`) ?? 0) + p);
      for (let turn = 1; turn <= 2; turn++) {
        if (turn === 2) {
          const after = new Map<string, number>();
          for (const [key, p] of live) {
            const [d, w] = key.split(',').map(Number);
            if (w === 1 && !waveredCounterCharges) add(after, d, w, p);
            else dealt.forEach((q, y) => add(after, Math.max(0, d - Math.min(2, y)), w, p * q));
          }
          live = after;
        }
        const next = new Map<string, number>();
        for (const [key, p] of live) {
          const d = Number(key.split(',')[0]);
          dealt.forEach((q, x) => {
            if (x === 0) return void add(next, d, 0, p * q);
            const o = nerve(d + x, 7, 11);
            routed += p * q * o.routed;
            end.set(d + x, (end.get(d + x) ?? 0) + p * q * o.routed);
            add(next, d + x, 1, p * q * o.wavered);
            add(next, d + x, 0, p * q * o.steady);
          });
        }
        live = next;
      }
      let wavered = 0;
      for (const [key, p] of live) {
        const [d, w] = key.split(',').map(Number);
        wavered += w * p;
        end.set(d, (end.get(d) ?? 0) + p);
      }
      return { routed, wavered, end };
    };
    const outcome = kingsOfWar.exact(
      engagement({ nerve: '7/11', rules: ['lifeleech(2)'] }, [[{}, { attack: 'melee', charge: 'front' }]], { turns: 2, 'counter-charge': true }),
    );
    const expected = chain(false);
    const last = outcome.outcomes!['end of turn 2'];
    expect(last.routed).toBeCloseTo(expected.routed, 12);
    expect(last.wavered).toBeCloseTo(expected.wavered, 12);
    for (const [d, p] of expected.end) expect(outcome.damage[d]).toBeCloseTo(p, 12);
    expect(Array.from(outcome.damage).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // The wrong reading (a Wavered unit counter-charging) is a different answer the test tells apart.
    expect(Math.abs(chain(true).routed - expected.routed)).toBeGreaterThan(0.01);
  });

  it('the simulator agrees with the chain (seeded, 4.5 standard errors)', () => {
    const s = engagement(
      { nerve: '12/15', rules: ['regeneration(5+)', 'headstrong', 'lifeleech(1)'] },
      [
        [{ ra: '4+' }, { attack: 'shooting' }],
        [{ rules: ['thunderous-charge(1)'] }, { attack: 'melee', charge: 'front' }],
      ],
      { turns: 3, 'counter-charge': true, 'target-healed': 1 },
    );
    const exact = kingsOfWar.exact(s);
    const tally = new Tally();
    const n = 100_000;
    kingsOfWar.simulate(s, chunkRng(masterState('engagement test'), 0), n, tally);
    const mc = tallyToOutcome(tally.toJSON());
    for (let k = 1; k <= 3; k++)
      for (const r of ['steady', 'wavered', 'routed']) {
        const p = exact.outcomes![`end of turn ${k}`][r];
        expect(Math.abs(mc.outcomes![`end of turn ${k}`][r] - p)).toBeLessThan(4.5 * Math.sqrt((p * (1 - p)) / n) + 1e-9);
      }
  });
});

describe('bad engagements', () => {
  const charge = { attack: 'melee', charge: 'front' };
  it('more than 10 attackers', () => {
    expect(() => engagement({}, Array.from({ length: 11 }, () => [{}, charge] as [Record<string, unknown>, Record<string, unknown>]))).toThrow(
      /^attackers: 11 attackers: at most 10/,
    );
  });
  it('a Wavered unit charging', () => {
    expect(() => engagement({}, [[{}, charge], [{}, { ...charge, 'attacker-state': 'wavered' }]])).toThrow(
      /^attackers\[1\]\.situation\.attacker-state: a Wavered unit cannot charge/,
    );
  });
  it('a target key given to one attacker', () => {
    expect(() => engagement({}, [[{}, { ...charge, inspired: true }]])).toThrow(/^attackers\[0\]\.situation\.inspired: describes the target/);
  });
  it('a counter-charge by a war engine (§9)', () => {
    expect(() => engagement({ type: 'war-engine', size: undefined }, [[{}, charge]], { turns: 2, 'counter-charge': true })).toThrow(/^engagement\.counter-charge: a war engine cannot charge/);
  });
});

describe('a counter-charge that changes nothing is computed without it, and noted', () => {
  const charge = { attack: 'melee', charge: 'front' };
  const shot = { attack: 'shooting' };
  const cases: Array<[string, Record<string, unknown>, Array<[Record<string, unknown>, Record<string, unknown>]>, number, RegExp]> = [
    ['a target without Lifeleech (§7)', {}, [[{}, charge]], 2, /only through its Lifeleech \(§7\), and it has none$/],
    ['no attacker charges (§3)', { rules: ['lifeleech(2)'] }, [[{ ra: '4+' }, shot]], 2, /no attacker charges$/],
    ['one turn: the target has no turn of its own (§3)', { rules: ['lifeleech(2)'] }, [[{}, charge]], 1, /this engagement has 1 turn$/],
  ];
  for (const [why, target, attackers, turns, note] of cases)
    it(why, () => {
      const given = engagement(target, attackers, { turns, 'counter-charge': true });
      expect(kingsOfWar.notes!(given)).toEqual([expect.stringMatching(new RegExp(`^engagement\\.counter-charge: true changed nothing: .*${note.source}`))]);
      expect(kingsOfWar.exact(given)).toEqual(kingsOfWar.exact(engagement(target, attackers, { turns })));
    });
});
