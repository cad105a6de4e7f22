/**
 * Turns a parsed scenario into the plan both engines follow: one group per weapon profile with
 * its dice tables after every modifier and cap, the mortal damage sources of the ability, the
 * ward and the target's models. Shared by exact.ts and simulate.ts; computes no probability.
 */
import { type DiceExpr, parseDice } from '../../core/dice.js';
import type { AosReroll, Crit, Scenario, Situation, Target, Weapon } from './schema.js';
import { clampRollModifier, hitTable, netSaveModifier, passTable, atLeastTable } from './tables.js';

export interface WeaponGroup {
  readonly name: string;
  /** Models using the weapon; each rolls `attacks` (26.0: random Attacks per model). */
  readonly models: number;
  readonly attacks: DiceExpr;
  /** Added to every model's Attacks (Cornered Rat). */
  readonly attackBonus: number;
  /** Champions among the models: +1 Attacks each. */
  readonly champions: number;
  /** MISS / HIT / CRIT per unmodified face. */
  readonly hit: Uint8Array;
  /** 1 where the wound roll succeeds. */
  readonly wound: Uint8Array;
  /** 1 where the target's save succeeds (all 0 when no save is possible). */
  readonly save: Uint8Array;
  /** Re-roll policies of the hit, wound and save dice (§2.1), judged on these tables. */
  readonly hitReroll: AosReroll;
  readonly woundReroll: AosReroll;
  readonly saveReroll: AosReroll;
  readonly crit: Crit;
  readonly damage: DiceExpr;
  /** Added to every rolled Damage (Charge (+1 Damage)). */
  readonly damageBonus: number;
  /** A3: with Crit (2 Hits), both hits share one Damage roll. */
  readonly sharedCritDamage: boolean;
}

/**
 * Mortal damage that is not from a weapon (§4.4): a dice amount, suffered only when `ones` D6 all
 * roll 1 (0: always); or one point per die that scores.
 */
export type MortalSource =
  | { readonly kind: 'amount'; readonly amount: DiceExpr; readonly ones: number }
  | { readonly kind: 'per-die'; readonly dice: number; readonly scores: Uint8Array };

export interface Plan {
  readonly groups: readonly WeaponGroup[];
  readonly mortal: readonly MortalSource[];
  /** 1 where the ward removes a point of damage. */
  readonly ward: Uint8Array;
  readonly models: number;
  readonly health: number;
  readonly damaged: number;
}

const D3 = parseDice('D3');

export function plan(s: Scenario): Plan {
  return {
    groups: s.attacker.weapons.map((w) => weaponGroup(w, s)),
    mortal: mortalSources(s),
    ward: atLeastTable(s.target.ward),
    models: s.target.models,
    health: s.target.health,
    damaged: s.target.damaged,
  };
}

function weaponGroup(w: Weapon, s: Scenario): WeaponGroup {
  const { situation, target } = s;
  return {
    name: w.name,
    models: w.models,
    attacks: w.attacks,
    // Cornered Rat (Clawlord sheet, §6): +3 Attacks while damaged, judged when the ability is declared (A10).
    attackBonus: w.corneredRat && s.attacker.damaged > 0 ? 3 : 0,
    champions: w.champions,
    hit: hitTable(w.hit, hitModifier(w, situation, target), situation.sixAlwaysHits),
    wound: passTable(w.wound, clampRollModifier(friendly(situation.woundModifier, w, situation))),
    save: passTable(target.save, netSaveModifier(saveModifiers(situation), rend(w, situation, target), situation.rendInSaveCap)),
    // A re-roll from the attacker's abilities changes the attack sequence, which a Companion
    // weapon ignores (20.0); the save re-roll is the target's own.
    hitReroll: w.companion ? 'none' : situation.hitReroll,
    woundReroll: w.companion ? 'none' : situation.woundReroll,
    saveReroll: situation.saveReroll,
    crit: w.crit,
    damage: w.damage,
    // Charge (+1 Damage), 20.0: after the random value is rolled (27.0).
    damageBonus: w.chargeDamage && situation.charged ? 1 : 0,
    sharedCritDamage: situation.crit2HitsDamage === 'shared',
  };
}

/** Every hit modifier, summed and then clamped to ±1 (17.1). */
function hitModifier(w: Weapon, situation: Situation, target: Target): number {
  let sum = 0;
  // Cover — Terreno 1.2, A12: −1 to hit, melee too, unless the target charged or has FLY.
  if (situation.cover && !situation.targetCharged && !target.keywords.has('fly')) sum -= 1;
  // Guarded Hero — 25.0: −1 to hit for shooting at a HERO that is not a MONSTER or WAR MACHINE
  // (parse refuses it anywhere else).
  if (situation.guardedHero) sum -= 1;
  // All-out Attack — Órdenes 6.0: +1 to hit, Companion weapons included.
  if (situation.allOutAttack) sum += 1;
  // Covering Fire — Órdenes 4.0: −1 to hit; a friendly negative modifier also binds Companion (core wording).
  if (situation.coveringFire) sum -= 1;
  return clampRollModifier(sum + friendly(situation.hitModifier, w, situation));
}

/**
 * A modifier from the attacker's own abilities. Companion (20.0, A4): the core wording ignores
 * friendly modifiers except negative ones; the Spearhead wording ignores them all.
 */
function friendly(modifier: number, w: Weapon, situation: Situation): number {
  if (!w.companion) return modifier;
  return modifier < 0 && situation.pack === 'core' ? modifier : 0;
}

/** Save modifiers of the target's side: All-out Defence (Órdenes 7.0) +1, plus any stated modifier. */
function saveModifiers(situation: Situation): number {
  return (situation.allOutDefence ? 1 : 0) + situation.saveModifier;
}

/** Rend plus 1 for each Anti-X the target meets (20.0: Anti abilities stack; Anti-charge = the target charged). */
function rend(w: Weapon, situation: Situation, target: Target): number {
  let total = w.rend;
  for (const x of w.anti) if (x === 'charge' ? situation.targetCharged : target.keywords.has(x)) total += 1;
  return total;
}

/** The mortal damage of the non-weapon abilities (§4.4, §6, §7). */
function mortalSources(s: Scenario): MortalSource[] {
  switch (s.situation.ability) {
    // Retreat — 14.1: the retreating unit (the target here) suffers D3 mortal damage.
    case 'retreat':
    // Power Through — Órdenes 8.0: D3 mortal damage on the engaged enemy unit.
    case 'power-through':
      return [{ kind: 'amount', amount: D3, ones: 0 }];
    // Place of Power — Terreno 1.2: a D6; on a 1 the hero (the target here) suffers D3 mortal damage.
    case 'place-of-power':
      return [{ kind: 'amount', amount: D3, ones: 1 }];
    // Miscast — Magic module (§9): two unmodified 1s on the 2D6 casting roll, D3 mortal damage on the wizard.
    case 'miscast':
      return [{ kind: 'amount', amount: D3, ones: 2 }];
    // ¡Boing! ¡Boing! ¡Boing! (Squig Hoppers sheet): a D6 per model, 1 mortal damage on each 4+.
    case 'boing-boing-boing':
      return [{ kind: 'per-die', dice: s.attacker.models, scores: atLeastTable(4) }];
    case 'fight':
    case 'shoot':
      return [];
  }
}
