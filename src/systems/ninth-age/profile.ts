/**
 * The needed rolls of one attack (to-hit, to-wound, saves, re-rolls, Multiple Wounds) against a
 * given defender. Shared by the exact engine and the simulator; both only read these targets, and
 * each computes its own answer from them.
 */
import { type DiceExpr, parseDice } from '../../core/dice.js';
import { pAtLeast } from '../../core/d6.js';
import type { MeleeSituation, MultipleWounds, Offence, Options, ShootingSituation, Unit } from './model.js';
import {
  armourNeed,
  clampCharacteristic,
  isCavalryLike,
  isLargeForSkullSplitter,
  meleeBaseToHit,
  meleeNeed,
  shootingNeed,
  woundNeed,
} from './tables.js';

export type HitRoll =
  | { readonly kind: 'auto' }
  /** One die: hit on `need` or better (natural 1 misses, natural 6 hits); Hatred re-rolls misses. */
  | { readonly kind: 'roll'; readonly need: number; readonly rerollMisses: boolean }
  /** Shooting at 7+: a 6, then a second D6 of `second`+ (§5.2). */
  | { readonly kind: 'chain'; readonly second: number }
  | { readonly kind: 'impossible' };

/** A ward or Regeneration roll chosen for a wound: succeed on `need`+; `rerollSuccess` for Holy. */
export interface Protection {
  readonly need: number;
  readonly rerollSuccess: boolean;
}

export interface AttackProfile {
  readonly hit: HitRoll;
  /** A natural-6 hit wounds automatically (Poisoned Attacks, §7); never on a chain or auto hit. */
  readonly poisoned: boolean;
  /** To-wound need 2..6, or 0 when the attack cannot wound (S0). */
  readonly woundNeed: number;
  readonly woundRerollFailed: boolean;
  /** Bluffer's Helm: successful to-wound rolls must be re-rolled. */
  readonly woundRerollSuccess: boolean;
  /** Gem of Fortune: successful to-wound 6s must be re-rolled. */
  readonly woundRerollSixes: boolean;
  /** A natural 6 to wound is a Lethal Strike: AP(6), no Regeneration (§7). */
  readonly lethalStrike: boolean;
  /** Armour need (≥ 7: no save; ≤ 1 behaves as 2+). */
  readonly armourNeed: number;
  readonly lethalArmourNeed: number;
  readonly armourReroll: boolean;
  readonly protection: Protection | null;
  readonly lethalProtection: Protection | null;
  readonly multipleWounds: DiceExpr | null;
  /** Multiple Wounds are capped at the target's W characteristic (§4.10). */
  readonly woundsCap: number;
  /** Hellfire (§7): an unsaved wound marks the victim for D6 S1 hits at the end of the phase. */
  readonly hellfire: boolean;
  /** Lightning Attack against a unit with Fly (§7): a hit marks the victim for D6 S4 hits at the end of the phase. */
  readonly lightning: boolean;
  /** The victim's Lucky Shield is in use against this attack: the first hit its model suffers is discarded (§11). */
  readonly luckyShield: boolean;
  /** Lucky Charm: the victim may re-roll one failed armour save, unless Dusk Stone already re-rolled that die (§11, §1.2). */
  readonly luckyCharm: boolean;
  /**
   * Gemstone Shielding: the single 4+ ward the victim rolls for a wound instead of its own ward or
   * Regeneration (one roll per wound, §4.8), when it is the better one; null when it is not (§11).
   */
  readonly gemstone: Protection | null;
  readonly lethalGemstone: Protection | null;
}

/** P(a protection roll succeeds), natural 1 failing (A13), successes re-rolled once for Holy. */
export function protectionChance(p: Protection): number {
  const q = pAtLeast(Math.max(2, p.need));
  return p.rerollSuccess ? q * q : q;
}

/**
 * One ward or Regeneration roll per wound, the best applicable one (§4.8). Holy Attacks (and the
 * Holy Icon) force successful WARD saves to be re-rolled, never Regeneration (§7, A8).
 */
function chooseProtection(wards: number[], rerollWards: boolean, regeneration: number | null): Protection | null {
  const options: Protection[] = wards.map((need) => ({ need, rerollSuccess: rerollWards }));
  if (regeneration !== null) options.push({ need: regeneration, rerollSuccess: false });
  let best: Protection | null = null;
  for (const o of options) if (!best || protectionChance(o) > protectionChance(best)) best = o;
  return best;
}

/**
 * Gemstone Shielding (§11): after a failed armour save, or none, a 4+ ward against that wound. It is
 * one of the ward options of §4.8 (never a second roll), spent on the first wound it would improve.
 */
function gemstoneOption(gem: boolean, rerollWards: boolean, own: Protection | null): Protection | null {
  if (!gem) return null;
  const option = { need: 4, rerollSuccess: rerollWards };
  return own === null || protectionChance(option) > protectionChance(own) ? option : null;
}

interface WoundingContext {
  readonly s: number;
  readonly armourPiercing: number;
  readonly lethalStrike: boolean;
  readonly flaming: boolean;
  readonly magical: boolean;
  readonly holy: boolean;
  readonly ranged: boolean;
  readonly rerollFailedWounds: boolean;
  readonly woundsOnFourAtWorst: boolean;
  readonly metalshifting: boolean;
  readonly multipleWounds: DiceExpr | null;
  readonly hellfire: boolean;
  readonly lightningAttack: boolean;
}

function woundAndSaves(hit: HitRoll, poisoned: boolean, w: WoundingContext, defender: Unit): AttackProfile {
  const d = defender.defence;
  // Shield: not in close combat with a two-handed weapon (§8.1)
  const shield = w.ranged || d.shieldInMelee ? d.shieldBonus : 0;
  const bonus = d.armourBonus + shield;
  let need = woundNeed(w.s, defender.profile.t);
  // Sword of Haste: wounds on 4+ unless a better roll is already needed (§11)
  if (need > 4 && w.woundsOnFourAtWorst) need = 4;
  // Metalshifting: wounds on the target's armour save value, natural 6 / natural 1 as usual (§7, A7)
  if (w.metalshifting) need = Math.max(2, Math.min(6, 7 - Math.min(bonus, 6)));
  const wards: number[] = [];
  if (d.ward !== null) wards.push(d.ward);
  if (w.ranged && d.wardVsRanged !== null) wards.push(d.wardVsRanged);
  if (d.ethereal && !w.magical) wards.push(2); // Ethereal 2+ ward, not against Magical Attacks (§7)
  if (d.fireborn && w.flaming) wards.push(2); // Fireborn 2+ ward against Flaming Attacks (§7)
  const rerollWards = w.holy || d.rerollOwnWards;
  // Regeneration cannot be used against Flaming Attacks (§7)
  const regeneration = w.flaming ? null : d.regeneration;
  const protection = chooseProtection(wards, rerollWards, regeneration);
  const lethalProtection = chooseProtection(wards, rerollWards, null); // Lethal Strike: no Regeneration (§7)
  return {
    hit,
    poisoned: poisoned && hit.kind === 'roll',
    woundNeed: need,
    // Flaming Attacks against a Flammable target, Blessed Sword: re-roll failed to-wound (§7, §11)
    woundRerollFailed: (w.flaming && d.flammable) || w.rerollFailedWounds,
    woundRerollSuccess: d.bluffersHelm,
    woundRerollSixes: w.ranged && d.gemOfFortune,
    lethalStrike: w.lethalStrike,
    armourNeed: armourNeed(bonus, w.s, w.armourPiercing),
    lethalArmourNeed: armourNeed(bonus, w.s, 6),
    armourReroll: d.rerollFailedArmour,
    protection,
    lethalProtection,
    multipleWounds: w.multipleWounds,
    woundsCap: defender.profile.w,
    hellfire: w.hellfire,
    lightning: w.lightningAttack && d.fly, // only a unit with Fly takes the extra hits (§7)
    // Lucky Shield works while the shield is used: not in close combat with a two-handed weapon (§8.1, §11)
    luckyShield: d.luckyShield && (w.ranged || d.shieldInMelee),
    luckyCharm: d.luckyCharm && !d.rerollFailedArmour, // a die is re-rolled only once (§1.2)
    gemstone: gemstoneOption(d.gemstoneShielding, rerollWards, protection),
    lethalGemstone: gemstoneOption(d.gemstoneShielding, rerollWards, lethalProtection),
  };
}

/** Everything about a melee exchange that decides the needed rolls of one side's attacks. */
export interface MeleeContext {
  readonly situation: MeleeSituation;
  /** This side charged and this is the first round. */
  readonly charged: boolean;
  /** This side fights the enemy in its own front (supporting attacks, spear). */
  readonly enemyInFront: boolean;
  /** This side's attacks land on the defender's front arc (Parry). */
  readonly defenderFrontArc: boolean;
  /** This side failed its Fear test: its WS is set to 1, champion included (§12.6, §1.4). */
  readonly fearFailed: boolean;
  /** WS of the attacker and defender after a failed Fear test (set to 1, §12.6). */
  readonly attackerWs: number;
  readonly defenderWs: number;
}

function meleeStrength(o: Offence, ctx: MeleeContext, defender: Unit, options: Options): number {
  let bonus = o.strengthBonus;
  // Lance, Light Lance, Thunderous Charge: first round after charging (§7, §8.1, A21)
  if (ctx.charged) bonus += o.chargeStrengthBonus + (o.thunderousCharge ? 1 : 0);
  if (o.kingSlayer && defender.character) bonus += 1; // King Slayer (§11)
  // "Attacks always have S N": final Strength (A5, recommended) or a fixed value others add to.
  if (o.fixedStrength !== null) return options.alwaysStrengthIsFinal ? o.fixedStrength : clampCharacteristic(o.fixedStrength + bonus);
  return clampCharacteristic(o.s + bonus);
}

function meleeHit(o: Offence, ctx: MeleeContext, defender: Unit, options: Options): HitRoll {
  const base = meleeBaseToHit(ctx.attackerWs, ctx.defenderWs);
  if (base === 0) return { kind: 'auto' }; // WS0 defender is hit automatically (§4.5)
  const rerollMisses = o.hatred && ctx.situation.round === 1; // Hatred: first round only (§7)
  if (ctx.attackerWs === 0 && !options.ws0TakesModifiers) return { kind: 'roll', need: 6, rerollMisses }; // A27 switch
  // Parry caps the base at 4+ before modifiers (§4.5 step 2)
  const parried = defender.defence.parry && ctx.defenderFrontArc ? Math.max(base, 4) : base;
  let modifier = o.toHitModifier;
  if (defender.defence.flail) modifier += 1; // attacks against a flail bearer +1 to hit (§8.1)
  // Distracting −1 only when no other negative modifier applies (A2); none of ours is negative.
  if (defender.defence.distracting) modifier -= 1;
  return { kind: 'roll', need: meleeNeed(parried, modifier), rerollMisses };
}

/** The needed rolls of one normal close-combat attack of a part. */
export function meleeProfile(o: Offence, ctx: MeleeContext, defender: Unit): AttackProfile {
  const options = ctx.situation.options;
  if (o.crushAttack) {
    // Crush Attack: S10, Multiple Wounds (Ordnance) = D3+1, D3+2 against Fly; rolls to hit (§6, A20)
    return woundAndSaves(meleeHit(o, ctx, defender, options), false, {
      ...specialWounding(10, o.magical),
      multipleWounds: ordnance(defender),
    }, defender);
  }
  // Spear: Lethal Strike against Cavalry, Monstrous Cavalry, Chariots engaged in its front (§8.1, A22)
  const spearLethal = o.spearLethal && ctx.enemyInFront && isCavalryLike(defender.troop);
  return woundAndSaves(meleeHit(o, ctx, defender, options), o.poisoned, {
    s: meleeStrength(o, ctx, defender, options),
    armourPiercing: o.armourPiercing,
    lethalStrike: o.lethalStrike || spearLethal,
    flaming: o.flaming,
    magical: o.magical,
    holy: o.holy,
    ranged: false,
    rerollFailedWounds: o.rerollFailedWounds,
    woundsOnFourAtWorst: o.woundsOnFourAtWorst,
    metalshifting: o.metalshifting,
    multipleWounds: multipleWoundsAgainst(o.multipleWounds, defender),
    hellfire: o.hellfire,
    lightningAttack: o.lightningAttack,
  }, defender);
}

/** Multiple Wounds (Ordnance): D3+1, or D3+2 against targets with Fly (§4.10). */
function ordnance(defender: Unit): DiceExpr {
  return parseDice(defender.defence.fly ? 'D3+2' : 'D3+1');
}

/** The Multiple Wounds dice of an attack against this defender, if any apply (§4.10). */
function multipleWoundsAgainst(mw: MultipleWounds | null, defender: Unit): DiceExpr | null {
  if (!mw || (mw.against && !mw.against.includes(defender.troop))) return null;
  return mw.wounds === 'ordnance' ? ordnance(defender) : mw.wounds;
}

function specialWounding(s: number, magical: boolean): WoundingContext {
  // Special attacks get none of the weapons' or attack rules' benefits, only Magical Attacks (§6).
  return {
    s,
    armourPiercing: 0,
    lethalStrike: false,
    flaming: false,
    magical,
    holy: false,
    ranged: false,
    rerollFailedWounds: false,
    woundsOnFourAtWorst: false,
    metalshifting: false,
    multipleWounds: null,
    hellfire: false,
    lightningAttack: false,
  };
}

/** Automatic hits of a special attack (stomp, impact hits, grinding, breath) — §6. */
export function specialProfile(s: number, magical: boolean, defender: Unit): AttackProfile {
  return woundAndSaves({ kind: 'auto' }, false, specialWounding(s, magical), defender);
}

/** One of the D6 extra S1 hits of Hellfire: no saves of any kind, so no armour, ward or Regeneration (§7, §4.8). */
export function hellfireHitProfile(defender: Unit): AttackProfile {
  return {
    ...specialProfile(1, false, defender),
    armourNeed: 7,
    lethalArmourNeed: 7,
    armourReroll: false,
    luckyCharm: false,
    protection: null,
    lethalProtection: null,
    gemstone: null,
    lethalGemstone: null,
  };
}

/** One of the D6 extra S4 hits of Lightning Attack, saved normally; magical if the attacks were (§7). */
export function lightningHitProfile(magical: boolean, defender: Unit): AttackProfile {
  return specialProfile(4, magical, defender);
}

/** The needed rolls of one shot — §5. */
export function shootingProfile(attacker: Unit, sit: ShootingSituation, defender: Unit, champion = false): AttackProfile {
  const m = attacker.missile!;
  let modifier = sit.toHitModifier;
  if (sit.longRange) modifier -= 1;
  // Moving and shooting −1; Quick to Fire 0; Unwieldy −2 in total (§5.2, §7)
  if (sit.moved && !m.quickToFire) modifier -= m.unwieldy ? 2 : 1;
  if (sit.standAndShoot) modifier -= 1;
  modifier -= sit.cover === 'hard' ? 2 : sit.cover === 'none' ? 0 : 1;
  if (defender.defence.skirmishers) modifier -= 1;
  if (defender.defence.hardTarget) modifier -= 1;
  if (sit.multipleShots) modifier -= 1;
  let hit: HitRoll;
  if (m.alwaysHitsOn !== null) hit = { kind: 'roll', need: m.alwaysHitsOn, rerollMisses: false }; // Skull Splitter (A4)
  else {
    const bs = clampCharacteristic(attacker.profile.bs + (champion ? 1 : 0)); // champion +1 BS (§10)
    const need = shootingNeed(bs + modifier);
    hit = need.kind === 'roll' ? { kind: 'roll', need: need.target, rerollMisses: false } : need;
  }
  const large = isLargeForSkullSplitter(defender.troop) && m.multipleWoundsVsLarge > 1;
  return woundAndSaves(hit, attacker.offence.poisoned, {
    s: m.s ?? attacker.offence.s, // throwing weapons use the bearer's S (§8.2)
    armourPiercing: m.armourPiercing,
    lethalStrike: false, // model rules for close-combat attacks do not apply to shooting (§5.3)
    flaming: m.flaming, // Flaming Attacks has no such limit (§5.3, §7)
    magical: m.alwaysHitsOn !== null || attacker.offence.magical,
    holy: false,
    ranged: true,
    rerollFailedWounds: false,
    woundsOnFourAtWorst: false,
    metalshifting: false,
    multipleWounds: large ? parseDice(String(m.multipleWoundsVsLarge)) : null,
    // Hellfire and Lightning Attack on a model, like its other attack rules, act on its close-combat attacks (§7, §5.3)
    hellfire: false,
    lightningAttack: false,
  }, defender);
}
