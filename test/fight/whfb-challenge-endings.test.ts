/**
 * Warhammer Fantasy: a challenge goes on after a unit's rank and file are wiped out (§9–§12). The
 * fighter still stands, so its side is not wiped out: the round is scored (§9), the loser tests
 * (§10) and may be caught (§12), and the next round is fought from there. Every ending must be
 * accounted for. Expected values come from a chain written here from the rules file, not from
 * warodds.
 */
import { describe, expect, it } from 'vitest';
import { warhammerFantasyWithFights as warhammerFantasy } from '../../src/systems/warhammer-fantasy/index.js';
import { expectSimulatorMatches } from './support.js';

/**
 * Two rank and file (A1, I4) and a fighter against one rank-and-file model (A1, I3) and a
 * champion; both fighters have S1 against T5, which cannot wound (§6 chart "–"), so the challenge
 * never ends and leaves its fighters standing. Every other blow: WS 3 against WS 3 hits on 4+ (§5),
 * S3 against T3 wounds on 4+ (§6), no armour (§7): 1/4 a blow, one W1 model.
 */
const body = { m: 10, ws: 3, bs: 3, s: 3, t: 3, w: 1, a: 1, ld: 7 };
const fighter = { m: 10, ws: 3, bs: 3, s: 1, t: 5, w: 1, a: 1, ld: 7 };
const rounds = 3;
const scenario = {
  attacker: { ...body, models: 2, width: 3, i: 4, 'with-character': { ...fighter, i: 4 } },
  target: { ...body, models: 1, width: 2, i: 3, 'with-character': { ...fighter, i: 3, champion: true } },
  situation: { phase: 'fight', charging: 'attacker', challenge: true, rounds },
};

const binomial = (n: number, p: number): number[] => {
  let d = [1];
  for (let i = 0; i < n; i++) d = [...d.map((q) => q * (1 - p)), 0].map((q, k) => q + (k > 0 ? d[k - 1] * p : 0));
  return d;
};

/** P(2D6 ≤ x), §2. */
const twoD6AtMost = (x: number): number => {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b <= x) n++;
  return n / 36;
};

/** P(pursuer's 5D6 ≥ fleeing unit's 5D6), §12 (both M 10 cm: 5D6 each; a tie catches). */
const caught = (() => {
  let d = [1];
  for (let i = 0; i < 5; i++) {
    const next = new Array(d.length + 6).fill(0);
    d.forEach((q, s) => {
      for (let f = 1; f <= 6; f++) next[s + f] += q / 6;
    });
    d = next;
  }
  let p = 0;
  d.forEach((qp, sp) => d.forEach((qf, sf) => (p += sp >= sf ? qp * qf : 0)));
  return p;
})();

/**
 * The fight as a chain over (attacker's rank and file, target's rank and file). Every round the
 * attacker strikes first (charge, then Initiative 4 against 3, §4); the target's casualties do not
 * strike back (§8). Score (§9): wounds caused, +1 for the greater Unit Strength after casualties
 * (both fighters stand and count 1 each). The loser flees if 2D6 + margin > Ld 7 (§10); the
 * winner pursues (declared) and catches it if its 5D6 ≥ the loser's 5D6 (§12). Neither side is
 * ever wiped out: its fighter stands.
 */
function expectedEndings(): Record<string, number> {
  const out: Record<string, number> = { fighting: 0 };
  const add = (k: string, p: number) => (out[k] = (out[k] ?? 0) + p);
  let live = new Map<string, number>([['2,1', 1]]);
  for (let round = 1; round <= rounds; round++) {
    const next = new Map<string, number>();
    for (const [key, p] of live) {
      const [a, t] = key.split(',').map(Number);
      binomial(a, 1 / 4).forEach((px, x) => {
        const onT = Math.min(x, t);
        binomial(t - onT, 1 / 4).forEach((py, y) => {
          const onA = Math.min(y, a);
          const q = p * px * py;
          const a2 = a - onA;
          const t2 = t - onT;
          const usA = a2 + 1;
          const usT = t2 + 1;
          const margin = onT + (usA > usT ? 1 : 0) - (onA + (usT > usA ? 1 : 0));
          const stay = `${a2},${t2}`;
          if (margin === 0) {
            next.set(stay, (next.get(stay) ?? 0) + q);
            return;
          }
          const loser = margin > 0 ? 'target' : 'attacker';
          const flee = 1 - twoD6AtMost(7 - Math.abs(margin));
          next.set(stay, (next.get(stay) ?? 0) + q * (1 - flee));
          add(`${loser}-caught`, q * flee * caught);
          add(`${loser}-escaped`, q * flee * (1 - caught));
        });
      });
    }
    live = next;
  }
  for (const p of live.values()) out.fighting += p;
  return out;
}

describe('Warhammer Fantasy: a challenge fought on after a unit is wiped out (§9–§12)', () => {
  it('every ending of a fight whose rank and file fall while their fighter duels (hand-written chain)', () => {
    const o = warhammerFantasy.exact(warhammerFantasy.parse(scenario));
    const expected = expectedEndings();
    for (const [k, p] of Object.entries(expected)) expect(o.morale![k] ?? 0, k).toBeCloseTo(p, 12);
    for (const [k, p] of Object.entries(o.morale!)) if (p > 1e-15) expect(expected[k], k).toBeDefined();
    // The target's lone rank-and-file model falls in round 1 with 1 − (3/4)² = 7/16: from there on its champion duels alone
    expect(Object.values(o.morale!).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
  });

  it('the simulator rolls the same fight die by die', () => {
    expectSimulatorMatches(warhammerFantasy, warhammerFantasy.parse(scenario), 'wfb challenge endings', 20_000, 'ending');
  });

  it('a hero and a champion: every ending accounted for (the probabilities sum to 1)', () => {
    const armour = ['light', 'shield'];
    const raw = {
      attacker: { models: 4, width: 4, m: 10, ws: 4, bs: 3, s: 3, t: 3, w: 1, i: 4, a: 1, ld: 8, armour, 'with-character': { m: 10, ws: 6, bs: 3, s: 4, t: 4, w: 2, i: 4, a: 3, ld: 9, armour: ['heavy', 'shield'], general: true } },
      target: { models: 2, width: 2, m: 10, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, armour, 'with-character': { m: 10, ws: 4, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 2, ld: 7, armour: ['heavy', 'shield'], champion: true } },
      situation: { phase: 'fight', charging: 'attacker', challenge: true, rounds: 2 },
    };
    const o = warhammerFantasy.exact(warhammerFantasy.parse(raw));
    expect(Object.values(o.morale!).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 13);
  });
});
