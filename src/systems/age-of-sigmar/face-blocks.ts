/**
 * The Age of Sigmar simulator's dice reader (issue 16): a procedure of one die at a time — an
 * attack's hit, re-roll, wound, save and Damage dice, or a ward die — written as steps over D6
 * faces (core/face-automaton.ts's FaceStep), tabled for every block of up to four faces from every
 * state, and read from the Rng's current draw of ten faces with the faces kept in locals.
 *
 * The same dice in the same order as the die-by-die procedure: a block is the next k faces of the
 * draw, k at most the runs still to go (each face ends at most one run, so no block reads past the
 * last run's final die), and a new draw is taken only when a face is needed and none is left, as
 * Rng.takeFaces does.
 */
import type { FaceStep } from '../../core/face-automaton.js';
import { type Rng, TEN_D6_LIMIT } from '../../core/rng.js';

/** Most faces one lookup reads, and 6^k for k faces. */
const BLOCK = 4;
const POW6 = Int32Array.of(1, 6, 36, 216, 1296);
/** A state's row: blocks of 1, 2, 3 and 4 faces, these offsets apart. */
const BLOCK_AT = Int32Array.of(0, 0, 6, 42, 258);
const ROW = 1554;
const FULL_BLOCK_AT = 258;
/** Most states a table may have. */
const MAX_STATES = 64;
/** Entries: the next state's row start (bits 0–16), runs ended (bits 17–19), the value (bits 20–31). */
const ROW_MASK = (1 << 17) - 1;
const DONE_SHIFT = 17;
const VALUE_SHIFT = 20;
/** Largest value one step may add, so that a block of four fits in 12 bits. */
const MAX_STEP_VALUE = Math.floor((2 ** (32 - VALUE_SHIFT) - 1) / BLOCK);

/**
 * The table of `step` (state 0 begins a run; the states reachable from it are numbered densely), or
 * null when it has more than MAX_STATES states or a step's value does not fit: the caller then
 * rolls die by die.
 */
export function faceTable(step: (state: number, face: number) => FaceStep): Int32Array | null {
  const ids = new Map<number, number>([[0, 0]]);
  const found = [0];
  const steps: FaceStep[] = [];
  for (let i = 0; i < found.length; i++)
    for (let face = 1; face <= 6; face++) {
      const s = step(found[i], face);
      if (s.done && s.next !== 0) throw new RangeError(`faceTable: a run that ends goes back to state 0 (state ${found[i]}, face ${face})`);
      if (!Number.isInteger(s.value) || s.value < 0) throw new RangeError(`faceTable: value ${s.value} out of range`);
      if (s.value > MAX_STEP_VALUE) return null;
      if (!ids.has(s.next)) {
        if (found.length === MAX_STATES) return null;
        ids.set(s.next, found.length);
        found.push(s.next);
      }
      steps.push(s);
    }
  const table = new Int32Array(found.length * ROW);
  for (let state = 0; state < found.length; state++)
    for (let k = 1; k <= BLOCK; k++)
      for (let digits = 0; digits < POW6[k]; digits++) {
        // The block's faces in order, die i in base-6 digit i (face − 1).
        let at = state;
        let done = 0;
        let value = 0;
        for (let i = 0, rest = digits; i < k; i++, rest = Math.floor(rest / 6)) {
          const s = steps[at * 6 + (rest % 6)];
          at = ids.get(s.next)!;
          done += s.done ? 1 : 0;
          value += s.value;
        }
        table[state * ROW + BLOCK_AT[k] + digits] = at * ROW + (done << DONE_SHIFT) + value * (1 << VALUE_SHIFT);
      }
  return table;
}

/**
 * 6¹⁰ = 2¹⁰ · 3¹⁰: a draw's top 22 bits against 3¹⁰ and its low 10 bits kept apart, so the draw is
 * split in 32-bit integers (a division by a constant) instead of a floating-point division.
 */
const THREE_TO_THE_TEN = 59049;
const HIGH_LIMIT = TEN_D6_LIMIT / 1024;

/**
 * The next draw of ten faces, as Rng's drawTenFaces takes it: a draw at or above 71 · 6¹⁰ is
 * rejected (its top 22 bits at or above 71 · 3¹⁰), the rest is the draw modulo 6¹⁰.
 */
function tenFaces(rng: Rng): number {
  let u = rng.next();
  while (u >>> 10 >= HIGH_LIMIT) u = rng.next();
  const high = u >>> 10;
  return (high - ((high / THREE_TO_THE_TEN) | 0) * THREE_TO_THE_TEN) * 1024 + (u & 1023);
}

/** `runs` runs of a table's procedure, their dice read from `rng`: the sum of their values. */
export function runTable(rng: Rng, table: Int32Array, runs: number): number {
  let faces = rng.faces;
  let facesLeft = rng.facesLeft;
  let row = 0;
  let left = runs;
  let value = 0;
  while (left > 0) {
    if (facesLeft === 0) {
      faces = tenFaces(rng);
      facesLeft = 10;
    }
    let entry = 0;
    if (left >= BLOCK && facesLeft > BLOCK) {
      // The usual block: four faces of a draw with more left, a division by a constant (a multiplication).
      const rest = (faces / 1296) | 0;
      entry = table[row + FULL_BLOCK_AT + faces - rest * 1296];
      faces = rest;
      facesLeft -= BLOCK;
    } else {
      const k = left < facesLeft ? (left < BLOCK ? left : BLOCK) : facesLeft < BLOCK ? facesLeft : BLOCK;
      let digits = faces;
      if (k === facesLeft) faces = 0;
      else {
        const size = POW6[k];
        const rest = (faces / size) | 0;
        digits = faces - rest * size;
        faces = rest;
      }
      facesLeft -= k;
      entry = table[row + BLOCK_AT[k] + digits];
    }
    row = entry & ROW_MASK;
    left -= (entry >>> DONE_SHIFT) & 7;
    value += entry >>> VALUE_SHIFT;
  }
  rng.faces = faces;
  rng.facesLeft = facesLeft;
  return value;
}

/** Reads n faces that change nothing (the same dice as n runs of any procedure of one die). */
export function skipFaces(rng: Rng, n: number): void {
  let facesLeft = rng.facesLeft;
  if (n <= facesLeft) {
    rng.faces = (rng.faces / POW6_TO_TEN[n]) | 0;
    rng.facesLeft = facesLeft - n;
    return;
  }
  let left = n - facesLeft;
  let faces = 0;
  for (;;) {
    faces = tenFaces(rng);
    facesLeft = 10;
    if (left <= 10) break;
    left -= 10;
  }
  rng.faces = (faces / POW6_TO_TEN[left]) | 0;
  rng.facesLeft = facesLeft - left;
}

const POW6_TO_TEN = Int32Array.from({ length: 11 }, (_, k) => 6 ** k);
