/**
 * Simulator for fleeing as a charge reaction and rallying (§12), rolled as at the table.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import type { FleeReactionScenario, RallyScenario } from './schema.js';
import { roll2d6, rollNd6 } from './simulate-attack.js';
import { mayRally, moveDice, rallyLeadership } from './tables.js';

export function simulateFleeReaction(sc: FleeReactionScenario, rng: Rng, n: number, tally: Tally): void {
  const dice = moveDice(sc.target.m);
  const reach = 2 * sc.attacker.m;
  for (let i = 0; i < n; i++) {
    // Still within the charger's reach after the flee roll: destroyed (§12).
    const caught = sc.gap + rollNd6(dice, rng) <= reach;
    tally.record(0, 0, caught);
    tally.recordMorale(caught ? 'caught' : 'escapes');
  }
}

export function simulateRally(sc: RallyScenario, rng: Rng, n: number, tally: Tally): void {
  const t = sc.target;
  const allowed = mayRally(t.models, sc.originalModels);
  const ld = rallyLeadership(Math.max(t.ld, t.rules.generalLd ?? 0), t.rules.musician);
  for (let i = 0; i < n; i++) {
    tally.record(0);
    if (!allowed) tally.recordMorale('cannot-rally');
    else tally.recordMorale(roll2d6(rng) <= ld ? 'rallies' : 'keeps-fleeing');
  }
}
