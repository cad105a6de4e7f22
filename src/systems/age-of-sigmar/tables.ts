/**
 * The dice tables of Age of Sigmar, shared by the exact engine and the simulator: which faces of
 * one D6 hit, crit, wound, save or ward, after the modifier caps. Each table is indexed by the
 * unmodified face 1..6 (index 0 unused).
 */
import type { AosReroll } from './schema.js';

/** Result of one hit die. */
export const MISS = 0;
export const HIT = 1;
export const CRIT = 2;
export type HitResult = typeof MISS | typeof HIT | typeof CRIT;

/** Hit and wound modifiers: sum every modifier first, then clamp to −1..+1 (17.1). */
export function clampRollModifier(sum: number): number {
  return Math.max(-1, Math.min(1, sum));
}

/**
 * Net save modifier (17.1): save modifiers are capped at +1, with no lower limit. Recommended
 * reading of A2: Rend is part of the capped sum, min(+1, Σ mods − Rend); the alternative caps the
 * modifiers first, min(+1, Σ mods) − Rend.
 */
export function netSaveModifier(saveModifiers: number, rend: number, rendInCap: boolean): number {
  return rendInCap ? Math.min(1, saveModifiers - rend) : Math.min(1, saveModifiers) - rend;
}

/**
 * A hit, wound or save roll succeeds when the unmodified face is not 1 and face + modifier
 * reaches the target (17.0). There is no automatic success on a 6 (§2.2).
 */
export function succeeds(face: number, target: number, modifier: number): boolean {
  return face !== 1 && face + modifier >= target;
}

/**
 * Hit roll (17.0, §2.2): an unmodified 6 is a critical hit. Recommended reading of A1: a critical
 * hit is a successful hit even when the modified roll misses; the literal alternative lets it miss.
 */
export function hitTable(hit: number, modifier: number, sixAlwaysHits: boolean): Uint8Array {
  const table = new Uint8Array(7);
  for (let face = 1; face <= 6; face++) {
    const hits = succeeds(face, hit, modifier);
    table[face] = face === 6 && (hits || sixAlwaysHits) ? CRIT : hits ? HIT : MISS;
  }
  return table;
}

/** 1 for the faces that pass a wound or save roll against `target` with `modifier`; all 0 for no save. */
export function passTable(target: number | null, modifier: number): Uint8Array {
  const table = new Uint8Array(7);
  if (target !== null) for (let face = 1; face <= 6; face++) table[face] = succeeds(face, target, modifier) ? 1 : 0;
  return table;
}

/**
 * 1 for the faces of X or more, with no special 1s or 6s: a Ward (X+) roll that removes a point of
 * damage (18.1), or a ¡Boing! die that inflicts one (Squig Hoppers sheet). All 0 for null.
 */
export function atLeastTable(target: number | null): Uint8Array {
  const table = new Uint8Array(7);
  if (target !== null) for (let face = target; face <= 6; face++) table[face] = 1;
  return table;
}

/** Number of faces of a table with a given value. */
export function countFaces(table: Uint8Array, value = 1): number {
  let n = 0;
  for (let face = 1; face <= 6; face++) if (table[face] === value) n++;
  return n;
}

/**
 * 1 for the faces a re-roll policy re-rolls (§2.1): 'ones' an unmodified 1, 'failed' a face whose
 * table value is 0 (a miss, a failed wound roll, a failed save). The table already holds the
 * modifiers, so "failed" means the roll would fail once they apply.
 */
export function rerollTable(policy: AosReroll, table: Uint8Array): Uint8Array {
  const again = new Uint8Array(7);
  for (let face = 1; face <= 6; face++) again[face] = (policy === 'ones' ? face === 1 : policy === 'failed' && table[face] === 0) ? 1 : 0;
  return again;
}
