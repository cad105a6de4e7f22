/**
 * A rule set's one-round system extended with whole fights (DESIGN.md "Whole fights and
 * engagements"): a fight input is parsed as a fight, computed by the exact chain over the rule
 * set's fight model, and simulated by its fight simulator; anything else goes to the round.
 */
import { boundedOutcome } from '../systems/bounded-outcome.js';
import type { Rng } from '../core/rng.js';
import type { Tally } from '../sim/tally.js';
import type { GameSystem } from '../systems/types.js';
import { estimateFightWork, runChain } from './chain.js';
import type { FightModel } from './types.js';

/** What a rule set provides for its whole fights. */
export interface FightParts<S, F> {
  isFightInput(input: unknown): boolean;
  parseFight(input: unknown): F;
  isFight(scenario: S | F): scenario is F;
  fightModel(fight: F): FightModel;
  simulateFight(fight: F, rng: Rng, n: number, tally: Tally): void;
}

export function withFights<S, F>(round: GameSystem<S>, fights: FightParts<S, F>): GameSystem<S | F> {
  const { isFight } = fights;
  return {
    ...round,
    parse: (input) => (fights.isFightInput(input) ? fights.parseFight(input) : round.parse(input)),
    isFight,
    exact: (s) => (isFight(s) ? boundedOutcome(runChain(fights.fightModel(s))) : round.exact(s)),
    // A fight's work is estimated from its first round fought from the start; a round's, as the round's system does.
    estimate: (s) => (isFight(s) ? estimateFightWork(fights.fightModel(s)) : (round.estimate?.(s) ?? 0)),
    simulate: (s, rng, n, tally) => (isFight(s) ? fights.simulateFight(s, rng, n, tally) : round.simulate(s, rng, n, tally)),
  };
}
