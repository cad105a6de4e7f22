/**
 * Exact distributions of a Warhammer Fantasy scenario: a round of close combat or a shooting phase.
 */
import type { Outcome } from '../types.js';
import { exactMelee } from './exact-melee.js';
import { exactShooting } from './exact-shooting.js';
import { meleePlan } from './melee-plan.js';
import type { Scenario } from './schema.js';

export function exact(sc: Scenario): Outcome {
  return sc.phase === 'shooting' ? exactShooting(sc) : exactMelee(meleePlan(sc));
}
