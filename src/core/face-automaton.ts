/**
 * A die-by-die procedure read several dice at a time. A simulator describes one run of
 * its procedure — one attack: the hit die, its re-roll, the wound die, the save die, ... — as a
 * small automaton over D6 faces: from a state, a face leads to the next state, may end the run
 * and may add a value (damage, or counters packed into one number). `FaceAutomaton` then works
 * out, once, what every block of up to four faces does from every state, by applying that same
 * step to each face of the block in order; `run` reads the dice of n runs four at a time from the
 * Rng's current draw of ten faces (kept in locals, rng.ts) and looks each block up, instead of one
 * unpredictable branch per die. (Blocks of five were measured slower for automata: their tables,
 * 30 KB per state, no longer fit the processor's nearest cache; a FaceCounter's table does.)
 *
 * The dice are exactly those of the die-by-die procedure, in the same order (every face taken is a
 * face the procedure reads, one step per face); only the branching is done ahead of time. A block
 * never reads past the last run: each face ends at most one run, so a block of at most as many
 * faces as runs remain ends on or before the last one's final die; and with fewer runs left than a
 * whole block's faces, the whole block's table of run ends (`ends`) says whether it ends the last
 * run before its last face — only then are fewer faces taken, up to that run's final die.
 */
import { type Rng, SIX_TO_THE } from './rng.js';

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

/** Most states an automaton may have, and most faces per block (FULL_BLOCK = 6^BLOCK entries per state). */
const MAX_STATES = 64;
const BLOCK = 4;
const FULL_BLOCK = 1296;
/**
 * Each state's tables side by side (STATE_STRIDE entries): its whole blocks' (FULL_BLOCK), then
 * its blocks of 1, 2 and 3 faces, at PART_AT[k]. A state is kept as the index of its tables
 * (state · STATE_STRIDE), so a block's entry is one addition away from the last: no product on
 * the chain of look-ups each run waits for.
 */
const STATE_STRIDE = FULL_BLOCK + 6 + 36 + 216;
const PART_AT = Int32Array.of(0, FULL_BLOCK, FULL_BLOCK + 6, FULL_BLOCK + 6 + 36);
/** Faces per block of a FaceCounter, and its table's size (6^COUNT_BLOCK). */
const COUNT_BLOCK = 5;
const COUNT_TABLE = 6 ** COUNT_BLOCK;
/**
 * Table entries: the next state's tables' index in bits 0–16 (below MAX_STATES · STATE_STRIDE =
 * 99,456 < 2^17), runs ended in bits 17–19, the value from bit 20 on.
 */
const STATE_BITS = 17;
const STATE_MASK = 2 ** STATE_BITS - 1;
const DONE_SHIFT = STATE_BITS;
/** Runs ended by one block: 0 … BLOCK, in 3 bits. */
const VALUE_SHIFT = DONE_SHIFT + 3;
/** Largest value one block may add (12 bits). */
const MAX_BLOCK_VALUE = 2 ** (32 - VALUE_SHIFT) - 1;

/**
 * By a whole block's mask of run ends (FaceAutomaton.ends) × 4 + the runs left (1 … BLOCK − 1):
 * how many of its faces to take — up to and including the face that ends the last run, or the
 * whole block when it does not end that many runs.
 */
const LAST_END = Uint8Array.from({ length: 64 }, (_, i) => {
  const mask = i >> 2;
  let left = i & 3;
  for (let face = 0; face < BLOCK; face++) if ((mask >> face) & 1 && --left === 0) return face + 1;
  return BLOCK;
});

/** A procedure with more states, or larger values, than a table holds: its caller rolls die by die. */
export class FaceAutomatonTooLarge extends RangeError {}

export class FaceAutomaton {
  /** The automaton of `step`, or null when it is too large to table (FaceAutomatonTooLarge). */
  static orNull(step: (state: number, face: number) => FaceStep): FaceAutomaton | null {
    try {
      return new FaceAutomaton(step);
    } catch (e) {
      if (e instanceof FaceAutomatonTooLarge) return null;
      throw e;
    }
  }

  /** Each state's tables, STATE_STRIDE entries: a block of k faces from `state` at state · STATE_STRIDE + PART_AT[k mod BLOCK] + digits. */
  private readonly table: Uint32Array;
  /** By the same index as a whole block's entry: which faces of the block end a run (bit i: face i + 1). */
  private readonly ends: Uint8Array;

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
        if (!Number.isInteger(s.value) || s.value < 0) throw new RangeError(`FaceAutomaton: value ${s.value} out of range`);
        if (s.value * BLOCK > MAX_BLOCK_VALUE) throw new FaceAutomatonTooLarge(`FaceAutomaton: value ${s.value} does not fit a block of ${BLOCK}`);
        if (!ids.has(s.next)) {
          if (found.length === MAX_STATES) throw new FaceAutomatonTooLarge(`FaceAutomaton: more than ${MAX_STATES} states`);
          ids.set(s.next, found.length);
          found.push(s.next);
        }
        steps.push(s);
      }
    const states = found.length;
    const table = new Uint32Array(states * STATE_STRIDE);
    // Which faces of each block end a run (bit i: face i + 1), by the same index.
    const masks = new Uint8Array(states * STATE_STRIDE);
    const at = (state: number, k: number, digits: number) => state * STATE_STRIDE + PART_AT[k] + digits;
    // Blocks of one face: the step itself.
    for (let i = 0; i < states * 6; i++) {
      const s = steps[i];
      const state = (i / 6) | 0;
      table[at(state, 1, i % 6)] = ids.get(s.next)! * STATE_STRIDE + ((s.done ? 1 : 0) << DONE_SHIFT) + s.value * (1 << VALUE_SHIFT);
      masks[at(state, 1, i % 6)] = s.done ? 1 : 0;
    }
    // A block of k faces: its first k − 1 faces (digits below 6^(k−1)), then the last face.
    for (let k = 2; k <= BLOCK; k++) {
      const low = SIX_TO_THE[k - 1];
      for (let state = 0; state < states; state++)
        for (let digits = 0; digits < SIX_TO_THE[k]; digits++) {
          const firstAt = at(state, k - 1, digits % low);
          const first = table[firstAt];
          const lastAt = (first & STATE_MASK) + PART_AT[1] + Math.floor(digits / low);
          const last = table[lastAt];
          const into = at(state, k === BLOCK ? 0 : k, digits);
          table[into] = (last & STATE_MASK) + ((first >>> STATE_BITS) + (last >>> STATE_BITS)) * (1 << STATE_BITS);
          masks[into] = masks[firstAt] | (masks[lastAt] << (k - 1));
        }
    }
    this.table = table;
    this.ends = masks;
  }

  /** `runs` runs from state 0, their dice taken from `rng`: the sum of their values. */
  run(rng: Rng, runs: number): number {
    const table = this.table;
    const ends = this.ends;
    // The current draw's faces in locals (rng.ts), written back once at the end.
    let faces = rng.faces;
    let facesLeft = rng.facesLeft;
    // The state as the index of its tables (STATE_STRIDE).
    let state = 0;
    let left = runs;
    let value = 0;
    while (left > 0) {
      if (facesLeft === 0) {
        faces = rng.tenFaces();
        facesLeft = 10;
      }
      let entry = 0;
      if (facesLeft >= BLOCK) {
        // A whole block: a division by a constant (a multiplication).
        const rest = (faces / FULL_BLOCK) | 0;
        // Products by Math.imul keep the index in 32-bit integers (a float product makes V8 compute it in doubles).
        const at = state + faces - Math.imul(rest, FULL_BLOCK);
        // With fewer runs left than faces, the block may end the last run before its last face:
        // then only the faces up to that end are taken (LAST_END).
        const k = left >= BLOCK ? BLOCK : LAST_END[(ends[at] << 2) | left];
        if (k === BLOCK) {
          entry = table[at];
          faces = rest;
          facesLeft -= BLOCK;
        } else {
          const size = SIX_TO_THE[k];
          const next = (faces / size) | 0;
          entry = table[state + PART_AT[k] + faces - Math.imul(next, size)];
          faces = next;
          facesLeft -= k;
        }
      } else if (left >= facesLeft) {
        // The rest of the draw (its faces are below 6^facesLeft): no division.
        entry = table[state + PART_AT[facesLeft] + faces];
        faces = 0;
        facesLeft = 0;
      } else {
        const size = SIX_TO_THE[left];
        const rest = (faces / size) | 0;
        entry = table[state + PART_AT[left] + faces - Math.imul(rest, size)];
        faces = rest;
        facesLeft -= left;
      }
      state = entry & STATE_MASK;
      left -= (entry >>> DONE_SHIFT) & 7;
      value += entry >>> VALUE_SHIFT;
    }
    rng.faces = faces;
    rng.facesLeft = facesLeft;
    return value;
  }
}

/**
 * Tables (automata, attack tables, attack rollers) by a key naming everything they depend on, for
 * a simulator that would build the same one again per chunk and per fight state. At most MAX_KEPT are kept: a
 * full cache is emptied, so a long run of varied scenarios cannot grow it without bound.
 */
export class KeptByKey<T> {
  private static readonly MAX_KEPT = 256;
  private readonly kept = new Map<string, T>();

  /** The one kept under `key` (an automaton or attack table may be null: too large to table), built by `build` on first use. */
  get<A extends T>(key: string, build: () => A): A {
    let table = this.kept.get(key) as A | undefined;
    if (table === undefined) {
      if (this.kept.size === KeptByKey.MAX_KEPT) this.kept.clear();
      this.kept.set(key, (table = build()));
    }
    return table;
  }
}

/**
 * Counts the faces a rule accepts among n D6, one die per run and no state: the dice are read up
 * to ten at a time — the rest of the current draw (kept in locals, rng.ts), or as many as are
 * left to roll — and each half looked up in a table of how many of its COUNT_BLOCK (5) faces
 * count: lighter than a FaceAutomaton, as every face ends its run. Digits beyond the faces taken
 * are 0, a face of 1: so the table counts faces that exclude 1 — the rule's own, or else the
 * faces it refuses (the count is then n less those).
 */
export class FaceCounter {
  private readonly table = new Uint8Array(COUNT_TABLE);
  /** Whether the rule accepts a 1, and the table counts the faces it refuses. */
  private readonly complement: boolean;

  constructor(counts: (face: number) => boolean) {
    const complement = counts(1);
    this.complement = complement;
    // A block's count is its lowest face's plus the count of the faces above it (digits / 6, a
    // smaller index): one pass, cheap enough to build at start-up.
    const own = Uint8Array.from({ length: 6 }, (_, i) => (counts(i + 1) !== complement ? 1 : 0));
    for (let digits = 1; digits < COUNT_TABLE; digits++) this.table[digits] = this.table[(digits / 6) | 0] + own[digits % 6];
  }

  /** Roll n D6: how many of them the rule accepts. */
  count(rng: Rng, n: number): number {
    return this.pools(rng, n, null);
  }

  /**
   * Roll n D6 counted by this rule, then as many D6 as it accepted counted by `then`'s rule (a pool
   * whose successes are the dice of the next: hits, then a damage die per hit): the second count.
   * The same faces in the same order as count(n) then then.count(of those), in one loop.
   */
  countThen(rng: Rng, n: number, then: FaceCounter): number {
    return this.pools(rng, n, then);
  }

  /** count, then (when `then` is given) the second pool, with the draw's faces kept in locals. */
  private pools(rng: Rng, n: number, then: FaceCounter | null): number {
    let table = this.table;
    let complement = this.complement;
    let next = then;
    let faces = rng.faces;
    let facesLeft = rng.facesLeft;
    let pool = n;
    let left = n;
    let counted = 0;
    for (;;) {
      while (left > 0) {
        if (facesLeft === 0) {
          faces = rng.tenFaces();
          facesLeft = 10;
        }
        let digits = faces;
        if (left >= facesLeft) {
          // The rest of the draw: no division.
          left -= facesLeft;
          faces = 0;
          facesLeft = 0;
        } else {
          // The last faces to roll: the low `left` digits, the rest kept for later.
          const size = SIX_TO_THE[left];
          faces = (digits / size) | 0;
          digits -= Math.imul(faces, size);
          facesLeft -= left;
          left = 0;
        }
        const high = (digits / COUNT_TABLE) | 0;
        counted += table[digits - Math.imul(high, COUNT_TABLE)] + table[high];
      }
      if (complement) counted = pool - counted;
      if (next === null) break;
      // The pool's successes are the next pool's dice.
      pool = left = counted;
      counted = 0;
      table = next.table;
      complement = next.complement;
      next = null;
    }
    rng.faces = faces;
    rng.facesLeft = facesLeft;
    return counted;
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
