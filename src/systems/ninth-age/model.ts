/**
 * The parsed, typed 9th Age scenario: what `parse` returns and both engines read.
 * Equipment, magic items and special rules are already turned into their dice effects here.
 */
import type { DiceExpr } from '../../core/dice.js';
import type { Troop } from './tables.js';

export type MeleeWeapon =
  | 'hand-weapon'
  | 'great-weapon'
  | 'halberd'
  | 'flail'
  | 'additional-hand-weapon'
  | 'lance'
  | 'light-lance'
  | 'spear';

export interface Profile {
  readonly m: number;
  readonly ws: number;
  readonly bs: number;
  readonly s: number;
  readonly t: number;
  readonly w: number;
  readonly i: number;
  readonly a: number;
  readonly ld: number;
}

/**
 * Multiple Wounds (X, Y) — §4.10: X wounds per unsaved wound ('ordnance' = D3+1, D3+2 against Fly),
 * only against the troop types Y when listed.
 */
export interface MultipleWounds {
  readonly wounds: DiceExpr | 'ordnance';
  readonly against: readonly Troop[] | null;
}

/** What one attacking part (the model itself, or its mount) brings to its close-combat attacks. */
export interface Offence {
  readonly ws: number;
  readonly s: number;
  readonly a: number;
  /** Added to S for normal attacks (weapon, magic weapon, potion). */
  readonly strengthBonus: number;
  /** Lance / Light Lance: extra S in the first round after charging (§8.1, A21). */
  readonly chargeStrengthBonus: number;
  /** "Attacks always have S N" (Beast-Bane Halberd, Toxic Attacks) — A5. */
  readonly fixedStrength: number | null;
  readonly armourPiercing: number;
  readonly toHitModifier: number;
  /** Fixed WS (Fencer's Swords WS10). */
  readonly fixedWs: number | null;
  /** The Initiative step of its normal attacks. */
  readonly strikeInitiative: number;
  /** Bonus attacks per model in contact (weapon, magic weapon, Frenzy). */
  readonly bonusAttacks: number;
  readonly devastatingCharge: boolean;
  readonly thunderousCharge: boolean;
  readonly randomAttacks: DiceExpr | null;
  readonly poisoned: boolean;
  readonly lethalStrike: boolean;
  /** Spear: Lethal Strike against Cavalry, Monstrous Cavalry and Chariots in its front (§8.1, A22). */
  readonly spearLethal: boolean;
  readonly hatred: boolean;
  readonly holy: boolean;
  readonly flaming: boolean;
  readonly magical: boolean;
  /** Blessed Sword: re-roll failed to-wound rolls. */
  readonly rerollFailedWounds: boolean;
  /** Sword of Haste: wounds on 4+ unless a better roll is needed. */
  readonly woundsOnFourAtWorst: boolean;
  readonly metalshifting: boolean;
  readonly multipleWounds: MultipleWounds | null;
  /** King Slayer: +1 S and +1 A per enemy character in contact. */
  readonly kingSlayer: boolean;
  /** Crush Attack replaces all normal attacks by one S10 Multiple Wounds (Ordnance) attack at I0 (§6). */
  readonly crushAttack: boolean;
  /** Hellfire: a unit suffering an unsaved wound from these attacks takes D6 S1 hits, no saves, at the end of the phase (§7). */
  readonly hellfire: boolean;
  /** Lightning Attack: a unit with Fly hit by these attacks takes D6 S4 hits at the end of the phase (§7). */
  readonly lightningAttack: boolean;
}

export interface Missile {
  readonly id: string;
  /** Fixed S, or null for the bearer's S (throwing weapons). */
  readonly s: number | null;
  readonly armourPiercing: number;
  readonly unwieldy: boolean;
  readonly quickToFire: boolean;
  readonly volleyFire: boolean;
  readonly multipleShots: number;
  readonly cumbersome: boolean;
  /** The shots are Flaming Attacks: the model's or unit's rule, not one close-combat weapon's (§5.3, §7). */
  readonly flaming: boolean;
  /** Skull Splitter: always hits on 4+ regardless of modifiers (A4). */
  readonly alwaysHitsOn: number | null;
  /** Skull Splitter: Multiple Wounds (2) against large troop types (A4). */
  readonly multipleWoundsVsLarge: number;
}

export interface Defence {
  /** Armour bonus without the shield (body armour, barding, mount protection, innate, helmets). */
  readonly armourBonus: number;
  /** Shield bonus; not usable in close combat with a two-handed weapon (§8.1). */
  readonly shieldBonus: number;
  readonly shieldInMelee: boolean;
  /** Parry: foot, mundane hand weapon + mundane shield (§8.1). */
  readonly parry: boolean;
  readonly ward: number | null;
  /** Force Shield: ward against ranged attacks only. */
  readonly wardVsRanged: number | null;
  readonly regeneration: number | null;
  readonly fireborn: boolean;
  readonly ethereal: boolean;
  readonly flail: boolean;
  readonly distracting: boolean;
  readonly flammable: boolean;
  readonly bluffersHelm: boolean;
  readonly gemOfFortune: boolean;
  readonly rerollFailedArmour: boolean;
  /** Holy Icon: the unit must re-roll its own successful ward saves (A8). */
  readonly rerollOwnWards: boolean;
  readonly hardTarget: boolean;
  readonly skirmishers: boolean;
  readonly fly: boolean;
  /**
   * Single-use items of the unit's one model (§11): Lucky Shield discards the first hit it suffers
   * while using the shield, Lucky Charm re-rolls one failed armour save, Gemstone Shielding gives
   * one wound a 4+ ward. Accepted only on one-model units (the bearer is that model).
   */
  readonly luckyShield: boolean;
  readonly luckyCharm: boolean;
  readonly gemstoneShielding: boolean;
}

export interface Morale {
  readonly stubborn: boolean;
  readonly unbreakable: boolean;
  readonly unstable: boolean;
  readonly daemonicInstability: boolean;
  readonly bodyguard: boolean;
  /** Immune to Psychology (half the unit or more): auto-pass Panic (§7). */
  readonly immunePsychology: boolean;
  /** Frenzy: must pursue, never restrains (§7, §12.3). */
  readonly frenzy: boolean;
  readonly immuneFear: boolean;
  readonly causesFear: boolean;
  readonly ldBonus: number;
  /** Inspiring Presence: the General's Ld after his own modifiers, used when higher (§10). */
  readonly generalLd: number | null;
  readonly swiftstride: boolean;
  readonly freeReform: boolean;
  /** Re-roll failed Leadership tests (Hold your Ground, Gleaming Icon): a die is re-rolled once. */
  readonly rerollLeadership: boolean;
  /** Within range of the Battle Standard (Hold your Ground): also −1 Unstable wound (§7, §10). */
  readonly holdYourGround: boolean;
  /** Random Movement (X): flee and pursue X. */
  readonly randomMovement: DiceExpr | null;
}

/** Automatic hits of a special attack: how many per model, at which Strength and Initiative step — 9th Age §4.2, §6. */
export interface SpecialHits {
  readonly hits: DiceExpr;
  readonly s: number;
  readonly initiative: number;
}

export interface SpecialAttacks {
  readonly stomp: SpecialHits | null;
  /** Impact Hits; Scythes already add their +1 hit (§6). */
  readonly impactHits: SpecialHits | null;
  readonly grindingAttacks: SpecialHits | null;
  /** Breath Weapon, used as a close-combat special attack: 2D6 hits (§6). */
  readonly breath: SpecialHits | null;
}

export interface Unit {
  readonly troop: Troop;
  readonly models: number;
  readonly files: number;
  /** An explicit number of normal close-combat attacks, replacing the formation count. */
  readonly attacks: number | null;
  /** An explicit number of shots, replacing the formation count. */
  readonly shots: number | null;
  readonly character: boolean;
  readonly profile: Profile;
  readonly woundsLost: number;
  /** Extra supporting ranks: spear, Fight in Extra Rank (cumulative); Horde is added by formation. */
  readonly extraRanks: number;
  readonly missile: Missile | null;
  readonly offence: Offence;
  readonly mount: Offence | null;
  readonly special: SpecialAttacks;
  readonly defence: Defence;
  readonly morale: Morale;
  /** A champion: +1 A, +1 WS, +1 BS on one front-rank model, removed last (§10, §4.10). */
  readonly champion: boolean;
  readonly standard: boolean;
  readonly musician: boolean;
  readonly battleStandard: boolean;
  readonly warStandard: boolean;
  /**
   * A whole fight's character standing in this unit's front rank (§10): it takes the place of a
   * rank-and-file model there and counts towards the ranks ("counts as the models it replaces",
   * §4.3) while it lives — 1 while it stands, 0 or absent otherwise.
   */
  readonly joined?: number;
  /**
   * The character fighting in this unit's combat (not in a challenge): it strikes at its own
   * Initiative against the enemy's rank and file, and the enemy's attacks reach it only once no
   * rank and file of its unit stand (§4.4, §4.10). Absent when none.
   */
  readonly joinedBy?: Unit;
  /**
   * The joined model is the unit's champion fighting on after a challenge: wounds that slay the
   * last rank and file go on to it (§4.10), where a character's are lost (A24).
   */
  readonly joinedIsChampion?: boolean;
}

export type Facing = 'front' | 'flank' | 'rear';
export type Cover = 'none' | 'soft' | 'hard' | 'mixed';

export interface Options {
  /** A5: "attacks always have S N" is the final Strength (true) or a fixed value others add to. */
  readonly alwaysStrengthIsFinal: boolean;
  /** A27: a WS0 attacker needs 6+ to which modifiers apply (false: natural 6 only). */
  readonly ws0TakesModifiers: boolean;
  /** A17: Steadfast/Stubborn remove the D term of Daemonic Instability. */
  readonly daemonicSteadfast: boolean;
  /** A17: Hold your Ground re-rolls a positive Daemonic Instability result. */
  readonly daemonicReroll: boolean;
}

export interface MeleeSituation {
  readonly kind: 'melee';
  readonly round: number;
  readonly charging: 'attacker' | 'target' | 'none';
  readonly facing: Facing;
  readonly challenge: boolean;
  readonly targetStrikesBack: boolean;
  readonly attackerBonus: number;
  readonly targetBonus: number;
  readonly pursuit: boolean;
  readonly options: Options;
}

export interface ShootingSituation {
  readonly kind: 'shooting';
  readonly longRange: boolean;
  readonly moved: boolean;
  readonly standAndShoot: boolean;
  readonly cover: Cover;
  readonly multipleShots: boolean;
  readonly toHitModifier: number;
  readonly options: Options;
}

export interface Scenario {
  readonly attacker: Unit;
  readonly target: Unit;
  readonly situation: MeleeSituation | ShootingSituation;
}
