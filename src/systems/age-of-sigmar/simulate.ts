/**
 * Monte Carlo for Age of Sigmar: every die rolled in rule order, as at the table — Attacks per
 * model, then per attack the hit, wound and save rolls and the Damage (17.0), mortal damage
 * (17.2), the ward per point (18.1) and allocation one point at a time (18.2–18.4).
 */
import { diceSampler } from '../../core/dice.js';
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import { type MortalSource, type WeaponGroup, plan } from './profile.js';
import type { Scenario } from './schema.js';
import { CRIT, MISS, rerollTable } from './tables.js';

type Roll = (rng: Rng) => number;

interface WeaponRoller {
  readonly group: WeaponGroup;
  readonly rollAttacks: Roll;
  readonly rollDamage: Roll;
  /** 1 for the faces each roll re-rolls (§2.1). */
  readonly hitAgain: Uint8Array;
  readonly woundAgain: Uint8Array;
  readonly saveAgain: Uint8Array;
}

export function simulate(s: Scenario, rng: Rng, n: number, tally: Tally): void {
  const p = plan(s);
  const rollDamage = damageRoller(s);
  for (let i = 0; i < n; i++) {
    const damage = rollDamage(rng);
    // Allocation (18.2): one point at a time onto the counter; at Health a model is slain and the
    // counter resets; when the last model dies the rest of the pool has no effect (18.4).
    let counter = p.damaged;
    let slain = 0;
    for (let point = 0; point < damage && slain < p.models; point++) {
      counter++;
      if (counter === p.health) {
        slain++;
        counter = 0;
      }
    }
    tally.record(damage, slain, slain === p.models);
  }
}

/**
 * One use of the scenario's ability, die by die: the damage pool of every attack and mortal source
 * (17.0, 17.2), then the ward, one D6 per point (18.1). Returns the damage left to allocate.
 */
export function damageRoller(s: Scenario): Roll {
  const p = plan(s);
  const weapons: WeaponRoller[] = p.groups.map((group) => ({
    group,
    rollAttacks: diceSampler(group.attacks),
    rollDamage: diceSampler(group.damage),
    hitAgain: rerollTable(group.hitReroll, group.hit),
    woundAgain: rerollTable(group.woundReroll, group.wound),
    saveAgain: rerollTable(group.saveReroll, group.save),
  }));
  const mortal = p.mortal.map(mortalRoller);
  return (rng) => {
    let pool = 0;
    for (const w of weapons) pool += rollWeapon(w, rng);
    for (const roll of mortal) pool += roll(rng);
    let damage = 0;
    for (let point = 0; point < pool; point++) if (p.ward[rng.d6()] === 0) damage++;
    return damage;
  };
}

/** Every attack of one weapon profile: each model rolls its Attacks (26.0), Champions +1. */
function rollWeapon(w: WeaponRoller, rng: Rng): number {
  const g = w.group;
  let total = 0;
  for (let model = 0; model < g.models; model++) {
    const attacks = w.rollAttacks(rng) + g.attackBonus + (model < g.champions ? 1 : 0);
    for (let a = 0; a < attacks; a++) total += rollAttack(w, rng);
  }
  return total;
}

/** One attack, die by die (17.0): hit, then by the crit rule, wound, save, Damage. */
function rollAttack(w: WeaponRoller, rng: Rng): number {
  const g = w.group;
  const hit = roll(g.hit, w.hitAgain, rng);
  if (hit === MISS) return 0;
  if (hit === CRIT) {
    switch (g.crit) {
      case 'mortal':
        return rollDamage(w, rng);
      case 'auto-wound':
        return roll(g.save, w.saveAgain, rng) === 1 ? 0 : rollDamage(w, rng);
      case 'two-hits':
        return rollTwoHits(w, rng);
      case 'none':
        break;
    }
  }
  return rollHit(w, rng);
}

/** A hit: wound roll, save roll, Damage. */
function rollHit(w: WeaponRoller, rng: Rng): number {
  const g = w.group;
  if (roll(g.wound, w.woundAgain, rng) === 0) return 0;
  if (roll(g.save, w.saveAgain, rng) === 1) return 0;
  return rollDamage(w, rng);
}

/** One D6 read through its table, re-rolled at most once first (§2.1). */
function roll(table: Uint8Array, again: Uint8Array, rng: Rng): number {
  const face = rng.d6();
  return table[again[face] === 1 ? rng.d6() : face];
}

/** Crit (2 Hits): two hits; A3 decides whether they share one Damage roll. */
function rollTwoHits(w: WeaponRoller, rng: Rng): number {
  const g = w.group;
  if (!g.sharedCritDamage) return rollHit(w, rng) + rollHit(w, rng);
  let through = 0;
  for (let h = 0; h < 2; h++) if (roll(g.wound, w.woundAgain, rng) === 1 && roll(g.save, w.saveAgain, rng) === 0) through++;
  return through === 0 ? 0 : through * rollDamage(w, rng);
}

/** Damage rolled, then modified (27.0). */
function rollDamage(w: WeaponRoller, rng: Rng): number {
  return w.rollDamage(rng) + w.group.damageBonus;
}

function mortalRoller(source: MortalSource): Roll {
  if (source.kind === 'amount') {
    const { ones } = source;
    const rollAmount = diceSampler(source.amount);
    return (rng) => {
      for (let d = 0; d < ones; d++) if (rng.d6() !== 1) return 0;
      return rollAmount(rng);
    };
  }
  const { dice, scores } = source;
  return (rng) => {
    let total = 0;
    for (let d = 0; d < dice; d++) total += scores[rng.d6()];
    return total;
  };
}
