/**
 * Exact distribution of the damage one attack deals (§11): successes of a pool of dice with
 * Elite/Vicious re-rolls of natural 1s and "re-roll one failed die" artefacts, Blast, and the
 * damage roll. Pure functions over Dist.
 */
import { diceDist } from '../../core/dice.js';
import { pAtLeast } from '../../core/d6.js';
import { bernoulli, binomial, compound, type Dist, mixture, point } from '../../core/dist.js';
import type { DicePlan } from './plan.js';

/** One die at `need` (2..6): P(success), P(failed and may still be re-rolled), P(failed for good). */
interface DieOdds {
  readonly success: number;
  readonly rerollable: number;
  readonly locked: number;
}

/**
 * A die needing `need`. With a natural-1 re-roll (Elite/Vicious, §1) a 1 is rolled again and
 * that second result stands, so its failure can never be re-rolled again (A7); the faces
 * 2..need−1 are failures that a "re-roll one failed die" item may still take.
 */
function dieOdds(need: number, rerollOnes: boolean): DieOdds {
  const p = pAtLeast(need);
  if (!rerollOnes) return { success: p, rerollable: 1 - p, locked: 0 };
  return { success: p + p / 6, rerollable: (need - 2) / 6, locked: (1 - p) / 6 };
}

/**
 * Successes among n dice. With `oneFailed`, one re-rollable failure (if any) is rolled again
 * and succeeds with the plain single-die chance (a re-roll is never re-rolled).
 * P(S = k, no re-rollable failure) = C(n,k)·s^k·l^(n−k) = (s+l)^n · Binomial(n, s/(s+l))[k].
 */
export function successes(n: number, need: number, rerollOnes: boolean, oneFailed: boolean): Dist {
  const odds = dieOdds(need, rerollOnes);
  const all = binomial(n, odds.success);
  if (!oneFailed || n === 0) return all;
  const closed = odds.success + odds.locked;
  const none = closed > 0 ? binomial(n, odds.success / closed) : point(0);
  const weight = closed ** n;
  const p = pAtLeast(need);
  const out = new Float64Array(n + 1);
  for (let k = 0; k <= n; k++) {
    const noFlag = weight * (none[k] ?? 0);
    const flag = Math.max(0, (all[k] ?? 0) - noFlag);
    out[k] += noFlag + flag * (1 - p);
    if (k < n) out[k + 1] += flag * p;
  }
  return out;
}

/** Successes of a random number of dice (independent dice: a compound sum, unless one die may be re-rolled). */
export function successesOf(count: Dist, need: number, rerollOnes: boolean, oneFailed: boolean): Dist {
  if (!oneFailed) return compound(count, bernoulli(dieOdds(need, rerollOnes).success));
  return mixture(Array.from(count, (w, n) => [w, successes(n, need, rerollOnes, oneFailed)] as const));
}

/** Damage dealt by one attack: hits, Blast, damage rolls (§11). */
export function attackDamage(plan: DicePlan): Dist {
  if (plan.dice === 0) return point(0);
  const hits = successes(plan.dice, plan.hitNeed, plan.eliteHit, plan.oneFailedHit);
  // Blast: each hit becomes an independent draw of n hits (§7).
  const damageDice = plan.blast === null ? hits : compound(hits, diceDist(plan.blast));
  return successesOf(damageDice, plan.damageNeed, plan.viciousDamage, plan.oneFailedDamage);
}
