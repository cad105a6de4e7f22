/**
 * Exact distributions of a Warhammer Fantasy scenario: a round of close combat, a shooting phase,
 * fleeing as a charge reaction, or a rally test.
 */
import type { Outcome } from '../types.js';
import { exactMelee } from './exact-melee.js';
import { exactFleeReaction, exactRally } from './exact-moves.js';
import { exactShooting } from './exact-shooting.js';
import { meleePlan } from './melee-plan.js';
import type { Scenario } from './schema.js';

export function exact(sc: Scenario): Outcome {
  switch (sc.phase) {
    case 'melee':
      return exactMelee(meleePlan(sc));
    case 'shooting':
      return exactShooting(sc);
    case 'flee-reaction':
      return exactFleeReaction(sc);
    case 'rally':
      return exactRally(sc);
  }
}
