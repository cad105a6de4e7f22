/**
 * The exact 9th Age engine: distributions composed step by step. A melee round is a dynamic
 * programme over (wounds on the target, wounds on the attacker) through the Initiative steps, mixed
 * over the Fear tests, then the combat result, break test, flee and pursuit in closed form.
 */
import { diceDist, parseDice } from '../../core/dice.js';
import { type Dist, compound, convolve, mapValues, point, probGreater, sumIid, trim } from '../../core/dist.js';
import type { Outcome } from '../types.js';
import { attackDist } from './attack-exact.js';
import { type MeleeSide, meleeSides, modelsAlive, standingLeadership, takesFearTest, woundPool } from './melee-setup.js';
import type { Scenario, ShootingSituation, Unit } from './model.js';
import { MELEE_CATEGORIES, SHOOTING_CATEGORIES, type MeleeCategory } from './categories.js';
import { type AttackGroup, INITIATIVE_STEPS, shotCount } from './groups.js';
import { shootingProfile } from './profile.js';
import { type LoserTest, type Side, roundResult } from './resolution.js';
import { leadershipPass } from './tables.js';

/** P(pass a Leadership test on `ld`), re-rolling a failure once when allowed (§1.2, §3.1). */
export function leadershipChance(ld: number, reroll: boolean): number {
  const p = leadershipPass(ld);
  return reroll ? p + (1 - p) * p : p;
}

/** Wounds caused by one group of attacks made by `alive` models. */
function groupDist(group: AttackGroup, alive: number): Dist {
  const count = group.count(alive);
  const kernel = attackDist(group.profile(alive));
  let d = sumIid(kernel, count.flat);
  if (count.dice && count.rolls > 0) d = convolve(d, compound(sumIid(diceDist(count.dice), count.rolls), kernel));
  return d;
}

/** Wounds caused by every group of a side striking at Initiative `step`, by models alive. */
function stepDist(groups: AttackGroup[], step: number): ((alive: number) => Dist) | null {
  const here = groups.filter((g) => g.initiative === step);
  if (here.length === 0) return null;
  const cache = new Map<number, Dist>();
  return (alive) => {
    let d = cache.get(alive);
    if (!d) {
      d = point(0);
      if (alive > 0) for (const g of here) d = convolve(d, groupDist(g, alive));
      cache.set(alive, d);
    }
    return d;
  };
}

/**
 * Joint distribution of (wounds on the target, wounds on the attacker) after every Initiative
 * step: attacks of one step are simultaneous, casualties are removed before the next (§4.2).
 */
export function roundJoint(attacker: MeleeSide, target: MeleeSide): Float64Array[] {
  let joint = Array.from({ length: target.cap + 1 }, () => new Float64Array(attacker.cap + 1));
  joint[0][0] = 1;
  for (const step of INITIATIVE_STEPS) {
    const onTarget = stepDist(attacker.groups, step);
    const onAttacker = stepDist(target.groups, step);
    if (!onTarget && !onAttacker) continue;
    const next = Array.from({ length: target.cap + 1 }, () => new Float64Array(attacker.cap + 1));
    for (let dT = 0; dT <= target.cap; dT++) {
      for (let dA = 0; dA <= attacker.cap; dA++) {
        const p = joint[dT][dA];
        if (p === 0) continue;
        const aliveA = modelsAlive(attacker.unit, dA);
        const aliveT = modelsAlive(target.unit, dT);
        const fight = aliveA > 0 && aliveT > 0;
        const x = fight && onTarget ? onTarget(aliveA) : point(0);
        const y = fight && onAttacker ? onAttacker(aliveT) : point(0);
        for (let i = 0; i < x.length; i++) {
          if (x[i] === 0) continue;
          const row = next[Math.min(dT + i, target.cap)];
          const px = p * x[i];
          for (let j = 0; j < y.length; j++) row[Math.min(dA + j, attacker.cap)] += px * y[j];
        }
      }
    }
    joint = next;
  }
  return joint;
}

/** Flee and pursuit: caught when any pursuit roll is at least the flee roll (§12.3). */
function caughtChance(test: Extract<LoserTest, { kind: 'break' }>): number {
  if (!test.pursuit) return 0;
  return 1 - probGreater(diceDist(test.flee), diceDist(test.pursuit));
}

/** Wounds lost to Daemonic Instability: max(0, 2D6 + add − Ld), a positive result re-rolled once (§7, A17). */
export function daemonicWounds(add: number, ld: number, reroll: boolean): Dist {
  const first = mapValues(diceDist(parseDice('2D6')), (r) => Math.max(0, r + add - ld));
  if (!reroll) return first;
  const out = new Float64Array(first.length);
  out[0] = first[0];
  for (let k = 0; k < first.length; k++) out[k] += (1 - first[0]) * first[k];
  return out;
}

interface Accumulator {
  damage: Dist;
  slain: Dist;
  morale: Record<MeleeCategory, number>;
}

function prefix(side: Side, category: 'holds' | 'breaks-escapes' | 'breaks-caught' | 'destroyed'): MeleeCategory {
  if (side === 'target') return category;
  return category === 'destroyed' ? 'attacker-destroyed' : (`attacker-${category}` as MeleeCategory);
}

/** Spread one end state of the round over the break test and its consequences. */
function resolveState(s: Scenario, dT: number, dA: number, p: number, acc: Accumulator): void {
  const poolT = woundPool(s.target);
  const poolA = woundPool(s.attacker);
  const damageT = Math.min(dT, poolT);
  const add = (category: MeleeCategory, targetDamage: number, q: number) => {
    acc.morale[category] += q;
    acc.damage[targetDamage] += q;
    acc.slain[s.target.models - modelsAlive(s.target, targetDamage)] += q;
  };
  const r = roundResult(s, dT, dA);
  if (r.kind === 'destroyed') return add(r.side === 'target' ? 'destroyed' : 'attacker-destroyed', damageT, p);
  if (r.kind === 'draw') return add('draw', damageT, p);
  const loserUnit: Unit = r.loser === 'target' ? s.target : s.attacker;
  const loserDamage = r.loser === 'target' ? damageT : Math.min(dA, poolA);
  const loserPool = r.loser === 'target' ? poolT : poolA;
  // Unstable and Daemonic wounds: no saves of any kind, after the result (§7, A25)
  const lose = (extra: number, q: number) => {
    const total = Math.min(loserPool, loserDamage + extra);
    const wiped = modelsAlive(loserUnit, total) === 0;
    add(prefix(r.loser, wiped ? 'destroyed' : 'holds'), r.loser === 'target' ? total : damageT, q);
  };
  const test = r.test;
  switch (test.kind) {
    case 'auto-pass':
      return add(prefix(r.loser, 'holds'), damageT, p);
    case 'unstable':
      return lose(test.wounds, p);
    case 'daemonic': {
      const extra = daemonicWounds(test.add, test.ld, test.reroll);
      for (let e = 0; e < extra.length; e++) if (extra[e] > 0) lose(e, p * extra[e]);
      return;
    }
    case 'break': {
      const pass = leadershipChance(test.ld, test.reroll);
      add(prefix(r.loser, 'holds'), damageT, p * pass);
      const caught = test.destroyedOnFailure ? 1 : caughtChance(test);
      add(prefix(r.loser, 'breaks-caught'), damageT, p * (1 - pass) * caught);
      add(prefix(r.loser, 'breaks-escapes'), damageT, p * (1 - pass) * (1 - caught));
    }
  }
}

function exactMelee(s: Scenario): Outcome {
  const poolT = woundPool(s.target);
  const acc: Accumulator = {
    damage: new Float64Array(poolT + 1),
    slain: new Float64Array(s.target.models + 1),
    morale: Object.fromEntries(MELEE_CATEGORIES.map((c) => [c, 0])) as Record<MeleeCategory, number>,
  };
  // Fear: one Leadership test per unit at the start of the Combat Phase; failure sets WS 1 (§12.6)
  const fearPass = (unit: Unit, enemy: Unit) =>
    takesFearTest(unit, enemy) ? leadershipChance(standingLeadership(unit, enemy), unit.morale.rerollLeadership) : 1;
  const pA = fearPass(s.attacker, s.target);
  const pT = fearPass(s.target, s.attacker);
  for (const [failA, wA] of [[false, pA], [true, 1 - pA]] as const) {
    for (const [failT, wT] of [[false, pT], [true, 1 - pT]] as const) {
      const w = wA * wT;
      if (w === 0) continue;
      const sides = meleeSides(s, failA, failT);
      const joint = roundJoint(sides.attacker, sides.target);
      for (let dT = 0; dT < joint.length; dT++)
        for (let dA = 0; dA < joint[dT].length; dA++) if (joint[dT][dA] > 0) resolveState(s, dT, dA, w * joint[dT][dA], acc);
    }
  }
  const damage = trim(acc.damage);
  return {
    damage,
    slain: trim(acc.slain),
    // removed: wiped out, or broken and caught in pursuit (§12.3)
    destroyed: acc.morale.destroyed + acc.morale['breaks-caught'],
    morale: acc.morale,
  };
}

function exactShooting(s: Scenario): Outcome {
  const sit = s.situation as ShootingSituation;
  const target = s.target;
  const pool = woundPool(target);
  const shots = shotCount(s.attacker, sit);
  const wounds = convolve(
    sumIid(attackDist(shootingProfile(s.attacker, sit, target)), shots.rankAndFile),
    sumIid(attackDist(shootingProfile(s.attacker, sit, target, true)), shots.champion),
  );
  const damage: Dist = new Float64Array(pool + 1);
  for (let k = 0; k < wounds.length; k++) damage[Math.min(k, pool)] += wounds[k]; // excess beyond the unit is lost (§4.10)
  const slain = mapValues(damage, (d) => target.models - modelsAlive(target, d));
  const morale = Object.fromEntries(SHOOTING_CATEGORIES.map((c) => [c, 0])) as Record<(typeof SHOOTING_CATEGORIES)[number], number>;
  // Panic from casualties: ≥ 25 % of the models at the start of the phase (§5.5, A16); Immune to Psychology passes
  const pass = target.morale.immunePsychology ? 1 : leadershipChance(standingLeadership(target, null), target.morale.rerollLeadership);
  for (let d = 0; d < damage.length; d++) {
    const q = damage[d];
    if (q === 0) continue;
    const alive = modelsAlive(target, d);
    if (alive === 0) morale.destroyed += q;
    else if (4 * (target.models - alive) < target.models) morale['no-panic-test'] += q;
    else {
      morale.holds += q * pass;
      morale.flees += q * (1 - pass);
    }
  }
  return { damage: trim(damage), slain, destroyed: damage[pool], morale };
}

/** The exact Outcome of a parsed scenario. */
export function exactOutcome(s: Scenario): Outcome {
  return s.situation.kind === 'melee' ? exactMelee(s) : exactShooting(s);
}
