/**
 * A whole Warhammer Fantasy fight as a chain of close-combat rounds (src/fight). The state carried
 * between rounds: each unit's models left and the wounds already lost by the model being wounded
 * (excess wounds are lost, §1 "Multiple wounds"), the winner of the previous round (equal
 * Initiative, §16.6), whether the attackers of a defended obstacle have won a round (§4: later
 * rounds then use the chart), and whether a frenzied unit was beaten and lost its Frenzy (§11).
 * Every round is the one-round engine's round on the units left: chargers strike first, flails,
 * morning stars, lances and cavalry spears, Hatred and the fear test only in round 1 (§1, §4, §11);
 * ranks from the models at the start of the round, outnumbering after its casualties (§8, §9).
 */
import { type Opening, openedBy } from '../../fight/opening.js';
import { type Ending, type FightModel, type FightSide, type RoundSteps, StepSet, type Units } from '../../fight/types.js';
import type { DefenderState } from './exact-attack.js';
import { fleeAndCaught, forEachRoundEnd } from './exact-melee.js';
import { pCaught } from './exact-morale.js';
import type { FightScenario } from './fight-schema.js';
import { standAndShootOpenings } from './fight-stand-and-shoot.js';
import { type MeleePlan, meleePlan, other } from './melee-plan.js';
import { combatScores, resolve } from './resolution.js';
import type { MeleeScenario, Side } from './schema.js';

export interface FightState {
  readonly mA: number;
  /** Wounds already lost by the attacker's model being wounded. */
  readonly kA: number;
  readonly mT: number;
  readonly kT: number;
  readonly previousWinner: Side | 'none';
  /** The attackers of the defended obstacle won a round (§4). */
  readonly obstacleWon: boolean;
  readonly calmA: boolean;
  readonly calmT: boolean;
}

export function startState(f: FightScenario): FightState {
  return { mA: f.attacker.unit.models, kA: 0, mT: f.target.unit.models, kT: 0, previousWinner: 'none', obstacleWon: false, calmA: false, calmT: false };
}

/** The one-round plan of round `round` fought from `state`. */
export function roundPlan(f: FightScenario, state: FightState, round: number): MeleePlan {
  const sit = f.situation;
  const attacker = state.calmA ? f.attacker.calm! : f.attacker.unit;
  const target = state.calmT ? f.target.calm! : f.target.unit;
  const sc: MeleeScenario = {
    phase: 'melee',
    attacker: { ...attacker, models: state.mA },
    target: { ...target, models: state.mT },
    situation: {
      ...sit,
      round,
      charging: round === 1 ? sit.charging : 'none',
      previousRoundWinner: round === 1 ? 'none' : state.previousWinner,
      defendedObstacle: state.obstacleWon ? 'none' : sit.defendedObstacle,
    },
  };
  const plan = meleePlan(sc);
  // Wounds the first model to be wounded carries from earlier rounds
  return {
    ...plan,
    attacker: { ...plan.attacker, defender: { ...plan.attacker.defender, wounded: state.kA } },
    target: { ...plan.target, defender: { ...plan.target.defender, wounded: state.kT } },
  };
}

/** Round 1 has the charge and the first-round rules; every later round is alike. */
export const phaseOf = (round: number): number => (round === 1 ? 1 : 2);

/** Wounds on the model being wounded after losing `lost` of a unit's remaining wounds (§8). */
function woundedAfter(models: number, wounded: number, w: number, lost: number, modelsLeft: number): number {
  const remaining = models * w - wounded - lost;
  return modelsLeft > 0 ? modelsLeft * w - remaining : 0;
}

export function unitsOf(f: FightScenario, s: FightState, removed: FightSide | null = null): Units {
  const t = f.target.unit;
  return {
    attackerLeft: removed === 'attacker' ? 0 : s.mA,
    targetLeft: removed === 'target' ? 0 : s.mT,
    targetWounds: t.models * t.w - (s.mT * t.w - s.kT),
    targetSlain: t.models - s.mT,
  };
}

/** Whether the previous round's winner can decide the strike order of a later round (§16.6). */
export function previousWinnerMatters(f: FightScenario): boolean {
  return roundPlan(f, startState(f), 2).first === 'roll-off' && f.situation.options.equalInitiative === 'previous-winner';
}

/** P(pursuit ≥ flee) for each side fleeing (§12); the move dice never change in a fight. */
export function caughtIfPursued(f: FightScenario): Record<Side, number> {
  const plan = roundPlan(f, startState(f), 1);
  return { attacker: pCaught(plan.attacker.moveDice, plan.target.moveDice), target: pCaught(plan.target.moveDice, plan.attacker.moveDice) };
}

export function stateKey(f: FightScenario): (s: FightState) => number {
  const wA = f.attacker.unit.w;
  const wT = f.target.unit.w;
  const nT = f.target.unit.models + 1;
  const winner = { none: 0, attacker: 1, target: 2 } as const;
  return (s) =>
    ((((s.mA * wA + s.kA) * nT * wT + s.mT * wT + s.kT) * 3 + winner[s.previousWinner]) * 2 + (s.obstacleWon ? 1 : 0)) * 4 +
    (s.calmA ? 2 : 0) +
    (s.calmT ? 1 : 0);
}

export function fightModel(f: FightScenario): FightModel<number> {
  const key = stateKey(f);
  const states = new Map<number, FightState>();
  const remember = (s: FightState) => {
    const k = key(s);
    states.set(k, s);
    return k;
  };
  const start = startState(f);
  const a = f.attacker.unit;
  const t = f.target.unit;
  const matters = previousWinnerMatters(f);
  const caught = caughtIfPursued(f);
  const bound =
    (a.models + 1) * a.w * (t.models + 1) * t.w * (matters ? 3 : 1) * (f.situation.defendedObstacle === 'none' ? 1 : 2) * (f.attacker.calm ? 2 : 1) * (f.target.calm ? 2 : 1);
  const model: FightModel<number> = {
    start: remember(start),
    startUnits: unitsOf(f, start),
    rounds: f.rounds,
    bound,
    phase: phaseOf,
    steps: (k, round) => roundSteps(f, states.get(k)!, round, matters, caught, remember),
  };
  if (!f.standAndShoot) return model;
  // The charger after the target's stand and shoot (§3, §5), or the fight over before round 1 (§11 Panic)
  const openings = standAndShootOpenings(f.standAndShoot).map(({ p, modelsLeft, wounded, ending }): Opening<number> => {
    const state: FightState = { ...start, mA: modelsLeft, kA: wounded };
    const units = unitsOf(f, state);
    return ending === null ? { p, state: remember(state), ending, units } : { p, state: null, ending, units };
  });
  return openedBy(model, openings);
}

function roundSteps(
  f: FightScenario,
  from: FightState,
  round: number,
  previousMatters: boolean,
  caughtIf: Record<Side, number>,
  remember: (s: FightState) => number,
): RoundSteps<number> {
  const plan = roundPlan(f, from, round);
  const steps = new StepSet<number>();
  const add = (p: number, margin: number | null, state: FightState, ending: Ending | null, removed: FightSide | null = null) => {
    if (p > 0) steps.add(p, margin, unitsOf(f, state, removed), ending === null ? remember(state) : null, ending);
  };
  forEachRoundEnd(plan, (end) => {
    if (end.kind === 'fled') return add(end.p, null, from, `${end.side}-fled-at-charge`);
    const { onTarget, onAttacker, p } = end;
    const attacker = { points: onTarget.points, modelsLeft: onAttacker.modelsLeft };
    const target = { points: onAttacker.points, modelsLeft: onTarget.modelsLeft };
    const scores = combatScores(plan, attacker, target);
    const margin = scores.attacker - scores.target;
    const after = afterBlows(f, from, onAttacker, onTarget);
    const verdict = resolve(plan, attacker, target);
    if (verdict.kind === 'draw') return add(p, margin, { ...after, previousWinner: 'none' }, null);
    const loser = verdict.loser;
    if (verdict.loserWipedOut) return add(p, margin, after, `${loser}-destroyed`);
    const { flee, caught } = fleeAndCaught(plan, verdict, caughtIf);
    const obstacle = f.situation.defendedObstacle;
    const holds: FightState = {
      ...after,
      previousWinner: previousMatters ? verdict.winner : 'none',
      obstacleWon: after.obstacleWon || (obstacle !== 'none' && verdict.winner === other(obstacle)),
      calmA: after.calmA || (loser === 'attacker' && f.attacker.calm !== null),
      calmT: after.calmT || (loser === 'target' && f.target.calm !== null),
    };
    add(p * (1 - flee), margin, holds, null);
    add(p * caught, margin, after, `${loser}-caught`, loser);
    add(p * (flee - caught), margin, after, `${loser}-escaped`);
  });
  return steps.result();
}

/** Both units after the blows of a round. */
export function afterBlows(f: FightScenario, from: FightState, onAttacker: Pick<DefenderState, 'lost' | 'modelsLeft'>, onTarget: Pick<DefenderState, 'lost' | 'modelsLeft'>): FightState {
  return {
    mA: onAttacker.modelsLeft,
    kA: woundedAfter(from.mA, from.kA, f.attacker.unit.w, onAttacker.lost, onAttacker.modelsLeft),
    mT: onTarget.modelsLeft,
    kT: woundedAfter(from.mT, from.kT, f.target.unit.w, onTarget.lost, onTarget.modelsLeft),
    previousWinner: from.previousWinner,
    obstacleWon: from.obstacleWon,
    calmA: from.calmA,
    calmT: from.calmT,
  };
}
