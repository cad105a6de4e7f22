/**
 * Exact engine for the phases without blows: fleeing as a charge reaction (§12) and rallying (§12).
 */
import { point } from '../../core/dist.js';
import type { Outcome } from '../types.js';
import { pFleeReactionCaught, pLeadershipPasses } from './exact-morale.js';
import { nonZero } from './outcome-keys.js';
import type { FleeReactionScenario, RallyScenario } from './schema.js';
import { mayRally, moveDice, rallyLeadership } from './tables.js';

/** Destroyed iff gap + flee roll ≤ 2 × charger's M (§12 simplified test, §16.16). */
export function exactFleeReaction(sc: FleeReactionScenario): Outcome {
  const caught = pFleeReactionCaught(sc.gap, sc.attacker.m, moveDice(sc.target.m));
  return { damage: point(0), slain: point(0), destroyed: caught, morale: nonZero({ escapes: 1 - caught, caught }) };
}

/** Rally — §12: at least 25% of the original models left, then a Leadership test (musician +1, max 10). */
export function exactRally(sc: RallyScenario): Outcome {
  const t = sc.target;
  if (!mayRally(t.models, sc.originalModels)) return { damage: point(0), morale: { 'cannot-rally': 1 } };
  const p = pLeadershipPasses(rallyLeadership(Math.max(t.ld, t.rules.generalLd ?? 0), t.rules.musician));
  return { damage: point(0), morale: nonZero({ rallies: p, 'keeps-fleeing': 1 - p }) };
}
