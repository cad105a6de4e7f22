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
// need it (start-up, issue 16).
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
 * Ten D6 from one 32-bit draw (issue 16: the dice budget of a draw): a draw under 71 · 6^10 is
 * read as ten base-6 digits, each an independent uniform face; a draw at or above it (one in
 * 2,300) is rejected, so every face is exactly equally likely.
 */
export const SIX_TO_THE_TEN = 60466176;
export const TEN_D6_LIMIT = 71 * SIX_TO_THE_TEN;
const THREE_TO_THE_TEN = 59049;
const HIGH_LIMIT = TEN_D6_LIMIT / 1024;

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
   * a new draw of ten the way drawTenFaces does, and write both back.
   */
  faces = 0;
  facesLeft = 0;

  /**
   * A new draw of ten faces: a draw at or above 71 · 6¹⁰ is rejected, so each of the 6¹⁰
   * combinations is equally likely; the faces are the draw modulo 6¹⁰.
   */
  private drawTenFaces(): void {
    let u = this.next();
    // 6¹⁰ = 3¹⁰ · 2¹⁰ and TEN_D6_LIMIT = 71 · 3¹⁰ · 2¹⁰: the draw's top 22 bits against 3¹⁰, its low
    // 10 bits kept apart — u mod 6¹⁰ in 32-bit integers (a division by a constant), no floating point.
    while (u >>> 10 >= HIGH_LIMIT) u = this.next();
    const high = u >>> 10;
    this.faces = (high - ((high / THREE_TO_THE_TEN) | 0) * THREE_TO_THE_TEN) * 1024 + (u & 1023);
    this.facesLeft = 10;
  }

  /** An unbiased D6: 1..6, the next digit of a draw of ten. */
  d6(): number {
    if (this.facesLeft === 0) this.drawTenFaces();
    const face = this.faces % 6;
    this.faces = (this.faces / 6) | 0;
    this.facesLeft--;
    return face + 1;
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
    if (this.facesLeft === 0) this.drawTenFaces();
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
    if (max === 4) {
      this.faces = (faces / 1296) | 0;
      return faces % 1296;
    }
    return this.splitFaces(faces, max);
  }

  /**
   * The low `k` (1..9) digits of `faces`, the rest kept for later. Each k divides by its own
   * constant: a multiplication, not a (slow) integer division. Kept out of takeFaces, so that
   * takeFaces stays small enough to be inlined into a simulator's loop.
   */
  private splitFaces(faces: number, k: number): number {
    switch (k) {
      case 1:
        this.faces = (faces / 6) | 0;
        return faces % 6;
      case 2:
        this.faces = (faces / 36) | 0;
        return faces % 36;
      case 3:
        this.faces = (faces / 216) | 0;
        return faces % 216;
      case 4:
        this.faces = (faces / 1296) | 0;
        return faces % 1296;
      case 5:
        this.faces = (faces / 7776) | 0;
        return faces % 7776;
      case 6:
        this.faces = (faces / 46656) | 0;
        return faces % 46656;
      case 7:
        this.faces = (faces / 279936) | 0;
        return faces % 279936;
      case 8:
        this.faces = (faces / 1679616) | 0;
        return faces % 1679616;
      default:
        this.faces = (faces / 10077696) | 0;
        return faces % 10077696;
    }
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
