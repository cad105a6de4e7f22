/**
 * The two sides of a melee round: wound pools, models alive, Fear tests and attack groups.
 * Shared by the exact engine and the simulator (counts and targets only).
 */
import type { MeleeSituation, Scenario, Unit } from './model.js';
import { type AttackGroup, championAlone, championWs, meleeGroups } from './groups.js';
import { clampCharacteristic } from './tables.js';

/** Wounds a unit can still lose: one shared pool for its R&F, marked wounds included (§4.10). */
export function woundPool(unit: Unit): number {
  return unit.models * unit.profile.w - unit.woundsLost;
}

/** Models still standing after `damage` more wounds: whole models removed, the rest marked (§4.10). */
export function modelsAlive(unit: Unit, damage: number): number {
  return Math.max(0, unit.models - Math.floor((unit.woundsLost + damage) / unit.profile.w));
}

/** Whether a unit takes a Fear test against the enemy: a Fear-causer in contact, not immune (§7, §12.6). */
export function takesFearTest(unit: Unit, enemy: Unit): boolean {
  return enemy.morale.causesFear && !unit.morale.immuneFear;
}

/**
 * The Leadership a unit tests on before the combat result, modifiers applied in order with the
 * 0–10 clamp after each step (§1.4): a borrowed value first (the General's Ld through Inspiring
 * Presence, §10), then Banner of Discipline +1, then Fear −1 while in base contact with a
 * Fear-causer (A1).
 */
export function standingLeadership(unit: Unit, enemy: Unit | null): number {
  const own = Math.max(unit.profile.ld, unit.morale.generalLd ?? 0);
  let ld = clampCharacteristic(own + unit.morale.ldBonus);
  if (enemy && takesFearTest(unit, enemy)) ld = clampCharacteristic(ld - 1);
  return ld;
}

/** What a side's attacks strike: its wound pool's unit (R&F, or a joined character) and the most wounds tracked on it. */
export interface WoundTarget {
  readonly unit: Unit;
  readonly cap: number;
}

export interface MeleeSide extends WoundTarget {
  /** Wounds its rank and file can still lose. */
  readonly pool: number;
  /**
   * Largest damage index tracked: the pool, plus Overkill up to +3 in a challenge (§4.11), or the
   * pool followed by the joined character's wounds (indices pool+1 … cap).
   */
  readonly cap: number;
  /** Its attack groups at the enemy rank and file, called with its alive code (aliveCode). */
  readonly groups: AttackGroup[];
  /** The same attacks at the enemy's joined character, once no enemy rank and file stand (§4.4). */
  readonly groupsVsCharacter: AttackGroup[];
  /** The same attacks at the enemy's champion left alone, struck at its own WS (§4.5, §10); [] when the enemy has no champion. */
  readonly groupsVsChampion: AttackGroup[];
  /** Its joined character as a victim, or null. */
  readonly character: WoundTarget | null;
  /** The joined model is the unit's champion: wounds beyond the last rank and file go on to it (§4.10). */
  readonly spills: boolean;
}

/**
 * The argument a side's attack groups take after `d` damage: the rank and file alive, times 2 plus
 * 1 while its joined character stands when it has one. 0 exactly when no model of the side stands.
 */
export function aliveCode(side: MeleeSide, d: number): number {
  const rnf = modelsAlive(side.unit, Math.min(d, side.pool));
  return side.character ? rnf * 2 + (d < side.cap ? 1 : 0) : rnf;
}

/** The victim of the enemy's attacks after `d` damage: the rank and file while any stand, then the joined character (§4.4). */
export function victimAt(side: MeleeSide, d: number): WoundTarget {
  return side.character && d >= side.pool ? side.character : side;
}

/** Whom the enemy's attacks strike after `d` damage on `side`: its rank and file. */
export const AT_RANK_AND_FILE = 0;
/** … its joined character, no rank and file standing (§4.4). */
export const AT_CHARACTER = 1;
/** … its champion left alone, at the champion's WS (§4.5, §10); its wounds are still the rank and file's pool (§4.10). */
export const AT_CHAMPION = 2;
export type VictimKind = typeof AT_RANK_AND_FILE | typeof AT_CHARACTER | typeof AT_CHAMPION;

export function victimKind(side: MeleeSide, d: number): VictimKind {
  if (victimAt(side, d) !== side) return AT_CHARACTER;
  return d < side.pool && championAlone(side.unit, modelsAlive(side.unit, d)) ? AT_CHAMPION : AT_RANK_AND_FILE;
}

/** A side's attack groups at the enemy victim of that kind. */
export function groupsAt(side: MeleeSide, kind: VictimKind): AttackGroup[] {
  return kind === AT_RANK_AND_FILE ? side.groups : kind === AT_CHARACTER ? side.groupsVsCharacter : side.groupsVsChampion;
}

/**
 * Damage after `w` more wounds: wounds on the rank and file beyond the last of them are lost
 * (§4.10, A24) and never reach the joined character, who is attacked from the next step on; a
 * joined champion takes them (§4.10: "the rest go to the champion").
 */
export function addWounds(side: MeleeSide, d: number, w: number): number {
  return Math.min(d + w, woundLimit(side, d));
}

/** The most damage `side` can reach from `d` by more wounds in one go (addWounds' cap). */
export function woundLimit(side: MeleeSide, d: number): number {
  return side.character && d < side.pool && !side.spills ? side.pool : side.cap;
}

const NO_ATTACKS = { flat: 0, dice: null, rolls: 0 } as const;

/** A unit's groups and its joined character's, all taking the side's alive code (aliveCode). */
function withCharacter(unitGroups: AttackGroup[], characterGroups: AttackGroup[]): AttackGroup[] {
  return [
    ...unitGroups.map((g) => ({ ...g, profile: (code: number) => g.profile(code >> 1), count: (code: number) => g.count(code >> 1) })),
    ...characterGroups.map((g) => ({
      ...g,
      label: `character ${g.label}`,
      profile: () => g.profile(1),
      count: (code: number) => ((code & 1) === 1 ? g.count(1) : NO_ATTACKS),
    })),
  ];
}

/** A side's attack groups at each kind of enemy victim (MeleeSide's groups, groupsVsCharacter, groupsVsChampion). */
export interface SideGroups {
  readonly groups: AttackGroup[];
  readonly groupsVsCharacter: AttackGroup[];
  readonly groupsVsChampion: AttackGroup[];
}

/** Both sides' attack groups. */
export interface MeleeGroups {
  readonly attacker: SideGroups;
  readonly target: SideGroups;
}

/**
 * Both sides' attack groups, given which sides failed their Fear test (WS set to 1, §12.6). They
 * never read a unit's `models` or `woundsLost` (a group takes the models alive as its argument), so
 * a whole fight's states with the same units but for their losses share them (meleeShapeId, melee-shape.ts).
 */
export function meleeGroupsOf(s: Scenario, attackerFailedFear: boolean, targetFailedFear: boolean): MeleeGroups {
  const sit = s.situation as MeleeSituation;
  const wsOf = (unit: Unit, failed: boolean) => (failed ? 1 : (unit.offence.fixedWs ?? unit.profile.ws));
  const first = sit.round === 1;
  // The defender's WS: its own, or its champion's when the champion stands alone (§4.5, §10)
  const ctxOf = (side: 'attacker' | 'target', striker: Unit, defender: Unit, atChampion = false) => {
    const failed = side === 'attacker' ? attackerFailedFear : targetFailedFear;
    const defenderFailed = side === 'attacker' ? targetFailedFear : attackerFailedFear;
    return {
      situation: sit,
      charged: first && sit.charging === side,
      enemyInFront: side === 'attacker' || sit.facing === 'front',
      defenderFrontArc: side === 'target' || sit.facing === 'front',
      fearFailed: failed,
      attackerWs: wsOf(striker, failed),
      defenderWs: atChampion ? championWs(defender, defenderFailed) : wsOf(defender, defenderFailed),
    };
  };
  const facingOf = (side: 'attacker' | 'target') => (side === 'attacker' ? 'front' : sit.facing);
  const groupsOf = (side: 'attacker' | 'target', unit: Unit, enemy: Unit, atChampion = false): AttackGroup[] => {
    if (side === 'target' && !sit.targetStrikesBack) return [];
    const own = meleeGroups(unit, enemy, ctxOf(side, unit, enemy, atChampion), facingOf(side));
    const ch = unit.joinedBy;
    if (!ch) return own;
    // The character strikes with its own profile at its own Initiative, from the front rank (§10)
    return withCharacter(own, meleeGroups(ch, enemy, { ...ctxOf(side, ch, enemy, atChampion), enemyInFront: true }, 'front'));
  };
  const side = (which: 'attacker' | 'target', unit: Unit, enemy: Unit): SideGroups => ({
    groups: groupsOf(which, unit, enemy),
    groupsVsCharacter: enemy.joinedBy ? groupsOf(which, unit, enemy.joinedBy) : [],
    groupsVsChampion: enemy.champion ? groupsOf(which, unit, enemy, true) : [],
  });
  return { attacker: side('attacker', s.attacker, s.target), target: side('target', s.target, s.attacker) };
}

/** Both sides of a melee round with these attack groups (meleeGroupsOf of the same units, or of units differing only in their losses). */
export function meleeSidesWith(s: Scenario, groups: MeleeGroups): { attacker: MeleeSide; target: MeleeSide } {
  const sit = s.situation as MeleeSituation;
  const side = (unit: Unit, own: SideGroups): MeleeSide => {
    const pool = woundPool(unit);
    const ch = unit.joinedBy;
    const character = ch ? { unit: ch, cap: woundPool(ch) } : null;
    return {
      unit,
      pool,
      cap: character ? pool + character.cap : pool + (sit.challenge ? 3 : 0),
      groups: own.groups,
      groupsVsCharacter: own.groupsVsCharacter,
      groupsVsChampion: own.groupsVsChampion,
      character,
      spills: character !== null && unit.joinedIsChampion === true,
    };
  };
  return { attacker: side(s.attacker, groups.attacker), target: side(s.target, groups.target) };
}

/** Both sides' attack groups, given which sides failed their Fear test (WS set to 1, §12.6). */
export function meleeSides(s: Scenario, attackerFailedFear: boolean, targetFailedFear: boolean): { attacker: MeleeSide; target: MeleeSide } {
  return meleeSidesWith(s, meleeGroupsOf(s, attackerFailedFear, targetFailedFear));
}
