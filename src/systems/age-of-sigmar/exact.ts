/**
 * Exact engine for Age of Sigmar (rules/age-of-sigmar.md §4.6): one attack's outcome with the
 * critical hit as its own state, raised to the weapon's random number of attacks, convolved over
 * weapons and mortal sources into the damage pool, thinned by the ward, then allocated with
 * spill-over.
 */
import { faceDistribution } from '../../core/d6.js';
import { diceDist } from '../../core/dice.js';
import {
  type Dist,
  atLeast,
  binomial,
  compound,
  convolve,
  mapValues,
  mixture,
  point,
  shift,
  sumIid,
  thin,
} from '../../core/dist.js';
import type { Outcome } from '../types.js';
import type { MortalSource, Plan, WeaponGroup } from './profile.js';
import { plan } from './profile.js';
import type { AosReroll, Scenario } from './schema.js';
import { CRIT, HIT, MISS, countFaces } from './tables.js';

/**
 * One attack, split by the kind of damage it deals: `normal` (through the wound and save rolls)
 * and `mortal` (Crit (Mortal)). Each is a sub-distribution; together they sum to 1, and the
 * no-damage outcomes sit at 0 of `normal`.
 */
export interface AttackDamage {
  readonly normal: Dist;
  readonly mortal: Dist;
}

export function attackDamage(g: WeaponGroup): AttackDamage {
  const hitFaces = finalFaces(g.hit, g.hitReroll);
  const pHit = chance(hitFaces, g.hit, HIT);
  const pCrit = chance(hitFaces, g.hit, CRIT);
  const pMiss = chance(hitFaces, g.hit, MISS);
  const pWound = chance(finalFaces(g.wound, g.woundReroll), g.wound, 1);
  const pUnsaved = chance(finalFaces(g.save, g.saveReroll), g.save, 0);
  // Damage of one successful attack: rolled, then modified (27.0).
  const damage = shift(diceDist(g.damage), g.damageBonus);
  const through = (p: number): Dist => mixture([[1 - p, point(0)], [p, damage]]);
  // A hit: wound roll, then save roll, then Damage (17.0 steps 2-4).
  const afterHit = through(pWound * pUnsaved);
  let normal = mixture([[pMiss, point(0)], [pHit, afterHit]]);
  let mortal: Dist = Float64Array.of(0);
  switch (g.crit) {
    case 'none':
      normal = mixture([[1, normal], [pCrit, afterHit]]);
      break;
    case 'mortal':
      // Crit (Mortal): mortal damage equal to Damage; no wound or save roll (20.0).
      mortal = mixture([[pCrit, damage]]);
      break;
    case 'auto-wound':
      // Crit (Auto-wound): no wound roll, save as normal (20.0).
      normal = mixture([[1, normal], [pCrit, through(pUnsaved)]]);
      break;
    case 'two-hits':
      // Crit (2 Hits): two hits, each with its own wound and save roll (20.0).
      normal = mixture([[1, normal], [pCrit, twoHits(pWound * pUnsaved, damage, g.sharedCritDamage)]]);
      break;
  }
  return { normal, mortal };
}

/** P(each final face) of a roll after its re-roll (§2.1); a failed roll is a 0 in its table. */
export function finalFaces(table: Uint8Array, reroll: AosReroll): Float64Array {
  return faceDistribution(reroll, (face) => table[face] !== 0);
}

/** P(the final face has `value` in `table`). */
export function chance(faces: Float64Array, table: Uint8Array, value: number): number {
  let p = 0;
  for (let face = 1; face <= 6; face++) if (table[face] === value) p += faces[face];
  return p;
}

/**
 * The damage of the two hits of a Crit (2 Hits), each getting through with probability p. A3:
 * recommended, each hit rolls its own Damage; alternative, one Damage roll shared by both.
 */
function twoHits(p: number, damage: Dist, shared: boolean): Dist {
  if (!shared) return sumIid(mixture([[1 - p, point(0)], [p, damage]]), 2);
  // P(0, 1 or 2 of the hits get through) written out: a Dist is trimmed of trailing zeros, so
  // reading binomial(2, p)[2] when p = 0 would read past its end.
  return mixture([
    [(1 - p) * (1 - p), point(0)],
    [2 * p * (1 - p), damage],
    [p * p, mapValues(damage, (d) => 2 * d)],
  ]);
}

/** Attacks of a weapon group: random Attacks rolled per model (26.0), plus Champion +1 each. */
export function attackCount(g: WeaponGroup): Dist {
  return shift(sumIid(shift(diceDist(g.attacks), g.attackBonus), g.models), g.champions);
}

function groupDamage(g: WeaponGroup): Dist {
  const one = attackDamage(g);
  return compound(attackCount(g), mixture([[1, one.normal], [1, one.mortal]]));
}

function mortalDamage(source: MortalSource): Dist {
  if (source.kind === 'amount') {
    const pTriggered = (1 / 6) ** source.ones;
    return mixture([[1 - pTriggered, point(0)], [pTriggered, diceDist(source.amount)]]);
  }
  return binomial(source.dice, countFaces(source.scores) / 6);
}

/** The damage pool before wards: every attack of every weapon, plus mortal damage (18.0). */
export function pool(p: Plan): Dist {
  let total = point(0);
  for (const g of p.groups) total = convolve(total, groupDamage(g));
  for (const m of p.mortal) total = convolve(total, mortalDamage(m));
  return total;
}

export function exactOutcome(s: Scenario): Outcome {
  const p = plan(s);
  // Ward (18.1): one roll per point of the pool, so each point survives independently.
  const damage = thin(pool(p), 1 - countFaces(p.ward) / 6);
  // Allocation (18.2-18.4): one point at a time with spill-over; slain = min(N, ⌊(c0 + D)/H⌋).
  const capacity = p.models * p.health - p.damaged;
  return {
    damage,
    slain: mapValues(damage, (d) => Math.min(p.models, Math.floor((p.damaged + d) / p.health))),
    destroyed: atLeast(damage, capacity),
  };
}
