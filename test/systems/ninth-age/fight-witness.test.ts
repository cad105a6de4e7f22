/**
 * The whole-fight witness (fight-enumerate.ts: written from the rules file and the README's
 * readings, importing nothing from src/) against the exact 9th Age fight chain: fixed fights with a
 * character, a champion, a challenge and Overkill, then random small fights — up to 6 models a side
 * in 2–5 files (full ranks, Steadfast), a standard, a musician, a champion, a character of 1–3 Wounds at its own Initiative, a challenge or not,
 * over 1–3 rounds. Every ending, every round's margin, Overkill and models left, the target's
 * damage, slain and P(removed) must agree to 1e-12.
 *
 * Fights that turn on one rule have describes of their own, named after it: a champion left alone
 * and attacked (hit at its own WS, unit WS + 1, §10, §4.5); a standard counted only while a
 * rank-and-file model stands to carry it (§12.1, book: GRUPOS DE MANDO); a fighter or champion slain
 * in one Initiative step before its unit's rank and file strike at a later step, with models behind
 * to fill its place (book: PRIMEROS DE LA FILA); and the break test on the Ld of models still standing
 * (§2, §4.2, §12.2).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ninthAgeWithFights as ninthAge } from '../../../src/systems/ninth-age/index.js';
import { fightDisagreement } from '../../support/fight-witness.js';
import { fuzzRuns } from '../../support/walk.js';
import { type FightEnumerated, enumerateT9aFight } from './fight-enumerate.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw scenario JSON */
type Json = any;

function disagreement(input: Json, e: FightEnumerated = enumerateT9aFight(input)): string | null {
  return fightDisagreement(ninthAge.exact(ninthAge.parse(input)), e, input.situation.rounds, input.situation.challenge === true);
}

const base = { troop: 'infantry', ws: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 };

describe('ninth-age whole-fight witness: fixed fights', () => {
  it('the enumerator itself: a character (I4) kills a W1 champion with Overkill capped at +3 (§4.11)', () => {
    // The attacker's champion-less unit of 3 (I2) and its character (WS6 S5, A6, I4) challenge the target's
    // champion (WS3+1, T3, W1, no armour): per attack hit 3+ (2/3), wound 2+ (5/6): 5/9. Overkill = min(3, X − 1).
    const input = {
      attacker: { ...base, models: 3, files: 3, i: 2, a: 0, 'with-character': { ...base, ws: 6, s: 5, a: 6, i: 4, w: 2 } },
      target: { ...base, models: 3, files: 3, a: 0, i: 1, champion: true },
      situation: { type: 'fight', charging: 'attacker', rounds: 1, challenge: true },
    };
    const e = enumerateT9aFight(input);
    const p = 5 / 9;
    let expected = 0;
    for (let k = 0, c = 1; k <= 6; k++, c = (c * (7 - k)) / k) expected += c * p ** k * (1 - p) ** (6 - k) * Math.min(3, Math.max(0, k - 1));
    const got = Object.entries(e.overkillAttacker[0]).reduce((s, [k, q]) => s + Number(k) * q, 0);
    expect(got).toBeCloseTo(expected, 12);
    expect(disagreement(input, e)).toBeNull();
  });
  it('a captain (I5) in warriors challenges a veteran (I4) in warriors: 2 rounds, characters strike at their own step', () => {
    const input = {
      attacker: { ...base, models: 6, files: 3, equipment: ['light-armour', 'shield'], 'with-character': { ...base, ws: 5, s: 4, t: 4, w: 2, i: 5, a: 3, ld: 8, equipment: ['heavy-armour'] } },
      target: { ...base, models: 6, files: 3, ws: 4, i: 4, 'with-character': { ...base, ws: 5, s: 4, t: 4, w: 2, i: 4, a: 2, ld: 8 } },
      situation: { type: 'fight', charging: 'attacker', rounds: 2, challenge: true },
    };
    const e = enumerateT9aFight(input);
    expect(Object.values(e.ending).reduce((s, q) => s + q, 0)).toBeCloseTo(1, 12);
    if (e.fighterSlainBeforeItsUnitStrikes === 0) expect(disagreement(input, e)).toBeNull();
  });
  it('two champions in a challenge, wounds beyond the rank and file going on to the champion (§4.10)', () => {
    const input = {
      attacker: { ...base, models: 4, files: 4, ws: 4, s: 4, i: 4, champion: true },
      target: { ...base, models: 3, files: 3, champion: true },
      situation: { type: 'fight', charging: 'attacker', rounds: 2, challenge: true },
    };
    const e = enumerateT9aFight(input);
    if (e.loneChampionAttacked === 0 && e.fighterSlainBeforeItsUnitStrikes === 0) expect(disagreement(input, e)).toBeNull();
    else expect(disagreement({ ...input, situation: { ...input.situation, rounds: 1 } })).toBeNull();
  });
  it('10 against 10 in 5 files, a musician: rank bonus, Steadfast and the musician winning a draw (§12.1, §12.2), 3 rounds', () => {
    const unit = { troop: 'infantry', models: 10, files: 5, ws: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, equipment: ['light-armour'] };
    const input = {
      attacker: unit,
      target: { ...unit, ws: 4, t: 4, i: 4, musician: true },
      situation: { type: 'fight', charging: 'none', rounds: 3 },
    };
    expect(disagreement(input)).toBeNull();
  });
});

describe('ninth-age whole-fight witness: a lone champion keeps its WS + 1; the standard counts while a rank-and-file model stands to carry it', () => {
  it('../shared/cases/t9a-champion-ws.json, 3 rounds of its 8', () => {
    const input = {
      attacker: {"troop": "infantry", "models": 10, "files": 5, "m": 4, "ws": 3, "s": 3, "t": 3, "w": 1, "i": 3, "a": 1, "ld": 7, "equipment": ["hand-weapon", "light-armour"], "champion": true},
      target: {"troop": "infantry", "models": 10, "files": 5, "m": 4, "ws": 4, "s": 3, "t": 4, "w": 1, "i": 4, "a": 1, "ld": 7, "equipment": ["hand-weapon", "light-armour"], "musician": true},
      situation: {"type": "fight", "charging": "none", "rounds": 3},
    };
    const e = enumerateT9aFight(input);
    expect(e.loneChampionAttacked).toBeGreaterThan(0);
    expect(disagreement(input, e)).toBeNull();
  });
  it('../shared/cases/t9a-champion-standard.json, 3 rounds of its 8', () => {
    const input = {
      attacker: {"troop": "infantry", "models": 10, "files": 5, "m": 4, "ws": 3, "s": 3, "t": 3, "w": 1, "i": 3, "a": 1, "ld": 7, "equipment": ["hand-weapon", "light-armour"], "champion": true, "standard": true},
      target: {"troop": "infantry", "models": 10, "files": 5, "m": 4, "ws": 3, "s": 3, "t": 4, "w": 1, "i": 4, "a": 1, "ld": 7, "equipment": ["hand-weapon", "light-armour"], "musician": true},
      situation: {"type": "fight", "charging": "none", "rounds": 3},
    };
    const e = enumerateT9aFight(input);
    expect(e.standardWithoutRankAndFile).toBeGreaterThan(0);
    expect(disagreement(input, e)).toBeNull();
  });
  it('../shared/cases/t9a-challenge-standard.json, 2 rounds of its 6', () => {
    const input = {
      attacker: {"troop": "infantry", "models": 6, "files": 3, "m": 4, "ws": 3, "s": 3, "t": 3, "w": 1, "i": 3, "a": 1, "ld": 7, "equipment": ["hand-weapon", "shield", "light-armour"], "with-character": {"troop": "infantry", "m": 4, "ws": 5, "s": 4, "t": 4, "w": 2, "i": 3, "a": 3, "ld": 8, "equipment": ["hand-weapon", "shield", "heavy-armour"]}},
      target: {"troop": "infantry", "models": 6, "files": 3, "m": 4, "ws": 3, "s": 3, "t": 3, "w": 1, "i": 3, "a": 1, "ld": 7, "equipment": ["hand-weapon", "shield", "light-armour"], "standard": true, "with-character": {"troop": "infantry", "m": 4, "ws": 4, "s": 4, "t": 4, "w": 2, "i": 3, "a": 2, "ld": 8, "equipment": ["hand-weapon", "shield", "light-armour"]}},
      situation: {"type": "fight", "charging": "attacker", "challenge": true, "rounds": 2},
    };
    const e = enumerateT9aFight(input);
    expect(e.standardWithoutRankAndFile).toBeGreaterThan(0);
    expect(disagreement(input, e)).toBeNull();
  });
});

describe('ninth-age whole-fight witness: a slain fighter’s front-rank place is filled for later Initiative steps', () => {
  it('../shared/cases/t9a-challenger-slot.json, round 1 of its 6', () => {
    const input = {
      attacker: { troop: 'infantry', models: 6, files: 3, m: 4, ws: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, equipment: ['hand-weapon', 'shield', 'light-armour'], 'with-character': { troop: 'infantry', m: 4, ws: 5, s: 4, t: 4, w: 2, i: 5, a: 3, ld: 8, equipment: ['hand-weapon', 'shield', 'heavy-armour'] } },
      target: { troop: 'infantry', models: 6, files: 3, m: 4, ws: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, equipment: ['hand-weapon', 'shield', 'light-armour'], 'with-character': { troop: 'infantry', m: 4, ws: 4, s: 4, t: 4, w: 2, i: 4, a: 2, ld: 8, equipment: ['hand-weapon', 'shield', 'light-armour'] } },
      situation: { type: 'fight', charging: 'attacker', challenge: true, rounds: 1 },
    };
    const e = enumerateT9aFight(input);
    expect(e.fighterSlainBeforeItsUnitStrikes).toBeGreaterThan(0);
    expect(disagreement(input, e)).toBeNull();
  });
});

// ---- Random small fights --------------------------------------------------------------------

const equipment = fc.constantFrom<string[]>([], [], ['light-armour'], ['heavy-armour'], ['shield'], ['light-armour', 'shield']);
const unitArb = fc.record({
  models: fc.integer({ min: 1, max: 6 }),
  files: fc.integer({ min: 2, max: 5 }),
  standard: fc.constantFrom(false, false, false, false, true),
  musician: fc.constantFrom(false, false, true),
  ws: fc.integer({ min: 2, max: 5 }),
  s: fc.integer({ min: 2, max: 5 }),
  t: fc.integer({ min: 2, max: 5 }),
  i: fc.integer({ min: 1, max: 5 }),
  a: fc.integer({ min: 1, max: 2 }),
  ld: fc.integer({ min: 5, max: 9 }),
  equipment,
  champion: fc.boolean(),
  character: fc.option(
    fc.record({
      ws: fc.integer({ min: 3, max: 7 }),
      s: fc.integer({ min: 3, max: 5 }),
      t: fc.integer({ min: 3, max: 5 }),
      w: fc.integer({ min: 1, max: 3 }),
      i: fc.integer({ min: 1, max: 6 }),
      a: fc.integer({ min: 1, max: 5 }),
      ld: fc.integer({ min: 6, max: 10 }),
      equipment,
    }),
    { freq: 3 },
  ),
});
type RawUnit = typeof unitArb extends fc.Arbitrary<infer T> ? T : never;

function unitJson(u: RawUnit): Json {
  // a champion needs rank and file to fight apart from (README)
  const champion = u.champion && u.models >= 2;
  // a musician only in a unit without champion or character (the witness's limit)
  const musician = u.musician && !champion && !u.character;
  const body = {
    troop: 'infantry',
    w: 1,
    models: u.models,
    files: Math.min(u.files, u.models),
    ws: u.ws,
    s: u.s,
    t: u.t,
    i: u.i,
    a: u.a,
    ld: u.ld,
    equipment: u.equipment,
    ...(champion ? { champion: true } : {}),
    ...(u.standard ? { standard: true } : {}),
    ...(musician ? { musician: true } : {}),
  };
  return u.character ? { ...body, 'with-character': { troop: 'infantry', ...u.character } } : body;
}

const fighter = (u: Json) => u.champion === true || u['with-character'] !== undefined;
const fightArb = fc
  .record({ a: unitArb, t: unitArb, challenge: fc.boolean(), charging: fc.constantFrom('attacker', 'attacker', 'none'), rounds: fc.integer({ min: 1, max: 3 }) })
  .map((r) => {
    const attacker = unitJson(r.a);
    const target = unitJson(r.t);
    const challenge = r.challenge && fighter(attacker) && fighter(target);
    return { attacker, target, situation: { type: 'fight', charging: r.charging, rounds: r.rounds, ...(challenge ? { challenge: true } : {}) } };
  });

const knownBug = (e: FightEnumerated) => e.loneChampionAttacked > 0 || e.fighterSlainBeforeItsUnitStrikes > 0 || e.standardWithoutRankAndFile > 0;
const ldFinding = (e: FightEnumerated) => e.testedWithoutItsFallenRankAndFile > 0;
const clean = (e: FightEnumerated) => !knownBug(e) && !ldFinding(e);

describe('ninth-age whole-fight witness: random small fights', () => {
  it(`agree with the exact engine (${fuzzRuns(12)} fights)`, () => {
    fc.assert(
      fc.property(fightArb, (input) => {
        const e = enumerateT9aFight(input);
        fc.pre(clean(e));
        const gap = disagreement(input, e);
        if (gap) throw new Error(gap);
      }),
      { seed: 32, numRuns: fuzzRuns(12) },
    );
  });
});

describe('ninth-age whole-fight witness: random fights with a lone champion attacked, a standard without rank and file or a slain fighter’s place filled mid-round', () => {
  it(`agree with the exact engine (${fuzzRuns(12)} fights)`, () => {
    fc.assert(
      fc.property(fightArb, (input) => {
        const e = enumerateT9aFight(input);
        fc.pre(knownBug(e) && !ldFinding(e));
        const gap = disagreement(input, e);
        if (gap) throw new Error(gap);
      }),
      { seed: 33, numRuns: fuzzRuns(12) },
    );
  });
});

describe('ninth-age whole-fight witness: the break test counts only the Ld of models still standing (§2, §4.2, §12.2)', () => {
  // The loser's last rank and file fall in this round's Initiative steps; only its character (lower Ld) is present at
  // the break test. §2: "a unit testing as a whole uses the highest value present"; §4.2: casualties are removed at each
  // step; §12.2: the test follows the combat result.
  const input = {
    attacker: { ...base, models: 1, files: 1, ws: 2, s: 2, t: 2, i: 1, ld: 5 },
    target: { ...base, models: 1, files: 1, ws: 2, s: 2, t: 2, i: 1, ld: 7, 'with-character': { ...base, ws: 3, s: 3, t: 3, w: 1, i: 1, a: 1, ld: 6 } },
    situation: { type: 'fight', charging: 'attacker', rounds: 1 },
  };
  it('minimal fight: P(still fighting) = 15/36 · (3/4 · 15/36 + 1/4 · 6/36) = 765/5184', () => {
    // The attacker (p 1/4 to slay the R&F) survives the character (4/9) and the supporting R&F (1/4): 15/36. It wins by
    // 1 + x (charge, x R&F slain); the target holds on 2D6 ≤ Ld − D: Ld 7 with its R&F (x = 0), Ld 6 alone (x = 1).
    const e = enumerateT9aFight(input);
    expect(e.ending.fighting).toBeCloseTo(765 / 5184, 14);
    expect(disagreement(input, e)).toBeNull();
  });
  it(`random fights where it matters agree with the exact engine (${fuzzRuns(6)} fights)`, () => {
    fc.assert(
      fc.property(fightArb, (input) => {
        const e = enumerateT9aFight(input);
        fc.pre(ldFinding(e) && !knownBug(e));
        const gap = disagreement(input, e);
        if (gap) throw new Error(gap);
      }),
      { seed: 34, numRuns: fuzzRuns(6) },
    );
  });
});
