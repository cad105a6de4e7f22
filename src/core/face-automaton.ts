/**
 * A die-by-die procedure read several dice at a time (issue 16). A simulator describes one run of
 * its procedure — one attack: the hit die, its re-roll, the wound die, the save die, ... — as a
 * small automaton over D6 faces: from a state, a face leads to the next state, may end the run
 * and may add a value (damage, or counters packed into one number). `FaceAutomaton` then works
 * out, once, what every block of up to four faces does from every state, by applying that same
 * step to each face of the block in order; `run` reads the dice of n runs from the Rng four at a
 * time (Rng.takeFaces) and looks each block up, instead of one unpredictable branch per die.
 *
 * The dice are exactly those of the die-by-die procedure, in the same order (every face taken is a
 * face the procedure reads, one step per face); only the branching is done ahead of time. A block
 * never reads past the last run: each face ends at most one run, so a block of at most as many
 * faces as runs remain ends on or before the last one's final die.
 */
import type { Rng } from './rng.js';

/** What one face does from one state. `done`: the run ends with this face (back to state 0). */
export interface FaceStep {
  next: number;
  done: boolean;
  value: number;
}

/** The step that ends the run with `value`. */
export const endRun = (value: number): FaceStep => ({ next: 0, done: true, value });
/** The step that goes on to state `next`, adding `value`. */
export const goTo = (next: number, value = 0): FaceStep => ({ next, done: false, value });

/** Most states an automaton may have, and most faces per block. */
const MAX_STATES = 64;
const BLOCK = 4;
const SIX_TO_THE = Int32Array.of(1, 6, 36, 216, 1296);
/** Table entries: next state in bits 0–5, runs ended in bits 6–8, the value from bit 9 on. */
const STATE_BITS = 6;
const STATE_MASK = MAX_STATES - 1;
const DONE_SHIFT = 6;
const VALUE_SHIFT = 9;
/** Largest value one block may add (23 bits). */
const MAX_BLOCK_VALUE = 2 ** (32 - VALUE_SHIFT) - 1;

export class FaceAutomaton {
  /** One table per block length k = 1..BLOCK, end to end: entry offset[k] + state · 6^k + digits. */
  private readonly table: Uint32Array;
  private readonly offset: Int32Array;

  /**
   * `step(state, face)` is the procedure's rule for one die, face 1..6; states are any whole
   * numbers, 0 begins a run, and only those reachable from 0 are tabled (at most MAX_STATES).
   * Every run must read at least one die, and a value never be negative.
   */
  constructor(step: (state: number, face: number) => FaceStep) {
    // The reachable states, numbered densely in the order found; 0 stays 0.
    const ids = new Map<number, number>([[0, 0]]);
    const found = [0];
    const steps: FaceStep[] = [];
    for (let i = 0; i < found.length; i++)
      for (let face = 1; face <= 6; face++) {
        const s = step(found[i], face);
        if (s.done && s.next !== 0) throw new RangeError(`FaceAutomaton: a run that ends goes back to state 0 (state ${found[i]}, face ${face})`);
        if (!Number.isInteger(s.value) || s.value < 0 || s.value * BLOCK > MAX_BLOCK_VALUE) throw new RangeError(`FaceAutomaton: value ${s.value} out of range`);
        if (!ids.has(s.next)) {
          if (found.length === MAX_STATES) throw new RangeError(`FaceAutomaton: more than ${MAX_STATES} states`);
          ids.set(s.next, found.length);
          found.push(s.next);
        }
        steps.push(s);
      }
    const states = found.length;
    const offset = new Int32Array(BLOCK + 1);
    let size = 0;
    for (let k = 1; k <= BLOCK; k++) {
      offset[k] = size;
      size += states * SIX_TO_THE[k];
    }
    const table = new Uint32Array(size);
    // Blocks of one face: the step itself.
    for (let i = 0; i < states * 6; i++) {
      const s = steps[i];
      table[offset[1] + i] = ids.get(s.next)! | ((s.done ? 1 : 0) << DONE_SHIFT) | (s.value << VALUE_SHIFT);
    }
    // A block of k faces: its first k − 1 faces (digits below 6^(k−1)), then the last face.
    for (let k = 2; k <= BLOCK; k++) {
      const low = SIX_TO_THE[k - 1];
      for (let state = 0; state < states; state++)
        for (let digits = 0; digits < SIX_TO_THE[k]; digits++) {
          const first = table[offset[k - 1] + state * low + (digits % low)];
          const last = table[offset[1] + (first & STATE_MASK) * 6 + Math.floor(digits / low)];
          table[offset[k] + state * SIX_TO_THE[k] + digits] = (last & STATE_MASK) + ((first >>> STATE_BITS) + (last >>> STATE_BITS)) * (1 << STATE_BITS);
        }
    }
    this.table = table;
    this.offset = offset;
  }

  /** `runs` runs from state 0, their dice taken from `rng`: the sum of their values. */
  run(rng: Rng, runs: number): number {
    const table = this.table;
    const offset = this.offset;
    let state = 0;
    let left = runs;
    let value = 0;
    while (left > 0) {
      const digits = rng.takeFaces(left < BLOCK ? left : BLOCK);
      const k = rng.taken;
      const entry = table[offset[k] + state * SIX_TO_THE[k] + digits];
      state = entry & STATE_MASK;
      left -= (entry >>> DONE_SHIFT) & 7;
      value += entry >>> VALUE_SHIFT;
    }
    return value;
  }
}

/**
 * Automata by a key naming everything their step reads, for a simulator that builds the same
 * automaton again per chunk and per fight state. At most MAX_KEPT are kept: a full cache is
 * emptied, so a long run of varied scenarios cannot grow it without bound.
 */
export class AutomatonCache {
  private static readonly MAX_KEPT = 256;
  private readonly kept = new Map<string, FaceAutomaton>();

  /** The automaton kept under `key`, built by `build` on first use. */
  get(key: string, build: () => FaceAutomaton): FaceAutomaton {
    let automaton = this.kept.get(key);
    if (automaton === undefined) {
      if (this.kept.size === AutomatonCache.MAX_KEPT) this.kept.clear();
      this.kept.set(key, (automaton = build()));
    }
    return automaton;
  }
}

/** A counter reads up to ten faces (a whole draw) at once, as two blocks of five. */
const TEN = 10;
const COUNTER_BLOCK = 5;
const SIX_TO_THE_COUNTER_BLOCK = 7776;

/**
 * Counts the faces a rule accepts among n D6, one die per run and no state: the dice are read up
 * to ten at a time — the rest of a draw (Rng.takeFaces) — and each half looked up in a table of how
 * many of its COUNTER_BLOCK faces count: lighter than a FaceAutomaton, as every face ends its run.
 * Digits beyond the faces taken are 0, a face of 1: so the table counts faces that exclude 1 — the
 * rule's own, or else the faces it refuses (the count is then n less those).
 */
export class FaceCounter {
  private readonly table = new Uint8Array(SIX_TO_THE_COUNTER_BLOCK);
  /** Whether the rule accepts a 1, and the table counts the faces it refuses. */
  private readonly complement: boolean;

  constructor(counts: (face: number) => boolean) {
    const complement = counts(1);
    this.complement = complement;
    for (let digits = 0; digits < SIX_TO_THE_COUNTER_BLOCK; digits++)
      for (let i = 0, rest = digits; i < COUNTER_BLOCK; i++, rest = Math.floor(rest / 6)) if (counts((rest % 6) + 1) !== complement) this.table[digits]++;
  }

  /** Roll n D6: how many of them the rule accepts. */
  count(rng: Rng, n: number): number {
    const table = this.table;
    let counted = 0;
    let left = n;
    while (left > 0) {
      const digits = rng.takeFaces(left < TEN ? left : TEN);
      left -= rng.taken;
      counted += table[digits % SIX_TO_THE_COUNTER_BLOCK] + table[(digits / SIX_TO_THE_COUNTER_BLOCK) | 0];
    }
    return this.complement ? n - counted : counted;
  }
}

/** Counters by the faces they count (a 6-bit mask): 64 at most. */
const counters = new Map<number, FaceCounter>();

/**
 * The counter of the faces `counts` accepts (a ward per point of damage, Regeneration per point,
 * the hits of a pool, ...), shared by every rule that counts the same faces.
 */
export function faceCounter(counts: (face: number) => boolean): FaceCounter {
  let mask = 0;
  for (let face = 1; face <= 6; face++) if (counts(face)) mask |= 1 << (face - 1);
  let counter = counters.get(mask);
  if (!counter) counters.set(mask, (counter = new FaceCounter((face) => ((mask >> (face - 1)) & 1) === 1)));
  return counter;
}
