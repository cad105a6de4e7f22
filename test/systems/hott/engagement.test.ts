/**
 * HOTT combats that go on. Expected numbers are exact fractions worked out here from
 * rules/hott.md: the 36 die pairs (§6.7), the loser's row (§7.3, §7.4), a geometric series for
 * combats that stay in contact, and a chain written out for a Stronghold assault (§6.6).
 */
import { describe, expect, it } from 'vitest';
import { hott } from '../../../src/systems/hott/index.js';

/** An exact fraction of BigInts. */
class Q {
  constructor(
    readonly n: bigint,
    readonly d: bigint = 1n,
  ) {}
  static of(n: number, d = 1): Q {
    return new Q(BigInt(n), BigInt(d));
  }
  add(o: Q): Q {
    return new Q(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  sub(o: Q): Q {
    return new Q(this.n * o.d - o.n * this.d, this.d * o.d);
  }
  mul(o: Q): Q {
    return new Q(this.n * o.n, this.d * o.d);
  }
  div(o: Q): Q {
    return new Q(this.n * o.d, this.d * o.n);
  }
  pow(k: number): Q {
    let r = Q.of(1);
    for (let i = 0; i < k; i++) r = r.mul(this);
    return r;
  }
  value(): number {
    return Number(this.n) / Number(this.d);
  }
}

/** §6.7 over the 36 die pairs: counts of A doubles, A wins, tie, B wins, B doubles (winner ≥ 2 × loser). */
function cases(a: number, b: number) {
  const c = { doubles: 0, wins: 0, ties: 0, loses: 0, doubled: 0 };
  for (let x = 1; x <= 6; x++)
    for (let y = 1; y <= 6; y++) {
      const ta = x + a;
      const tb = y + b;
      if (ta > tb) c[ta >= 2 * tb ? 'doubles' : 'wins']++;
      else if (tb > ta) c[tb >= 2 * ta ? 'doubled' : 'loses']++;
      else c.ties++;
    }
  return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Q.of(v, 36)])) as Record<keyof typeof c, Q>;
}

const within = (p: Q, stay: Q, k: number) => p.mul(Q.of(1).sub(stay.pow(k))).div(Q.of(1).sub(stay));

describe('a close combat that goes on', () => {
  it('Warband against Blades: only a tie keeps them in contact — a geometric series', () => {
    // Warband HC1 3 (vs foot), Blades HC1 5. Blades beaten by Warbands: X; doubled: X. Warband
    // beaten by Blades: R; doubled: X. Blades are not Impetuous, so a recoil ends the combat.
    const c = cases(3, 5);
    const out = hott.exact(hott.parse({ attacker: { type: 'warbands' }, target: { type: 'blades' }, bounds: 5 })).outcomes!;
    for (let k = 1; k <= 5; k++) {
      const t = out[`within bound ${k}`];
      expect(t['target destroyed']).toBeCloseTo(within(c.doubles.add(c.wins), c.ties, k).value(), 12);
      expect(t['attacker recoil']).toBeCloseTo(within(c.loses, c.ties, k).value(), 12);
      expect(t['attacker destroyed']).toBeCloseTo(within(c.doubled, c.ties, k).value(), 12);
      expect(t['still in contact']).toBeCloseTo(c.ties.pow(k).value(), 12);
    }
  });

  it('Knights against Blades: the Knights pursue a recoiling Blades back into contact (§5 Impetuosa)', () => {
    // Knights HC1 3, Blades HC2 3. Blades beaten by Knights: R (then pursued), doubled: X. Knights
    // beaten: R (Blades do not pursue), doubled: X. Stay: tie or Knights win without doubling.
    const c = cases(3, 3);
    const stay = c.ties.add(c.wins);
    const out = hott.exact(hott.parse({ attacker: { type: 'knights' }, target: { type: 'blades' }, bounds: 4 })).outcomes!;
    for (let k = 1; k <= 4; k++) {
      const t = out[`within bound ${k}`];
      expect(t['target destroyed']).toBeCloseTo(within(c.doubles, stay, k).value(), 12);
      expect(t['attacker recoil']).toBeCloseTo(within(c.loses, stay, k).value(), 12);
      expect(t['still in contact']).toBeCloseTo(stay.pow(k).value(), 12);
    }
    const once = hott.exact(hott.parse({ attacker: { type: 'knights' }, target: { type: 'blades' }, bounds: 4, 'impetuous-pursuit': false })).outcomes!;
    expect(once['within bound 4']['target recoil']).toBeCloseTo(within(c.wins, c.ties, 4).value(), 12);
  });

  it('Hero against Hero: an odd tie destroys both and ends it; an even tie goes on', () => {
    // Both d6+5: ties on totals 6..11; odd totals 7, 9, 11 → both destroyed (§7.2).
    const even = Q.of(3, 36);
    const odd = Q.of(3, 36);
    const out = hott.exact(hott.parse({ attacker: { type: 'heroes' }, target: { type: 'heroes' }, bounds: 3 })).outcomes!;
    expect(out['within bound 3']['both destroyed']).toBeCloseTo(within(odd, even, 3).value(), 12);
    expect(out['within bound 3']['still in contact']).toBeCloseTo(even.pow(3).value(), 12);
  });
});

describe('a Stronghold assault', () => {
  it('one Blades element: a chain over in contact / recoiled, back in on its own bounds', () => {
    // Blades d6+5−1 (Muro) against the Stronghold d6+6. Stronghold beaten or doubled: captured.
    // Blades beaten: R (out of contact until the group's next bound); doubled: X.
    const c = cases(4, 6);
    const captured = c.wins.add(c.doubles);
    let inContact = Q.of(1);
    let recoiled = Q.of(0);
    let took = Q.of(0);
    const expected: Q[] = [];
    for (let bound = 1; bound <= 5; bound++) {
      if (bound % 2 === 1) {
        inContact = inContact.add(recoiled);
        recoiled = Q.of(0);
      }
      took = took.add(inContact.mul(captured));
      recoiled = recoiled.add(inContact.mul(c.loses));
      inContact = inContact.mul(c.ties);
      expected.push(took);
    }
    const out = hott.exact(hott.parse({ assault: [{ type: 'blades' }], target: { type: 'stronghold' }, bounds: 5 })).outcomes!;
    expected.forEach((q, k) => expect(out[`bound ${k + 1}`].captured).toBeCloseTo(q.value(), 12));
  });

  it('two supports give the Stronghold −2 (worked example 15) and the group loses its fighter in turn', () => {
    const first = hott.exact(hott.parse({ assault: [{ type: 'blades' }, { type: 'blades' }, { type: 'spears' }], target: { type: 'stronghold' }, bounds: 1 }));
    // Example 15: captured 5/12.
    expect(first.destroyed).toBeCloseTo(5 / 12, 12);
  });

  it('bad input: more than 10 assaulters, a target that is not a Stronghold, shooting bounds', () => {
    expect(() => hott.parse({ assault: Array.from({ length: 11 }, () => ({ type: 'blades' })), target: { type: 'stronghold' }, bounds: 2 })).toThrow(
      /^assault: 11 elements: at most 10/,
    );
    expect(() => hott.parse({ assault: [{ type: 'blades' }], target: { type: 'spears' }, bounds: 2 })).toThrow(/^target: an assault is on a Stronghold/);
    expect(() => hott.parse({ attacker: { type: 'shooters' }, target: { type: 'spears' }, situation: { mode: 'shooting' }, bounds: 2 })).toThrow(
      /^bounds: only a close combat goes on/,
    );
  });
});
