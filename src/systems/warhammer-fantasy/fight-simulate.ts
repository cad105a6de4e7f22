/**
 * A whole Warhammer Fantasy fight rolled die by die, round after round, with the one-round
 * simulator's dice (stupidity, fear, strike order, blows, break test, pursuit) — independent of
 * the exact chain.
 */
import type { Rng } from '../../core/rng.js';
import { FightRecorder } from '../../fight/recorder.js';
import type { Ending, FightSide, Overkill, Units } from '../../fight/types.js';
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
import type { Fate } from './outcome-keys.js';
import { type Verdict, combatScores, resolve } from './resolution.js';
import type { Side } from './schema.js';
import { type SideKit, rollBlows, rollLoserFate, rollOff, sideKits } from './simulate-melee.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

type Kits = Record<Side, SideKit>;
type Prepared = { plan: MeleePlan; kits: Kits; duel: { plan: MeleePlan; kits: Kits } | null; judgements: Map<string, Judgement> };

/**
 * What a round's blows decide before the loser's break test: the state after them, the plan the
 * result is judged on, the verdict, the margin and the Overkill (§9, §10). A pure function of the
 * state, the round's phase and the casualties, so it is worked out once per combination met.
 */
interface Judgement {
  readonly after: FightState;
  readonly judge: MeleePlan;
  readonly verdict: Verdict;
  readonly margin: number;
  readonly overkill: Overkill;
  /** By the loser's fate (or 'draw'): the state after it, its ending and the units left. */
  readonly fates: Map<Fate | 'draw', Settled>;
}

interface Settled {
  readonly next: FightState;
  readonly ending: Ending | null;
  readonly units: Units;
}

/** The rounds and judgements a fight has met, kept across chunks (a worker parses a scenario once and simulates it chunk after chunk). */
const roundsOfFights = new WeakMap<FightScenario, (state: FightState, round: number) => Prepared>();

function preparedRounds(f: FightScenario): (state: FightState, round: number) => Prepared {
  let roundOf = roundsOfFights.get(f);
  if (roundOf) return roundOf;
  const key = stateKey(f);
  const prepared = new Map<number, Prepared>();
  roundOf = (state, round) => {
    const id = key(state) * 2 + phaseOf(round) - 1;
    let r = prepared.get(id);
    if (!r) {
      const plan = roundPlan(f, state, round);
      const duel = duelPlan(f, state, round);
      prepared.set(id, (r = { plan, kits: sideKits(plan), duel: duel ? { plan: duel, kits: sideKits(duel) } : null, judgements: new Map() }));
    }
    return r;
  };
  roundsOfFights.set(f, roundOf);
  return roundOf;
}

function judgeRound(f: FightScenario, state: FightState, plan: MeleePlan, onA: SideBlows, onT: SideBlows): Judgement {
  const after = afterBlows(f, state, onA, onT);
  const judge = judgePlan(f, state, plan, after);
  const r = sideResults(f, state, after, onA, onT);
  const scores = combatScores(judge, r.attacker, r.target);
  const verdict = resolve(judge, r.attacker, r.target);
  return { after, judge, verdict, margin: scores.attacker - scores.target, overkill: overkillOf(onA, onT), fates: new Map() };
}

/** Where the fight stands after the loser's fate (null after a draw). */
function settle(f: FightScenario, j: Judgement, fate: Fate | null): Settled {
  const { verdict, after } = j;
  const next: Mutable<FightState> = { ...after };
  let ending: Ending | null = null;
  let removed: FightSide | null = null;
  if (verdict.kind === 'draw') next.previousWinner = 'none';
  else {
    const loser = verdict.loser;
    switch (fate) {
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
        next.previousWinner = previousWinnerMatters(f) ? verdict.winner : 'none';
        next.obstacleWon ||= f.situation.defendedObstacle !== 'none' && verdict.winner === other(f.situation.defendedObstacle);
        next.calmA ||= loser === 'attacker' && f.attacker.calm !== null;
        next.calmT ||= loser === 'target' && f.target.calm !== null;
    }
  }
  return { next, ending, units: unitsOf(f, next, removed) };
}

/** The casualties of both sides as one key. */
function blowsKey(onA: SideBlows, onT: SideBlows): string {
  const side = (on: SideBlows) => `${on.unit.lost},${on.unit.modelsLeft},${on.unit.points},${on.duel ? `${on.duel.lost},${on.duel.points}` : ''}`;
  return `${side(onA)}|${side(onT)}`;
}

export function simulateFight(f: FightScenario, rng: Rng, n: number, tally: Tally): void {
  const recorder = new FightRecorder(f.rounds, f.challenge);
  const roundOf = preparedRounds(f);
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
      const { plan, kits, duel, judgements } = roundOf(state, round);
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
      const id = blowsKey(onA, onT);
      let j = judgements.get(id);
      if (!j) judgements.set(id, (j = judgeRound(f, state, plan, onA, onT)));
      const fate = rollLoserFate(j.judge, j.verdict, rng);
      let settled = j.fates.get(fate ?? 'draw');
      if (!settled) j.fates.set(fate ?? 'draw', (settled = settle(f, j, fate)));
      const { next, ending, units } = settled;
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
