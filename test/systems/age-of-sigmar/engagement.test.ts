/**
 * Engagements against expectations built in the test: each ATTACK ability's damage is
 * the brute-force witness's (enumerate.ts, written from the rules file, importing nothing from
 * src/), and the order of the phase — Strike-first (19.0), alternating picks (13.1), casualties
 * removed before the reply (18.3), the weapons that go with slain models, Cornered Rat switching
 * on (A10), spill-over (18.2) — is walked here by hand, state by state.
 */
import { describe, expect, it } from 'vitest';
import { agreementOf } from '../../../src/analysis/agreement.js';
import { chunkRng, masterState } from '../../../src/core/rng.js';
import { Tally } from '../../../src/sim/tally.js';
import { ageOfSigmar } from '../../../src/systems/age-of-sigmar/index.js';
import type { Outcome } from '../../../src/systems/types.js';
import { type Weights, bind, map } from '../../support/walk.js';
import { enumerateAos } from './enumerate.js';
import { clawlord, frac, liberators } from './fixtures.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw scenario JSON */
type Json = any;

const spear = { name: 'Spear', attacks: 1, hit: '4+', wound: '3+', rend: 0, damage: 1 };
const glaive = { name: 'Glaive', models: 1, attacks: 1, hit: '4+', wound: '3+', rend: 1, damage: 2 };
/** 3 models of Health 1: every model has a spear, one also a glaive; a Champion (+1 Attacks on the spear). */
const guards = { models: 3, health: 1, save: '5+', keywords: ['champion'], weapons: [spear, glaive] };
const ratHalberd = { name: 'Warpforged Halberd', attacks: 1, hit: '3+', wound: '4+', rend: 1, damage: 1, abilities: ['cornered-rat'] };
/** One model of Health 3; Cornered Rat gives its halberd +3 Attacks while it is damaged. */
const rat = { models: 1, health: 3, save: '4+', ward: '6+', weapons: [ratHalberd] };

/**
 * The guards with k models left, as the owner removes them (README: plain models first, then the
 * carriers of weapons only some models have, the Champion last).
 */
function guardsWith(k: number): Json {
  if (k === 3) return guards;
  // One plain model slain: the glaive carrier and the Champion remain.
  if (k === 2) return { ...guards, models: 2 };
  // The glaive carrier slain too: the Champion alone, with its spear.
  return { ...guards, models: 1, weapons: [spear] };
}

const damageOf = (attacker: Json, target: Json): Weights => enumerateAos({ attacker, target }).damage;

/** Every next (rat damage, guards left) with its probability. */
type Weights2 = Array<[[number, number], number]>;

/** A joint distribution over two numbers (a, b) → probability, keyed "a,b". */
type Joint = Map<string, number>;
function addTo(j: Joint, a: number, b: number, p: number): void {
  const k = `${a},${b}`;
  j.set(k, (j.get(k) ?? 0) + p);
}

function engage(units: Json[], engagement: Json = {}): Outcome {
  return ageOfSigmar.exact(ageOfSigmar.parse({ engagement: { phases: ['combat'], ...engagement }, units }));
}

function expectTable(actual: Record<string, number> | undefined, expected: Map<number, number> | Record<string, number>): void {
  const want = expected instanceof Map ? Object.fromEntries([...expected].filter(([, p]) => p > 0).map(([k, p]) => [String(k), p])) : expected;
  const keys = new Set([...Object.keys(actual ?? {}), ...Object.keys(want)]);
  for (const k of keys) expect(Math.abs((actual?.[k] ?? 0) - (want[k] ?? 0)), `category ${k}`).toBeLessThan(1e-12);
}

/** Marginals of a joint (rat damage taken, guards left) at the end. */
function marginals(j: Joint, ratHealth: number) {
  const ratLeft = new Map<number, number>();
  const guardsLeft = new Map<number, number>();
  for (const [k, p] of j) {
    const [ratDamage, g] = k.split(',').map(Number);
    const left = ratDamage >= ratHealth ? 0 : 1;
    ratLeft.set(left, (ratLeft.get(left) ?? 0) + p);
    guardsLeft.set(g, (guardsLeft.get(g) ?? 0) + p);
  }
  return { ratLeft, guardsLeft };
}

/** The engagement's 'left: Rat' and 'left: Guards' tables equal the joint's marginals (the rat has 3 health); returns them. */
function expectLeft(o: Outcome, j: Joint) {
  const { ratLeft, guardsLeft } = marginals(j, 3);
  expectTable(o.outcomes?.['left: Rat'], ratLeft);
  expectTable(o.outcomes?.['left: Guards'], guardsLeft);
  return { ratLeft, guardsLeft };
}

describe('one combat phase, one unit a side, Strike-first (19.0)', () => {
  it('the Strike-first guards fight before the active player: damage they deal switches Cornered Rat on before the rat replies', () => {
    const end: Joint = new Map();
    for (const [d, p] of damageOf(guards, rat)) {
      if (d >= 3) addTo(end, 3, 3, p); // the rat is slain and never fights (18.3)
      else
        for (const [dealt, q] of damageOf({ ...rat, damaged: d }, guards)) addTo(end, d, 3 - Math.min(3, dealt), p * q);
    }
    const o = engage([
      { name: 'Rat', side: 'attacker', targets: ['Guards'], unit: rat },
      { name: 'Guards', side: 'defender', targets: ['Rat'], unit: { ...guards, abilities: ['strike-first'] } },
    ]);
    const { guardsLeft } = expectLeft(o, end);
    // The focus is the first defender, the guards: Health 1, so damage = slain.
    expectTable(Object.fromEntries(Array.from(o.slain!, (p, k) => [String(k), p])), new Map([...guardsLeft].map(([g, p]) => [3 - g, p])));
    expect(Math.abs(o.destroyed! - (guardsLeft.get(0) ?? 0))).toBeLessThan(1e-12);
    // Cornered Rat matters: without it the guards would lose less.
    const withoutRat = engage([
      { name: 'Rat', side: 'attacker', targets: ['Guards'], unit: { ...rat, weapons: [{ ...ratHalberd, abilities: [] }] } },
      { name: 'Guards', side: 'defender', targets: ['Rat'], unit: { ...guards, abilities: ['strike-first'] } },
    ]);
    expect(withoutRat.destroyed!).toBeLessThan(o.destroyed! - 0.01);
  });

  it('the Strike-first rat fights first; the guards reply with the models and weapons they have left', () => {
    const end: Joint = new Map();
    for (const [dealt, p] of damageOf(rat, guards)) {
      const left = 3 - Math.min(3, dealt);
      if (left === 0) addTo(end, 0, 0, p);
      else for (const [d, q] of damageOf(guardsWith(left), rat)) addTo(end, Math.min(3, d), left, p * q);
    }
    const o = engage([
      { name: 'Guards', side: 'attacker', targets: ['Rat'], unit: guards },
      { name: 'Rat', side: 'defender', targets: ['Guards'], unit: { ...rat, abilities: ['strike-first'] } },
    ]);
    expectLeft(o, end);
    // The focus is the rat: damage allocated to it, capped at its 3 health points (18.4).
    const damage = new Map<number, number>();
    for (const [k, p] of end) {
      const d = Number(k.split(',')[0]);
      damage.set(d, (damage.get(d) ?? 0) + p);
    }
    expectTable(Object.fromEntries(Array.from(o.damage, (p, k) => [String(k), p])), damage);
  });

  it('Strike-first and Strike-last on one unit cancel out (19.0): the active player fights first', () => {
    const both = engage([
      { name: 'Guards', side: 'attacker', targets: ['Rat'], unit: guards },
      { name: 'Rat', side: 'defender', targets: ['Guards'], unit: { ...rat, abilities: ['strike-first', 'strike-last'] } },
    ]);
    const plain = engage([
      { name: 'Guards', side: 'attacker', targets: ['Rat'], unit: guards },
      { name: 'Rat', side: 'defender', targets: ['Guards'], unit: rat },
    ]);
    expect(both.outcomes).toEqual(plain.outcomes);
    // Strike-last on the active player's unit hands the first blow to the rat.
    const last = engage([
      { name: 'Guards', side: 'attacker', targets: ['Rat'], unit: { ...guards, abilities: ['strike-last'] } },
      { name: 'Rat', side: 'defender', targets: ['Guards'], unit: rat },
    ]);
    const first = engage([
      { name: 'Guards', side: 'attacker', targets: ['Rat'], unit: guards },
      { name: 'Rat', side: 'defender', targets: ['Guards'], unit: { ...rat, abilities: ['strike-first'] } },
    ]);
    expect(last.outcomes).toEqual(first.outcomes);
  });
});

describe('turns: damage carries over, the active player alternates', () => {
  it('two turns of combat: guards first in turn 1 (theirs), the rat first in turn 2 (its own)', () => {
    // State (rat damage, guards left), walked activation by activation.
    let j: Joint = new Map([['0,3', 1]]);
    const step = (f: (ratDamage: number, g: number) => Weights2): void => {
      const next: Joint = new Map();
      for (const [k, p] of j) {
        const [d, g] = k.split(',').map(Number);
        for (const [[d2, g2], q] of f(d, g)) addTo(next, d2, g2, p * q);
      }
      j = next;
    };
    const guardsFight = (d: number, g: number): Weights2 =>
      d >= 3 || g === 0 ? [[[d, g], 1]] : [...damageOf(guardsWith(g), { ...rat, damaged: 0 })].map(([x, p]) => [[Math.min(3, d + x), g], p]);
    const ratFights = (d: number, g: number): Weights2 =>
      d >= 3 || g === 0 ? [[[d, g], 1]] : [...damageOf({ ...rat, damaged: d }, guards)].map(([x, p]) => [[d, Math.max(0, g - x)], p]);
    step(guardsFight);
    step(ratFights);
    const afterTurn1 = [...j].filter(([k]) => k.endsWith(',0')).reduce((s, [, p]) => s + p, 0);
    step(ratFights);
    step(guardsFight);
    const o = engage(
      [
        { name: 'Guards', side: 'attacker', targets: ['Rat'], unit: guards },
        { name: 'Rat', side: 'defender', targets: ['Guards'], unit: rat },
      ],
      { turns: 2, target: 'Guards' },
    );
    const { guardsLeft } = expectLeft(o, j);
    const destroyed = guardsLeft.get(0) ?? 0;
    expectTable(o.outcomes?.['destroyed-in-turn'], { 'turn 1 (round 1)': afterTurn1, 'turn 2 (round 1)': destroyed - afterTurn1, survives: 1 - destroyed });
  });
});
describe('several units on one target (18.0: the damage sequence once per unit)', () => {
  const bow = { name: 'Bow', type: 'ranged', attacks: 2, hit: '4+', wound: '4+', rend: 0, damage: 1 };
  const crossbow = { name: 'Crossbow', type: 'ranged', attacks: 1, hit: '4+', wound: '3+', rend: 1, damage: 'D3' };
  const archers = { models: 3, weapons: [bow] };
  const crossbows = { models: 2, weapons: [crossbow] };
  const ogre = { models: 2, health: 4, save: '5+', ward: '6+' };

  it('two shooting units over three turns: P(destroyed in turn k) from the witness pools, capped at the 8 health points', () => {
    const perTurn = bind(enumerateAos({ attacker: archers, target: ogre, situation: { ability: 'shoot' } }).damage, (a) =>
      map(enumerateAos({ attacker: crossbows, target: ogre, situation: { ability: 'shoot' } }).damage, (b) => a + b),
    );
    // The shooters act in their own turns 1 and 3; the ogres have no weapons.
    const twice = bind(perTurn, (a) => map(perTurn, (b) => a + b));
    const atLeast = (w: Weights, k: number) => [...w].filter(([v]) => v >= k).reduce((s, [, p]) => s + p, 0);
    const o = ageOfSigmar.exact(
      ageOfSigmar.parse({
        engagement: { turns: 3, phases: ['shooting'] },
        units: [
          { name: 'Archers', side: 'attacker', engaged: false, targets: ['Ogres'], unit: archers },
          { name: 'Crossbows', side: 'attacker', engaged: false, targets: ['Ogres'], unit: crossbows },
          { name: 'Ogres', side: 'defender', engaged: false, unit: ogre },
        ],
      }),
    );
    const by1 = atLeast(perTurn, 8);
    const by3 = atLeast(twice, 8);
    expectTable(o.outcomes?.['destroyed-in-turn'], { 'turn 1 (round 1)': by1, 'turn 3 (round 2)': by3 - by1, survives: 1 - by3 });
    expectTable(Object.fromEntries(Array.from(o.damage, (p, k) => [String(k), p])), map(twice, (v) => Math.min(8, v)));
  });

  it('EX1 as an engagement: the Liberators strike first as the active player, so P(Clawlord slain) is the worked example', () => {
    const o = engage([
      { name: 'Liberators', side: 'attacker', charged: true, targets: ['Clawlord'], unit: { ...liberators, health: 2, save: '4+' } },
      { name: 'Clawlord', side: 'defender', targets: ['Liberators'], unit: clawlord },
    ]);
    expect(Math.abs(o.destroyed! - frac('3993541280436640625/40479843698864750592'))).toBeLessThan(1e-12);
  });
});

describe('Monte Carlo plays the engagement die by die (engagement/simulate.ts)', () => {
  const units = (ratAbilities: string[]) => [
    { name: 'Guards', side: 'attacker', targets: ['Rat'], unit: guards },
    { name: 'Rat', side: 'defender', targets: ['Guards'], unit: { ...rat, abilities: ratAbilities } },
  ];
  const input = (ratAbilities: string[]) => ({ engagement: { turns: 2, phases: ['combat'] }, units: units(ratAbilities) });
  it('agrees with the exact chain on every table, and a chain without Strike-first is refused', () => {
    const s = ageOfSigmar.parse(input(['strike-first']));
    const tally = new Tally();
    ageOfSigmar.simulate(s, chunkRng(masterState('aos engagement'), 0), 200_000, tally);
    const right = agreementOf(ageOfSigmar.exact(s), tally.toJSON());
    expect(right.fields.map((f) => f.field)).toEqual(['damage', 'slain', 'destroyed', 'outcomes.destroyed-in-turn', 'outcomes.left: Guards', 'outcomes.left: Rat']);
    expect(right.pass).toBe(true);
    // The same dice without Strike-first: the guards would strike first, a different engagement.
    expect(agreementOf(ageOfSigmar.exact(ageOfSigmar.parse(input([]))), tally.toJSON()).pass).toBe(false);
  });
});
