/**
 * Small builders for Warhammer Fantasy test scenarios and the closed forms the tests compare with.
 */
import { warhammerFantasy } from '../../../src/systems/warhammer-fantasy/index.js';
import type { Scenario } from '../../../src/systems/warhammer-fantasy/schema.js';

/** A W1 infantry profile with every characteristic 3 and Ld 7, overridden by `fields`. */
export function unit(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { models: 20, m: 10, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, ...fields };
}

export function scenario(attacker: Record<string, unknown>, target: Record<string, unknown>, situation: Record<string, unknown> = {}): Scenario {
  return warhammerFantasy.parse({ attacker, target, situation });
}

/** C(n, k) as a double (exact for the small n of the tests). */
export function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/** Binomial(n, p) probability of k: C(n, k) p^k (1 − p)^(n − k). */
export function binomialPmf(n: number, p: number, k: number): number {
  return choose(n, k) * p ** k * (1 - p) ** (n - k);
}

/** Assert |actual − expected| < 1e-9 with a readable message. */
export function near(actual: number | undefined, expected: number, tolerance = 1e-9): void {
  if (actual === undefined || !(Math.abs(actual - expected) < tolerance))
    throw new Error(`expected ${expected}, got ${actual} (tolerance ${tolerance})`);
}
