/**
 * 2D6 totals read as one pair of faces (Rng.twoFaces): Leadership, break, panic and rally tests,
 * flee and pursuit on 2D6 — the same two faces, in the same order, as two calls of d6().
 */
import type { Rng } from './rng.js';

/** The total of a pair of dice read as base-6 digits (first die + 6 × second, each face − 1). */
export function pairTotal(pair: number): number {
  const second = (pair / 6) | 0;
  return pair - 5 * second + 2;
}

/** 2D6, summed. */
export function roll2d6(rng: Rng): number {
  return pairTotal(rng.twoFaces());
}
