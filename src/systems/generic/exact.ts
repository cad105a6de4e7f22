/**
 * Exact engine of the generic pipeline. One attack of a profile becomes a `Deal` (deal.ts): the
 * hit roll's branches (miss, hit, critical hit with its effects), each hit's wound roll, save,
 * Damage and ward, as packets of damage; crits are their own branches, never back-computed from
 * pass chances. Profiles follow one another. Packets are summed by convolution when damage
 * spills over — capped at the unit's total health as the sum is built, so damage past it is
 * never counted — or, when the excess damage of a packet is lost, pushed through a
 * dynamic programme over (models slain, damage on the current model): attack by attack
 * (deal.ts) or by powers of one attack's matrix (excess-lost.ts), whichever costs less.
 *
 * The same builder, asked to count one stage instead of damage, gives the per-stage
 * distributions: a 1 where a hit goes on to the wound roll, a wound to the save, a wound is not
 * saved.
 */
import * as D from '../../core/dist.js';
import { diceDist } from '../../core/dice.js';
import type { DiceExpr } from '../../core/dice.js';
import { expectWork, grouped } from '../../core/budget.js';
import { faceDistribution, pAtLeast } from '../../core/d6.js';
import type { Outcome, Stage } from '../types.js';
import type { DamageReroll, GenericScenario, Profile } from './schema.js';
import { type Allocator, type Deal, NOTHING, applyDeal, applyRepeated, dealDist, maxDamage, mix, packet, seq, times } from './deal.js';
import { type AttackPlan, excessLostByPowers, matrixWork } from './excess-lost.js';
import { rollNeeded, rollSucceeds, saveNeeded, wardNeeded } from './tables.js';

/** What the builder measures: the damage, or the count of one stage. */
type Measure = 'damage' | 'hits' | 'wounds' | 'unsaved';

/** How excess damage lost is computed: the cheaper by the work estimates, or one method (tests run both). */
export type ExcessLostMethod = 'cheaper' | 'attack by attack' | 'matrix powers';

export function exactGeneric(s: GenericScenario, method: ExcessLostMethod = 'cheaper'): Outcome {
  const plans = s.profiles.map((p) => ({ attacks: attackCount(p), attack: attackDeal(s, p, 'damage') }));
  if (s.situation.allocation === 'spill-over') return spillOver(s, plans);
  return excessLost(s, plans, method);
}

/**
 * Each stage of the attack sequence (40kdice's view): attacks, hits that go on to the wound roll,
 * wounds that go on to the save, unsaved wounds, and the damage through the ward before it is
 * allocated to models. A hit or wound whose critical effect is mortal damage instead skips the
 * next roll, so it is not counted there (its damage is).
 */
export function stagesGeneric(s: GenericScenario): Stage[] {
  const stage = (measure: Measure) => pooled(s.profiles.map((p) => ({ attacks: attackCount(p), attack: attackDeal(s, p, measure) })));
  return [
    { name: 'attacks', dist: s.profiles.reduce((sum, p) => D.convolve(sum, attackCount(p)), D.point(0)) },
    { name: 'hits', dist: stage('hits') },
    { name: 'wounds', dist: stage('wounds') },
    { name: 'unsaved wounds', dist: stage('unsaved') },
    { name: 'damage dealt', dist: stage('damage') },
  ];
}

/** Attacks of a profile: each model rolls its own Attacks. */
function attackCount(p: Profile): D.Dist {
  return D.sumIid(diceDist(p.attacks), p.models);
}

/** Every attack of every profile added up. */
function pooled(plans: AttackPlan[]): D.Dist {
  return plans.reduce((sum, plan) => D.convolve(sum, D.compound(plan.attacks, dealDist(plan.attack))), D.point(0));
}

/** min(every attack of every profile added up, max): each partial sum capped as it is built. */
function pooledCapped(plans: AttackPlan[], max: number): D.Dist {
  return plans.reduce((sum, plan) => D.convolveCapped(sum, D.compoundCapped(plan.attacks, dealDist(plan.attack), max), max), D.point(0));
}

/** One attack of a profile: the hit roll and everything that follows from it. */
function attackDeal(s: GenericScenario, p: Profile, measure: Measure): Deal {
  const count = (stage: Measure) => (measure === stage ? packet(D.point(1)) : NOTHING);
  const ward = 1 - pAtLeast(wardNeeded(s));
  /** Damage points through the ward (the ward is rolled per point). */
  const points = (dist: D.Dist, mortal: boolean) => (measure === 'damage' ? packet(D.thin(dist, ward), mortal) : NOTHING);
  const mortal = (expr: DiceExpr | null) => (expr ? points(diceDist(expr), true) : NOTHING);
  const damage = damageDist(p.damage, p.reroll.damage);

  /** A wound goes to the save (armour after rend, or invulnerable), then Damage and the ward. */
  const toSave = (extraRend: number, extraDamage: number): Deal => {
    const unsaved = 1 - pAtLeast(saveNeeded(s, p, extraRend));
    return seq(count('wounds'), mix([[1 - unsaved, NOTHING], [unsaved, seq(count('unsaved'), points(D.shift(damage, extraDamage), false))]]));
  };

  /** A hit that rolls to wound; the hit's own critical bonuses carry into its wound. */
  const woundRoll = (hitRend: number, hitDamage: number): Deal => {
    if (p.wound === 'auto') return toSave(hitRend, hitDamage);
    const crit = p.woundCrit;
    const target = rollNeeded(p.wound);
    const isCrit = (f: number) => crit !== null && f >= crit.on;
    const succeeds = (f: number) => isCrit(f) || rollSucceeds(f, target, p.woundModifier);
    // A critical wound is a success, so 'failed' never re-rolls it, even below the wound target.
    const faces = faceDistribution(p.reroll.wound, succeeds, isCrit);
    const branches: Array<[number, Deal]> = [];
    for (let f = 1; f <= 6; f++) {
      if (!isCrit(f)) branches.push([faces[f], succeeds(f) ? toSave(hitRend, hitDamage) : NOTHING]);
      // Mortal damage instead of the wound skips the save; in addition, it follows the wound.
      else if (crit!.mortal) branches.push([faces[f], mortal(crit!.mortal)]);
      else branches.push([faces[f], seq(toSave(hitRend + crit!.extraRend, hitDamage + crit!.extraDamage), mortal(crit!.extraMortal))]);
    }
    return mix(branches);
  };

  const ordinaryHit = seq(count('hits'), woundRoll(0, 0));

  /** A hit roll; `chain`: a critical may make further hit rolls (not on those rolls themselves). */
  const hitRoll = (chain: boolean): Deal => {
    if (p.hit === 'auto') return ordinaryHit;
    const crit = p.hitCrit;
    const target = rollNeeded(p.hit);
    const isCrit = (f: number) => crit !== null && f >= crit.on;
    const succeeds = (f: number) => isCrit(f) || rollSucceeds(f, target, p.hitModifier);
    // A critical hit is a success, so 'failed' never re-rolls it, even below the hit target.
    const faces = faceDistribution(p.reroll.hit, succeeds, isCrit);
    let pMiss = 0;
    let pHit = 0;
    let pCrit = 0;
    for (let f = 1; f <= 6; f++) {
      if (isCrit(f)) pCrit += faces[f];
      else if (succeeds(f)) pHit += faces[f];
      else pMiss += faces[f];
    }
    if (!crit) return mix([[pMiss, NOTHING], [pHit + pCrit, ordinaryHit]]);
    // The critical hit itself, then its mortal damage in addition, its extra hits, its extra rolls.
    const itself = crit.mortal
      ? mortal(crit.mortal)
      : seq(count('hits'), crit.autoWound ? toSave(crit.extraRend, crit.extraDamage) : woundRoll(crit.extraRend, crit.extraDamage));
    const critical = seq(
      itself,
      mortal(crit.extraMortal),
      crit.extraHits ? times(diceDist(crit.extraHits), ordinaryHit) : NOTHING,
      chain && crit.extraHitRolls ? times(diceDist(crit.extraHitRolls), hitRoll(false)) : NOTHING,
    );
    return mix([[pMiss, NOTHING], [pHit, ordinaryHit], [pCrit, critical]]);
  };

  return hitRoll(true);
}

/**
 * The Damage roll with its re-roll: `ones` re-rolls each die that shows 1 once, `below(N)`
 * re-rolls the whole roll once when it comes out below N.
 */
export function damageDist(expr: DiceExpr, reroll: DamageReroll): D.Dist {
  const once = diceDist(expr);
  if (reroll.kind === 'none') return once;
  if (reroll.kind === 'below') {
    let low = 0;
    for (let k = 0; k < Math.min(reroll.below, once.length); k++) low += once[k];
    return D.mixture([[1, D.fromArray(Array.from(once, (p, k) => (k < reroll.below ? 0 : p)))], [low, once]]);
  }
  // Each die: a 1 is rolled again (once), so P(1) = 1/f², P(k > 1) = 1/f + 1/f².
  const f = expr.faces;
  const die = D.fromArray(Array.from({ length: f + 1 }, (_, k) => (k === 0 ? 0 : k === 1 ? 1 / (f * f) : 1 / f + 1 / (f * f))));
  return D.shift(D.sumIid(die, expr.count), expr.modifier);
}

/** Damage is pooled: models slain = total damage ÷ health, capped at the unit. */
function spillOver(s: GenericScenario, plans: AttackPlan[]): Outcome {
  const { models, health } = s.target;
  if (models === null) {
    const total = pooled(plans);
    return health === 1 ? { damage: total } : { damage: total, slain: D.mapValues(total, (t) => Math.floor(t / health)) };
  }
  // Damage past the unit's total health changes nothing: the sum is capped as it is built.
  const wounds = models * health;
  const damage = pooledCapped(plans, wounds);
  return {
    damage,
    slain: D.mapValues(damage, (t) => Math.floor(t / health)),
    destroyed: D.at(damage, wounds),
  };
}

/**
 * Excess damage of a packet is lost (mortal damage spills over under mortal-spill-over): the
 * state after each attack of each profile in turn, mixed over the number of attacks — attack by
 * attack, or by powers of one attack's matrix (excess-lost.ts) when its estimate is lower. The
 * state never exceeds the damage dealt, so the table is as long as the most damage the attacks
 * can do (or the unit's wounds), whatever the health per model.
 */
function excessLost(s: GenericScenario, plans: AttackPlan[], method: ExcessLostMethod): Outcome {
  const { health } = s.target;
  const most = plans.reduce((sum, plan) => sum + (plan.attacks.length - 1) * maxDamage(plan.attack), 0);
  const destroyed = s.target.models === null ? Infinity : s.target.models * health;
  const allocator: Allocator = {
    health,
    destroyed,
    size: Math.min(destroyed, most) + 1,
    mortalSpills: s.situation.allocation === 'mortal-spill-over',
    what: () =>
      `${grouped(plans.reduce((n, plan) => n + plan.attacks.length - 1, 0))} attacks on ${s.target.models === null ? 'unlimited' : grouped(s.target.models)} models of ${health} health without spill-over`,
  };
  // Attack by attack, every attack pushes each state through each packet of its deal; the matrix
  // method costs what its products do. Refuse at once what is too large either way.
  const stepByStep = plans.reduce((n, plan) => n + (plan.attacks.length - 1) * allocator.size * (maxDamage(plan.attack) + 1), 0);
  const models = s.target.models;
  const byPowers = matrixWork(plans, health, models, false);
  expectWork(method === 'cheaper' ? Math.min(stepByStep, byPowers) : method === 'matrix powers' ? byPowers : stepByStep, allocator.what);
  const powers = method === 'cheaper' ? matrixWork(plans, health, models, true) < stepByStep : method === 'matrix powers';
  let state: D.Dist;
  if (powers) state = excessLostByPowers(plans, allocator, models);
  else {
    state = new Float64Array(allocator.size);
    state[0] = 1;
    for (const plan of plans) state = applyRepeated(state, plan.attacks, (x) => applyDeal(x, plan.attack, allocator));
  }
  // state index = slain · health + damage on the current model = damage allocated.
  const damage = D.trim(state);
  const slain = D.mapValues(damage, (i) => Math.floor(i / health));
  if (s.target.models === null) return health === 1 ? { damage } : { damage, slain };
  return { damage, slain, destroyed: state[destroyed] ?? 0 };
}
