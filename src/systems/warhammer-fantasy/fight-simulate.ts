/**
 * A whole Warhammer Fantasy fight rolled die by die, round after round, with the one-round
 * simulator's dice (stupidity, fear, strike order, blows, break test, pursuit) — independent of
 * the exact chain.
 */
import type { Rng } from '../../core/rng.js';
import { FightRecorder } from '../../fight/recorder.js';
import type { Ending, FightSide } from '../../fight/types.js';
import type { Tally } from '../../sim/tally.js';
import { type FightState, afterBlows, phaseOf, previousWinnerMatters, roundPlan, startState, stateKey, unitsOf } from './fight.js';
import type { FightScenario } from './fight-schema.js';
import { standAndShootRoller } from './fight-stand-and-shoot.js';
import { type MeleePlan, other } from './melee-plan.js';
import { combatScores } from './resolution.js';
import type { Side } from './schema.js';
import { type SideKit, rollRound, sideKits } from './simulate-melee.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function simulateFight(f: FightScenario, rng: Rng, n: number, tally: Tally): void {
  const recorder = new FightRecorder(f.rounds);
  const key = stateKey(f);
  const matters = previousWinnerMatters(f);
  const obstacle = f.situation.defendedObstacle;
  const prepared = new Map<number, { plan: MeleePlan; kits: Record<Side, SideKit> }>();
  const roundOf = (state: FightState, round: number) => {
    const id = key(state) * 2 + phaseOf(round) - 1;
    let r = prepared.get(id);
    if (!r) {
      const plan = roundPlan(f, state, round);
      prepared.set(id, (r = { plan, kits: sideKits(plan) }));
    }
    return r;
  };
  const shoot = f.standAndShoot ? standAndShootRoller(f.standAndShoot) : null;
  for (let sample = 0; sample < n; sample++) {
    let state = startState(f);
    if (shoot) {
      // The target's stand and shoot before round 1 (§3, §5); a charger that panics flees (§11)
      const shot = shoot(rng);
      state = { ...state, mA: shot.modelsLeft, kA: shot.wounded };
      if (shot.ending !== null) {
        const units = unitsOf(f, state);
        recorder.round(1, null, units);
        recorder.end(1, shot.ending, units);
        continue;
      }
    }
    for (let round = 1; round <= f.rounds; round++) {
      const { plan, kits } = roundOf(state, round);
      const rolled = rollRound(plan, kits, rng);
      if (rolled.kind === 'fled') {
        const units = unitsOf(f, state);
        recorder.round(round, null, units);
        recorder.end(round, `${rolled.side}-fled-at-charge`, units);
        break;
      }
      const onA = kits.attacker.casualties;
      const onT = kits.target.casualties;
      const attacker = { points: onT.points, modelsLeft: onA.modelsLeft };
      const target = { points: onA.points, modelsLeft: onT.modelsLeft };
      const scores = combatScores(plan, attacker, target);
      const next: Mutable<FightState> = afterBlows(f, state, onA, onT);
      let ending: Ending | null = null;
      let removed: FightSide | null = null;
      const verdict = rolled.verdict;
      if (verdict.kind === 'draw') next.previousWinner = 'none';
      else {
        const loser = verdict.loser;
        switch (rolled.loserFate) {
          case 'wiped-out':
            ending = `${loser}-destroyed`;
            break;
          case 'caught':
            ending = `${loser}-caught`;
            removed = loser;
            break;
          case 'breaks':
            ending = `${loser}-escaped`;
            break;
          default:
            // Held: the winner is remembered, a beaten frenzied unit calms down (§11, §16.6, §4 obstacle)
            next.previousWinner = matters ? verdict.winner : 'none';
            next.obstacleWon ||= obstacle !== 'none' && verdict.winner === other(obstacle);
            next.calmA ||= loser === 'attacker' && f.attacker.calm !== null;
            next.calmT ||= loser === 'target' && f.target.calm !== null;
        }
      }
      const units = unitsOf(f, next, removed);
      recorder.round(round, scores.attacker - scores.target, units);
      if (ending !== null) {
        recorder.end(round, ending, units);
        break;
      }
      if (round === f.rounds) recorder.end(round, null, units);
      state = next;
    }
  }
  recorder.flush(tally);
}
