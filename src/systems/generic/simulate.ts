/**
 * Monte Carlo of the generic pipeline. A scenario the fast kernel fits (kernel.ts: one profile,
 * each attack's dice looked up in tables) runs there; every other one runs here, die by die in
 * rule order: for each profile in turn,
 * attacks, hit (re-roll, modifier, crit and its extra hits or extra hit rolls), wound (re-roll,
 * modifier, crit), save (armour after rend or invulnerable), Damage dice (re-roll), ward per point,
 * and the allocation of each packet of damage to the target's models.
 *
 * This is the hot loop the bench measures, so the sfc32 generator runs inline with its state in
 * locals (the same recurrence as core/rng.ts), and every D6 rejects the top 4 values of 2^32
 * so each face has probability exactly 1/6. Rarer dice (random attacks, Damage, mortal damage,
 * extra hits, wards) go through helpers on the Rng object.
 */
import { D6_LIMIT, type Rng } from '../../core/rng.js';
import type { DiceExpr } from '../../core/dice.js';
import type { Reroll } from '../../core/d6.js';
import { flat, rollFlat, type FlatDice } from '../../core/flat-dice.js';
import type { Tally } from '../../sim/tally.js';
import type { GenericScenario, Profile } from './schema.js';
import { rollNeeded, saveNeeded, wardKept, wardNeeded } from './tables.js';
import { kernelFits, simulateWithTables } from './kernel.js';
import { ALL, type DieSteps, FAILED, NONE, ONES, type StepProfile, STEP_CRIT, STEP_DONE_SHIFT, STEP_EXTRA_MORTAL, STEP_MORTAL, STEP_STATE, STEP_UNSAVED, STEP_VALUE_SHIFT, dieSteps } from './die-steps.js';

/** A steps entry above this (die-steps.ts) carries packets. */
const STEP_DONE_MASK = (1 << STEP_DONE_SHIFT) | STEP_STATE;
const REROLL_CODE: Record<Reroll, number> = { none: NONE, ones: ONES, failed: FAILED, all: ALL };


const DAMAGE_NONE = 0;
const DAMAGE_ONES = 1;
const DAMAGE_BELOW = 2;

/** The Damage roll with its re-roll: each die showing 1 rolled again, or the whole roll when below. */
function rollDamage(e: FlatDice, reroll: number, below: number, rng: Rng): number {
  if (reroll === DAMAGE_BELOW) {
    const first = rollFlat(e, rng);
    return first < below ? rollFlat(e, rng) : first;
  }
  if (reroll !== DAMAGE_ONES) return rollFlat(e, rng);
  let sum = e.modifier;
  for (let i = 0; i < e.count; i++) {
    let face = e.sides === 3 ? rng.d3() : rng.d6();
    if (face === 1) face = e.sides === 3 ? rng.d3() : rng.d6();
    sum += face;
  }
  return sum;
}

/** Damage allocated so far in one sample: pooled (spill-over), or per model with the excess lost. */
class Allocation {
  total = 0;
  slain = 0;
  current = 0;
  constructor(
    readonly spill: boolean,
    readonly mortalSpills: boolean,
    readonly health: number,
    readonly models: number,
  ) {}

  reset(): void {
    this.total = 0;
    this.slain = 0;
    this.current = 0;
  }

  /** One packet: spill-over pools it; otherwise it goes on the current model and its excess is lost, unless it is mortal damage under mortal-spill-over. */
  add(points: number, mortal: boolean): void {
    if (points === 0) return;
    if (this.spill) {
      this.total += points;
      return;
    }
    if (this.slain >= this.models) return;
    if (mortal && this.mortalSpills) {
      const damage = this.current + points;
      const dead = Math.floor(damage / this.health);
      this.slain += dead;
      this.current = damage - dead * this.health;
      if (this.slain >= this.models) {
        this.slain = this.models;
        this.current = 0;
      }
      return;
    }
    this.current += points;
    if (this.current >= this.health) {
      this.slain++;
      this.current = 0; // the excess of this packet is lost
    }
  }
}

/** One profile's constants, unpacked for the loop: what its steps read (die-steps.ts), and more. */
interface Kernel extends StepProfile {
  models: number;
  attackDice: FlatDice;
  damageReroll: number;
  damageBelow: number;
  /** The attack as steps over its dice (die-steps.ts), or null: the branching code below. */
  steps: DieSteps | null;
}

const flatOrNull = (e: DiceExpr | null) => (e ? flat(e) : null);

function kernelOf(s: GenericScenario, p: Profile): Kernel {
  const saves = new Int32Array(13);
  for (let r = 0; r < saves.length; r++) saves[r] = saveNeeded(s, p, r);
  const damageReroll = p.reroll.damage;
  const kernel: Kernel = {
    models: p.models,
    attackDice: flat(p.attacks),
    damageDice: flat(p.damage),
    damageReroll: damageReroll.kind === 'ones' ? DAMAGE_ONES : damageReroll.kind === 'below' ? DAMAGE_BELOW : DAMAGE_NONE,
    damageBelow: damageReroll.kind === 'below' ? damageReroll.below : 0,
    hitTarget: rollNeeded(p.hit),
    hitModifier: p.hitModifier,
    hitReroll: REROLL_CODE[p.reroll.hit],
    hitCritOn: p.hitCrit ? p.hitCrit.on : 7,
    extraHits: flatOrNull(p.hitCrit?.extraHits ?? null),
    extraHitRolls: flatOrNull(p.hitCrit?.extraHitRolls ?? null),
    critAutoWound: p.hitCrit?.autoWound ?? false,
    hitMortal: flatOrNull(p.hitCrit?.mortal ?? null),
    hitExtraMortal: flatOrNull(p.hitCrit?.extraMortal ?? null),
    hitCritRend: p.hitCrit?.extraRend ?? 0,
    hitCritDamage: p.hitCrit?.extraDamage ?? 0,
    woundTarget: rollNeeded(p.wound),
    woundModifier: p.woundModifier,
    woundReroll: REROLL_CODE[p.reroll.wound],
    woundCritOn: p.woundCrit ? p.woundCrit.on : 7,
    woundMortal: flatOrNull(p.woundCrit?.mortal ?? null),
    woundExtraMortal: flatOrNull(p.woundCrit?.extraMortal ?? null),
    woundCritRend: p.woundCrit?.extraRend ?? 0,
    woundCritDamage: p.woundCrit?.extraDamage ?? 0,
    saveNeeded: saves,
    ward: wardNeeded(s),
    steps: null,
  };
  kernel.steps = dieSteps(kernel, s.situation.allocation === 'spill-over');
  return kernel;
}

/** Mortal damage: rolled, then the ward per point. */
function mortalPoints(e: FlatDice, ward: number, rng: Rng): number {
  const points = rollFlat(e, rng);
  return ward <= 6 ? wardKept(points, ward, rng) : points;
}

const fits = new WeakMap<GenericScenario, boolean>();

export function simulateGeneric(s: GenericScenario, rng: Rng, n: number, tally: Tally): void {
  let fast = fits.get(s);
  if (fast === undefined) fits.set(s, (fast = kernelFits(s)));
  if (fast) simulateWithTables(s, rng, n, tally);
  else simulateDieByDie(s, rng, n, tally);
}

/**
 * `n` samples die by die: every scenario, also those the fast kernel fits (tests compare the two);
 * `steps` false rolls every profile through the branching code, even one die-steps.ts tables.
 */
export function simulateDieByDie(s: GenericScenario, rng: Rng, n: number, tally: Tally, steps = true): void {
  const kernels = s.profiles.map((p) => kernelOf(s, p));
  if (!steps) for (const k of kernels) k.steps = null;
  const health = s.target.health;
  const capped = s.target.models !== null;
  const targetModels = s.target.models ?? Number.MAX_SAFE_INTEGER;
  const spill = s.situation.allocation === 'spill-over';
  const alloc = new Allocation(spill, s.situation.allocation === 'mortal-spill-over', health, targetModels);

  for (let sample = 0; sample < n; sample++) {
    alloc.reset();
    for (const k of kernels) runProfile(k, rng, alloc);
    if (spill) {
      const wounds = targetModels * health;
      const total = alloc.total;
      const damage = capped && total > wounds ? wounds : total;
      const dead = Math.floor(damage / health);
      if (capped) tally.record(damage, dead, total >= wounds);
      else if (health > 1) tally.record(damage, dead);
      else tally.record(damage);
    } else {
      const damage = alloc.slain * health + alloc.current;
      if (capped) tally.record(damage, alloc.slain, alloc.slain === targetModels);
      else if (health > 1) tally.record(damage, alloc.slain);
      else tally.record(damage);
    }
  }
}

/**
 * Every attack of one profile in one sample: its attacks rolled, then the attacks through the
 * profile's steps (a totals table or a packets table, die-steps.ts) or the branching code. Three
 * loop functions, so each keeps its own type feedback and optimised code when scenarios of
 * different kinds run one after another in a worker.
 */
function runProfile(k: Kernel, rng: Rng, alloc: Allocation): void {
  let attacks = 0;
  if (k.attackDice.count === 0) attacks = k.models * k.attackDice.modifier;
  else for (let m = 0; m < k.models; m++) attacks += rollFlat(k.attackDice, rng);
  if (k.steps === null) rollBranching(k, attacks, rng, alloc);
  else if (k.steps.totals) alloc.add(rollTotals(k.steps, attacks, rng), false);
  else rollPackets(k, k.steps, attacks, rng, alloc);
}

/**
 * The attacks read through a totals table (die-steps.ts): each face leads to the next die or
 * ends the attack with its damage; no branch on the die. Returns the damage.
 */
function rollTotals(steps: DieSteps, attacks: number, rng: Rng): number {
  let a = rng.a | 0;
  let b = rng.b | 0;
  let c = rng.c | 0;
  let d = rng.d | 0;
  let t = 0;
  let u = 0;
  const table = steps.table;
  let state = steps.start;
  let left = attacks;
  let total = 0;
  while (left > 0) {
    do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= D6_LIMIT);
    const entry = table[state * 6 + (u % 6)];
    state = entry & STEP_STATE;
    left -= (entry >> STEP_DONE_SHIFT) & 1;
    total += entry >> STEP_VALUE_SHIFT;
  }
  rng.save(a, b, c, d);
  return total;
}

/**
 * The attacks read through a packets table (die-steps.ts), each ended attack carrying its
 * packets: the entry is above STEP_DONE_MASK only when an ended attack inflicts something.
 */
function rollPackets(k: Kernel, steps: DieSteps, attacks: number, rng: Rng, alloc: Allocation): void {
  const ward = k.ward;
  let a = rng.a | 0;
  let b = rng.b | 0;
  let c = rng.c | 0;
  let d = rng.d | 0;
  let t = 0;
  let u = 0;
  const table = steps.table;
  let state = steps.start;
  let left = attacks;
  while (left > 0) {
    do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= D6_LIMIT);
    const entry = table[state * 6 + (u % 6)];
    state = entry & STEP_STATE;
    left -= (entry >> STEP_DONE_SHIFT) & 1;
    if (entry > STEP_DONE_MASK) {
      // Packets, in the branching code's order: mortal damage instead of the wound; or the
      // wound's damage and ward, then extra mortal damage.
      rng.save(a, b, c, d);
      if ((entry & STEP_MORTAL) !== 0) alloc.add(mortalPoints(k.woundMortal!, ward, rng), true);
      if ((entry & STEP_UNSAVED) !== 0) {
        let points = (k.damageDice.count === 0 ? k.damageDice.modifier : rollDamage(k.damageDice, k.damageReroll, k.damageBelow, rng)) + ((entry & STEP_CRIT) !== 0 ? k.woundCritDamage : 0);
        if (ward <= 6) points = wardKept(points, ward, rng);
        alloc.add(points, false);
      }
      if ((entry & STEP_EXTRA_MORTAL) !== 0) alloc.add(mortalPoints(k.woundExtraMortal!, ward, rng), true);
      ({ a, b, c, d } = rng);
    }
  }
  rng.save(a, b, c, d);
}

/** The attacks die by die, branching on each die in rule order. */
function rollBranching(k: Kernel, attacks: number, rng: Rng, alloc: Allocation): void {
  const hitTarget = k.hitTarget;
  const hitModifier = k.hitModifier;
  const hitReroll = k.hitReroll;
  const hitCritOn = k.hitCritOn;
  const woundTarget = k.woundTarget;
  const woundModifier = k.woundModifier;
  const woundReroll = k.woundReroll;
  const woundCritOn = k.woundCritOn;
  const ward = k.ward;

  let a = rng.a | 0;
  let b = rng.b | 0;
  let c = rng.c | 0;
  let d = rng.d | 0;
  let t = 0;
  let u = 0;

  for (let attack = 0; attack < attacks; attack++) {
    // Hit rolls of this attack: the first, then any extra hit rolls its critical gives.
    let rolls = 1;
    for (let r = 0; r < rolls; r++) {
      let critical = false;
      if (hitTarget > 1) {
        let face = 0;
        for (let attempt = 0; ; attempt++) {
          do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= D6_LIMIT);
          face = (u % 6) + 1;
          if (attempt === 1 || hitReroll === NONE) break;
          // An unmodified 1 fails, an unmodified 6 succeeds, a critical is a success.
          const success = face >= hitCritOn || (face !== 1 && (face === 6 || face + hitModifier >= hitTarget));
          const again = hitReroll === ONES ? face === 1 : hitReroll === FAILED ? !success : face < hitCritOn;
          if (!again) break;
        }
        critical = face >= hitCritOn;
        if (!critical && (face === 1 || (face !== 6 && face + hitModifier < hitTarget))) continue;
      }
      let hits = 1;
      if (critical && (k.extraHits !== null || (r === 0 && k.extraHitRolls !== null))) {
        rng.save(a, b, c, d);
        if (k.extraHits !== null) hits += rollFlat(k.extraHits, rng);
        // Extra hit rolls come from the attack's first roll only: they make no more.
        if (r === 0 && k.extraHitRolls !== null) rolls += rollFlat(k.extraHitRolls, rng);
        ({ a, b, c, d } = rng);
      }

      for (let h = 0; h < hits; h++) {
        const itself = critical && h === 0;
        if (itself && k.hitMortal !== null) {
          // Mortal damage instead of the hit: no wound or save roll.
          rng.save(a, b, c, d);
          alloc.add(mortalPoints(k.hitMortal, ward, rng), true);
          ({ a, b, c, d } = rng);
          continue;
        }
        let rend = itself ? k.hitCritRend : 0;
        let bonus = itself ? k.hitCritDamage : 0;
        let wounded = true;
        let woundCrit = false;
        if (!(itself && k.critAutoWound) && woundTarget > 1) {
          let face = 0;
          for (let attempt = 0; ; attempt++) {
            do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= D6_LIMIT);
            face = (u % 6) + 1;
            if (attempt === 1 || woundReroll === NONE) break;
            const success = face >= woundCritOn || (face !== 1 && (face === 6 || face + woundModifier >= woundTarget));
            const again = woundReroll === ONES ? face === 1 : woundReroll === FAILED ? !success : face < woundCritOn;
            if (!again) break;
          }
          woundCrit = face >= woundCritOn;
          if (!woundCrit && (face === 1 || (face !== 6 && face + woundModifier < woundTarget))) wounded = false;
          if (woundCrit) {
            rend += k.woundCritRend;
            bonus += k.woundCritDamage;
          }
        }
        if (wounded && woundCrit && k.woundMortal !== null) {
          // Mortal damage instead of the wound: no save roll.
          rng.save(a, b, c, d);
          alloc.add(mortalPoints(k.woundMortal, ward, rng), true);
          ({ a, b, c, d } = rng);
        } else if (wounded) {
          const needed = k.saveNeeded[rend];
          let saved = false;
          if (needed <= 6) {
            do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= D6_LIMIT);
            const face = (u % 6) + 1;
            saved = face >= needed && face !== 1; // a natural 1 always fails
          }
          if (!saved || (woundCrit && k.woundExtraMortal !== null)) {
            rng.save(a, b, c, d);
            if (!saved) {
              let points = (k.damageDice.count === 0 ? k.damageDice.modifier : rollDamage(k.damageDice, k.damageReroll, k.damageBelow, rng)) + bonus;
              if (ward <= 6) points = wardKept(points, ward, rng);
              alloc.add(points, false);
            }
            // Mortal damage in addition to the wound, after its normal damage.
            if (woundCrit && k.woundExtraMortal !== null) alloc.add(mortalPoints(k.woundExtraMortal, ward, rng), true);
            ({ a, b, c, d } = rng);
          }
        }
        if (itself && k.hitExtraMortal !== null) {
          // Mortal damage in addition to the critical hit, after the hit's own damage.
          rng.save(a, b, c, d);
          alloc.add(mortalPoints(k.hitExtraMortal, ward, rng), true);
          ({ a, b, c, d } = rng);
        }
      }
    }
  }
  rng.save(a, b, c, d);
}
