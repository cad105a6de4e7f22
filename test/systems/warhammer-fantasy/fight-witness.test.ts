/**
 * The whole-fight witness (fight-enumerate.ts: written from the rules file and the README's
 * readings, importing nothing from src/) against the exact fight chain: fixed fights with a
 * character, a champion, a challenge and Overkill, then random small fights — up to 5 rank and file
 * a side in ranks of 2–5, a character or champion of 1–3 Wounds (General, Battle Standard), a
 * challenge or not, over 1–3 rounds. Every ending (round and kind), every round's margin, Overkill
 * and models left, the target's damage, slain and P(removed) must agree to 1e-12.
 *
 * Fights whose challenge goes on after one side's rank and file are wiped out (its fighter still
 * in the challenge, §9–§12) have describes of their own.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { warhammerFantasyWithFights as warhammerFantasy } from '../../../src/systems/warhammer-fantasy/index.js';
import { fightDisagreement } from '../../support/fight-witness.js';
import { fuzzRuns } from '../../support/walk.js';
import { type FightEnumerated, enumerateWfbFight } from './fight-enumerate.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw scenario JSON */
type Json = any;

function disagreement(input: Json, e: FightEnumerated = enumerateWfbFight(input)): string | null {
  return fightDisagreement(warhammerFantasy.exact(warhammerFantasy.parse(input)), e, input.situation.rounds, input.situation.challenge === true);
}

const warrior = { m: 10, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 };
const hero = { m: 10, ws: 5, bs: 5, s: 4, t: 4, w: 2, i: 3, a: 3, ld: 8 };
/** A hero whose 6 attacks on a W1 champion can score Overkill up to the +5 cap. */
const slayer = { ...hero, ws: 6, s: 5, a: 6 };

describe('warhammer-fantasy whole-fight witness: fixed fights', () => {
  it('the enumerator itself: E11 — 7 attacks, WS 7, S 5 on a champion WS 4, T 3, W 1, heavy armour + shield, Overkill up to +5', () => {
    // Per attack: hit 3+ (2/3), wound 2+ (5/6), save 5 − 1 + 2 = 6+ (5/6 fail): 25/54. The first wound slays,
    // each more is +1 Overkill, at most +5: E[min(5, max(0, X − 1))] for X ~ B(7, 25/54).
    const input = {
      attacker: { ...warrior, models: 3, width: 3, 'with-character': { ...warrior, ws: 7, s: 5, a: 7, w: 3 } },
      target: { ...warrior, models: 3, width: 3, 'with-character': { ...warrior, ws: 4, t: 3, w: 1, a: 1, armour: ['heavy', 'shield'], champion: true } },
      situation: { phase: 'fight', charging: 'attacker', rounds: 1, challenge: true },
    };
    const e = enumerateWfbFight(input);
    const p = 25 / 54;
    let expected = 0;
    for (let k = 0, c = 1; k <= 7; k++, c = (c * (8 - k)) / k) expected += c * p ** k * (1 - p) ** (7 - k) * Math.min(5, Math.max(0, k - 1));
    const got = Object.entries(e.overkillAttacker[0]).reduce((s, [k, q]) => s + Number(k) * q, 0);
    expect(got).toBeCloseTo(expected, 12);
  });
  it('a hero and a champion in a challenge while their units fight on, 2 rounds, neither unit can be wiped out while its fighter stands', () => {
    const input = {
      attacker: { ...warrior, models: 8, width: 4, 'with-character': slayer },
      target: { ...warrior, models: 8, width: 4, ws: 4, 'with-character': { ...warrior, ws: 4, a: 2, champion: true } },
      situation: { phase: 'fight', charging: 'attacker', rounds: 2, challenge: true },
    };
    expect(enumerateWfbFight(input).challengeWithoutRankAndFile).toBe(0);
    expect(disagreement(input)).toBeNull();
  });
  it('a General and a Battle Standard without a challenge: Ld and the re-roll while they stand, the character hit once its unit is gone', () => {
    const input = {
      attacker: { ...warrior, models: 4, width: 4, ws: 4, s: 4, 'with-character': { ...hero, general: true } },
      target: { ...warrior, models: 5, width: 5, armour: ['light', 'shield'], 'with-character': { ...hero, w: 1, a: 2, 'battle-standard': true } },
      situation: { phase: 'fight', charging: 'attacker', rounds: 4 },
    };
    expect(disagreement(input)).toBeNull();
  });
});

describe("warhammer-fantasy whole-fight witness: a challenge fought on after one unit's rank and file fell", () => {
  it('../shared/cases/whfb-challenge-leak.json', () => {
    const input = {
      attacker: {"models": 4, "width": 4, "m": 10, "ws": 4, "bs": 3, "s": 3, "t": 3, "w": 1, "i": 4, "a": 1, "ld": 8, "armour": ["light", "shield"], "with-character": {"m": 10, "ws": 6, "bs": 3, "s": 4, "t": 4, "w": 2, "i": 4, "a": 3, "ld": 9, "armour": ["heavy", "shield"], "general": true}},
      target: {"models": 2, "width": 2, "m": 10, "ws": 3, "bs": 3, "s": 3, "t": 3, "w": 1, "i": 3, "a": 1, "ld": 7, "armour": ["light", "shield"], "with-character": {"m": 10, "ws": 4, "bs": 3, "s": 3, "t": 3, "w": 1, "i": 3, "a": 2, "ld": 7, "armour": ["heavy", "shield"], "champion": true}},
      situation: {"phase": "fight", "charging": "attacker", "challenge": true, "rounds": 2},
    };
    const e = enumerateWfbFight(input);
    expect(Object.values(e.ending).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    expect(e.challengeWithoutRankAndFile).toBeGreaterThan(0);
    expect(disagreement(input, e)).toBeNull();
  });
});

// ---- Random small fights --------------------------------------------------------------------

const armour = fc.constantFrom<string[]>([], [], ['light'], ['heavy'], ['shield'], ['light', 'shield']);
const unitArb = fc.record({
  models: fc.integer({ min: 1, max: 5 }),
  width: fc.integer({ min: 2, max: 5 }),
  ws: fc.integer({ min: 2, max: 5 }),
  s: fc.integer({ min: 2, max: 5 }),
  t: fc.integer({ min: 2, max: 5 }),
  i: fc.integer({ min: 2, max: 4 }),
  a: fc.integer({ min: 1, max: 2 }),
  ld: fc.integer({ min: 5, max: 9 }),
  armour,
  character: fc.option(
    fc.record({
      ws: fc.integer({ min: 3, max: 7 }),
      s: fc.integer({ min: 3, max: 5 }),
      t: fc.integer({ min: 3, max: 5 }),
      w: fc.integer({ min: 1, max: 3 }),
      a: fc.integer({ min: 1, max: 5 }),
      ld: fc.integer({ min: 6, max: 10 }),
      armour,
      role: fc.constantFrom('none', 'general', 'battle-standard', 'champion'),
    }),
    { freq: 4 },
  ),
});
type RawUnit = typeof unitArb extends fc.Arbitrary<infer T> ? T : never;

function unitJson(u: RawUnit): Json {
  const body = { m: 10, bs: 3, w: 1, models: u.models, width: Math.min(u.width, u.models + (u.character ? 1 : 0)), ws: u.ws, s: u.s, t: u.t, i: u.i, a: u.a, ld: u.ld, armour: u.armour };
  if (!u.character) return body;
  const { role, ...c } = u.character;
  return { ...body, 'with-character': { m: 10, bs: 3, i: u.i, ...c, ...(role === 'none' ? {} : { [role]: true }) } };
}

const fightArb = fc
  .record({ a: unitArb, t: unitArb, challenge: fc.boolean(), charging: fc.constantFrom('attacker', 'attacker', 'none'), rounds: fc.integer({ min: 1, max: 3 }) })
  .map((r) => {
    const attacker = unitJson(r.a);
    const target = unitJson(r.t);
    const challenge = r.challenge && Boolean(r.a.character) && Boolean(r.t.character);
    return { attacker, target, situation: { phase: 'fight', charging: r.charging, rounds: r.rounds, ...(challenge ? { challenge: true } : {}) } };
  });

describe('warhammer-fantasy whole-fight witness: random small fights', () => {
  it(`agree with the exact engine (${fuzzRuns(20)} fights)`, () => {
    fc.assert(
      fc.property(fightArb, (input) => {
        const e = enumerateWfbFight(input);
        fc.pre(e.challengeWithoutRankAndFile === 0);
        const gap = disagreement(input, e);
        if (gap) throw new Error(gap);
      }),
      { seed: 32, numRuns: fuzzRuns(20) },
    );
  });
});

describe("warhammer-fantasy whole-fight witness: random challenges fought on after one unit's rank and file fell", () => {
  it(`agree with the exact engine (${fuzzRuns(20)} fights)`, () => {
    fc.assert(
      fc.property(
        fightArb.filter((i) => i.situation.challenge === true && i.situation.rounds >= 2),
        (input) => {
          const e = enumerateWfbFight(input);
          fc.pre(e.challengeWithoutRankAndFile > 0);
          const gap = disagreement(input, e);
          if (gap) throw new Error(gap);
        },
      ),
      { seed: 33, numRuns: fuzzRuns(20) },
    );
  });
});
