/**
 * The simulator: every sample is one attack rolled die by die in rule order, as a player does
 * at the table (the target's Regeneration and Heal first, then Bane-chant, the Yellow-Bellied
 * roll, to-hit dice with their re-rolls, Blast, damage dice, the 2D6 nerve test and its
 * re-roll, Headstrong, Lifeleech and the Crystal Pendant). It never looks at exact results.
 */
import { rollDice } from '../../core/dice.js';
import type { Rng } from '../../core/rng.js';
import { FaceAutomaton, faceCounter } from '../../core/face-automaton.js';
import { Counts, type Tally } from '../../sim/tally.js';
import { type DicePlan, makePlan, PENDANT_HITS, type Plan } from './plan.js';
import type { Scenario } from './schema.js';
import { nerveResult, type NerveResult, succeeds } from './tables.js';

/** Spells hit on 4+ (§8.1); Headstrong recovers on 4+ (§6.3); unclear sight and cover (§1). */
const FOUR_UP = 4;

/**
 * Roll `n` dice needing `need`. Elite/Vicious re-roll a natural 1 at once and the second result
 * stands; a "re-roll one failed die" item then picks up one failed die not yet re-rolled (A7).
 * The n dice are read four at a time through poolAutomaton (issue 16): the same dice, in order.
 */
export function rollPool(n: number, need: number, rerollOnes: boolean, oneFailed: boolean, rng: Rng): number {
  if (n >= FAILED) {
    // Too many dice to pack the failures beside the hits: one die at a time.
    let hits = 0;
    let rerollable = false;
    for (let i = 0; i < n; i++) {
      const face = rng.d6();
      if (rerollOnes && face === 1) {
        if (succeeds(rng.d6(), need)) hits++;
      } else if (succeeds(face, need)) hits++;
      else rerollable = true;
    }
    if (oneFailed && rerollable && succeeds(rng.d6(), need)) hits++;
    return hits;
  }
  const rolled = poolAutomaton(need, rerollOnes).run(rng, n);
  let hits = rolled % FAILED;
  if (oneFailed && rolled >= FAILED && succeeds(rng.d6(), need)) hits++;
  return hits;
}

/** A failed die that was not re-rolled, counted in a pool's value above its hits. */
const FAILED = 4096;
const pools: FaceAutomaton[] = [];

/**
 * One die of rollPool as an automaton: a success adds 1, a failure not re-rolled adds FAILED; a
 * natural 1 with Elite/Vicious rolls again (state 1) and that result stands.
 */
function poolAutomaton(need: number, rerollOnes: boolean): FaceAutomaton {
  const key = need * 2 + (rerollOnes ? 1 : 0);
  return (pools[key] ??= new FaceAutomaton((state, face) => {
    if (state === 0 && rerollOnes && face === 1) return { next: 1, done: false, value: 0 };
    if (succeeds(face, need)) return { next: 0, done: true, value: 1 };
    return { next: 0, done: true, value: state === 0 ? FAILED : 0 };
  }));
}

/** One attack: to hit, Blast, to damage (§11). */
export function rollAttack(plan: DicePlan, rng: Rng): number {
  const hits = rollPool(plan.dice, plan.hitNeed, plan.eliteHit, plan.oneFailedHit, rng);
  let damageDice = hits;
  if (plan.blast !== null) {
    damageDice = 0;
    for (let i = 0; i < hits; i++) damageDice += rollDice(plan.blast, rng);
  }
  return rollPool(damageDice, plan.damageNeed, plan.viciousDamage, plan.oneFailedDamage, rng);
}

/** The damage one attacking unit deals: its charge or sight roll, Bane-chant, cover, then its attacks. */
export function rollDealt(plan: Plan, rng: Rng): number {
  // The Yellow-Bellied roll (on the charge order) and an unclear line of sight may stop the attack (§7, §1).
  const goesIn = (!plan.yellowBellied || rng.d6() !== 1) && (!plan.sightUnclear || rng.d6() >= FOUR_UP);
  if (!goesIn) return 0;
  let baned = false;
  if (plan.baneChantDice !== null) for (let j = 0; j < plan.baneChantDice; j++) if (rng.d6() >= FOUR_UP) baned = true;
  // Unclear cover: 4+ no cover, 1–3 in cover (§1).
  const covered = plan.cover === 'yes' || (plan.cover === 'unclear' && rng.d6() < FOUR_UP);
  let dealt = 0;
  for (const attack of plan.attacks[baned ? 'baned' : 'plain'][covered ? 'covered' : 'open']) dealt += rollAttack(attack, rng);
  return dealt;
}

/** The target's turn before the attack: Regeneration, then Heal cast on it. */
function rollPrior(prior: Plan['prior'], rng: Rng): number {
  let carried = prior.damage;
  // Regeneration: a die per point, the point kept below the value (§7).
  if (prior.regeneration !== null) carried = regenerationKept(carried, prior.regeneration, rng);
  // Heal: each 4+ removes a point while any is left.
  if (prior.heal !== null) carried = healed(carried, prior.heal, rng);
  return carried;
}

const fourUp = (face: number) => face >= FOUR_UP;

/** Regeneration (§7): a die per point of damage, each point kept on a roll below `regeneration`. */
export function regenerationKept(damage: number, regeneration: number, rng: Rng): number {
  return faceCounter((face) => face < regeneration).run(rng, damage);
}

/** Heal (§8.1): `dice` spell dice, each 4+ removing a point while any is left. */
export function healed(damage: number, dice: number, rng: Rng): number {
  return Math.max(0, damage - faceCounter(fourUp).run(rng, dice));
}

/** The nerve test with its Routed re-roll (§6.2, §6.4). */
export function rollNerve(total: number, plan: Plan['nerve'], rng: Rng): NerveResult {
  const result = nerveResult(rng.d6(), rng.d6(), total, plan.modifier, plan.nerve);
  if (result === 'routed' && plan.rerollRout) return nerveResult(rng.d6(), rng.d6(), total, plan.modifier, plan.nerve);
  return result;
}

const NERVE_TESTS = ['none', 'steady', 'wavered', 'routed'] as const;
const NEXT_TURN = ['not-wavered', 'wavered', 'routed'] as const;

export function simulateScenario(s: Scenario, rng: Rng, n: number, tally: Tally): void {
  const plan = makePlan(s);
  // Each sample's results are counted here and handed to the tally once per batch.
  const tests = { none: 0, steady: 0, wavered: 0, routed: 0 };
  const nextTurn = { 'not-wavered': 0, wavered: 0, routed: 0 };
  const targetDamage = new Counts();
  const attackerDamage = new Counts();
  for (let i = 0; i < n; i++) {
    const carried = rollPrior(plan.prior, rng);
    const dealt = rollDealt(plan, rng);
    const total = carried + dealt;
    let result: NerveResult | 'none' = 'none';
    let left = total;
    if (dealt > 0) {
      result = rollNerve(total, plan.nerve, rng);
      if (result === 'steady' && plan.ironResolve) left--;
    }
    const routed = result === 'routed';
    tally.record(dealt, undefined, routed);
    tests[result]++;
    if (!routed) targetDamage.add(left);
    if (plan.headstrong) nextTurn[result === 'wavered' && rng.d6() < FOUR_UP ? 'wavered' : routed ? 'routed' : 'not-wavered']++;
    if (plan.attackerDamage !== null) attackerDamage.add(rollAttackerDamage(plan.attackerDamage, dealt, routed, rng));
  }
  tally.recordMorale('steady', tests.none + tests.steady);
  tally.recordMorale('wavered', tests.wavered);
  tally.recordMorale('routed', tests.routed);
  for (const t of NERVE_TESTS) tally.recordOutcome('nerve test', t, tests[t]);
  targetDamage.toArray().forEach((times, k) => tally.recordOutcome('target damage', String(k), times));
  tally.recordOutcome('target damage', 'routed', tests.routed);
  if (plan.headstrong) for (const t of NEXT_TURN) tally.recordOutcome('target next turn', t, nextTurn[t]);
  if (plan.attackerDamage !== null) attackerDamage.toArray().forEach((times, k) => tally.recordOutcome('attacker damage', String(k), times));
}

function rollAttackerDamage(a: NonNullable<Plan['attackerDamage']>, dealt: number, routed: boolean, rng: Rng): number {
  let own = Math.max(0, a.start - Math.min(a.lifeleech, dealt));
  if (routed && a.pendantNeed !== null) {
    const hits = rollDice(PENDANT_HITS, rng);
    for (let i = 0; i < hits; i++) if (succeeds(rng.d6(), a.pendantNeed)) own++;
  }
  return own;
}
