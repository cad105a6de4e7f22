/**
 * One attack rolled die by die, in the order of §4.9: to-hit (and its re-roll), Poisoned Attacks,
 * to-wound (a die re-rolled once), Lethal Strike, armour, ward or Regeneration, Multiple Wounds —
 * noting on the victim what the attack leaves for the rest of the phase.
 *
 * `rollAttacks` rolls a batch of attacks of one profile; when no attack of it changes or reads the
 * victim, it reads their dice four at a time through the same sequence written as an automaton
 * over the faces (attackAutomaton, core/face-automaton.ts): the same dice in the same order
 *.
 */
import { type DiceExpr, rollDice } from '../../core/dice.js';
import { FaceAutomaton, KeptByKey, type FaceStep, endRun, goTo } from '../../core/face-automaton.js';
import type { Rng } from '../../core/rng.js';
import { objectArray } from '../../core/object-array.js';
import type { AttackProfile, Protection } from './profile.js';

/** What a victim unit carries through one phase: end-of-phase marks (§7) and spent single-use items (§11). */
export class Victim {
  /** Suffered an unsaved wound from a Hellfire attack. */
  hellfire = false;
  /** A unit with Fly that suffered a hit from a Lightning Attack. */
  lightning = false;
  shieldSpent = false;
  charmSpent = false;
  gemSpent = false;

  reset(): void {
    this.hellfire = this.lightning = this.shieldSpent = this.charmSpent = this.gemSpent = false;
  }
}

/** No protection roll, flattened: need −1. */
const NO_PROTECTION = { need: -1, rerollSuccess: false } as const;

/**
 * An AttackProfile flattened into numbers and booleans, one hidden class for every profile, so the
 * dice loop stays monomorphic. Built by AttackDiceTable, one object per distinct profile.
 */
export class AttackDice {
  /** 0 cannot hit, 1 "a 6, then X+", 2 one roll, 3 automatic. */
  readonly hitKind: number;
  readonly hitNeed: number;
  readonly hitSecond: number;
  readonly hitReroll: boolean;
  readonly poisoned: boolean;
  readonly luckyShield: boolean;
  readonly lightning: boolean;
  readonly woundNeed: number;
  readonly woundRerollSuccess: boolean;
  readonly woundRerollSixes: boolean;
  readonly woundRerollFailed: boolean;
  readonly lethalStrike: boolean;
  readonly armourNeed: number;
  readonly lethalArmourNeed: number;
  readonly armourReroll: boolean;
  readonly luckyCharm: boolean;
  /** Ward or Regeneration need (−1: none), and whether a success is re-rolled (Holy Attacks, §7); the same under Lethal Strike, and Gemstone Shielding's. */
  readonly protectionNeed: number;
  readonly protectionReroll: boolean;
  readonly lethalProtectionNeed: number;
  readonly lethalProtectionReroll: boolean;
  readonly gemNeed: number;
  readonly gemReroll: boolean;
  readonly lethalGemNeed: number;
  readonly lethalGemReroll: boolean;
  readonly hellfire: boolean;
  readonly multipleWounds: DiceExpr | null;
  readonly woundsCap: number;
  /**
   * Only the common rules apply — a roll to hit (Hatred's re-roll, Poisoned Attacks) or an automatic
   * hit, to wound (Lethal Strike), armour, one ward or Regeneration roll, one wound: rolled by the
   * short path of rollAttack.
   */
  readonly plain: boolean;
  /** The attack read four dice at a time (attackAutomaton), set by AttackDiceTable; null where it cannot be. */
  automaton: FaceAutomaton | null = null;
  /** Its index in its AttackDiceTable's `all`, set by the table. */
  index = -1;

  constructor(p: AttackProfile) {
    const h = p.hit;
    this.hitKind = h.kind === 'impossible' ? 0 : h.kind === 'chain' ? 1 : h.kind === 'roll' ? 2 : 3;
    this.hitNeed = h.kind === 'roll' ? h.need : 0;
    this.hitSecond = h.kind === 'chain' ? h.second : 0;
    this.hitReroll = h.kind === 'roll' && h.rerollMisses;
    this.poisoned = p.poisoned;
    this.luckyShield = p.luckyShield;
    this.lightning = p.lightning;
    this.woundNeed = p.woundNeed;
    this.woundRerollSuccess = p.woundRerollSuccess;
    this.woundRerollSixes = p.woundRerollSixes;
    this.woundRerollFailed = p.woundRerollFailed;
    this.lethalStrike = p.lethalStrike;
    this.armourNeed = p.armourNeed;
    this.lethalArmourNeed = p.lethalArmourNeed;
    this.armourReroll = p.armourReroll;
    this.luckyCharm = p.luckyCharm;
    const pr = p.protection ?? NO_PROTECTION;
    const lp = p.lethalProtection ?? NO_PROTECTION;
    const gem = p.gemstone ?? NO_PROTECTION;
    const lgem = p.lethalGemstone ?? NO_PROTECTION;
    this.protectionNeed = pr.need;
    this.protectionReroll = pr.rerollSuccess;
    this.lethalProtectionNeed = lp.need;
    this.lethalProtectionReroll = lp.rerollSuccess;
    this.gemNeed = gem.need;
    this.gemReroll = gem.rerollSuccess;
    this.lethalGemNeed = lgem.need;
    this.lethalGemReroll = lgem.rerollSuccess;
    this.hellfire = p.hellfire;
    this.multipleWounds = p.multipleWounds;
    this.woundsCap = p.woundsCap;
    this.plain =
      (this.hitKind === 2 || this.hitKind === 3) &&
      !this.luckyShield &&
      !this.lightning &&
      !this.woundRerollSuccess &&
      !this.woundRerollSixes &&
      !this.woundRerollFailed &&
      !this.armourReroll &&
      !this.luckyCharm &&
      !this.protectionReroll &&
      !this.lethalProtectionReroll &&
      this.gemNeed === -1 &&
      this.lethalGemNeed === -1 &&
      !this.hellfire &&
      this.multipleWounds === null;
  }

  /** Everything the dice depend on, as one string (AttackDiceTable's key). */
  get key(): string {
    const m = this.multipleWounds;
    return [
      this.hitKind, this.hitNeed, this.hitSecond, this.hitReroll, this.poisoned, this.luckyShield, this.lightning,
      this.woundNeed, this.woundRerollSuccess, this.woundRerollSixes, this.woundRerollFailed, this.lethalStrike,
      this.armourNeed, this.lethalArmourNeed, this.armourReroll, this.luckyCharm,
      this.protectionNeed, this.protectionReroll, this.lethalProtectionNeed, this.lethalProtectionReroll,
      this.gemNeed, this.gemReroll, this.lethalGemNeed, this.lethalGemReroll,
      this.hellfire, m ? `${m.count}d${m.faces}${m.discard ?? ''}${m.modifier}` : '', this.woundsCap,
    ].join(',');
  }
}

/** One AttackDice per distinct profile met (a simulator keeps one table per scenario). */
export class AttackDiceTable {
  /** Every AttackDice of the table, by index (a compiled group keeps indices in its typed array). */
  readonly all: AttackDice[] = objectArray();
  private readonly byKey = new Map<string, AttackDice>();
  /**
   * The same by profile object: a group gives one profile object for every count of models alive,
   * so a fight's rounds look most profiles up here, without building their key.
   */
  private readonly byProfile = new Map<AttackProfile, AttackDice>();

  of(p: AttackProfile): AttackDice {
    let d = this.byProfile.get(p);
    if (d === undefined) this.byProfile.set(p, (d = this.byContent(p)));
    return d;
  }

  private byContent(p: AttackProfile): AttackDice {
    const d = new AttackDice(p);
    const key = d.key;
    const known = this.byKey.get(key);
    if (known) return known;
    d.automaton = attackAutomaton(p);
    d.index = this.all.length;
    this.all.push(d);
    this.byKey.set(key, d);
    return d;
  }
}

/** A D6 roll against a protection need (natural 1 fails, A13), a success re-rolled once when asked (Holy Attacks, §7). */
function protectionSaves(need: number, reroll: boolean, rng: Rng): boolean {
  let f = rng.d6();
  let saved = f !== 1 && f >= need;
  if (saved && reroll) {
    f = rng.d6(); // Holy Attacks: a successful ward must be re-rolled (§7)
    saved = f !== 1 && f >= need;
  }
  return saved;
}

/** Wounds caused by one attack on `victim`. */
export function rollAttack(p: AttackDice, rng: Rng, victim: Victim): number {
  return p.plain ? rollPlainAttack(p, rng) : rollAnyAttack(p, rng, victim);
}

/**
 * An attack of a plain profile (AttackDice.plain): the dice of rollAnyAttack when none of its
 * rarer rules applies, in a body small enough for the hot loop to inline.
 */
function rollPlainAttack(p: AttackDice, rng: Rng): number {
  let f = 0;
  let poisonedWound = false;
  if (p.hitKind === 2) {
    const need = p.hitNeed;
    f = rng.d6();
    if (f === 1 || (f !== 6 && f < need)) {
      if (!p.hitReroll) return 0;
      f = rng.d6(); // Hatred: the re-roll is final (§7)
      if (f === 1 || (f !== 6 && f < need)) return 0;
    }
    poisonedWound = p.poisoned && f === 6; // Poisoned Attacks: a natural 6 to hit wounds (§7, A11)
  }
  let lethal = false;
  if (!poisonedWound) {
    const need = p.woundNeed;
    f = rng.d6();
    // A natural 1 always fails, a natural 6 always wounds, S0 never wounds (§1.3)
    if (need === 0 || f === 1 || (f !== 6 && f < need)) return 0;
    lethal = p.lethalStrike && f === 6; // Lethal Strike: a natural 6 to wound (§7)
  }
  const armour = lethal ? p.lethalArmourNeed : p.armourNeed;
  if (armour <= 6) {
    f = rng.d6();
    if (f !== 1 && f >= armour) return 0; // a natural 1 fails armour (§1.3, §4.7)
  }
  const ward = lethal ? p.lethalProtectionNeed : p.protectionNeed;
  if (ward !== -1) {
    f = rng.d6();
    if (f !== 1 && f >= ward) return 0; // … and a ward or Regeneration (§4.8, A13)
  }
  return 1;
}

function rollAnyAttack(p: AttackDice, rng: Rng, victim: Victim): number {
  let poisonedWound = false;
  const hitKind = p.hitKind;
  if (hitKind === 0) return 0;
  if (hitKind === 1) {
    // "a 6, then X+" (§5.2)
    if (rng.d6() !== 6) return 0;
    if (rng.d6() < p.hitSecond) return 0;
  } else if (hitKind === 2) {
    const need = p.hitNeed;
    let f = rng.d6();
    let ok = f === 6 || (f !== 1 && f >= need);
    if (!ok && p.hitReroll) {
      f = rng.d6(); // Hatred: the re-roll is final (§7)
      ok = f === 6 || (f !== 1 && f >= need);
    }
    if (!ok) return 0;
    poisonedWound = p.poisoned && f === 6; // Poisoned Attacks: the final die a natural 6 (§7, A11)
  }
  // Lucky Shield: the first hit the bearer's model suffers while using it is discarded (§11)
  if (p.luckyShield && !victim.shieldSpent) {
    victim.shieldSpent = true;
    return 0;
  }
  if (p.lightning) victim.lightning = true; // Lightning Attack: a hit on a unit with Fly (§7)
  let lethal = false;
  if (!poisonedWound) {
    const need = p.woundNeed;
    let f = rng.d6();
    let ok = need !== 0 && f !== 1 && (f === 6 || f >= need);
    // Whichever rule asks first re-rolls the die; the second result is final (§1.2)
    if (ok ? p.woundRerollSuccess || (f === 6 && p.woundRerollSixes) : p.woundRerollFailed) {
      f = rng.d6();
      ok = need !== 0 && f !== 1 && (f === 6 || f >= need);
    }
    if (!ok) return 0;
    lethal = p.lethalStrike && f === 6; // Lethal Strike: a natural 6 to wound (§7)
  }
  const armour = lethal ? p.lethalArmourNeed : p.armourNeed;
  if (armour <= 6) {
    let f = rng.d6();
    let saved = f !== 1 && f >= armour;
    if (!saved && p.armourReroll) {
      f = rng.d6(); // Dusk Stone (§11)
      saved = f !== 1 && f >= armour;
    } else if (!saved && p.luckyCharm && !victim.charmSpent) {
      victim.charmSpent = true; // Lucky Charm: one failed armour save re-rolled (§11)
      f = rng.d6();
      saved = f !== 1 && f >= armour;
    }
    if (saved) return 0;
  }
  // Gemstone Shielding: a 4+ ward for the first wound it improves, instead of the own ward (§11, §4.8)
  const gemNeed = lethal ? p.lethalGemNeed : p.gemNeed;
  let need = lethal ? p.lethalProtectionNeed : p.protectionNeed;
  let reroll = lethal ? p.lethalProtectionReroll : p.protectionReroll;
  if (gemNeed !== -1 && !victim.gemSpent) {
    victim.gemSpent = true;
    need = gemNeed;
    reroll = lethal ? p.lethalGemReroll : p.gemReroll;
  }
  if (need !== -1 && protectionSaves(need, reroll, rng)) return 0;
  if (p.hellfire) victim.hellfire = true; // Hellfire: an unsaved wound (§7)
  // Multiple Wounds, capped at the target's Wounds (§4.10)
  return p.multipleWounds ? Math.min(rollDice(p.multipleWounds, rng), p.woundsCap) : 1;
}

/** `n` attacks of one profile on `victim`: the wounds caused. */
export function rollAttacks(p: AttackDice, n: number, rng: Rng, victim: Victim): number {
  if (p.automaton !== null) return p.automaton.run(rng, n);
  // An attack that cannot hit rolls no die (§5.2).
  if (p.hitKind === 0) return 0;
  let wounds = 0;
  for (let k = 0; k < n; k++) wounds += rollAttack(p, rng, victim);
  return wounds;
}

// ---- The attack as an automaton over the faces -------------------------------------------------

/** Automata by what they roll (compiled rounds are rebuilt per chunk and per fight state). */
const automata = new KeptByKey<FaceAutomaton | null>();

/**
 * rollAttack written one face at a time, for a profile that neither changes nor reads its victim
 * (no Lucky Shield, Lucky Charm, Gemstone Shielding, Hellfire or Lightning Attack), that rolls a
 * die for each attack and whose Multiple Wounds are at most one die; else null.
 */
export function attackAutomaton(p: AttackProfile): FaceAutomaton | null {
  const mw = p.multipleWounds;
  if (p.luckyShield || p.luckyCharm || p.gemstone || p.lethalGemstone || p.hellfire || p.lightning) return null;
  if (p.hit.kind === 'impossible' || (mw !== null && (mw.count > 1 || mw.discard !== null))) return null;
  return automata.get(JSON.stringify(p), () => new FaceAutomaton(attackStep(p)));
}

/** Where an attack is: the die it rolls next; the armour and ward stages twice, for a Lethal Strike or not. */
const HIT = 0;
const HIT_AGAIN = 1;
const CHAIN_SECOND = 2;
const WOUND = 3;
const WOUND_AGAIN = 4;
const ARMOUR = 5;
const ARMOUR_AGAIN = 6;
const WARD = 7;
const WARD_AGAIN = 8;
const MULTIPLE_WOUNDS = 9;
const LETHAL = 16;

function attackStep(p: AttackProfile): (state: number, face: number) => FaceStep {
  const hit = p.hit;
  const mw = p.multipleWounds;
  const passes = (f: number, need: number) => f === 6 || (f !== 1 && f >= need);
  const saves = (f: number, need: number) => f !== 1 && f >= need;
  /** After the to-wound roll (or a Poisoned hit): armour, ward, then Multiple Wounds. */
  const toArmour = (lethal: boolean): FaceStep => ((lethal ? p.lethalArmourNeed : p.armourNeed) <= 6 ? goTo(ARMOUR + (lethal ? LETHAL : 0)) : toWard(lethal));
  const toWard = (lethal: boolean): FaceStep => ((lethal ? p.lethalProtection : p.protection) ? goTo(WARD + (lethal ? LETHAL : 0)) : unsaved());
  const unsaved = (): FaceStep => (mw === null ? endRun(1) : mw.count === 0 ? endRun(Math.min(mw.modifier, p.woundsCap)) : goTo(MULTIPLE_WOUNDS));
  /** After a hit with its final face f: Poisoned Attacks wound on a 6 (§7). */
  const hitWith = (f: number): FaceStep => (p.poisoned && f === 6 ? toArmour(false) : goTo(WOUND));
  // Before the first die: an automatic hit goes straight to the to-wound roll.
  const start = hit.kind === 'auto' ? WOUND : HIT;
  const stepFrom = (state: number, f: number): FaceStep => {
    const lethal = state >= LETHAL;
    switch (state % LETHAL) {
      case HIT:
        if (hit.kind === 'chain') return f === 6 ? goTo(CHAIN_SECOND) : endRun(0);
        if (hit.kind !== 'roll') throw new Error('unreachable');
        if (passes(f, hit.need)) return hitWith(f);
        return hit.rerollMisses ? goTo(HIT_AGAIN) : endRun(0);
      case HIT_AGAIN:
        // Hatred: the re-roll is final (§7).
        return hit.kind === 'roll' && passes(f, hit.need) ? hitWith(f) : endRun(0);
      case CHAIN_SECOND:
        return hit.kind === 'chain' && f >= hit.second ? goTo(WOUND) : endRun(0);
      case WOUND: {
        const ok = p.woundNeed !== 0 && passes(f, p.woundNeed);
        // Whichever rule asks first re-rolls the die; the second result is final (§1.2).
        if (ok ? p.woundRerollSuccess || (f === 6 && p.woundRerollSixes) : p.woundRerollFailed) return goTo(WOUND_AGAIN);
        return ok ? toArmour(p.lethalStrike && f === 6) : endRun(0);
      }
      case WOUND_AGAIN:
        return p.woundNeed !== 0 && passes(f, p.woundNeed) ? toArmour(p.lethalStrike && f === 6) : endRun(0);
      case ARMOUR: {
        const need = lethal ? p.lethalArmourNeed : p.armourNeed;
        if (saves(f, need)) return endRun(0);
        return p.armourReroll ? goTo(ARMOUR_AGAIN + (lethal ? LETHAL : 0)) : toWard(lethal);
      }
      case ARMOUR_AGAIN:
        // Dusk Stone: the re-roll is final (§11).
        return saves(f, lethal ? p.lethalArmourNeed : p.armourNeed) ? endRun(0) : toWard(lethal);
      case WARD: {
        const ward = (lethal ? p.lethalProtection : p.protection) as Protection;
        if (!saves(f, ward.need)) return unsaved();
        // Holy Attacks: a successful ward must be re-rolled (§7).
        return ward.rerollSuccess ? goTo(WARD_AGAIN + (lethal ? LETHAL : 0)) : endRun(0);
      }
      case WARD_AGAIN: {
        const ward = (lethal ? p.lethalProtection : p.protection) as Protection;
        return saves(f, ward.need) ? endRun(0) : unsaved();
      }
      default: {
        // MULTIPLE_WOUNDS: one D3 or D6 plus its modifier, capped at the target's W (§4.10).
        const m = mw!;
        return endRun(Math.min((m.faces === 6 ? f : (f + 1) >> 1) + m.modifier, p.woundsCap));
      }
    }
  };
  // State 0 is the automaton's start: map it to the attack's first die.
  return (state, f) => {
    const s = stepFrom(state === 0 ? start : state === start ? 0 : state, f);
    if (s.done) return s;
    const next = s.next === start ? 0 : s.next === 0 ? start : s.next;
    return { next, done: false, value: s.value };
  };
}
