/**
 * A validated HOTT combat (the output of `parse`): one element against one element, in close
 * combat, shooting or a magic attack (rules/hott.md §6). Fields that a mode does not use do not
 * exist in that mode's type.
 */
import type { RidersHc, TroopId } from './tables.js';
import type { Terrain } from './terrain.js';

export type Mode = 'close-combat' | 'shooting' | 'magic';

/** §6.7, ambiguity 1: doubled iff winner ≥ 2 × loser (recommended), or winner > 2 × loser. */
export type DoubleRule = 'at-least' | 'strict';

/** The readings of §8 that change numbers; each default is the file's recommendation. */
export interface Readings {
  readonly doubleRule: DoubleRule;
  readonly ridersHc: RidersHc;
  /** Ambiguity 3: an Explorer also ignores the mounted −2 for an enemy in difficult terrain. */
  readonly explorerIgnoresEnemyTerrain: boolean;
  /** Ambiguity 4: a doubled loser takes the harsher of its beaten and doubled rows. */
  readonly doubledNeverMilder: boolean;
  /** Ambiguity 6: the backfire on a 1 applies whatever the target. */
  readonly backfireAnyTarget: boolean;
  /** Ambiguity 10: a Stronghold beaten by shooting or magic is captured. */
  readonly shootingCanCapture: boolean;
}

export const RECOMMENDED: Readings = {
  doubleRule: 'at-least',
  ridersHc: '3/3',
  explorerIgnoresEnemyTerrain: true,
  doubledNeverMilder: false,
  backfireAnyTarget: false,
  shootingCanCapture: true,
};

/** What every element has, in any mode. */
export interface Element {
  readonly troop: TroopId;
  /** The army general (only types with GEN = Yes). */
  readonly general: boolean;
  readonly terrain: Terrain;
  /** The recoil cannot be completed (§7.8.3). */
  readonly recoilBlocked: boolean;
  /** An enemy fully covers its rear edge (§6.3 Hostigar la retaguardia): −1 in close combat, recoil blocked. */
  readonly rearHarassment: boolean;
  /** Large battles: its corps lost its general or half its points (§2.11, ambiguity 19). */
  readonly demoralised: boolean;
}

export type Overlaps = 0 | 1 | 2;

/** An element in close combat (§6.3). */
export interface Fighter extends Element {
  /** Flanks overlapped by enemies: −1 each (§6.3, ambiguity 15). */
  readonly overlaps: Overlaps;
  /** A friend of the same type directly behind (Spears, Warbands only). */
  readonly rearSupport: boolean;
  /** Its base is higher on a hill than its opponent's. */
  readonly higher: boolean;
  /** It defends a river bank against an opponent in the river. */
  readonly defendingBank: boolean;
  /** Elements supporting its assault on a Stronghold, at most 2 (§6.6, ambiguity 9). */
  readonly supports: readonly TroopId[];
}

/** Shooters or Artillery shooting (§6.4). */
export interface Shooter {
  readonly troop: 'shooters' | 'artillery';
  readonly demoralised: boolean;
  /** Flanks in full contact with a friend that can also shoot: −1 each to the target (max 2). */
  readonly missileSupport: Overlaps;
}

/** A Magician making a magic attack (§6.5). */
export interface Caster {
  readonly troop: 'magicians';
  readonly demoralised: boolean;
  /** Magicians enhancing the attack: −1 each to the target, no cap; 1 PIP each. */
  readonly enhancers: number;
}

export interface CloseCombat {
  readonly mode: 'close-combat';
  readonly attacker: Fighter;
  readonly target: Fighter;
  /** The attacker moved into contact this turn (Knights v Shooters/Artillery/Magicians, ambiguity 7). */
  readonly charged: boolean;
  /** Rematador: only Sneakers are in contact with the general (ambiguity 18). */
  readonly onlySneakersInContact: boolean;
  readonly readings: Readings;
  /**
   * Charges the rules advise against (§11.10), and facts that change nothing here: every output
   * shows them (GameSystem.notes); the numbers are computed anyway.
   */
  readonly notes: readonly string[];
}

export interface Shooting {
  readonly mode: 'shooting';
  readonly attacker: Shooter;
  readonly target: Element;
  readonly readings: Readings;
  /** Facts that change nothing here (GameSystem.notes). */
  readonly notes?: readonly string[];
}

export interface MagicAttack {
  readonly mode: 'magic';
  readonly attacker: Caster;
  readonly target: Element;
  /** Weakened for reason (b) or (c) of §6.5 (reason (a), a wood or building, comes from the terrain). */
  readonly weakened: boolean;
  readonly readings: Readings;
  /** Facts that change nothing here (GameSystem.notes). */
  readonly notes?: readonly string[];
}

export type HottScenario = CloseCombat | Shooting | MagicAttack;
