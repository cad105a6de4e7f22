/**
 * Simulator for fleeing as a charge reaction and rallying (§12), rolled as at the table.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import type { FleeReactionScenario, RallyScenario } from './schema.js';
import { rollNd6 } from './simulate-attack.js';
import { roll2d6 } from '../../core/two-d6.js';
import { mayRally, moveDice, rallyLeadership } from './tables.js';

export function simulateFleeReaction(sc: FleeReactionScenario, rng: Rng, n: number, tally: Tally): void {
  const dice = moveDice(sc.target.m);
  const reach = 2 * sc.attacker.m;
  let caught = 0;
  for (let i = 0; i < n; i++) {
    // Still within the charger's reach after the flee roll: destroyed (§12).
    if (sc.gap + rollNd6(dice, rng) <= reach) caught++;
  }
  // The samples counted here, added into the tally once (no look-up by name per sample).
  tally.recordMany(0, 0, false, n - caught);
  tally.recordMany(0, 0, true, caught);
  tally.recordMorale('caught', caught);
  tally.recordMorale('escapes', n - caught);
}

export function simulateRally(sc: RallyScenario, rng: Rng, n: number, tally: Tally): void {
  const t = sc.target;
  const allowed = mayRally(t.models, sc.originalModels);
  const ld = rallyLeadership(Math.max(t.ld, t.rules.generalLd ?? 0), t.rules.musician);
  tally.recordMany(0, undefined, undefined, n);
  if (!allowed) {
    tally.recordMorale('cannot-rally', n);
    return;
  }
  let rallied = 0;
  // Rally (§12): a Leadership test, 2D6 ≤ Ld (§2)
  for (let i = 0; i < n; i++) if (roll2d6(rng) <= ld) rallied++;
  tally.recordMorale('rallies', rallied);
  tally.recordMorale('keeps-fleeing', n - rallied);
}
