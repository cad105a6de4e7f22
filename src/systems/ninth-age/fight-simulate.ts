/**
 * A whole 9th Age fight rolled die by die, round after round, with the one-round simulator's dice
 * (Fear tests, Initiative steps, break test, flee and pursuit) — independent of the exact chain.
 */
import type { Rng } from '../../core/rng.js';
import { FightRecorder } from '../../fight/recorder.js';
import type { Ending } from '../../fight/types.js';
import type { Tally } from '../../sim/tally.js';
import { Victim } from './attack-sim.js';
import { type FightState, START, phaseOf, roundScenario, stateKey, unitsOf } from './fight.js';
import type { FightScenario } from './fight-schema.js';
import { modelsAlive, woundPool } from './melee-setup.js';
import { combatScore, roundResult } from './resolution.js';
import { panicsFromLosses } from './exact.js';
import { type CompiledRound, compileRound, rollLoserTest, rollPanic, rollRoundWounds, shootingRoller } from './simulate.js';

export function simulateFight(f: FightScenario, rng: Rng, n: number, tally: Tally): void {
  const recorder = new FightRecorder(f.rounds);
  const key = stateKey(f);
  const compiled = new Map<number, CompiledRound>();
  const roundOf = (state: FightState, round: number): CompiledRound => {
    const id = key(state) * 2 + phaseOf(round) - 1;
    let c = compiled.get(id);
    if (!c) compiled.set(id, (c = compileRound(roundScenario(f, state, round))));
    return c;
  };
  const victimT = new Victim();
  const victimA = new Victim();
  const shoot = f.standAndShoot ? shootingRoller(f.standAndShoot) : null;
  for (let sample = 0; sample < n; sample++) {
    let state = START;
    let ended = false;
    if (shoot) {
      // Stand and Shoot before round 1 (§13): the charger may be wiped out, or flee on a failed Panic test (§5.5)
      state = { ...START, dA: shoot(rng) };
      const alive = modelsAlive(f.attacker.unit, state.dA);
      const ending: Ending | null =
        alive === 0 ? 'attacker-destroyed' : panicsFromLosses(f.attacker.unit, alive) && !rollPanic(f.attacker.unit, rng) ? 'attacker-fled-at-charge' : null;
      if (ending !== null) {
        const units = unitsOf(f, state);
        recorder.round(1, null, units);
        recorder.end(1, ending, units);
        continue;
      }
    }
    for (let round = 1; round <= f.rounds && !ended; round++) {
      const c = roundOf(state, round);
      const s = c.scenario;
      victimT.reset();
      victimA.reset();
      const { dT, dA } = rollRoundWounds(c, rng, victimT, victimA);
      const wT = Math.min(dT, woundPool(s.target));
      const wA = Math.min(dA, woundPool(s.attacker));
      const score = combatScore(s, dT, dA);
      const margin = score.attacker - score.target;
      let next: FightState = { dA: state.dA + wA, dT: state.dT + wT, calmA: state.calmA, calmT: state.calmT };
      let ending: Ending | null = null;
      let removed: 'attacker' | 'target' | null = null;
      const aliveT = modelsAlive(s.target, wT);
      const aliveA = modelsAlive(s.attacker, wA);
      const r = roundResult(s, dT, dA);
      if (aliveT === 0 && aliveA === 0) ending = 'both-destroyed';
      else if (r.kind === 'destroyed') ending = `${r.side}-destroyed`;
      else if (r.kind === 'lost') {
        const loser = r.loser;
        const { extra, result } = rollLoserTest(r.test, rng);
        const pool = woundPool(loser === 'target' ? s.target : s.attacker);
        const total = Math.min(pool, (loser === 'target' ? wT : wA) + extra);
        // Losing a round costs a frenzied unit its Frenzy (§7)
        next =
          loser === 'target'
            ? { dA: next.dA, dT: state.dT + total, calmA: next.calmA, calmT: f.target.calm !== null }
            : { dA: state.dA + total, dT: next.dT, calmA: f.attacker.calm !== null, calmT: next.calmT };
        const destroyedOnFailure = r.test.kind === 'break' && r.test.destroyedOnFailure;
        if (modelsAlive(loser === 'target' ? s.target : s.attacker, total) === 0) ending = `${loser}-destroyed`;
        else if (result === 'breaks-caught') {
          ending = destroyedOnFailure ? `${loser}-destroyed` : `${loser}-caught`;
          removed = loser;
        } else if (result === 'breaks-escapes') ending = `${loser}-escaped`;
      }
      const units = unitsOf(f, next, removed);
      recorder.round(round, margin, units);
      if (ending !== null) {
        recorder.end(round, ending, units);
        ended = true;
      } else if (round === f.rounds) recorder.end(round, null, units);
      state = next;
    }
  }
  recorder.flush(tally);
}
