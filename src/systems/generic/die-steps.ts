/**
 * The die-by-die simulator's attack as a table of steps, one per D6 (issue 16): for a profile
 * whose every die is a hit, wound or save roll (with their re-rolls and criticals) and whose
 * damage needs no dice — a fixed Damage, no ward, a critical wound adding at most a fixed amount
 * of mortal damage — under spill-over, where only the total counts. The simulator then reads
 * each die it draws (the same draws, in the same order, as its branching code) through the table
 * instead of branching on it: from the die it rolls next (a state) a face leads to the next die
 * or ends the attack with its damage.
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
  saveNeeded: Int32Array;
  ward: number;
}

/** Re-roll policies (simulate.ts's codes). */
const ONES = 1;
const FAILED = 2;
const ALL = 3;

/** The die rolled next. */
const HIT = 0;
const HIT_AGAIN = 1;
const WOUND = 2;
const WOUND_AGAIN = 3;
const SAVE = 4;
const SAVE_AFTER_CRIT = 5;
const STATES = 6;
/** Entry: next state in bits 0–2, the attack ended in bit 3, its damage from bit 4 on. */
export const STEP_STATE = 7;
export const STEP_DONE_SHIFT = 3;
export const STEP_VALUE_SHIFT = 4;

/** A profile's steps: entry `state · 6 + face − 1`; `start` is the first die of an attack. */
export interface DieSteps {
  table: Int32Array;
  start: number;
}

/** The steps of a profile, or null when it needs more than they hold (then it is rolled by the branching code). */
export function dieSteps(k: StepProfile, spill: boolean): DieSteps | null {
  const fixedMortal = k.woundExtraMortal === null ? 0 : k.woundExtraMortal.count === 0 ? Math.max(k.woundExtraMortal.modifier, 0) : -1;
  if (
    !spill ||
    k.ward <= 6 ||
    k.damageDice.count !== 0 ||
    k.extraHits !== null ||
    k.extraHitRolls !== null ||
    k.critAutoWound ||
    k.hitMortal !== null ||
    k.hitExtraMortal !== null ||
    k.hitCritRend !== 0 ||
    k.hitCritDamage !== 0 ||
    k.woundMortal !== null ||
    fixedMortal < 0
  )
    return null;
  const damage = k.damageDice.modifier;
  /** A roll's success: a critical, or the face with its modifier (an unmodified 1 fails, a 6 succeeds). */
  const succeeds = (face: number, target: number, modifier: number, critOn: number) => face >= critOn || rollSucceeds(face, target, modifier);
  /** Whether the first die of a roll is rolled again: a 1, a failure, or every roll that is not a critical. */
  const again = (policy: number, face: number, success: boolean, critOn: number) =>
    policy === ONES ? face === 1 : policy === FAILED ? !success : policy === ALL ? face < critOn : false;
  const end = (value: number) => (1 << STEP_DONE_SHIFT) | (value << STEP_VALUE_SHIFT);
  /** A wound (critical or not): the save roll next, or its damage when no save is possible. */
  const wounded = (crit: boolean) => {
    const needed = k.saveNeeded[crit ? k.woundCritRend : 0];
    return needed <= 6 ? (crit ? SAVE_AFTER_CRIT : SAVE) : end(damage + (crit ? k.woundCritDamage + fixedMortal : 0));
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
        else entry = success ? hit() : end(0);
      } else if (state === WOUND || state === WOUND_AGAIN) {
        const success = succeeds(face, k.woundTarget, k.woundModifier, k.woundCritOn);
        if (state === WOUND && again(k.woundReroll, face, success, k.woundCritOn)) entry = WOUND_AGAIN;
        else entry = success ? wounded(face >= k.woundCritOn) : end(0);
      } else {
        // The save: a natural 1 always fails; a critical wound's mortal damage comes whether saved or not.
        const crit = state === SAVE_AFTER_CRIT;
        const needed = k.saveNeeded[crit ? k.woundCritRend : 0];
        const saved = face >= needed && face !== 1;
        entry = end((saved ? 0 : damage + (crit ? k.woundCritDamage : 0)) + (crit ? fixedMortal : 0));
      }
      // An ended attack starts the next one at its first die.
      if ((entry >> STEP_DONE_SHIFT) & 1) entry |= start;
      table[state * 6 + face - 1] = entry;
    }
  return { table, start };
}
