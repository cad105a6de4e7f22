/**
 * The die-by-die simulator's attack as a table of steps, one per D6: for a profile
 * whose hit, wound and save rolls (with their re-rolls and criticals) decide each attack alone —
 * no critical hit effects, a critical wound adding rend, extra Damage or extra mortal damage, or
 * inflicting mortal damage instead. The simulator reads each die it draws (the same draws, in
 * the same order, as its branching code) through the table instead of branching on it: from the
 * die it rolls next (a state) a face leads to the next die or ends the attack.
 *
 * Two kinds of tables:
 * - totals: with a fixed Damage, fixed extra mortal damage, no ward and spill-over, only the total
 *   counts: an ended attack carries its damage;
 * - packets: otherwise an ended attack carries what it inflicts — an unsaved wound (its Damage,
 *   then the ward, rolled on the Rng object), extra mortal damage after it, or mortal damage
 *   instead of the wound — and the simulator deals those packets in that order.
 */
import type { FlatDice } from '../../core/flat-dice.js';
import { rollSucceeds } from './tables.js';

/** What a profile's steps read (simulate.ts's Kernel). */
export interface StepProfile {
  damageDice: FlatDice;
  hitTarget: number;
  hitModifier: number;
  hitReroll: number;
  hitCritOn: number;
  extraHits: FlatDice | null;
  extraHitRolls: FlatDice | null;
  critAutoWound: boolean;
  hitMortal: FlatDice | null;
  hitExtraMortal: FlatDice | null;
  hitCritRend: number;
  hitCritDamage: number;
  woundTarget: number;
  woundModifier: number;
  woundReroll: number;
  woundCritOn: number;
  woundMortal: FlatDice | null;
  woundExtraMortal: FlatDice | null;
  woundCritRend: number;
  woundCritDamage: number;
  /** Save needed for each extra rend 0..12 (armour after rend, or invulnerable). */
  saveNeeded: Int32Array;
  ward: number;
}

/** Re-roll policies as the simulators code them (simulate.ts's REROLL_CODE). */
export const NONE = 0;
export const ONES = 1;
export const FAILED = 2;
export const ALL = 3;

/** The die rolled next. */
const HIT = 0;
const HIT_AGAIN = 1;
const WOUND = 2;
const WOUND_AGAIN = 3;
const SAVE = 4;
const SAVE_AFTER_CRIT = 5;
const STATES = 6;
/**
 * Entry: next state in bits 0–2, the attack ended in bit 3; from bit 4 on, its damage (a totals
 * table) or its packets (STEP_UNSAVED, ...).
 */
export const STEP_STATE = 7;
export const STEP_DONE_SHIFT = 3;
export const STEP_VALUE_SHIFT = 4;
/** Packets of an ended attack: an unsaved wound, a critical one (its extra Damage), extra mortal damage, mortal damage instead of the wound. */
export const STEP_UNSAVED = 1 << 4;
export const STEP_CRIT = 1 << 5;
export const STEP_EXTRA_MORTAL = 1 << 6;
export const STEP_MORTAL = 1 << 7;

/** A profile's steps: entry `state · 6 + face − 1`; `start` is the first die of an attack; `totals`: which kind of table. */
export interface DieSteps {
  table: Int32Array;
  start: number;
  totals: boolean;
}

/** The steps of a profile, or null when it needs more than they hold (then it is rolled by the branching code). */
export function dieSteps(k: StepProfile, spill: boolean): DieSteps | null {
  if (
    k.extraHits !== null ||
    k.extraHitRolls !== null ||
    k.critAutoWound ||
    k.hitMortal !== null ||
    k.hitExtraMortal !== null ||
    k.hitCritRend !== 0 ||
    k.hitCritDamage !== 0
  )
    return null;
  const fixedMortal = k.woundExtraMortal === null ? 0 : k.woundExtraMortal.count === 0 ? Math.max(k.woundExtraMortal.modifier, 0) : -1;
  const totals = spill && k.ward > 6 && k.damageDice.count === 0 && k.woundMortal === null && fixedMortal >= 0;
  const damage = k.damageDice.modifier;
  /** A roll's success: a critical, or the face with its modifier (an unmodified 1 fails, a 6 succeeds). */
  const succeeds = (face: number, target: number, modifier: number, critOn: number) => face >= critOn || rollSucceeds(face, target, modifier);
  /** Whether the first die of a roll is rolled again: a 1, a failure, or every roll that is not a critical. */
  const again = (policy: number, face: number, success: boolean, critOn: number) =>
    policy === ONES ? face === 1 : policy === FAILED ? !success : policy === ALL ? face < critOn : false;
  /** An ended attack: a wound saved or not, critical or not (nothing: 0). */
  const end = (wound: boolean, saved: boolean, crit: boolean) => {
    let what = 0;
    if (totals) what = wound ? (saved ? 0 : damage + (crit ? k.woundCritDamage : 0)) + (crit ? fixedMortal : 0) : 0;
    else if (wound) what = (saved ? 0 : STEP_UNSAVED | (crit ? STEP_CRIT : 0)) | (crit && k.woundExtraMortal !== null ? STEP_EXTRA_MORTAL : 0);
    return (1 << STEP_DONE_SHIFT) | (totals ? what << STEP_VALUE_SHIFT : what);
  };
  const missed = (1 << STEP_DONE_SHIFT) | 0;
  /** A wound (critical or not): mortal damage instead, the save roll next, or its damage when no save is possible. */
  const wounded = (crit: boolean) => {
    if (crit && k.woundMortal !== null) return (1 << STEP_DONE_SHIFT) | STEP_MORTAL;
    const needed = k.saveNeeded[crit ? k.woundCritRend : 0];
    return needed <= 6 ? (crit ? SAVE_AFTER_CRIT : SAVE) : end(true, false, crit);
  };
  const hit = () => (k.woundTarget > 1 ? WOUND : wounded(false));
  const start = k.hitTarget > 1 ? HIT : k.woundTarget > 1 ? WOUND : k.saveNeeded[0] <= 6 ? SAVE : -1;
  if (start < 0) return null; // an attack without dice
  const table = new Int32Array(STATES * 6);
  for (let state = 0; state < STATES; state++)
    for (let face = 1; face <= 6; face++) {
      let entry = 0;
      if (state === HIT || state === HIT_AGAIN) {
        const success = succeeds(face, k.hitTarget, k.hitModifier, k.hitCritOn);
        if (state === HIT && again(k.hitReroll, face, success, k.hitCritOn)) entry = HIT_AGAIN;
        else entry = success ? hit() : missed;
      } else if (state === WOUND || state === WOUND_AGAIN) {
        const success = succeeds(face, k.woundTarget, k.woundModifier, k.woundCritOn);
        if (state === WOUND && again(k.woundReroll, face, success, k.woundCritOn)) entry = WOUND_AGAIN;
        else entry = success ? wounded(face >= k.woundCritOn) : missed;
      } else {
        // The save: a natural 1 always fails; a critical wound's extra mortal damage comes whether saved or not.
        const crit = state === SAVE_AFTER_CRIT;
        const needed = k.saveNeeded[crit ? k.woundCritRend : 0];
        entry = end(true, face >= needed && face !== 1, crit);
      }
      // An ended attack starts the next one at its first die.
      if ((entry >> STEP_DONE_SHIFT) & 1) entry |= start;
      table[state * 6 + face - 1] = entry;
    }
  return { table, start, totals };
}
