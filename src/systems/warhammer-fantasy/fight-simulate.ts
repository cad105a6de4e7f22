/**
 * A whole Warhammer Fantasy fight rolled die by die, round after round, with the one-round
 * simulator's dice (stupidity, fear, strike order, blows, break test, pursuit) — independent of
 * the exact chain.
 */
import type { Rng } from '../../core/rng.js';
import { FightRecorder } from '../../fight/recorder.js';
import type { Ending, FightSide } from '../../fight/types.js';
import type { Tally } from '../../sim/tally.js';
import {
  type FightState,
  type SideBlows,
  afterBlows,
  duelPlan,
  judgePlan,
  overkillOf,
  phaseOf,
  previousWinnerMatters,
  roundPlan,
  sideResults,
  startState,
  stateKey,
  unitsOf,
} from './fight.js';
import type { FightScenario } from './fight-schema.js';
import { standAndShootRoller } from './fight-stand-and-shoot.js';
import { type MeleePlan, other } from './melee-plan.js';
import { combatScores, resolve } from './resolution.js';
import type { Side } from './schema.js';
import { type SideKit, rollBlows, rollLoserFate, rollOff, sideKits } from './simulate-melee.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function simulateFight(f: FightScenario, rng: Rng, n: number, tally: Tally): void {
  const recorder = new FightRecorder(f.rounds, f.challenge);
  const key = stateKey(f);
  const matters = previousWinnerMatters(f);
  const obstacle = f.situation.defendedObstacle;
  type Prepared = { plan: MeleePlan; kits: Record<Side, SideKit>; duel: { plan: MeleePlan; kits: Record<Side, SideKit> } | null };
  const prepared = new Map<number, Prepared>();
  const roundOf = (state: FightState, round: number): Prepared => {
    const id = key(state) * 2 + phaseOf(round) - 1;
    let r = prepared.get(id);
    if (!r) {
      const plan = roundPlan(f, state, round);
      const duel = duelPlan(f, state, round);
      prepared.set(id, (r = { plan, kits: sideKits(plan), duel: duel ? { plan: duel, kits: sideKits(duel) } : null }));
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
      const { plan, kits, duel } = roundOf(state, round);
      // One roll-off decides equal Initiative for the whole combat, the challenge too (§16.6)
      const rolled = duel && (plan.first === 'roll-off' || duel.plan.first === 'roll-off') ? rollOff(rng) : null;
      const fixed = (p: MeleePlan): MeleePlan => (rolled && p.first === 'roll-off' ? { ...p, first: rolled } : p);
      const fled = rollBlows(fixed(plan), kits, rng);
      if (fled !== null) {
        const units = unitsOf(f, state);
        recorder.round(round, null, units);
        recorder.end(round, `${fled}-fled-at-charge`, units);
        break;
      }
      // The challenge's fighters strike only each other, rolled apart (§9)
      if (duel) rollBlows(fixed(duel.plan), duel.kits, rng);
      const onA: SideBlows = { unit: kits.attacker.casualties, duel: duel ? duel.kits.attacker.casualties : null };
      const onT: SideBlows = { unit: kits.target.casualties, duel: duel ? duel.kits.target.casualties : null };
      const after = afterBlows(f, state, onA, onT);
      const judge = judgePlan(f, state, plan, after);
      const r = sideResults(f, state, after, onA, onT);
      const scores = combatScores(judge, r.attacker, r.target);
      const verdict = resolve(judge, r.attacker, r.target);
      const next: Mutable<FightState> = { ...after };
      let ending: Ending | null = null;
      let removed: FightSide | null = null;
      if (verdict.kind === 'draw') next.previousWinner = 'none';
      else {
        const loser = verdict.loser;
        switch (rollLoserFate(judge, verdict, rng)) {
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
      recorder.round(round, scores.attacker - scores.target, units, overkillOf(onA, onT));
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
