/**
 * Whole Warhammer Fantasy fights against a Markov chain written here from the rules file (never
 * calling the fight engine): 3 against 3 single-wound infantry in one rank of 3, A1, to-hit 4+
 * (WS3 vs WS3, §4), to-wound 4+ (S3 vs T3, §6), no armour, M10 (5D6 cm flee and pursuit, §12).
 * The charger strikes first in round 1 only; afterwards equal Initiative goes to the previous
 * round's winner, or a roll-off after a draw (§4, §16.6). Casualties cannot strike back (§8).
 * Combat result: wounds caused, +1 for outnumbering after the round's casualties (§9); a rank
 * needs 4 models, so no rank bonus. A draw: nobody tests. The loser flees on 2D6 > Ld − D (§10)
 * and is caught when the pursuer's 5D6 ≥ its 5D6, 112607/209952 (E7).
 */
import { describe, expect, it } from 'vitest';
import { warhammerFantasyWithFights as warhammerFantasy } from '../../src/systems/warhammer-fantasy/index.js';
import { binomial } from './support.js';

const AT_MOST = [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36];
const holds = (x: number) => (x < 2 ? 0 : x >= 12 ? 1 : AT_MOST[x] / 36);
const CAUGHT = 112607 / 209952;

type Winner = 'attacker' | 'target' | 'none';

/**
 * With `standAndShoot`, the target (one rank of `models`, S3 missiles, BS3) shoots first at long
 * range (§3, §5): score 4 + 1 (long range) + 1 (charging) = 6, so 1/6 to hit (E5), 4+ to wound, no
 * armour: casualties ~ Binomial(models, 1/12). Losing ≥ 25 % calls for a Panic test on 2D6 ≤ Ld
 * (§11); a charger that fails flees.
 */
function expected(models: number, ld: number, rounds: number, standAndShoot = false): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (k: string, p: number) => (out[k] = (out[k] ?? 0) + p);
  let live = new Map<string, number>([[`${models},${models},none`, 1]]);
  if (standAndShoot) {
    live = new Map();
    binomial(models, 1 / 12).forEach((p, k) => {
      if (k === models) return add('1:attacker-destroyed', p);
      const h = 4 * k >= models ? holds(ld) : 1;
      live.set(`${models - k},${models},none`, p * h);
      if (h < 1) add('1:attacker-fled-at-charge', p * (1 - h));
    });
  }
  for (let round = 1; round <= rounds; round++) {
    const next = new Map<string, number>();
    for (const [key, p] of live) {
      const [as, ts, previous] = key.split(',');
      const a = Number(as);
      const t = Number(ts);
      // Who strikes first: the charger in round 1; then the previous winner, else a roll-off
      const orders: Array<[Winner, number]> =
        round === 1 ? [['attacker', 1]] : previous !== 'none' ? [[previous as Winner, 1]] : [['attacker', 0.5], ['target', 0.5]];
      for (const [first, po] of orders) {
        const [n1, n2] = first === 'attacker' ? [a, t] : [t, a];
        binomial(n1, 1 / 4).forEach((p1, k1) => {
          const hit2 = Math.min(k1, n2);
          binomial(n2 - hit2, 1 / 4).forEach((p2, k2) => {
            const q = p * po * p1 * p2;
            const hit1 = Math.min(k2, n1);
            const [a2, t2, woundsByA, woundsByT] = first === 'attacker' ? [a - hit1, t - hit2, hit2, hit1] : [a - hit2, t - hit1, hit1, hit2];
            if (t2 === 0) return add(`${round}:target-destroyed`, q);
            if (a2 === 0) return add(`${round}:attacker-destroyed`, q);
            const scoreA = woundsByA + (a2 > t2 ? 1 : 0);
            const scoreT = woundsByT + (t2 > a2 ? 1 : 0);
            const goOn = (winner: Winner, w: number) => {
              const k = `${a2},${t2},${winner}`;
              next.set(k, (next.get(k) ?? 0) + w);
            };
            if (scoreA === scoreT) return goOn('none', q);
            const loser = scoreA > scoreT ? 'target' : 'attacker';
            const h = holds(ld - Math.abs(scoreA - scoreT));
            goOn(loser === 'target' ? 'attacker' : 'target', q * h);
            add(`${round}:${loser}-caught`, q * (1 - h) * CAUGHT);
            add(`${round}:${loser}-escaped`, q * (1 - h) * (1 - CAUGHT));
          });
        });
      }
    }
    live = next;
  }
  for (const p of live.values()) add('fighting', p);
  return out;
}

function fight(models: number, ld: number, rounds: number, standAndShoot = false) {
  const unit = { models, width: models, m: 10, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld };
  const target = standAndShoot ? { ...unit, missile: { s: 3 } } : unit;
  const situation = { phase: 'fight', charging: 'attacker', rounds, ...(standAndShoot ? { 'stand-and-shoot': { 'long-range': true } } : {}) };
  return warhammerFantasy.exact(warhammerFantasy.parse({ attacker: unit, target, situation }));
}

function expectTables(actual: Record<string, number>, want: Record<string, number>): void {
  for (const k of new Set([...Object.keys(actual), ...Object.keys(want)])) expect(actual[k] ?? 0, k).toBeCloseTo(want[k] ?? 0, 12);
}

describe('Warhammer Fantasy whole fights against an independent chain', () => {
  it('3 v 3, Ld 7: charger first in round 1, previous winner first afterwards, outnumbering after casualties', () => {
    expectTables(fight(3, 7, 8).outcomes!.ending, expected(3, 7, 8));
  });

  it('4 v 4 (one rank of 4 is a rank bonus of 0: ranks count behind the first), Ld 8', () => {
    expectTables(fight(4, 8, 5).outcomes!.ending, expected(4, 8, 5));
  });

  it('stand and shoot before round 1: Binomial(3, 1/12) casualties (E5 scores), the Panic test, then the chain', () => {
    const o = fight(3, 7, 6, true);
    expectTables(o.outcomes!.ending, expected(3, 7, 6, true));
    expect(o.outcomes!.ending['1:attacker-fled-at-charge']).toBeGreaterThan(0.05);
  });

  it('stand and shoot is refused without a target missile weapon or a charging attacker, naming the field', () => {
    const unit = { models: 3, m: 10, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 };
    const parse = (target: object, charging: string) =>
      warhammerFantasy.parse({ attacker: unit, target, situation: { phase: 'fight', charging, 'stand-and-shoot': true } });
    expect(() => parse(unit, 'attacker')).toThrow(/situation\.stand-and-shoot.*no missile weapon/);
    expect(() => parse({ ...unit, missile: { s: 3 } }, 'none')).toThrow(/situation\.stand-and-shoot.*charging "attacker"/);
  });
});
