/** Builders for Kings of War test scenarios and closed-form reference numbers. */
import { expect } from 'vitest';
import { kingsOfWar } from '../../../src/systems/kings-of-war/index.js';
import { parseScenario, type Scenario } from '../../../src/systems/kings-of-war/schema.js';

/** A plain infantry regiment: Me 4+, no ranged attack, De 4+, Att 10, Ne 14/16. */
export function unit(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'infantry', size: 'regiment', me: '4+', ra: '-', de: '4+', att: 10, nerve: '14/16', ...fields };
}

export function scenario(attacker: Record<string, unknown>, target: Record<string, unknown>, situation: Record<string, unknown>): Scenario {
  return parseScenario({ attacker: unit(attacker), target: unit(target), situation });
}

export function exact(attacker: Record<string, unknown>, target: Record<string, unknown>, situation: Record<string, unknown>) {
  return kingsOfWar.exact(scenario(attacker, target, situation));
}

export function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/** Binomial(n, p) pmf written out: C(n,k) p^k (1−p)^(n−k). */
export function binomialPmf(n: number, p: number): number[] {
  return Array.from({ length: n + 1 }, (_, k) => choose(n, k) * p ** k * (1 - p) ** (n - k));
}

export function sumFrom(pmf: ArrayLike<number>, k: number): number {
  let s = 0;
  for (let j = k; j < pmf.length; j++) s += pmf[j];
  return s;
}

export function meanOf(pmf: ArrayLike<number>): number {
  let m = 0;
  for (let k = 0; k < pmf.length; k++) m += k * pmf[k];
  return m;
}

/** Expect a pmf to equal `expected` entry by entry within `tol` (missing entries are 0). */
export function expectPmf(actual: ArrayLike<number>, expected: ArrayLike<number>, tol = 1e-9): void {
  const n = Math.max(actual.length, expected.length);
  for (let k = 0; k < n; k++) expect(Math.abs((actual[k] ?? 0) - (expected[k] ?? 0)), `P(${k})`).toBeLessThanOrEqual(tol);
}

/** |actual − expected| ≤ tol. */
export function near(actual: number, expected: number, tol = 1e-9): void {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tol);
}
