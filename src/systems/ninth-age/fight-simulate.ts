/**
 * A whole 9th Age fight rolled die by die, round after round, with the one-round simulator's dice
 * (Fear tests, Initiative steps, break test, flee and pursuit) — independent of the exact chain.
 */
import type { Rng } from '../../core/rng.js';
import { FightRecorder } from '../../fight/recorder.js';
import type { Ending } from '../../fight/types.js';
import type { Tally } from '../../sim/tally.js';
import { Victim } from './attack-sim.js';
import { type FightState, START, afterBlows, chargerPanic, duelScenario, loserAfter, phaseOf, roundScenario, spillsOf, stateKey, unitsOf } from './fight.js';
import type { FightScenario } from './fight-schema.js';
import { woundPool } from './melee-setup.js';
import { combatScore, roundResult } from './resolution.js';
import { type CompiledRound, compileRound, rollChallengeRoundWounds, rollLoserTest, rollPanic, rollRoundWounds, shootingRoller } from './simulate.js';

export function simulateFight(f: FightScenario, rng: Rng, n: number, tally: Tally): void {
  const recorder = new FightRecorder(f.rounds, f.challenge !== 'none');
  const key = stateKey(f);
  const spills = spillsOf(f);
  const panic = chargerPanic(f);
  const left = (st: FightState, side: 'attacker' | 'target') => unitsOf(f, st)[side === 'target' ? 'targetLeft' : 'attackerLeft'];
  const duels = new Map<number, CompiledRound | null>();
  const duelOf = (st: FightState, round: number): CompiledRound | null => {
    const id = key(st) * 2 + phaseOf(round) - 1;
    if (!duels.has(id)) {
      const d = duelScenario(f, st, round);
      duels.set(id, d ? compileRound(d) : null);
    }
    return duels.get(id)!;
  };
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
      const alive = unitsOf(f, state).attackerLeft;
      const ending: Ending | null =
        alive === 0 ? 'attacker-destroyed' : panic.panics(alive) && !rollPanic(panic.tester, rng) ? 'attacker-fled-at-charge' : null;
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
      // The challenge's fighters strike only each other, rolled step by step with the units' combat (§4.11)
      const duel = duelOf(state, round);
      const blows = duel ? rollChallengeRoundWounds(c, duel, spills, rng, victimT, victimA) : { ...rollRoundWounds(c, rng, victimT, victimA), oT: 0, oA: 0 };
      const { after, judged, wT, wA, overkill } = afterBlows(f, state, s, blows, round);
      const score = combatScore(judged, wT, wA);
      const margin = score.attacker - score.target;
      let next: FightState = after;
      let ending: Ending | null = null;
      let removed: 'attacker' | 'target' | null = null;
      const r = roundResult(judged, wT, wA);
      if (left(next, 'target') === 0 && left(next, 'attacker') === 0) ending = 'both-destroyed';
      else if (r.kind === 'destroyed') ending = `${r.side}-destroyed`;
      else if (r.kind === 'lost') {
        const loser = r.loser;
        const { extra, result } = rollLoserTest(r.test, rng);
        const pool = woundPool(loser === 'target' ? judged.target : judged.attacker);
        // Losing a round costs a frenzied unit its Frenzy; Unstable wounds go to the rank and file, then the character (§7)
        next = loserAfter(f, state, after, loser, pool, loser === 'target' ? wT : wA, extra);
        const destroyedOnFailure = r.test.kind === 'break' && r.test.destroyedOnFailure;
        if (left(next, loser) === 0) ending = `${loser}-destroyed`;
        else if (result === 'breaks-caught') {
          ending = destroyedOnFailure ? `${loser}-destroyed` : `${loser}-caught`;
          removed = loser;
        } else if (result === 'breaks-escapes') ending = `${loser}-escaped`;
      }
      const units = unitsOf(f, next, removed);
      recorder.round(round, margin, units, overkill);
      if (ending !== null) {
        recorder.end(round, ending, units);
        ended = true;
      } else if (round === f.rounds) recorder.end(round, null, units);
      state = next;
    }
  }
  recorder.flush(tally);
}
