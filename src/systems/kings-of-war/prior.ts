/**
 * Exact distribution of the damage the target carries when the attack starts: its printed
 * damage, after Regeneration (§7: each point goes on a roll of n+, so it stays with probability
 * (n−1)/6) and then Heal(n) (§8.1: Binomial(n, 1/2) points removed, capped at what it carries).
 */
import { binomial, type Dist, mixture, point, thin } from '../../core/dist.js';
import type { Plan } from './plan.js';

/** Spell hits on 4+ (§8.1). */
const SPELL_HIT = 1 / 2;

export function priorDamage(prior: Plan['prior']): Dist {
  let carried: Dist = point(prior.damage);
  if (prior.regeneration !== null) carried = thin(carried, (prior.regeneration - 1) / 6);
  if (prior.heal !== null) carried = healed(carried, prior.heal);
  return carried;
}

function healed(carried: Dist, n: number): Dist {
  const removed = binomial(n, SPELL_HIT);
  return mixture(
    Array.from(carried, (w, d) => {
      const left = new Float64Array(d + 1);
      removed.forEach((q, k) => (left[Math.max(0, d - k)] += q));
      return [w, left] as const;
    }),
  );
}
