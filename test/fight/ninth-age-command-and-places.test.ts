/**
 * 9th Age: the champion's own WS once it stands alone (§4.5, §10), the standard bearer and musician
 * as upgraded rank and file judged after the blows (§10 GRUPOS DE MANDO, §12.1), a fallen fighter's
 * place in the front rank filled before the next Initiative step (§4.2, PRIMEROS DE LA FILA), and the
 * six places of a war machine (§9 War Machine Profile). Every expected value is a hand enumeration of
 * the dice written here from the rules, never the engine's output.
 */
import { describe, expect, it } from 'vitest';
import { ninthAgeWithFights as ninthAge } from '../../src/systems/ninth-age/index.js';
import { binomial, expectSimulatorMatches, table } from './support.js';

const body = { ws: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 };

/** Each margin's probability in a report's table equals the expected one (and no other margin has any). */
function expectMargins(got: Record<string, number>, expected: Map<number, number>): void {
  for (const [m, p] of expected) expect(got[String(m)] ?? 0, `margin ${m}`).toBeCloseTo(p, 12);
  for (const [m, p] of Object.entries(got)) if (!expected.has(Number(m))) expect(p, `margin ${m}`).toBeCloseTo(0, 12);
}

/** Add p at key k. */
const add = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p);

/** Binomial(n, p) wounds on a pool of `pool`: the excess is lost (§4.10). */
const capped = (n: number, p: number, pool: number) => {
  const out = new Array<number>(pool + 1).fill(0);
  binomial(n, p).forEach((q, k) => (out[Math.min(k, pool)] += q));
  return out;
};

describe('9th Age: a champion left alone is struck at its own WS (§4.5, §10)', () => {
  it('an impact hit slays the one rank and file, then the attack strikes the champion at WS4 (one round)', () => {
    // Attacker: one WS4 S3 model with Impact Hits (1), charging. Target: one WS3 rank and file and its
    // champion (WS4, §10), T3, W1, no armour, S0 (it never wounds back).
    // I10: the impact hit, automatic, S3 against T3 wounds on 4+ (1/2): the rank and file falls.
    // I3: one attack — at the rank and file (WS4 against WS3: 3+, then 4+ to wound: 1/3) while it stands,
    //     else at the champion alone (WS4 against WS4: 4+, then 4+: 1/4).
    const s = ninthAge.parse({
      attacker: { ...body, models: 1, files: 1, ws: 4, rules: ['impact-hits(1)'] },
      target: { ...body, models: 2, files: 2, s: 0, champion: true },
      situation: { type: 'fight', charging: 'attacker', rounds: 1, pursuit: false },
    });
    const damage = [(1 / 2) * (2 / 3), (1 / 2) * (1 / 3) + (1 / 2) * (3 / 4), (1 / 2) * (1 / 4)];
    // Margin: the charge (+1) and the wounds caused; the target scores nothing (no ranks, no wounds)
    expectMargins(table(ninthAge.exact(s), 'margin-1'), new Map(damage.map((p, d) => [1 + d, p])));
    expectSimulatorMatches(ninthAge, s, 'lone champion ws', 20_000, 'margin-1');
  });

  it('a champion alone from the start, with a musician: struck at 4+ and no tie-break (one-round melee)', () => {
    // One WS4 attack at the champion alone (WS4: 4+, 4+ to wound: 1/4 slays it). Otherwise 0–0: a draw,
    // and the lone champion carries no instrument (§10, §12.1), so no side wins it.
    const o = ninthAge.exact(
      ninthAge.parse({
        attacker: { ...body, models: 1, files: 1, ws: 4 },
        target: { ...body, models: 1, files: 1, s: 0, champion: true, musician: true },
        situation: { type: 'melee', charging: 'none' },
      }),
    );
    expect(o.destroyed).toBeCloseTo(1 / 4, 12);
    expect(o.morale!.draw).toBeCloseTo(3 / 4, 12);
  });
});

describe('9th Age: the standard bearer is a rank-and-file model, counted after the blows (§10, §12.1)', () => {
  // Attacker: one WS4 S3 model. Target: one WS3 rank and file (the standard bearer) and its champion,
  // S0 (never wounds back). Both Unbreakable, so every round is fought. No charge.
  const s = (rounds: number) =>
    ninthAge.parse({
      attacker: { ...body, models: 1, files: 1, ws: 4, rules: ['unbreakable'] },
      target: { ...body, models: 2, files: 2, s: 0, champion: true, standard: true, rules: ['unbreakable'] },
      situation: { type: 'fight', charging: 'none', rounds },
    });

  it('round 1: a bearer slain this round no longer counts', () => {
    // The one attack slays the bearer with 2/3 · 1/2 = 1/3: then 1 – 0; otherwise 0 – 1 (the standard).
    expectMargins(table(ninthAge.exact(s(1)), 'margin-1'), new Map([[1, 1 / 3], [-1, 2 / 3]]));
  });

  it('round 2: the champion left alone carries no standard', () => {
    // From both standing (2/3): as round 1. From the champion alone (1/3): struck at WS4 (1/4 slain),
    // 1 – 0, else 0 – 0 — no standard.
    const expected = new Map<number, number>();
    add(expected, 1, (2 / 3) * (1 / 3));
    add(expected, -1, (2 / 3) * (2 / 3));
    add(expected, 1, (1 / 3) * (1 / 4));
    add(expected, 0, (1 / 3) * (3 / 4));
    const o = ninthAge.exact(s(2));
    expectMargins(table(o, 'margin-2'), expected);
    expectSimulatorMatches(ninthAge, s(2), 'standard bearer', 20_000, 'margin-2');
  });
});

describe('9th Age: a fighter slain in a challenge leaves no gap (§4.2, PRIMEROS DE LA FILA)', () => {
  // Attacker: 3 A0 rank and file (3 wide) and a character (WS3 S3 A1 I5, W1) who fights the challenge.
  // Target: 3 rank and file, 3 wide, WS3 S3 A2 I3, and a character (A0, I4, W1, T3) who accepts.
  // I5: the attacker's character slays the target's with 1/2 · 1/2 = 1/4 (no Overkill: one wound).
  // I3: the target's rank and file strike the attacker's (each 4+, 4+: 1/4; 3 W1 models, excess lost):
  //     with their character in the front rank, 2 × A2 in front and 1 supporting = 5 attacks; with it
  //     slain, its place filled from behind, 3 × A2 in front = 6.
  const s = () =>
    ninthAge.parse({
      attacker: { ...body, models: 3, files: 3, a: 0, 'with-character': { ...body, i: 5 } },
      target: { ...body, models: 3, files: 3, a: 2, 'with-character': { ...body, i: 4, a: 0 } },
      situation: { type: 'fight', charging: 'none', rounds: 1, challenge: true },
    });

  it('the rank and file striking after the fall count the full front rank', () => {
    const expected = new Map<number, number>();
    capped(6, 1 / 4, 3).forEach((p, y) => add(expected, 1 - y, (1 / 4) * p));
    capped(5, 1 / 4, 3).forEach((p, y) => add(expected, -y, (3 / 4) * p));
    expectMargins(table(ninthAge.exact(s()), 'margin-1'), expected);
    expectSimulatorMatches(ninthAge, s(), 'challenger slot', 20_000, 'margin-1');
  });
});

describe('9th Age: at most six places of attacking models fight a war machine (§9)', () => {
  // The target: a war machine, W3, T3, WS3, A0. Each attack below: 4+ to hit, 4+ to wound (1/4),
  // or 3+ to hit (1/3) for the WS4 champion. Wounds beyond its 3 are lost.
  const machine = { ...body, troop: 'war-machine', models: 1, files: 1, w: 3, a: 0 };
  const damage = (attacker: object) =>
    Array.from(ninthAge.exact(ninthAge.parse({ attacker, target: machine, situation: { type: 'melee', charging: 'none' } })).damage);
  const expectDist = (got: number[], expected: number[]) => {
    expect(got.length).toBe(expected.length);
    expected.forEach((p, k) => expect(got[k]).toBeCloseTo(p, 12));
  };

  it('10 infantry in two ranks: 5 in front and 1 supporting attack', () => {
    expectDist(damage({ ...body, models: 10, files: 5 }), capped(6, 1 / 4, 3));
  });

  it('a champion takes a place first: champion (A2, WS4), 4 in front, 1 supporting', () => {
    const champion = binomial(2, 1 / 3);
    const others = binomial(5, 1 / 4);
    const expected = [0, 0, 0, 0];
    champion.forEach((p, i) => others.forEach((q, j) => (expected[Math.min(3, i + j)] += p * q)));
    expectDist(damage({ ...body, models: 10, files: 5, champion: true }), expected);
  });

  it('monstrous infantry count 3: two models of a front rank of three attack, and stomp', () => {
    // Two A3 models: 6 attacks at I3 (without the limit 3 × 3 in front and 3 × 3 supporting), then
    // their Stomp (1) at I0 (§6, §9): 2 automatic hits, S3 against T3, 1/2 each
    const attacks = binomial(6, 1 / 4);
    const stomps = binomial(2, 1 / 2);
    const expected = [0, 0, 0, 0];
    attacks.forEach((p, i) => stomps.forEach((q, j) => (expected[Math.min(3, i + j)] += p * q)));
    expectDist(damage({ ...body, troop: 'monstrous-infantry', models: 6, files: 3, w: 3, a: 3 }), expected);
  });
});
