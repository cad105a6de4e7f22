/**
 * Small builders for 9th Age test scenarios.
 */
import { atLeast } from '../../../src/core/dist.js';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import type { Scenario } from '../../../src/systems/ninth-age/model.js';

export type Json = Record<string, unknown>;

/** A plain infantry profile; fields override. */
export function unit(fields: Json = {}): Json {
  return { models: 20, files: 5, ws: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, ...fields };
}

/** A melee scenario in which only the attacker strikes (worked examples 1–3, 7–10). */
export function oneSided(attacker: Json, target: Json, situation: Json = {}): Scenario {
  return ninthAge.parse({
    attacker: unit(attacker),
    target: unit(target),
    situation: { type: 'melee', 'target-strikes-back': false, ...situation },
  });
}

export function shooting(attacker: Json, target: Json, situation: Json = {}): Scenario {
  return ninthAge.parse({ attacker: unit(attacker), target: unit(target), situation: { type: 'shooting', ...situation } });
}

/** An exact fraction given as decimal strings (numerators beyond 2^53 keep 1e-16 relative precision). */
export function frac(numerator: string | number, denominator: string | number): number {
  return Number(numerator) / Number(denominator);
}

/** P(X ≥ k) of the exact damage distribution. */
export function tail(s: Scenario, k: number): number {
  return atLeast(ninthAge.exact(s).damage, k);
}

/** C(n, k) q^k (1 − q)^(n − k): the closed-form binomial pmf. */
export function binomialPmf(n: number, q: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c * q ** k * (1 - q) ** (n - k);
}
