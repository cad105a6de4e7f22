/**
 * Exact wounds of a batch of attacks on one victim unit, carrying the victim's state bits (end-of-
 * phase marks and spent single-use items, see attack-exact.ts): a map from the state after the
 * batch to the sub-distribution of the wounds it caused.
 *
 * Marks only ever switch on, so while no single-use item is left to spend the attacks stay
 * independent and identical: N of them are an N-fold product by repeated squaring, the states
 * combining by bitwise OR. While an item is unspent, the first qualifying hit, save or wound
 * decides it, so the attacks are taken one after the other in the order they are rolled (groups in
 * their listed order), with the wounds capped at what the victim can lose.
 */
import { diceDist } from '../../core/dice.js';
import { type Dist, point, shift, sumIid } from '../../core/dist.js';
import { CHARM_SPENT, GEM_SPENT, type Outcomes, SHIELD_SPENT, attackOutcomes } from './attack-exact.js';
import type { AttackCount } from './groups.js';
import type { Unit } from './model.js';
import type { AttackProfile } from './profile.js';
import { contentId } from './melee-shape.js';

/** Attacks of one profile, as many as `count` says. */
export interface Batch {
  readonly profile: AttackProfile;
  readonly count: AttackCount;
}

/** The single-use items a unit carries, as the bits they set once spent (§11). */
export function itemBits(unit: Unit): number {
  const d = unit.defence;
  return (d.luckyShield ? SHIELD_SPENT : 0) | (d.luckyCharm ? CHARM_SPENT : 0) | (d.gemstoneShielding ? GEM_SPENT : 0);
}

/** Add q · d (optionally capped at `max`) into the entry of `state`. */
function addInto(out: Outcomes, state: number, d: Dist, q: number, max = Infinity): void {
  if (q === 0) return;
  const length = Math.min(d.length, max + 1);
  let acc = out.get(state);
  if (!acc || acc.length < length) {
    const grown = new Float64Array(Math.max(acc?.length ?? 0, length));
    if (acc) grown.set(acc);
    acc = grown;
    out.set(state, acc);
  }
  for (let k = 0; k < d.length; k++) acc[Math.min(k, max)] += q * d[k];
}

/** Add the distribution of the sum of two independent wound counts into the entry of `state`. */
function addSum(out: Outcomes, state: number, a: Dist, b: Dist, max = Infinity): void {
  const d = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0) continue;
    for (let j = 0; j < b.length; j++) d[i + j] += a[i] * b[j];
  }
  addInto(out, state, d, 1, max);
}

/** Independent batches: wounds add, states combine by OR. */
function product(a: Outcomes, b: Outcomes): Outcomes {
  const out: Outcomes = new Map();
  for (const [sa, da] of a) for (const [sb, db] of b) addSum(out, sa | sb, da, db);
  return out;
}

/** n independent copies, by repeated squaring. */
function power(kernel: Outcomes, n: number, state: number): Outcomes {
  let result: Outcomes = new Map([[state, point(0)]]);
  let p = kernel;
  for (let m = n; m > 0; m >>>= 1) {
    if (m & 1) result = product(result, p);
    if (m > 1) p = product(p, p);
  }
  return result;
}

/** A random number of independent copies: Σ_n P(N = n) · kernel^n. */
function compoundOf(count: Dist, kernel: Outcomes, state: number): Outcomes {
  const out: Outcomes = new Map();
  let p: Outcomes = new Map([[state, point(0)]]);
  for (let n = 0; n < count.length; n++) {
    if (n > 0) p = product(p, kernel);
    for (const [s, d] of p) addInto(out, s, d, count[n]);
  }
  return out;
}

/** Distribution of the number of attacks: flat + the sum of `rolls` rolls of the dice. */
function countDist(c: AttackCount): Dist {
  if (!c.dice || c.rolls === 0) return point(c.flat);
  return shift(sumIid(diceDist(c.dice), c.rolls), c.flat);
}

/**
 * The batches, in order, against a victim in state `state` carrying the single-use `items`. `max`
 * is the most wounds the victim can take: the one-by-one path caps at it to stay small; the
 * independent path leaves the capping to the caller.
 */
export function batchOutcomes(batches: readonly Batch[], state: number, items: number, max: number): Outcomes {
  // forget before a key is made: the keys hold content ids, which are forgotten with the outcomes
  if (knownDoubles >= MOST_KNOWN_DOUBLES) forgetKnown();
  const independent = (items & ~state) === 0;
  // `items` and `max` matter only on the one-by-one path (computedOutcomes reads neither otherwise)
  const key = batchesKey(batches, state, independent ? '' : `${items}:${max}`);
  let out = known.get(key);
  if (!out) {
    known.set(key, (out = computedOutcomes(batches, state, max, independent)));
    for (const d of out.values()) knownDoubles += d.length;
  }
  return out;
}

/**
 * Outcomes worked out, by the batches' content (a whole fight's rounds strike with equal profiles
 * and counts from many states), profiles and dice by their content's id (melee-shape.ts); read-only,
 * shared by every caller. Bounded by the numbers they hold (every entry holds at least one): past
 * MOST_KNOWN_DOUBLES, all are forgotten together.
 */
let known = new Map<string, Outcomes>();
let knownDoubles = 0;
const MOST_KNOWN_DOUBLES = 1 << 22;
/** How many times `known` was forgotten: what holds its outcomes forgets them too when it changes. */
let generation = 0;
export function knownGeneration(): number {
  return generation;
}
function forgetKnown(): void {
  generation++;
  known = new Map();
  knownDoubles = 0;
}

function batchesKey(batches: readonly Batch[], state: number, rest: string): string {
  let key = `${state}:${rest}`;
  for (const b of batches) key += `|${contentId(b.profile)}:${b.count.flat}:${b.count.rolls}:${b.count.dice ? contentId(b.count.dice) : -1}`;
  return key;
}

function computedOutcomes(batches: readonly Batch[], state: number, max: number, independent: boolean): Outcomes {
  let out: Outcomes = new Map([[state, point(0)]]);
  if (independent) {
    for (const b of batches) {
      const kernel = attackOutcomes(b.profile, state);
      let d = power(kernel, b.count.flat, state);
      if (b.count.dice && b.count.rolls > 0) d = product(d, compoundOf(sumIid(diceDist(b.count.dice), b.count.rolls), kernel, state));
      out = product(out, d);
    }
    return out;
  }
  for (const b of batches) {
    const count = countDist(b.count);
    const kernels = new Map<number, Outcomes>();
    const kernel = (s: number) => {
      let k = kernels.get(s);
      if (!k) kernels.set(s, (k = attackOutcomes(b.profile, s)));
      return k;
    };
    const mixed: Outcomes = new Map();
    for (let n = 0; n < count.length; n++) {
      if (n > 0) {
        const next: Outcomes = new Map();
        // the next attack, from each state the previous ones left (its outcomes already include that state)
        for (const [s, d] of out) for (const [after, k] of kernel(s)) addSum(next, after, d, k, max);
        out = next;
      }
      for (const [s, d] of out) addInto(mixed, s, d, count[n], max);
    }
    out = mixed;
  }
  return out;
}

/** The wound distribution over every state. */
export function merged(o: Outcomes): Dist {
  const out: Outcomes = new Map();
  for (const d of o.values()) addInto(out, 0, d, 1);
  return out.get(0) ?? point(0);
}
