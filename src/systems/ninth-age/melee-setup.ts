/**
 * The two sides of a melee round: wound pools, models alive, Fear tests and attack groups.
 * Shared by the exact engine and the simulator (counts and targets only).
 */
import type { MeleeSituation, Scenario, Unit } from './model.js';
import { type AttackGroup, meleeGroups } from './groups.js';
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

export interface MeleeSide {
  readonly unit: Unit;
  readonly pool: number;
  /** Largest wound total tracked: the pool, plus Overkill up to +3 in a challenge (§4.11). */
  readonly cap: number;
  readonly groups: AttackGroup[];
}

/** Both sides' attack groups, given which sides failed their Fear test (WS set to 1, §12.6). */
export function meleeSides(s: Scenario, attackerFailedFear: boolean, targetFailedFear: boolean): { attacker: MeleeSide; target: MeleeSide } {
  const sit = s.situation as MeleeSituation;
  const wsOf = (unit: Unit, failed: boolean) => (failed ? 1 : (unit.offence.fixedWs ?? unit.profile.ws));
  const attackerWs = wsOf(s.attacker, attackerFailedFear);
  const targetWs = wsOf(s.target, targetFailedFear);
  const first = sit.round === 1;
  const side = (unit: Unit, groups: AttackGroup[]): MeleeSide => {
    const pool = woundPool(unit);
    return { unit, pool, cap: pool + (sit.challenge ? 3 : 0), groups };
  };
  const attackerGroups = meleeGroups(
    s.attacker,
    s.target,
    {
      situation: sit,
      charged: first && sit.charging === 'attacker',
      enemyInFront: true,
      defenderFrontArc: sit.facing === 'front',
      fearFailed: attackerFailedFear,
      attackerWs,
      defenderWs: targetWs,
    },
    'front',
  );
  const targetGroups = sit.targetStrikesBack
    ? meleeGroups(
        s.target,
        s.attacker,
        {
          situation: sit,
          charged: first && sit.charging === 'target',
          enemyInFront: sit.facing === 'front',
          defenderFrontArc: true,
          fearFailed: targetFailedFear,
          attackerWs: targetWs,
          defenderWs: attackerWs,
        },
        sit.facing,
      )
    : [];
  return { attacker: side(s.attacker, attackerGroups), target: side(s.target, targetGroups) };
}
