/**
 * Dice expressions (attacks, Damage, mortal damage, extra hits) unpacked into plain numbers for
 * the simulators' hot loops: one object shape and no closure, so a loop that rolls many different
 * expressions stays monomorphic. Rolled die by die in the order of rollDice.
 */
import type { Rng } from './rng.js';
import type { DiceExpr } from './dice.js';

/** A dice expression unpacked into numbers the loop can use without calls. */
export interface FlatDice {
  count: number;
  sides: number; // 3 or 6
  modifier: number;
  discard: number; // 0 none, 1 highest, 2 lowest
}

export function flat(e: DiceExpr | null): FlatDice {
  if (!e) return { count: 0, sides: 6, modifier: 0, discard: 0 };
  return { count: e.count, sides: e.faces, modifier: e.modifier, discard: e.discard === 'highest' ? 1 : e.discard === 'lowest' ? 2 : 0 };
}

/**
 * Roll a dice expression (attacks, damage, mortal damage) on the Rng object. Kept out of the
 * hot loop's closure so that loop's generator state stays in registers: callers save their
 * locals into the Rng before and read them back after.
 */
export function rollFlat(e: FlatDice, rng: Rng): number {
  if (e.count === 0) return e.modifier > 0 ? e.modifier : 0;
  let sum = 0;
  let hi = 0;
  let lo = 7;
  for (let i = 0; i < e.count; i++) {
    const face = e.sides === 3 ? rng.d3() : rng.d6();
    sum += face;
    if (face > hi) hi = face;
    if (face < lo) lo = face;
  }
  if (e.discard === 1) sum -= hi;
  else if (e.discard === 2) sum -= lo;
  sum += e.modifier;
  return sum > 0 ? sum : 0;
}
