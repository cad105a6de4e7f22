/**
 * Random numbers for the simulator.
 *
 * The user's seed (any string) goes through seedrandom to a 128-bit master state. Chunk i of a
 * Monte Carlo job gets its own sfc32 generator seeded from (master state, i) only, so a result
 * never depends on how chunks are spread over threads.
 */
import { createRequire } from 'node:module';
import type seedrandomFunction from 'seedrandom';

// seedrandom (CommonJS) loads on the first seed, not with this module: exact commands never
// need it (start-up).
const requireCjs = createRequire(import.meta.url);

export const DEFAULT_SEED = 'warodds';

/** Four 32-bit words derived from the seed string by seedrandom's ARC4 generator. */
export function masterState(seed: string): Uint32Array {
  const seedrandom = requireCjs('seedrandom') as typeof seedrandomFunction;
  const arc4 = seedrandom(seed);
  return Uint32Array.of(arc4.int32() >>> 0, arc4.int32() >>> 0, arc4.int32() >>> 0, arc4.int32() >>> 0);
}

/** murmur3's 32-bit finaliser: a bijective mix used to spread (master word, chunk index). */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The generator of chunk `index` of a job seeded with `master`. */
export function chunkRng(master: Uint32Array, index: number): Rng {
  const k = Math.imul(index + 1, 0x9e3779b9);
  return new Rng(
    fmix32(master[0] ^ k),
    fmix32(master[1] + k),
    fmix32(master[2] ^ fmix32(k)),
    fmix32(master[3] + index),
  );
}

/**
 * Largest multiple of 6 below 2^32: a hot loop that draws one D6 inline rejects draws at or above
 * it, so every face is equally likely.
 */
export const D6_LIMIT = 4294967292;

/**
 * Ten D6 from one 32-bit draw (the dice budget of a draw): a draw under 71 · 6^10 is
 * read as ten base-6 digits, each an independent uniform face; a draw at or above it (one in
 * 2,300) is rejected, so every face is exactly equally likely. Exported for hot loops that run
 * tenFaces inline with the generator's state in locals.
 */
export const SIX_TO_THE_TEN = 60466176;
export const TEN_D6_LIMIT = 71 * SIX_TO_THE_TEN;
/** 6^10 = 2^10 · 3^10: ⌊u / 6^10⌋ = ⌊(u >>> 10) / 3^10⌋, an integer division by a constant. */
export const THREE_TO_THE_TEN = 59049;
/** 6^k for k = 0..10: the size of k faces as base-6 digits. */
export const SIX_TO_THE = Int32Array.of(1, 6, 36, 216, 1296, 7776, 46656, 279936, 1679616, 10077696, SIX_TO_THE_TEN);

/**
 * A table indexed by the faces of several dice, read from one 32-bit draw (the generic kernel, the
 * Age of Sigmar attack table): at most MAX_DICE_PER_DRAW dice (6^6 = 46,656 entries, rejection
 * under 1.1e-5). Lemire's multiply-and-reject: a draw u gives the index ⌊u · size / 2^32⌋, and
 * the draw is rejected when the low 32 bits of u · size (`Math.imul(u, size) >>> 0`, in integers)
 * are under lemireReject(size) = 2^32 mod size; then every index comes from exactly ⌊2^32 / size⌋
 * draws, so each combination of faces is equally likely — no division in the loop. The index is
 * `(u * size * 2^-32) | 0`, exact in a double (u · size < 2^48); the hot loops write 2^-32 as a
 * literal (2.3283064365386963e-10): an imported constant is read through its module cell at every
 * use.
 */
export const MAX_DICE_PER_DRAW = 6;
const TWO_32 = 4294967296;
export const lemireReject = (size: number): number => TWO_32 % size;

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Chaotic generator, 32-bit). Hot loops may copy the
 * four state words into locals, run the same recurrence inline and write them back with `save`.
 */
export class Rng {
  a: number;
  b: number;
  c: number;
  d: number;

  constructor(a: number, b: number, c: number, d: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /**
   * Faces not yet used of the last draw (base 6, the next face in the lowest digit; below
   * 6^facesLeft), and how many. A hot loop that reads faces itself may keep them in locals, take
   * a new draw of ten with tenFaces, and write both back.
   */
  faces = 0;
  facesLeft = 0;

  /**
   * The ten faces of a new draw, as base-6 digits (the first face in the lowest digit); the caller
   * keeps them (in `faces`, with `facesLeft` = 10, or in its own locals). A draw at or above
   * 71 · 6¹⁰ is rejected, so each of the 6¹⁰ combinations is equally likely. The remainder
   * u − ⌊u / 6¹⁰⌋ · 6¹⁰ is taken in 32-bit arithmetic (it is below 2³¹, so wrapping cannot change
   * it) and the quotient by a constant division: no floating-point division on the hot path.
   */
  tenFaces(): number {
    // One call site for every draw, rejected or not: the rare rejection then has V8's type
    // feedback, and a hot loop that inlines this is not thrown away the first time a draw is
    // rejected ("Insufficient type feedback").
    let u = 0;
    do u = this.next();
    while (u >= TEN_D6_LIMIT);
    const draws = ((u >>> 10) / THREE_TO_THE_TEN) | 0;
    return (u - Math.imul(draws, SIX_TO_THE_TEN)) | 0;
  }

  /** An unbiased D6: 1..6, the next digit of a draw of ten. */
  d6(): number {
    let faces = this.faces;
    if (this.facesLeft === 0) {
      faces = this.tenFaces();
      this.facesLeft = 9;
    } else this.facesLeft--;
    const rest = (faces / 6) | 0;
    this.faces = rest;
    return faces - rest * 6 + 1;
  }

  /** How many faces the last takeFaces call took. */
  taken = 0;

  /**
   * Up to `max` (1..10) D6 at once, for a simulator that reads several dice through a table
   * (core/face-automaton.ts): the next k faces as base-6 digits, die i in digit i (face − 1), with
   * k = min(max, faces left of the current draw) — a new draw first when none is left — and k in
   * `taken`. The same faces, in the same order, as k calls of d6(). The digits above the k-th are 0.
   */
  takeFaces(max: number): number {
    if (this.facesLeft === 0) {
      this.faces = this.tenFaces();
      this.facesLeft = 10;
    }
    const faces = this.faces;
    // All the faces left of the draw: no division at all.
    if (max >= this.facesLeft) {
      this.taken = this.facesLeft;
      this.faces = 0;
      this.facesLeft = 0;
      return faces;
    }
    this.facesLeft -= max;
    this.taken = max;
    const rest = (faces / SIX_TO_THE[max]) | 0;
    this.faces = rest;
    return faces - rest * SIX_TO_THE[max];
  }

  /**
   * Two D6 as base-6 digits, the first die in the low digit (face − 1): the same faces, in the same
   * order, as two calls of d6() — a simulator that reads a pair of dice through a table of 36.
   */
  twoFaces(): number {
    if (this.facesLeft >= 2) {
      const faces = this.faces;
      this.faces = (faces / 36) | 0;
      this.facesLeft -= 2;
      return faces % 36;
    }
    const first = this.d6() - 1;
    return first + 6 * (this.d6() - 1);
  }

  /** Read `n` D6 and ignore them (dice whose faces change nothing): the faces n calls of d6() would read. */
  skipFaces(n: number): void {
    const left = this.facesLeft;
    if (n <= left) {
      this.faces = (this.faces / SIX_TO_THE[n]) | 0;
      this.facesLeft = left - n;
      return;
    }
    n -= left;
    for (; n > 10; n -= 10) this.tenFaces();
    // 1..10 faces of one more draw.
    this.faces = (this.tenFaces() / SIX_TO_THE[n]) | 0;
    this.facesLeft = 10 - n;
  }

  /** An unbiased D3 (a D6 halved, rounding up): 1..3. */
  d3(): number {
    return (this.d6() + 1) >> 1;
  }

  /** An unbiased integer in 0..n-1 (n ≤ 2^32). */
  below(n: number): number {
    const limit = 4294967296 - (4294967296 % n);
    let u = this.next();
    while (u >= limit) u = this.next();
    return u % n;
  }

  /** Write back state words that a hot loop kept in locals. */
  save(a: number, b: number, c: number, d: number): void {
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }
}
