/**
 * A whole 9th Age fight rolled die by die, round after round, with the one-round simulator's dice
 * (Fear tests, Initiative steps, break test, flee and pursuit) — independent of the exact chain.
 */
import type { Rng } from '../../core/rng.js';
import { FightRecorder } from '../../fight/recorder.js';
import type { Ending, Overkill, Units } from '../../fight/types.js';
import type { Tally } from '../../sim/tally.js';
import { Victim } from './attack-sim.js';
import { type FightState, type RoundBlows, START, afterBlows, duelScenario, phaseOf, roundScenario, stateKey, unitsOf } from './fight.js';
import type { FightScenario } from './fight-schema.js';
import { modelsAlive, woundPool } from './melee-setup.js';
import type { Scenario } from './model.js';
import { type LoserTest, combatScore, roundResult } from './resolution.js';
import { panicsFromLosses } from './exact.js';
import { type CompiledRound, compileRound, rollLoserTest, rollPanic, rollRoundWounds, shootingRoller } from './simulate.js';

/**
 * What a round's blows decide before any die of the loser's test: the state after them, the margin,
 * the Overkill and the round's result (§4.11, §12.1, §12.2). A pure function of the state, the
 * round's phase and the wounds, so the simulator works it out once per combination it meets.
 */
interface Judgement {
  readonly after: FightState;
  readonly margin: number;
  readonly overkill: Overkill;
  /** The ending decided by the blows alone (both destroyed, one side destroyed), or null. */
  readonly ending: Ending | null;
  /** The units after the round when no test follows (no loser, or its test does not end it). */
  readonly units: Units;
  /** The loser's test, when a side lost the round. */
  readonly lost: LostRound | null;
}

interface LostRound {
  readonly loser: 'attacker' | 'target';
  readonly test: LoserTest;
  readonly pool: number;
  readonly wounds: number;
  /** By extra wounds × 3 + the test's result: the state after it, its ending and the units left. */
  readonly fates: Map<number, Fate>;
}

interface Fate {
  readonly next: FightState;
  readonly ending: Ending | null;
  readonly units: Units;
}

const RESULTS = ['holds', 'breaks-escapes', 'breaks-caught'] as const;

/** One state's round (per phase): the compiled round, the challenge, and the judgements of its blows. */
interface PreparedRound {
  readonly c: CompiledRound;
  readonly duel: CompiledRound | null;
  readonly judgements: Map<number, Judgement>;
}

/** Wound counts beyond this many are judged afresh rather than cached (the key packs four of them). */
const KEY_LIMIT = 4096;

/** The rounds and judgements a fight has met, kept across chunks: a worker parses a scenario once and simulates it chunk after chunk. */
const roundsOfFights = new WeakMap<FightScenario, Rounds>();

interface Rounds {
  roundOf(state: FightState, round: number): PreparedRound;
  judge(state: FightState, s: Scenario, blows: RoundBlows, round: number): Judgement;
  fateOf(state: FightState, j: Judgement, lost: LostRound, extra: number, result: (typeof RESULTS)[number]): Fate;
}

function roundsOf(f: FightScenario): Rounds {
  let rounds = roundsOfFights.get(f);
  if (!rounds) roundsOfFights.set(f, (rounds = fightRounds(f)));
  return rounds;
}

function fightRounds(f: FightScenario): Rounds {
  const key = stateKey(f);
  const left = (st: FightState, side: 'attacker' | 'target') => unitsOf(f, st)[side === 'target' ? 'targetLeft' : 'attackerLeft'];
  const prepared = new Map<number, PreparedRound>();
  const roundOf = (state: FightState, round: number): PreparedRound => {
    const id = key(state) * 2 + phaseOf(round) - 1;
    let r = prepared.get(id);
    if (!r) {
      const d = duelScenario(f, state, round);
      r = { c: compileRound(roundScenario(f, state, round)), duel: d ? compileRound(d) : null, judgements: new Map() };
      prepared.set(id, r);
    }
    return r;
  };
  const judge = (state: FightState, s: Scenario, blows: RoundBlows, round: number): Judgement => {
    const { after, judged, wT, wA, overkill } = afterBlows(f, state, s, blows, round);
    const score = combatScore(judged, wT, wA);
    const r = roundResult(judged, wT, wA);
    let ending: Ending | null = null;
    let lost: LostRound | null = null;
    if (left(after, 'target') === 0 && left(after, 'attacker') === 0) ending = 'both-destroyed';
    else if (r.kind === 'destroyed') ending = `${r.side}-destroyed`;
    else if (r.kind === 'lost') {
      const loser = r.loser;
      lost = { loser, test: r.test, pool: woundPool(loser === 'target' ? judged.target : judged.attacker), wounds: loser === 'target' ? wT : wA, fates: new Map() };
    }
    return { after, margin: score.attacker - score.target, overkill, ending, units: unitsOf(f, after), lost };
  };
  /** The loser's test came out `result` with `extra` wounds (Unstable, Daemonic): where the fight stands. */
  const fateOf = (state: FightState, j: Judgement, lost: LostRound, extra: number, result: (typeof RESULTS)[number]): Fate => {
    const id = extra * 3 + RESULTS.indexOf(result);
    let fate = lost.fates.get(id);
    if (fate) return fate;
    const { loser, test } = lost;
    const total = Math.min(lost.pool, lost.wounds + extra);
    // Losing a round costs a frenzied unit its Frenzy (§7)
    const next: FightState =
      loser === 'target'
        ? { ...j.after, dT: state.dT + total, calmT: f.target.calm !== null }
        : { ...j.after, dA: state.dA + total, calmA: f.attacker.calm !== null };
    const destroyedOnFailure = test.kind === 'break' && test.destroyedOnFailure;
    let ending: Ending | null = null;
    let removed: 'attacker' | 'target' | null = null;
    if (left(next, loser) === 0) ending = `${loser}-destroyed`;
    else if (result === 'breaks-caught') {
      ending = destroyedOnFailure ? `${loser}-destroyed` : `${loser}-caught`;
      removed = loser;
    } else if (result === 'breaks-escapes') ending = `${loser}-escaped`;
    fate = { next, ending, units: unitsOf(f, next, removed) };
    lost.fates.set(id, fate);
    return fate;
  };
  return { roundOf, judge, fateOf };
}

export function simulateFight(f: FightScenario, rng: Rng, n: number, tally: Tally): void {
  const recorder = new FightRecorder(f.rounds, f.challenge !== 'none');
  const { roundOf, judge, fateOf } = roundsOf(f);
  const victimT = new Victim();
  const victimA = new Victim();
  const shoot = f.standAndShoot ? shootingRoller(f.standAndShoot) : null;
  for (let sample = 0; sample < n; sample++) {
    let state = START;
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
    for (let round = 1; round <= f.rounds; round++) {
      const { c, duel, judgements } = roundOf(state, round);
      victimT.reset();
      victimA.reset();
      const { dT, dA } = rollRoundWounds(c, rng, victimT, victimA);
      // The challenge's fighters strike only each other, rolled apart (§4.11)
      let oT = 0;
      let oA = 0;
      if (duel) ({ dT: oT, dA: oA } = rollRoundWounds(duel, rng, victimT, victimA));
      const cacheable = dT < KEY_LIMIT && dA < KEY_LIMIT && oT < KEY_LIMIT && oA < KEY_LIMIT;
      const id = ((dT * KEY_LIMIT + dA) * KEY_LIMIT + oT) * KEY_LIMIT + oA;
      let j = cacheable ? judgements.get(id) : undefined;
      if (!j) {
        j = judge(state, c.scenario, { dT, dA, oT, oA }, round);
        if (cacheable) judgements.set(id, j);
      }
      let next = j.after;
      let ending = j.ending;
      let units = j.units;
      if (ending === null && j.lost) {
        const { extra, result } = rollLoserTest(j.lost.test, rng);
        const fate = fateOf(state, j, j.lost, extra, result);
        ({ next, ending, units } = fate);
      }
      recorder.round(round, j.margin, units, j.overkill);
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
