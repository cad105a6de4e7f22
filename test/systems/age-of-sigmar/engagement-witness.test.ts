/**
 * The two-unit engagement witness (engagement-enumerate.ts, over enumerate.ts: both written from
 * the rules file, importing nothing from src/) against the exact engagement chain: fixed
 * engagements where casualties shrink the reply, then random small ones — one unit a side, one to
 * four models of Health 1–3, a weapon every model carries and perhaps one only a single model
 * carries, a Champion, Cornered Rat, Strike-first or Strike-last, a charge, cover, over one to four
 * turns with either player first. The defender's damage, slain, P(destroyed), the turn it was
 * destroyed in and both units' models left must agree to 1e-12.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOfSigmar } from '../../../src/systems/age-of-sigmar/index.js';
import { fuzzRuns } from '../../support/walk.js';
import { type EngagementEnumerated, type TwoUnitEngagement, enumerateTwoUnitEngagement, unitWith } from './engagement-enumerate.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw scenario JSON */
type Json = any;
const TOL = 1e-12;

function engineInput(e: TwoUnitEngagement): Json {
  const unit = (name: string, side: 'attacker' | 'defender', target: string, u: TwoUnitEngagement['attacker']) => ({
    name,
    side,
    targets: [target],
    charged: Boolean(u.charged),
    cover: Boolean(u.cover),
    unit: { ...u.unit, abilities: [...(u.unit.abilities ?? []), ...(u.strikeFirst ? ['strike-first'] : []), ...(u.strikeLast ? ['strike-last'] : [])] },
  });
  return {
    engagement: { turns: e.turns, first: e.first ?? 'attacker', phases: ['combat'], target: 'B' },
    units: [unit('A', 'attacker', 'B', e.attacker), unit('B', 'defender', 'A', e.defender)],
  };
}

function disagreement(e: TwoUnitEngagement): string | null {
  const o = ageOfSigmar.exact(ageOfSigmar.parse(engineInput(e)));
  const w: EngagementEnumerated = enumerateTwoUnitEngagement(e);
  const gaps: string[] = [];
  const check = (what: string, a: number, b: number) => {
    if (!(Math.abs(a - b) <= TOL)) gaps.push(`${what}: exact ${a}, enumerated ${b}`);
  };
  const pmf = (what: string, a: ArrayLike<number>, b: Map<number, number>) => {
    for (let k = 0; k <= Math.max(a.length - 1, ...b.keys()); k++) check(`${what}[${k}]`, a[k] ?? 0, b.get(k) ?? 0);
  };
  pmf('damage', o.damage, w.damage);
  pmf('slain', o.slain!, w.slain);
  check('destroyed', o.destroyed!, w.destroyed);
  const inTurn = o.outcomes!['destroyed-in-turn'];
  for (let t = 1; t <= e.turns; t++) check(`destroyed in turn ${t}`, inTurn[`turn ${t} (round ${Math.ceil(t / 2)})`] ?? 0, w.destroyedInTurn.get(t) ?? 0);
  check('survives', inTurn.survives ?? 0, w.survives);
  const left = (name: string, m: Map<number, number>) => {
    const t = o.outcomes![`left: ${name}`];
    for (const k of new Set([...Object.keys(t).map(Number), ...m.keys()])) check(`left: ${name}[${k}]`, t[String(k)] ?? 0, m.get(k) ?? 0);
  };
  left('A', w.left.attacker);
  left('B', w.left.defender);
  return gaps.length ? gaps.slice(0, 4).join('; ') : null;
}

const spear = { name: 'Spear', attacks: 2, hit: '4+', wound: '3+', rend: 0, damage: 1 };
const glaive = { name: 'Glaive', models: 1, attacks: 1, hit: '3+', wound: '3+', rend: 1, damage: 2 };

describe('age-of-sigmar engagement witness: fixed engagements', () => {
  it('the unit that fights second replies with its survivors, the glaive and the Champion going last (README)', () => {
    const guards = { models: 4, health: 1, save: '5+', keywords: ['champion'], weapons: [spear, glaive] };
    expect(unitWith(guards, 4).weapons).toEqual([spear, glaive]);
    expect(unitWith(guards, 2).weapons).toEqual([spear, glaive]); // the glaive carrier and the Champion
    expect(unitWith(guards, 1)).toMatchObject({ models: 1, keywords: ['champion'], weapons: [spear] });
    const brutes = { models: 2, health: 3, save: '4+', weapons: [{ name: 'Club', attacks: 3, hit: '4+', wound: '3+', rend: 1, damage: 'D3' }] };
    expect(unitWith(brutes, 4)).toMatchObject({ models: 2, damaged: 2 });
    expect(disagreement({ attacker: { unit: brutes, charged: true }, defender: { unit: guards }, turns: 4 })).toBeNull();
    expect(disagreement({ attacker: { unit: guards, charged: true }, defender: { unit: brutes, strikeFirst: true }, turns: 3, first: 'attacker' })).toBeNull();
  });
  it('Cornered Rat switches on for the reply once the rat is damaged (Clawlord sheet)', () => {
    const rat = { models: 1, health: 5, save: '4+', ward: '6+', weapons: [{ name: 'Warpforged Halberd', attacks: 2, hit: '3+', wound: '4+', rend: 1, damage: 1, abilities: ['cornered-rat'] }] };
    const guards = { models: 3, health: 1, save: '5+', weapons: [spear] };
    expect(disagreement({ attacker: { unit: guards }, defender: { unit: rat }, turns: 4 })).toBeNull();
  });
});

// ---- Random small engagements -------------------------------------------------------------

const need = fc.integer({ min: 2, max: 5 }).map((n) => `${n}+`);
const weaponArb = fc.record({
  attacks: fc.constantFrom(1, 2, 'D3'),
  hit: need,
  wound: need,
  rend: fc.constantFrom(0, 0, 1),
  damage: fc.constantFrom(1, 1, 2, 'D3'),
  abilities: fc.subarray(['crit-mortal', 'charge(+1 damage)', 'anti-charge(+1 rend)']),
});

const unitArb = fc.record({
  models: fc.integer({ min: 1, max: 4 }),
  health: fc.integer({ min: 1, max: 3 }),
  save: fc.constantFrom('3+', '4+', '5+', '6+', 'none'),
  ward: fc.constantFrom('none', 'none', '5+', '6+'),
  damaged: fc.nat(2),
  weapon: weaponArb,
  special: fc.option(weaponArb, { freq: 3 }),
  champion: fc.boolean(),
  rat: fc.constantFrom(false, false, true),
  strike: fc.constantFrom(null, null, null, 'first', 'last'),
  cover: fc.constantFrom(false, false, true),
});

function unitOf(r: typeof unitArb extends fc.Arbitrary<infer T> ? T : never): TwoUnitEngagement['attacker'] {
  const main = { name: r.rat ? 'Warpforged Halberd' : 'main', ...r.weapon, abilities: r.rat ? [...r.weapon.abilities, 'cornered-rat'] : r.weapon.abilities };
  // a weapon only one model carries needs a model apart from the Champion (README)
  const special = r.special && r.models >= (r.champion ? 2 : 1) + 1 ? [{ name: 'special', ...r.special, models: 1 }] : [];
  const unit: Json = {
    models: r.models,
    health: r.health,
    save: r.save,
    ward: r.ward,
    damaged: Math.min(r.damaged, r.health - 1),
    ...(r.champion ? { keywords: ['champion'] } : {}),
    weapons: [main, ...special],
  };
  return { unit, cover: r.cover, strikeFirst: r.strike === 'first', strikeLast: r.strike === 'last' };
}

const engagementArb = fc.record({ a: unitArb, b: unitArb, turns: fc.integer({ min: 1, max: 4 }), first: fc.constantFrom('attacker', 'defender'), charged: fc.boolean() });

describe('age-of-sigmar engagement witness: random small engagements', () => {
  it(`agree with the exact engine (${fuzzRuns(50)} engagements)`, () => {
    fc.assert(
      fc.property(engagementArb, (r) => {
        const attacker = unitOf(r.a);
        const defender = unitOf(r.b);
        // only the first player's units can have charged (13.0)
        if (r.charged) (r.first === 'attacker' ? attacker : defender).charged = true;
        const gap = disagreement({ attacker, defender, turns: r.turns, first: r.first as 'attacker' });
        if (gap) throw new Error(gap);
      }),
      { seed: 32, numRuns: fuzzRuns(50) },
    );
  });
});
