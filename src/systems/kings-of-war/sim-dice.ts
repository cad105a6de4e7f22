/**
 * The simulator's dice, compiled once per scenario: pools counted a draw of up to ten
 * faces per call (core FaceCounter), and the 2D6 nerve test read from a table of its own results. Every die is still rolled,
 * in rule order, from the Rng; the tables only hold what the rules say each face (or pair of
 * faces) does, never a probability.
 */
import type { Rng } from '../../core/rng.js';
import { FaceAutomaton, type FaceCounter, endRun, faceCounter, goTo } from '../../core/face-automaton.js';
import type { NervePlan } from './plan.js';
import { nerveResult, succeeds } from './tables.js';

/**
 * A failed die that was not re-rolled, counted in a re-rolling pool's value above its hits: more
 * than a pool read through the automaton holds hits, and four of it within one block's value
 * (FaceAutomaton, 12 bits). Larger pools roll one die at a time.
 */
const FAILED = 512;

/**
 * Rolling n dice needing `need` (§1): Elite/Vicious re-roll a natural 1 at once and the second
 * result stands; a "re-roll one failed die" item then picks up one failed die not yet re-rolled
 * (A7). Without re-rolled 1s the hits are counted by a FaceCounter; with them the dice go
 * through an automaton (a 1 leads to a state where the next die is its re-roll).
 */
export class PoolRoller {
  private readonly need: number;
  private readonly oneFailed: boolean;
  private readonly hits: FaceCounter | null;
  private readonly rerolling: FaceAutomaton | null;
  private readonly rerollOnes: boolean;

  constructor(need: number, rerollOnes: boolean, oneFailed: boolean) {
    this.need = need;
    this.rerollOnes = rerollOnes;
    this.oneFailed = oneFailed;
    this.hits = rerollOnes ? null : faceCounter((face) => succeeds(face, need));
    this.rerolling = rerollOnes
      ? new FaceAutomaton((state, face) => {
          if (state === 0 && face === 1) return goTo(1);
          if (succeeds(face, need)) return endRun(1);
          return endRun(state === 0 ? FAILED : 0);
        })
      : null;
  }

  /** Roll n dice: the hits. */
  roll(n: number, rng: Rng): number {
    if (!this.rerollOnes) {
      const hits = this.hits!.count(rng, n);
      // Every failure is a die not re-rolled yet.
      if (this.oneFailed && hits < n && succeeds(rng.d6(), this.need)) return hits + 1;
      return hits;
    }
    if (n >= FAILED) return this.rollOneByOne(n, rng);
    const rolled = this.rerolling!.run(rng, n);
    const hits = rolled % FAILED;
    if (this.oneFailed && rolled >= FAILED && succeeds(rng.d6(), this.need)) return hits + 1;
    return hits;
  }

  /** Too many dice to pack the failures beside the hits: one die at a time. */
  private rollOneByOne(n: number, rng: Rng): number {
    let hits = 0;
    let rerollable = false;
    for (let i = 0; i < n; i++) {
      const face = rng.d6();
      if (face === 1) {
        if (succeeds(rng.d6(), this.need)) hits++;
      } else if (succeeds(face, this.need)) hits++;
      else rerollable = true;
    }
    if (this.oneFailed && rerollable && succeeds(rng.d6(), this.need)) hits++;
    return hits;
  }
}

/** A nerve test's result as a number, for typed-array tallies. */
export const STEADY = 0;
export const WAVERED = 1;
export const ROUTED = 2;
const CODE = { steady: STEADY, wavered: WAVERED, routed: ROUTED } as const;

/**
 * The nerve test of one plan (§6.2) with its Routed re-roll (§6.4), as a table of nerveResult by
 * damage and the two dice's faces. From `cap` damage on, every roll but a double 1 routs, so the
 * damage is read at most at `cap`.
 */
export class NerveTest {
  private readonly table: Uint8Array;
  private readonly cap: number;
  private readonly rerollRout: boolean;

  constructor(plan: NervePlan) {
    this.cap = Math.max(0, plan.nerve.rout - 2 - plan.modifier);
    this.rerollRout = plan.rerollRout;
    this.table = new Uint8Array((this.cap + 1) * 36);
    for (let damage = 0; damage <= this.cap; damage++)
      for (let pair = 0; pair < 36; pair++)
        this.table[damage * 36 + pair] = CODE[nerveResult((pair % 6) + 1, Math.floor(pair / 6) + 1, damage, plan.modifier, plan.nerve)];
  }

  /** Roll 2D6 (again on a Routed result with the re-roll): STEADY, WAVERED or ROUTED. */
  roll(damage: number, rng: Rng): number {
    const row = (damage < this.cap ? damage : this.cap) * 36;
    const result = this.table[row + rng.twoFaces()];
    if (result === ROUTED && this.rerollRout) return this.table[row + rng.twoFaces()];
    return result;
  }
}

/**
 * An attack with no re-roll and no Blast (§11): n dice to hit, then a damage die per hit, both
 * pools counted in one loop (core FaceCounter.countThen): the same faces in the same order as
 * rolling the hit dice, then the damage dice.
 */
export class PlainPools {
  private readonly hits: FaceCounter;
  private readonly damage: FaceCounter;

  constructor(hitNeed: number, damageNeed: number) {
    this.hits = faceCounter((face) => succeeds(face, hitNeed));
    this.damage = faceCounter((face) => succeeds(face, damageNeed));
  }

  /** Roll `dice` to hit and the hits to damage: the damage. */
  roll(dice: number, rng: Rng): number {
    return this.hits.countThen(rng, dice, this.damage);
  }
}
