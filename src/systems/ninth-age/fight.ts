/**
 * A whole 9th Age fight as a chain of melee rounds (src/fight). The state carried between rounds
 * is the wounds each unit has lost since the fight began — its rank and file share one wound pool,
 * so that fixes the models alive and the wounds marked on one of them (§4.10) — and whether each
 * frenzied unit has lost its Frenzy (§7). Every round is the one-round engine's round on the units
 * left: round 1 with the charge (charge bonus, Hatred, Devastating and Thunderous Charge, lances,
 * Impact Hits), later rounds without (§4.3, §6, §7, §8.1, §12.1); ranks, Steadfast and the flank
 * or rear bonus come from the models left (§12.1, §12.2); Fear is tested every Combat Phase (§12.6).
 */
import { type Opening, openedBy } from '../../fight/opening.js';
import { type Ending, type FightModel, type FightSide, type RoundSteps, StepSet, type Units } from '../../fight/types.js';
import {
  caughtChance,
  daemonicWounds,
  forEachRoundEnd,
  leadershipChance,
  panicPassChance,
  panicsFromLosses,
  shootingDamage,
} from './exact.js';
import type { FightScenario } from './fight-schema.js';
import { modelsAlive, woundPool } from './melee-setup.js';
import type { Scenario, Unit } from './model.js';
import { combatScore, roundResult } from './resolution.js';

/** What a fight carries from one round to the next. */
export interface FightState {
  /** Wounds lost since the fight began. */
  readonly dA: number;
  readonly dT: number;
  /** The unit lost a round and with it its Frenzy (§7). */
  readonly calmA: boolean;
  readonly calmT: boolean;
}

/** The unit as it stands after losing `damage` wounds: whole models removed, the rest marked (§4.10). */
export function unitAfter(unit: Unit, damage: number): Unit {
  const marked = unit.woundsLost + damage;
  return { ...unit, models: unit.models - Math.floor(marked / unit.profile.w), woundsLost: marked % unit.profile.w };
}

/** The one-round scenario of round `round` fought from `state`. */
export function roundScenario(f: FightScenario, state: FightState, round: number): Scenario {
  const attacker = state.calmA ? f.attacker.calm! : f.attacker.unit;
  const target = state.calmT ? f.target.calm! : f.target.unit;
  return {
    attacker: unitAfter(attacker, state.dA),
    target: unitAfter(target, state.dT),
    situation: {
      kind: 'melee',
      round,
      charging: f.charging,
      facing: f.facing,
      challenge: false,
      targetStrikesBack: true,
      attackerBonus: 0,
      targetBonus: 0,
      pursuit: f.pursuit,
      options: f.options,
    },
  };
}

/** The units after a round that left `state`; a side `removed` (caught, or destroyed on a failed test) has no models left. */
export function unitsOf(f: FightScenario, state: FightState, removed: FightSide | null = null): Units {
  const aliveT = modelsAlive(f.target.unit, state.dT);
  return {
    attackerLeft: removed === 'attacker' ? 0 : modelsAlive(f.attacker.unit, state.dA),
    targetLeft: removed === 'target' ? 0 : aliveT,
    targetWounds: state.dT,
    targetSlain: f.target.unit.models - aliveT,
  };
}

export const START: FightState = { dA: 0, dT: 0, calmA: false, calmT: false };

/** A state as one number, and back. */
export function stateKey(f: FightScenario): (s: FightState) => number {
  const poolA = woundPool(f.attacker.unit);
  return (s) => ((s.dT * (poolA + 1) + s.dA) * 2 + (s.calmA ? 1 : 0)) * 2 + (s.calmT ? 1 : 0);
}

function decoder(f: FightScenario): (k: number) => FightState {
  const poolA = woundPool(f.attacker.unit);
  return (k) => ({ calmT: (k & 1) === 1, calmA: (k & 2) === 2, dA: Math.floor(k / 4) % (poolA + 1), dT: Math.floor(k / 4 / (poolA + 1)) });
}

/** Round 1 has the charge; every later round is alike (§12.1 and the first-round rules). */
export const phaseOf = (round: number): number => (round === 1 ? 1 : 2);

export function fightModel(f: FightScenario): FightModel<number> {
  const calmStates = (f.attacker.calm ? 2 : 1) * (f.target.calm ? 2 : 1);
  const key = stateKey(f);
  const decode = decoder(f);
  const model: FightModel<number> = {
    start: key(START),
    startUnits: unitsOf(f, START),
    rounds: f.rounds,
    bound: (woundPool(f.attacker.unit) + 1) * (woundPool(f.target.unit) + 1) * calmStates,
    phase: phaseOf,
    steps: (k, round) => roundSteps(f, decode(k), round, key),
  };
  return f.standAndShoot ? openedBy(model, standAndShootOpenings(f, f.standAndShoot, key)) : model;
}

/**
 * The charger after the target's Stand and Shoot (§13), from the shooting engine's wounds: wiped
 * out, or fled after failing the Panic test a loss of 25 % of its models calls for (§5.5, §12.4).
 */
function standAndShootOpenings(f: FightScenario, shooting: Scenario, key: (s: FightState) => number): Opening<number>[] {
  const charger = f.attacker.unit;
  const pass = panicPassChance(charger);
  const out: Opening<number>[] = [];
  shootingDamage(shooting).forEach((p, d) => {
    if (p === 0) return;
    const state: FightState = { ...START, dA: d };
    const units = unitsOf(f, state);
    const alive = modelsAlive(charger, d);
    if (alive === 0) return out.push({ p, state: null, ending: 'attacker-destroyed', units });
    const holds = panicsFromLosses(charger, alive) ? pass : 1;
    out.push({ p: p * holds, state: key(state), ending: null, units });
    if (holds < 1) out.push({ p: p * (1 - holds), state: null, ending: 'attacker-fled-at-charge', units });
  });
  return out;
}

/** P(caught) by flee and pursuit dice and the winner's restraint test, worked out once each (§12.3). */
const caughtChances = new Map<string, number>();
function caughtOnce(test: Parameters<typeof caughtChance>[0]): number {
  const id = `${test.flee.text}|${test.pursuit.text}|${test.restraint ? `${test.restraint.ld},${test.restraint.reroll}` : 'pursues'}`;
  let p = caughtChances.get(id);
  if (p === undefined) caughtChances.set(id, (p = caughtChance(test)));
  return p;
}

function roundSteps(f: FightScenario, from: FightState, round: number, key: (s: FightState) => number): RoundSteps<number> {
  const s = roundScenario(f, from, round);
  const poolA = woundPool(s.attacker);
  const poolT = woundPool(s.target);
  const steps = new StepSet<number>();
  const add = (p: number, margin: number, state: FightState, ending: Ending | null, removed: FightSide | null = null) =>
    steps.add(p, margin, unitsOf(f, state, removed), ending === null ? key(state) : null, ending);
  forEachRoundEnd(s, (dT, dA, _bits, p) => {
    const wT = Math.min(dT, poolT);
    const wA = Math.min(dA, poolA);
    const score = combatScore(s, dT, dA);
    const margin = score.attacker - score.target;
    const after: FightState = { ...from, dA: from.dA + wA, dT: from.dT + wT };
    const aliveT = modelsAlive(s.target, wT);
    const aliveA = modelsAlive(s.attacker, wA);
    // Both units wiped out in the same Initiative step
    if (aliveT === 0 && aliveA === 0) return add(p, margin, after, 'both-destroyed');
    const r = roundResult(s, dT, dA);
    if (r.kind === 'destroyed') return add(p, margin, after, `${r.side}-destroyed`);
    if (r.kind === 'draw') return add(p, margin, after, null);
    const loser = r.loser;
    const pool = loser === 'target' ? poolT : poolA;
    const lost = loser === 'target' ? wT : wA;
    // The loser loses its Frenzy (§7) and takes `extra` wounds with no saves (Unstable, Daemonic, §7)
    const goesOn = (extra: number, q: number) => {
      const total = Math.min(pool, lost + extra);
      const calm = loser === 'target' ? { calmT: f.target.calm !== null } : { calmA: f.attacker.calm !== null };
      const state: FightState =
        loser === 'target' ? { ...after, ...calm, dT: from.dT + total } : { ...after, ...calm, dA: from.dA + total };
      const wiped = modelsAlive(loser === 'target' ? s.target : s.attacker, total) === 0;
      add(q, margin, state, wiped ? `${loser}-destroyed` : null);
    };
    const test = r.test;
    switch (test.kind) {
      case 'auto-pass':
        return goesOn(0, p);
      case 'unstable':
        return goesOn(test.wounds, p);
      case 'daemonic': {
        const extra = daemonicWounds(test.add, test.ld, test.reroll);
        for (let e = 0; e < extra.length; e++) goesOn(e, p * extra[e]);
        return;
      }
      case 'break': {
        const pass = leadershipChance(test.ld, test.reroll);
        goesOn(0, p * pass);
        // A war machine that fails is destroyed (§9); a unit that breaks flees and may be caught (§12.3)
        if (test.destroyedOnFailure) return add(p * (1 - pass), margin, after, `${loser}-destroyed`, loser);
        const caught = caughtOnce(test);
        add(p * (1 - pass) * caught, margin, after, `${loser}-caught`, loser);
        add(p * (1 - pass) * (1 - caught), margin, after, `${loser}-escaped`);
      }
    }
  });
  return steps.result();
}
