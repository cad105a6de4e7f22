/**
 * Monte Carlo simulation of a Warhammer Fantasy scenario, die by die.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import type { Scenario } from './schema.js';
import { simulateMelee } from './simulate-melee.js';
import { simulateFleeReaction, simulateRally } from './simulate-moves.js';
import { simulateShooting } from './simulate-shooting.js';

export function simulate(sc: Scenario, rng: Rng, n: number, tally: Tally): void {
  switch (sc.phase) {
    case 'melee':
      return simulateMelee(sc, rng, n, tally);
    case 'shooting':
      return simulateShooting(sc, rng, n, tally);
    case 'flee-reaction':
      return simulateFleeReaction(sc, rng, n, tally);
    case 'rally':
      return simulateRally(sc, rng, n, tally);
  }
}
