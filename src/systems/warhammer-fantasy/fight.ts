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
import { type Ending, type FightModel, type FightSide, type Overkill, type RoundSteps, StepSet, type Units, sideEnding } from '../../fight/types.js';
import { DefenderMemo, type DefenderState } from './exact-attack.js';
import { BreakOdds, type RoundEndVisitor, forEachRoundEnd } from './exact-melee.js';
import { pCaught } from './exact-morale.js';
import type { FightScenario, FightUnit } from './fight-schema.js';
import { standAndShootOpenings } from './fight-stand-and-shoot.js';
import { type Blow, type MeleePlan, meleePlan, other } from './melee-plan.js';
import { Judging, type SideResult } from './resolution.js';
import type { MeleeScenario, Side, Unit } from './schema.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

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
  /** Wounds the joined character (or champion) lost (0 without one). */
  readonly cA: number;
  readonly cT: number;
}

export function startState(f: FightScenario): FightState {
  return { mA: f.attacker.unit.models, kA: 0, mT: f.target.unit.models, kT: 0, previousWinner: 'none', obstacleWon: false, calmA: false, calmT: false, cA: 0, cT: 0 };
}

const sideOf = (f: FightScenario, side: Side): FightUnit => (side === 'attacker' ? f.attacker : f.target);

/** Wounds of the side's joined character, 0 without one. */
export function characterWounds(u: FightUnit): number {
  return u.character ? u.character.unit.w : 0;
}

/** Whether the side's joined character stands after `c` wounds. */
export function characterStands(u: FightUnit, c: number): boolean {
  return u.character !== null && c < u.character.unit.w;
}

/** A challenge is fought in a round both joined characters stand in (§9). */
export function challengeOn(f: FightScenario, s: FightState): boolean {
  return f.challenge && characterStands(f.attacker, s.cA) && characterStands(f.target, s.cT);
}

/**
 * A side's unit in the units' combat of a round fought from `s`. The joined character stands in
 * the front rank and strikes with the unit unless it fights the challenge; while it stands a
 * General lends the unit his Ld and a Battle Standard its break-test re-roll (§1). With no rank
 * and file left, the character is the unit (§8: nobody else is left to hit).
 */
function member(f: FightScenario, side: Side, s: FightState, c: number): Unit {
  const u = sideOf(f, side);
  const calm = side === 'attacker' ? s.calmA : s.calmT;
  const base = calm ? u.calm! : u.unit;
  const m = side === 'attacker' ? s.mA : s.mT;
  const ch = u.character;
  const stands = characterStands(u, c);
  const dueling = challengeOn(f, s);
  if (m === 0 && ch && stands && !dueling) return { ...ch.unit, rules: { ...ch.unit.rules, battleStandard: ch.battleStandard } };
  const rules = { ...base.rules, ...(m === 0 ? { standard: false, musician: false } : {}) };
  if (!ch || !stands) return { ...base, models: m, rules };
  return {
    ...base,
    models: m,
    joined: 1,
    joinedUs: ch.unit.usPerModel,
    joinedBy: dueling ? undefined : ch.unit,
    rules: {
      ...rules,
      generalLd: ch.general ? Math.max(rules.generalLd ?? 0, ch.unit.ld) : rules.generalLd,
      battleStandard: rules.battleStandard || ch.battleStandard,
    },
  };
}

/**
 * Round `round`'s situation: chargers strike first only in the round they charged, equal
 * Initiative afterwards goes to the previous round's winner (§0, §4, §16); a defended obstacle
 * stops counting once its attackers have won a round of the combat (§4 "Defended obstacle").
 */
function roundSituation(f: FightScenario, state: FightState, round: number, challenge: boolean): MeleeScenario['situation'] {
  const sit = f.situation;
  return {
    ...sit,
    round,
    charging: round === 1 ? sit.charging : 'none',
    previousRoundWinner: round === 1 ? 'none' : state.previousWinner,
    defendedObstacle: state.obstacleWon ? 'none' : sit.defendedObstacle,
    challenge,
  };
}

/** A plan with each defender's first model carrying its earlier wounds. */
function withWounded(plan: MeleePlan, kA: number, kT: number): MeleePlan {
  return {
    ...plan,
    attacker: { ...plan.attacker, defender: { ...plan.attacker.defender, wounded: kA } },
    target: { ...plan.target, defender: { ...plan.target.defender, wounded: kT } },
  };
}

/**
 * Plans already made for a fight, by planKey (the challenge's: negative): a plan reads `round`
 * only as "round 1 or not" (melee-plan.ts, strike.ts) and the state only through planKey's
 * fields, so equal keys mean equal plans; `wounded` adds the wounds each side's first model
 * carries in (withWounded). `judges` are the compiled judgements of a round's results, by planKey
 * and which characters stand after the blows (judgePlan reads nothing else, §1; the strike order
 * and the wounded models do not count in combat resolution). A whole fight meets each many times.
 */
class FightPlans {
  readonly plans = new Map<number, MeleePlan>();
  readonly wounded = new Map<number, MeleePlan>();
  readonly judges = new Map<number, Judge>();
  /** Each side's unit in the units' combat (memberOf). */
  readonly members = new Map<number, Unit>();
  /** Each side's blows, by blowsKey × 2 + side (0: attacker). */
  readonly blows = new Map<number, readonly Blow[]>();
}

/** A judged plan compiled for combat resolution (§9, §10) and the loser's flight and pursuit (§10, §12). */
interface Judge {
  readonly judging: Judging;
  readonly odds: BreakOdds;
}

const plansOf = new WeakMap<FightScenario, FightPlans>();

function plansFor(f: FightScenario): FightPlans {
  let plans = plansOf.get(f);
  if (!plans) plansOf.set(f, (plans = new FightPlans()));
  return plans;
}

/**
 * A side's unit (member) made once per fight for what it reads of the state: the models, whether
 * the character stands, Frenzy lost, a challenge fought (the wounds carried in are patched into the plan).
 */
function memberOf(f: FightScenario, side: Side, s: FightState): Unit {
  const u = sideOf(f, side);
  const m = side === 'attacker' ? s.mA : s.mT;
  const c = side === 'attacker' ? s.cA : s.cT;
  const calm = side === 'attacker' ? s.calmA : s.calmT;
  const key = ((((m * 2 + (characterStands(u, c) ? 1 : 0)) * 2 + (calm ? 1 : 0)) * 2 + (challengeOn(f, s) ? 1 : 0)) * 2) + (side === 'attacker' ? 0 : 1);
  const { members } = plansFor(f);
  let unit = members.get(key);
  if (!unit) members.set(key, (unit = member(f, side, s, c)));
  return unit;
}

/** Bound on the wounds a side's first model carries in: its rank and file's or its character's Wounds. */
const carryBound = (u: FightUnit): number => Math.max(u.unit.w, characterWounds(u)) + 1;

/** What a round's situation reads of the state and round (roundSituation): phase, previous winner, obstacle — a number below 12. */
function situationKey(state: FightState, round: number): number {
  const winner = round === 1 || state.previousWinner === 'none' ? 0 : state.previousWinner === 'attacker' ? 1 : 2;
  return ((round === 1 ? 0 : 1) * 3 + winner) * 2 + (state.obstacleWon ? 1 : 0);
}

/** What the units' plan reads of the state and round (member, roundSituation) as one number. */
function planKey(f: FightScenario, state: FightState, round: number): number {
  return unitsKey(f, state, round, state.mA, state.mT);
}

/** What the units' blows read of the state and round: planKey, but of the models only whether any are left (member; blowsOf never reads their number). */
function blowsKey(f: FightScenario, state: FightState, round: number): number {
  return unitsKey(f, state, round, state.mA > 0 ? 1 : 0, state.mT > 0 ? 1 : 0);
}

function unitsKey(f: FightScenario, state: FightState, round: number, mA: number, mT: number): number {
  const standsA = characterStands(f.attacker, state.cA) ? 1 : 0;
  const standsT = characterStands(f.target, state.cT) ? 1 : 0;
  const sides = ((((mA * (f.target.unit.models + 1) + mT) * 2 + standsA) * 2 + standsT) * 2 + (state.calmA ? 1 : 0)) * 2 + (state.calmT ? 1 : 0);
  return sides * 12 + situationKey(state, round);
}

/** Wounds the first model to be wounded carries in (member's `wounded`): the lone character's own, else the rank and file's. */
function carriedWounds(f: FightScenario, side: Side, s: FightState): number {
  const u = sideOf(f, side);
  const m = side === 'attacker' ? s.mA : s.mT;
  const c = side === 'attacker' ? s.cA : s.cT;
  return m === 0 && u.character && characterStands(u, c) && !challengeOn(f, s) ? c : side === 'attacker' ? s.kA : s.kT;
}

/** The one-round plan of the units' combat in round `round` fought from `state`. */
export function roundPlan(f: FightScenario, state: FightState, round: number): MeleePlan {
  const { plans, wounded } = plansFor(f);
  const key = planKey(f, state, round);
  const kA = carriedWounds(f, 'attacker', state);
  const kT = carriedWounds(f, 'target', state);
  const woundedKey = (key * carryBound(f.attacker) + kA) * carryBound(f.target) + kT;
  let out = wounded.get(woundedKey);
  if (out) return out;
  let plan = plans.get(key);
  if (!plan) {
    const a = memberOf(f, 'attacker', state);
    const t = memberOf(f, 'target', state);
    const { blows } = plansFor(f);
    const kept = blowsKey(f, state, round) * 2;
    const blowsOf = (side: Side, make: () => readonly Blow[]): readonly Blow[] => {
      const k = kept + (side === 'attacker' ? 0 : 1);
      let found = blows.get(k);
      if (!found) blows.set(k, (found = make()));
      return found;
    };
    plans.set(key, (plan = meleePlan({ phase: 'melee', attacker: a, target: t, situation: roundSituation(f, state, round, false) }, blowsOf)));
  }
  wounded.set(woundedKey, (out = withWounded(plan, kA, kT)));
  return out;
}

/** The challenge of round `round` as a one-round plan of the two fighters (§9: Overkill up to +5), or null. */
export function duelPlan(f: FightScenario, state: FightState, round: number): MeleePlan | null {
  if (!challengeOn(f, state)) return null;
  const { plans } = plansFor(f);
  const key = -1 - situationKey(state, round);
  let plan = plans.get(key);
  if (!plan) {
    const sc: MeleeScenario = {
      phase: 'melee',
      attacker: f.attacker.character!.unit,
      target: f.target.character!.unit,
      situation: roundSituation(f, state, round, true),
    };
    plans.set(key, (plan = meleePlan(sc)));
  }
  return withWounded(plan, state.cA, state.cT);
}

/**
 * The plan a round's result is judged on: the units' plan (ranks from the start of the round, §8),
 * with each side's Ld and Battle Standard as its character, standing or slain after the blows,
 * leaves them (§1).
 */
export function judgePlan(f: FightScenario, from: FightState, plan: MeleePlan, after: FightState): MeleePlan {
  const patch = (c: MeleePlan['attacker'], side: Side): MeleePlan['attacker'] => {
    const u = sideOf(f, side);
    const ch = u.character;
    const m = side === 'attacker' ? from.mA : from.mT;
    const cFrom = side === 'attacker' ? from.cA : from.cT;
    // No character, or the character alone is the unit (its own Ld; if it fell, the side is gone)
    if (!ch || (m === 0 && characterStands(u, cFrom) && !challengeOn(f, from))) return c;
    const base = (side === 'attacker' ? from.calmA : from.calmT) ? u.calm! : u.unit;
    const stands = characterStands(u, side === 'attacker' ? after.cA : after.cT);
    const generalLd = stands && ch.general ? Math.max(base.rules.generalLd ?? 0, ch.unit.ld) : base.rules.generalLd;
    const battleStandard = base.rules.battleStandard || (stands && ch.battleStandard);
    return { ...c, ld: Math.max(base.ld, generalLd ?? 0), unit: { ...c.unit, rules: { ...c.unit.rules, battleStandard } } };
  };
  const attacker = patch(plan.attacker, 'attacker');
  const target = patch(plan.target, 'target');
  return attacker === plan.attacker && target === plan.target ? plan : { ...plan, attacker, target };
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
  const chT = characterStands(f.target, s.cT) ? 1 : 0;
  const chA = characterStands(f.attacker, s.cA) ? 1 : 0;
  return {
    attackerLeft: removed === 'attacker' ? 0 : s.mA + chA,
    targetLeft: removed === 'target' ? 0 : s.mT + chT,
    targetWounds: t.models * t.w - (s.mT * t.w - s.kT) + s.cT,
    targetSlain: t.models - s.mT + (f.target.character ? 1 - chT : 0),
  };
}

/** Whether the previous round's winner can decide the strike order of a later round (§16.6). */
export function previousWinnerMatters(f: FightScenario): boolean {
  if (f.situation.options.equalInitiative !== 'previous-winner') return false;
  const s = startState(f);
  const duel = duelPlan(f, s, 2);
  return roundPlan(f, s, 2).first === 'roll-off' || (duel !== null && duel.first === 'roll-off');
}

/** P(pursuit ≥ flee) by the fleeing and the pursuing unit's move dice (§12; pCaught keeps each pair's). */
export function caughtIfPursued(plan: MeleePlan): Record<Side, number> {
  return { attacker: pCaught(plan.attacker.moveDice, plan.target.moveDice), target: pCaught(plan.target.moveDice, plan.attacker.moveDice) };
}

/** The fight's states as numbers: each state's key (stateKey), and the states met by key, each made once from its fields. */
class StateBook {
  readonly states = new Map<number, FightState>();
  private readonly wA: number;
  private readonly wT: number;
  private readonly nT: number;
  private readonly cA: number;
  private readonly cT: number;

  constructor(f: FightScenario) {
    this.wA = f.attacker.unit.w;
    this.wT = f.target.unit.w;
    this.nT = f.target.unit.models + 1;
    this.cA = characterWounds(f.attacker) + 1;
    this.cT = characterWounds(f.target) + 1;
  }

  /** A state's key from its fields. */
  keyOf(mA: number, kA: number, mT: number, kT: number, cA: number, cT: number, previousWinner: Side | 'none', obstacleWon: boolean, calmA: boolean, calmT: boolean): number {
    const winner = previousWinner === 'none' ? 0 : previousWinner === 'attacker' ? 1 : 2;
    return (
      ((((((mA * this.wA + kA) * this.nT * this.wT + mT * this.wT + kT) * this.cA + cA) * this.cT + cT) * 3 + winner) * 2 + (obstacleWon ? 1 : 0)) * 4 +
      (calmA ? 2 : 0) +
      (calmT ? 1 : 0)
    );
  }

  /** The key of the state with these fields, the state kept on first sight. */
  id(mA: number, kA: number, mT: number, kT: number, cA: number, cT: number, previousWinner: Side | 'none', obstacleWon: boolean, calmA: boolean, calmT: boolean): number {
    const k = this.keyOf(mA, kA, mT, kT, cA, cT, previousWinner, obstacleWon, calmA, calmT);
    if (!this.states.has(k)) this.states.set(k, fightState(mA, kA, mT, kT, cA, cT, previousWinner, obstacleWon, calmA, calmT));
    return k;
  }

  remember(s: FightState): number {
    return this.id(s.mA, s.kA, s.mT, s.kT, s.cA, s.cT, s.previousWinner, s.obstacleWon, s.calmA, s.calmT);
  }
}

export function stateKey(f: FightScenario): (s: FightState) => number {
  const book = new StateBook(f);
  return (s) => book.keyOf(s.mA, s.kA, s.mT, s.kT, s.cA, s.cT, s.previousWinner, s.obstacleWon, s.calmA, s.calmT);
}

export function fightModel(f: FightScenario): FightModel {
  const book = new StateBook(f);
  const states = book.states;
  const start = startState(f);
  const a = f.attacker.unit;
  const t = f.target.unit;
  const matters = previousWinnerMatters(f);
  const memo = new DefenderMemo();
  const bound =
    (a.models + 1) * a.w * (t.models + 1) * t.w * (matters ? 3 : 1) * (f.situation.defendedObstacle === 'none' ? 1 : 2) * (f.attacker.calm ? 2 : 1) * (f.target.calm ? 2 : 1) *
    (characterWounds(f.attacker) + 1) * (characterWounds(f.target) + 1);
  const model: FightModel = {
    start: book.remember(start),
    rounds: f.rounds,
    bound,
    phase: phaseOf,
    challenge: f.challenge,
    steps: (k, round) => roundSteps(f, states.get(k)!, round, matters, book, memo),
    units: (k, removed) => unitsOf(f, states.get(k)!, removed),
  };
  if (!f.standAndShoot) return model;
  // The charger after the target's stand and shoot (§3, §5), or the fight over before round 1 (§11 Panic)
  const openings = standAndShootOpenings(f.standAndShoot).map(({ p, modelsLeft, wounded, ending }): Opening => ({
    p,
    state: book.remember(withVerdict({ ...start, mA: modelsLeft, kA: wounded }, start)),
    ending,
  }));
  return openedBy(model, openings);
}

/**
 * The strike orders of a round: a roll-off decides equal Initiative once for the whole combat
 * (§16.6), the units' combat and the challenge alike; each plan with its order fixed.
 */
export function strikeOrders(plan: MeleePlan, duel: MeleePlan | null): Array<{ p: number; plan: MeleePlan; duel: MeleePlan | null }> {
  if (!duel || (plan.first !== 'roll-off' && duel.first !== 'roll-off')) return [{ p: 1, plan, duel }];
  return (['attacker', 'target'] as const).map((r) => ({
    p: 0.5,
    plan: plan.first === 'roll-off' ? { ...plan, first: r } : plan,
    duel: duel.first === 'roll-off' ? { ...duel, first: r } : duel,
  }));
}

/** What a round's blows did to one side: in the units' combat, and to its fighter in the challenge. */
export interface SideBlows {
  readonly unit: Pick<DefenderState, 'lost' | 'modelsLeft' | 'points'>;
  readonly duel: Pick<DefenderState, 'lost' | 'points'> | null;
}

/** The state after a round's blows. */
export function afterBlows(f: FightScenario, from: FightState, onA: SideBlows, onT: SideBlows): FightState {
  const a = sideAfterBlows(f, from, 'attacker', onA);
  const t = sideAfterBlows(f, from, 'target', onT);
  return withVerdict({ mA: a.m, kA: a.k, cA: a.c, mT: t.m, kT: t.k, cT: t.c }, from);
}

/** One side's models, wounded model and character after the blows (a module function: no closure per call in the exact chain's pair loop). */
function sideAfterBlows(f: FightScenario, from: FightState, which: Side, on: SideBlows): { m: number; k: number; c: number } {
  const u = sideOf(f, which);
  const m = which === 'attacker' ? from.mA : from.mT;
  const k = which === 'attacker' ? from.kA : from.kT;
  const c = which === 'attacker' ? from.cA : from.cT;
  const lone = m === 0 && characterStands(u, c) && !challengeOn(f, from);
  const duel = on.duel ? on.duel.lost : 0;
  if (lone) return { m: 0, k: 0, c: c + on.unit.lost + duel };
  return { m: on.unit.modelsLeft, k: woundedAfter(m, k, u.unit.w, on.unit.lost, on.unit.modelsLeft), c: c + duel };
}

/**
 * A state written out field by field: the units of `units`, the verdict fields (previous winner,
 * obstacle, Frenzy) of `verdict`. States made so all share one shape, which keeps the chain's hot
 * path fast (a spread of a state there is many times slower).
 */
function withVerdict(units: Pick<FightState, 'mA' | 'kA' | 'mT' | 'kT' | 'cA' | 'cT'>, verdict: Pick<FightState, 'previousWinner' | 'obstacleWon' | 'calmA' | 'calmT'>): FightState {
  return fightState(units.mA, units.kA, units.mT, units.kT, units.cA, units.cT, verdict.previousWinner, verdict.obstacleWon, verdict.calmA, verdict.calmT);
}

/** A state from its fields, all states in one shape. */
export function fightState(
  mA: number,
  kA: number,
  mT: number,
  kT: number,
  cA: number,
  cT: number,
  previousWinner: Side | 'none',
  obstacleWon: boolean,
  calmA: boolean,
  calmT: boolean,
): FightState {
  return { mA, kA, mT, kT, previousWinner, obstacleWon, calmA, calmT, cA, cT };
}

/** Each side's combat-resolution result after a round (§9): points scored, models and characters left. */
export function sideResults(f: FightScenario, from: FightState, after: FightState, onA: SideBlows, onT: SideBlows): Record<Side, SideResult> {
  return { attacker: sideResult(f, from, after, 'attacker', onA, onT), target: sideResult(f, from, after, 'target', onT, onA) };
}

function sideResult(f: FightScenario, from: FightState, after: FightState, which: Side, own: SideBlows, enemy: SideBlows): SideResult {
  const u = sideOf(f, which);
  const lone = (which === 'attacker' ? from.mA : from.mT) === 0 && characterStands(u, which === 'attacker' ? from.cA : from.cT) && !challengeOn(f, from);
  return {
    points: enemy.unit.points + (enemy.duel ? enemy.duel.points : 0),
    modelsLeft: own.unit.modelsLeft,
    characterLeft: !lone && characterStands(u, which === 'attacker' ? after.cA : after.cT),
  };
}

/** Overkill each fighter scored in the round's challenge (§9), or null without one. */
export function overkillOf(onA: SideBlows, onT: SideBlows): Overkill {
  if (!onA.duel || !onT.duel) return null;
  return { attacker: onT.duel.points - onT.duel.lost, target: onA.duel.points - onA.duel.lost };
}

const NO_BLOWS: DefenderState = { lost: 0, modelsLeft: 0, points: 0 };

/** One way a round's challenge ended: the blows on each fighter, its probability and Overkill (§9). */
interface DuelEnd {
  readonly onA: DefenderState;
  readonly onT: DefenderState;
  readonly p: number;
  readonly overkill: Overkill;
}

/** The endings of a round's loser. */
const ATTACKER_DESTROYED = sideEnding('attacker', 'destroyed');
const TARGET_DESTROYED = sideEnding('target', 'destroyed');
const ATTACKER_CAUGHT = sideEnding('attacker', 'caught');
const TARGET_CAUGHT = sideEnding('target', 'caught');
const ATTACKER_ESCAPED = sideEnding('attacker', 'escaped');
const TARGET_ESCAPED = sideEnding('target', 'escaped');

/** A round without a challenge: no blows on the fighters, no Overkill. */
const NO_DUEL: readonly DuelEnd[] = [{ onA: NO_BLOWS, onT: NO_BLOWS, p: 1, overkill: null }];

function roundSteps(f: FightScenario, from: FightState, round: number, previousMatters: boolean, book: StateBook, memo: DefenderMemo): RoundSteps {
  const steps = new StepSet();
  for (const order of strikeOrders(roundPlan(f, from, round), duelPlan(f, from, round))) {
    let duelEnds = NO_DUEL;
    if (order.duel) {
      const ends: DuelEnd[] = [];
      forEachRoundEnd(
        order.duel,
        { fled: () => {}, fought: (onT, onA, p) => ends.push({ onT, onA, p, overkill: { attacker: onT.points - onT.lost, target: onA.points - onA.lost } }) },
        memo,
      );
      duelEnds = ends;
    }
    forEachRoundEnd(order.plan, new RoundStepper(f, from, order.plan, order.p, duelEnds, previousMatters, steps, book, planKey(f, from, round)), memo);
  }
  return steps.result();
}

/**
 * The steps of one strike order of a round fought from `from`, pair of blows by pair of blows: the
 * state after the blows (afterBlows), each side's result (sideResults), the verdict (§9, §10), the
 * break test and pursuit (§12). Worked out on numbers, with no object per pair but the states met.
 */
class RoundStepper implements RoundEndVisitor {
  /** The judged plan depends on the blows only through which characters still stand (§1): found by planKey × 4 + those, kept here by those. */
  private readonly judges: Map<number, Judge>;
  private readonly judgeByStanding: Array<Judge | undefined> = [];
  /** Wounds of each side's rank-and-file model, and of its character (0 without one: never stands). */
  private readonly wA: number;
  private readonly wT: number;
  private readonly characterWA: number;
  private readonly characterWT: number;
  /** Pursuit dice are the units' own, the same in every judged plan (§12). */
  private readonly pursuedCaught: Record<Side, number>;
  /** Each side's character alone is its unit (its rank and file are gone). */
  private readonly loneA: boolean;
  private readonly loneT: boolean;
  private readonly rA: Mutable<SideResult> = { points: 0, modelsLeft: 0, characterLeft: false };
  private readonly rT: Mutable<SideResult> = { points: 0, modelsLeft: 0, characterLeft: false };

  constructor(
    private readonly f: FightScenario,
    private readonly from: FightState,
    private readonly plan: MeleePlan,
    private readonly pOrder: number,
    private readonly duelEnds: readonly DuelEnd[],
    private readonly previousMatters: boolean,
    private readonly steps: StepSet,
    private readonly book: StateBook,
    private readonly planKey: number,
  ) {
    this.judges = plansFor(f).judges;
    this.wA = f.attacker.unit.w;
    this.wT = f.target.unit.w;
    this.characterWA = characterWounds(f.attacker);
    this.characterWT = characterWounds(f.target);
    this.pursuedCaught = caughtIfPursued(plan);
    const dueling = challengeOn(f, from);
    this.loneA = from.mA === 0 && characterStands(f.attacker, from.cA) && !dueling;
    this.loneT = from.mT === 0 && characterStands(f.target, from.cT) && !dueling;
  }

  fled(side: Side, p: number): void {
    this.add(p * this.pOrder, null, this.book.remember(this.from), sideEnding(side, 'fled-at-charge'), null);
  }

  fought(onTarget: DefenderState, onAttacker: DefenderState, pEnd: number): void {
    const { f, from } = this;
    for (const d of this.duelEnds) {
      const p = this.pOrder * pEnd * d.p;
      // afterBlows: a lone character takes the unit's blows; the wounded model carries its wounds on (§8)
      const mA = this.loneA ? 0 : onAttacker.modelsLeft;
      const kA = this.loneA ? 0 : woundedAfter(from.mA, from.kA, this.wA, onAttacker.lost, onAttacker.modelsLeft);
      const cA = this.loneA ? from.cA + onAttacker.lost + d.onA.lost : from.cA + d.onA.lost;
      const mT = this.loneT ? 0 : onTarget.modelsLeft;
      const kT = this.loneT ? 0 : woundedAfter(from.mT, from.kT, this.wT, onTarget.lost, onTarget.modelsLeft);
      const cT = this.loneT ? from.cT + onTarget.lost + d.onT.lost : from.cT + d.onT.lost;
      // characterStands
      const standsA = cA < this.characterWA;
      const standsT = cT < this.characterWT;
      const standing = (standsA ? 2 : 0) + (standsT ? 1 : 0);
      const judge = (this.judgeByStanding[standing] ??= this.judgeOf(standing, fightState(mA, kA, mT, kT, cA, cT, from.previousWinner, from.obstacleWon, from.calmA, from.calmT)));
      // sideResults: points scored on the enemy's unit and fighter, models and characters left (§9)
      const rA = this.rA;
      const rT = this.rT;
      rA.points = onTarget.points + d.onT.points;
      rA.modelsLeft = onAttacker.modelsLeft;
      rA.characterLeft = !this.loneA && standsA;
      rT.points = onAttacker.points + d.onA.points;
      rT.modelsLeft = onTarget.modelsLeft;
      rT.characterLeft = !this.loneT && standsT;
      const overkill = d.overkill;
      const verdict = judge.judging.verdict(rA, rT);
      const margin = judge.judging.margin;
      const book = this.book;
      if (verdict.kind === 'draw') {
        this.add(p, margin, book.id(mA, kA, mT, kT, cA, cT, 'none', from.obstacleWon, from.calmA, from.calmT), null, overkill);
        continue;
      }
      // The state right after the blows (the verdict's fields as before the round)
      const after = book.id(mA, kA, mT, kT, cA, cT, from.previousWinner, from.obstacleWon, from.calmA, from.calmT);
      const loser = verdict.loser;
      if (verdict.loserWipedOut) {
        this.add(p, margin, after, loser === 'attacker' ? ATTACKER_DESTROYED : TARGET_DESTROYED, overkill);
        continue;
      }
      judge.odds.judge(verdict);
      const { flee, caught } = judge.odds;
      const obstacle = f.situation.defendedObstacle;
      const holds = book.id(
        mA,
        kA,
        mT,
        kT,
        cA,
        cT,
        this.previousMatters ? verdict.winner : 'none',
        from.obstacleWon || (obstacle !== 'none' && verdict.winner === other(obstacle)),
        from.calmA || (loser === 'attacker' && f.attacker.calm !== null),
        from.calmT || (loser === 'target' && f.target.calm !== null),
      );
      this.add(p * (1 - flee), margin, holds, null, overkill);
      this.add(p * caught, margin, after, loser === 'attacker' ? ATTACKER_CAUGHT : TARGET_CAUGHT, overkill, loser);
      this.add(p * (flee - caught), margin, after, loser === 'attacker' ? ATTACKER_ESCAPED : TARGET_ESCAPED, overkill);
    }
  }

  private judgeOf(standing: number, after: FightState): Judge {
    const key = this.planKey * 4 + standing;
    let found = this.judges.get(key);
    if (!found) {
      const judge = judgePlan(this.f, this.from, this.plan, after);
      this.judges.set(key, (found = { judging: new Judging(judge), odds: new BreakOdds(judge, this.pursuedCaught) }));
    }
    return found;
  }

  private add(p: number, margin: number | null, state: number, ending: Ending | null, overkill: Overkill, removed: FightSide | null = null): void {
    if (p > 0) ending === null ? this.steps.goOn(p, margin, state, overkill) : this.steps.end(p, margin, ending, state, removed, overkill);
  }
}
