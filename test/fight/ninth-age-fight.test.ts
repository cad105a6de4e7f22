/**
 * Whole 9th Age fights against a Markov chain written here from the rules file (never calling the
 * fight engine): 3 against 3 single-wound models in one rank, A1, to-hit 4+ (WS3 vs WS3, §4.5),
 * to-wound 4+ (S3 vs T3, §4.6), no saves. Both strike at I3, simultaneously (§4.2); a one-rank
 * unit of 3 has no full ranks, so no rank bonus and no Steadfast (§4.3, §12.2). Combat result:
 * wounds caused, +1 for the charge in round 1 only (§12.1); the loser tests on Ld 7 − D (§12.2);
 * a unit that breaks is caught when the pursuer's 2D6 ≥ its flee 2D6, 721/1296 (Example 12).
 */
import { describe, expect, it } from 'vitest';
import { ninthAgeWithFights as ninthAge } from '../../src/systems/ninth-age/index.js';
import type { Outcome } from '../../src/systems/types.js';
import { binomial } from './support.js';

type Json = Record<string, unknown>;

/** 2D6 results ≤ x, out of 36 (§3.1). */
const LD_WAYS = [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36];
const pass = (ld: number) => LD_WAYS[Math.max(0, Math.min(10, ld))] / 36;
const CAUGHT = 721 / 1296;

interface Case {
  models: number;
  ld: number;
  /** The attacker is frenzied: 2 attacks a model until it loses a round (§7 Frenzy). */
  frenzy: boolean;
  rounds: number;
  /**
   * The target (3 in one rank, bows, BS3) stands and shoots before round 1 (§5, §13): 3 shots,
   * BS3 − 1 → 5+ (1/3, §5.2), S3 v T3 4+, no save: wounds ~ Binomial(3, 1/6). Losing ≥ 25 % of
   * the 3 attackers calls for a Panic test on Ld (§5.5); failing it, the charger flees.
   */
  standAndShoot?: boolean;
}

/** The chain, round by round: P(round:ending) and P(still fighting). */
function expected(c: Case): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (k: string, p: number) => (out[k] = (out[k] ?? 0) + p);
  // state: "a,t,calm" → probability
  let live = new Map<string, number>([[`${c.models},${c.models},0`, 1]]);
  if (c.standAndShoot) {
    live = new Map();
    binomial(3, 1 / 6).forEach((p, k) => {
      const a = c.models - Math.min(k, c.models);
      if (a === 0) return add('1:attacker-destroyed', p);
      const holds = k === 0 ? 1 : pass(c.ld);
      live.set(`${a},${c.models},0`, p * holds);
      if (holds < 1) add('1:attacker-fled-at-charge', p * (1 - holds));
    });
  }
  for (let round = 1; round <= c.rounds; round++) {
    const next = new Map<string, number>();
    const goOn = (a: number, t: number, calm: number, p: number) => {
      const k = `${a},${t},${calm}`;
      next.set(k, (next.get(k) ?? 0) + p);
    };
    for (const [key, p] of live) {
      const [a, t, calm] = key.split(',').map(Number);
      const attacks = c.frenzy && !calm ? 2 * a : a;
      const onT = binomial(attacks, 1 / 4);
      const onA = binomial(t, 1 / 4);
      onT.forEach((pt, kt) =>
        onA.forEach((pa, ka) => {
          const q = p * pt * pa;
          const woundsT = Math.min(kt, t); // excess beyond the unit is lost (§4.10)
          const woundsA = Math.min(ka, a);
          const a2 = a - woundsA;
          const t2 = t - woundsT;
          if (a2 === 0 && t2 === 0) return add(`${round}:both-destroyed`, q);
          if (t2 === 0) return add(`${round}:target-destroyed`, q);
          if (a2 === 0) return add(`${round}:attacker-destroyed`, q);
          const scoreA = woundsT + (round === 1 ? 1 : 0);
          const scoreT = woundsA;
          if (scoreA === scoreT) return goOn(a2, t2, calm, q);
          const loser = scoreA > scoreT ? 'target' : 'attacker';
          const holds = pass(c.ld - Math.abs(scoreA - scoreT));
          goOn(a2, t2, loser === 'attacker' && c.frenzy ? 1 : calm, q * holds);
          add(`${round}:${loser}-caught`, q * (1 - holds) * CAUGHT);
          add(`${round}:${loser}-escaped`, q * (1 - holds) * (1 - CAUGHT));
        }),
      );
    }
    live = next;
  }
  for (const p of live.values()) add('fighting', p);
  return out;
}

function fight(c: Case): Outcome {
  const unit = (extra: Json = {}): Json => ({ models: c.models, files: c.models, ws: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: c.ld, ...extra });
  return ninthAge.exact(
    ninthAge.parse({
      attacker: unit(c.frenzy ? { rules: ['frenzy'] } : {}),
      target: unit(c.standAndShoot ? { bs: 3, equipment: ['bow'] } : {}),
      situation: { type: 'fight', charging: 'attacker', rounds: c.rounds, 'stand-and-shoot': c.standAndShoot ?? false },
    }),
  );
}

function expectTables(actual: Record<string, number>, want: Record<string, number>): void {
  for (const k of new Set([...Object.keys(actual), ...Object.keys(want)])) expect(actual[k] ?? 0, k).toBeCloseTo(want[k] ?? 0, 12);
}

describe('9th Age whole fights against an independent chain', () => {
  it('3 v 3, Ld 7: every round and ending, the charge bonus only in round 1, break tests and pursuit', () => {
    const c = { models: 3, ld: 7, frenzy: false, rounds: 8 };
    const o = fight(c);
    expectTables(o.outcomes!.ending, expected(c));
    expect(Object.values(o.morale!).reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
  });

  it('3 v 3, frenzied attackers (2 attacks a model) lose Frenzy after a lost round, Ld 6', () => {
    const c = { models: 3, ld: 6, frenzy: true, rounds: 6 };
    expectTables(fight(c).outcomes!.ending, expected(c));
  });

  it('Stand and Shoot before round 1: Binomial(3, 1/6) casualties, the Panic test, then the chain', () => {
    const c = { models: 3, ld: 7, frenzy: false, rounds: 6, standAndShoot: true };
    const o = fight(c);
    expectTables(o.outcomes!.ending, expected(c));
    expect(o.outcomes!.ending['1:attacker-fled-at-charge']).toBeGreaterThan(0.1);
  });

  it('Stand and Shoot is refused without a missile weapon or a charging attacker, one line naming the field', () => {
    const unit = { models: 3, files: 3, ws: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 };
    const parse = (target: Json, charging = 'attacker') =>
      ninthAge.parse({ attacker: unit, target, situation: { type: 'fight', charging, 'stand-and-shoot': true } });
    expect(() => parse(unit)).toThrow(/situation\.stand-and-shoot.*no missile weapon/);
    expect(() => parse({ ...unit, bs: 3, equipment: ['bow'] }, 'target')).toThrow(/situation\.stand-and-shoot.*charging "attacker"/);
  });

  it('a cap of one round is round 1 alone: still fighting = neither side ended', () => {
    const c = { models: 3, ld: 7, frenzy: false, rounds: 1 };
    const o = fight(c);
    expectTables(o.outcomes!.ending, expected(c));
    expect(Object.keys(o.outcomes!).filter((k) => k.startsWith('margin-'))).toEqual(['margin-1']);
  });
});
