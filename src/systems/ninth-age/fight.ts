/**
 * A whole 9th Age fight as a chain of melee rounds (src/fight). The state carried between rounds
 * is the wounds each unit has lost since the fight began — its rank and file share one wound pool,
 * so that fixes the models alive and the wounds marked on one of them (§4.10) — and whether each
 * frenzied unit has lost its Frenzy (§7). Every round is the one-round engine's round on the units
 * left: round 1 with the charge (charge bonus, Hatred, Devastating and Thunderous Charge, lances,
 * Impact Hits), later rounds without (§4.3, §6, §7, §8.1, §12.1); ranks, Steadfast and the flank
 * or rear bonus come from the models left (§12.1, §12.2); Fear is tested every Combat Phase (§12.6).
 */
import type { DiceExpr } from '../../core/dice.js';
import { FloatPool, FloatSlots } from '../../core/float-pool.js';
import { grownFloat64, grownInt32 } from '../../core/grown.js';
import type { Dist } from '../../core/dist.js';
import { type Opening, openedBy } from '../../fight/opening.js';
import { type Ending, type FightModel, type FightSide, type Overkill, type NextGrid, type RoundSteps, ATTACKER_PART, type EndPart, END_CODES, MAX_ROUNDS, TARGET_PART, StepSet, type Units, endCode, endId, sideEnding } from '../../fight/types.js';
import {
  caughtChance,
  daemonicWounds,
  roundWoundsGrid,
  type WoundsGrid,
  leadershipChance,
  panicPassChance,
  panicsFromLosses,
  shootingDamage,
} from './exact.js';
import type { Challenge, FightScenario, FightUnit } from './fight-schema.js';
import { modelsAlive, woundPool } from './melee-setup.js';
import type { MeleeSituation, Scenario, Unit } from './model.js';
import { RoundJudge, type RoundResult } from './resolution.js';
import { type ChallengeRound, forEachChallengeRoundEnd } from './challenge-round.js';
import { moraleRecord, unitRecord } from './unit-record.js';

/** What a fight carries from one round to the next. */
export interface FightState {
  /** Wounds the rank and file lost since the fight began. */
  readonly dA: number;
  readonly dT: number;
  /** The unit lost a round and with it its Frenzy (§7). */
  readonly calmA: boolean;
  readonly calmT: boolean;
  /** Wounds the joined character lost (0 without one; its own pool, §4.10). */
  readonly cA: number;
  readonly cT: number;
}

/** The unit as it stands after losing `damage` wounds: whole models removed, the rest marked (§4.10). */
export function unitAfter(unit: Unit, damage: number): Unit {
  const marked = unit.woundsLost + damage;
  return unitRecord({ ...unit, models: unit.models - Math.floor(marked / unit.profile.w), woundsLost: marked % unit.profile.w });
}

type Sides = { readonly attacker: FightUnit; readonly target: FightUnit };
const sideOf = (f: Sides, side: FightSide): FightUnit => (side === 'attacker' ? f.attacker : f.target);

/** Wounds the side's joined character can lose, 0 without one. */
export function characterPool(u: FightUnit): number {
  return u.character ? woundPool(u.character.unit) : 0;
}

/** Whether the side's joined character stands after `c` wounds. */
function characterStands(u: FightUnit, c: number): boolean {
  return u.character !== null && c < characterPool(u);
}

/** The challenge of a round fought from `state`: both joined characters stand (§4.11). */
export function challengeOf(f: FightScenario, state: FightState): Challenge {
  // A refused challenge's challenger may be the attacker's champion, the last of its unit to fall (§4.10)
  const challenger = f.attacker.character ? characterStands(f.attacker, state.cA) : f.attacker.unit.champion && modelsAlive(f.attacker.unit, state.dA) > 0;
  return challenger && characterStands(f.target, state.cT) ? f.challenge : 'none';
}

/**
 * A side's unit in a round: its rank and file after their wounds, its character in the front rank
 * (`joined`) while it stands, fighting with the unit (`joinedBy`) unless it is in the challenge or
 * refused it (a refuser makes no attacks, §4.11). The unit tests on the highest Ld present (§2), the
 * character's too unless it refused a challenge (its Ld is then 0 until the fight ends, §4.11); a
 * Battle Standard Bearer standing gives Hold your Ground and +1 combat result, not in a round its
 * bearer refuses a challenge (§10, §4.11).
 */
function sideUnit(f: FightScenario, side: FightSide, calm: boolean, d: number, c: number, challenge: Challenge, rnfStands?: boolean): Unit {
  const u = sideOf(f, side);
  const rnf = unitAfter(calm ? u.calm! : u.unit, d);
  const ch = u.character;
  const noRnf = rnf.models === 0 ? { standard: false, musician: false, warStandard: false, champion: false } : {};
  if (!ch || !characterStands(u, c)) return unitRecord({ ...rnf, ...noRnf, joined: 0, joinedBy: undefined });
  const refuser = f.challenge === 'refused' && side === 'target';
  const refusesNow = refuser && challenge === 'refused';
  const ld = refuser ? 0 : ch.unit.profile.ld;
  const bsb = ch.battleStandard && !refusesNow;
  // The highest Ld present (§2): with no rank and file standing (before the round, or removed as
  // casualties during it, §4.2), theirs is not present, and the character's alone is tested
  const rnfGone = !(rnfStands ?? rnf.models > 0);
  return unitRecord({
    ...rnf,
    ...noRnf,
    ...(rnfGone ? { profile: { ...rnf.profile, ld: 0 } } : {}),
    joined: 1,
    joinedBy: challenge === 'accepted' || refusesNow ? undefined : unitAfter(ch.unit, c),
    joinedIsChampion: ch.champion,
    battleStandard: rnf.battleStandard || bsb,
    morale: moraleRecord({
      ...rnf.morale,
      generalLd: Math.max(rnf.morale.generalLd ?? 0, ld),
      rerollLeadership: rnf.morale.rerollLeadership || bsb,
      holdYourGround: rnf.morale.holdYourGround || bsb,
    }),
  });
}

function situation(f: FightScenario, round: number, challenge: boolean): MeleeSituation {
  return {
    kind: 'melee',
    round,
    charging: f.charging,
    facing: f.facing,
    challenge,
    targetStrikesBack: true,
    attackerBonus: 0,
    targetBonus: 0,
    pursuit: f.pursuit,
    options: f.options,
  };
}

/** The one-round scenario of the units' combat in round `round` fought from `state` (the challenge's fighters apart). */
export function roundScenario(f: FightScenario, state: FightState, round: number): Scenario {
  const challenge = challengeOf(f, state);
  return {
    attacker: sharedSideUnit(f, 'attacker', state.calmA, state.dA, state.cA, challenge),
    target: sharedSideUnit(f, 'target', state.calmT, state.dT, state.cT, challenge),
    situation: sharedSituation(f, round),
  };
}

/**
 * The round's units and situations of each fight, made once each (read-only): the states of a
 * fight share a side's unit with every state where that side stands the same, and with it the
 * work keyed by the unit's object (melee-shape.ts).
 */
const roundParts = new WeakMap<FightScenario, { readonly units: Map<number, Unit>; readonly situations: MeleeSituation[] }>();

function partsOf(f: FightScenario): { readonly units: Map<number, Unit>; readonly situations: MeleeSituation[] } {
  let parts = roundParts.get(f);
  if (!parts) roundParts.set(f, (parts = { units: new Map(), situations: [] }));
  return parts;
}

/** A side's state in a round as a number: its rank and file's wounds, its character's, its Frenzy flag, the challenge and the side. */
function sideStateKey(f: FightScenario, side: FightSide, calm: boolean, d: number, c: number, challenge: Challenge): number {
  return (((d * (characterPool(sideOf(f, side)) + 1) + c) * 2 + (calm ? 1 : 0)) * 3 + CHALLENGES.indexOf(challenge)) * 2 + (side === 'target' ? 1 : 0);
}

/** sideUnit of a round's units (the rank and file's own standing), shared by the fight's states. */
function sharedSideUnit(f: FightScenario, side: FightSide, calm: boolean, d: number, c: number, challenge: Challenge): Unit {
  const units = partsOf(f).units;
  const key = sideStateKey(f, side, calm, d, c, challenge);
  let u = units.get(key);
  if (!u) units.set(key, (u = sideUnit(f, side, calm, d, c, challenge)));
  return u;
}

/** The units' situation in round `round` (no challenge's), shared by the fight's states. */
function sharedSituation(f: FightScenario, round: number): MeleeSituation {
  return (partsOf(f).situations[round] ??= situation(f, round, false));
}

/** The challenge of round `round` as a one-round scenario of the two fighters (§4.11), or null when none is fought. */
export function duelScenario(f: FightScenario, state: FightState, round: number): Scenario | null {
  if (challengeOf(f, state) !== 'accepted') return null;
  return {
    attacker: unitAfter(f.attacker.character!.unit, state.cA),
    target: unitAfter(f.target.character!.unit, state.cT),
    situation: situation(f, round, true),
  };
}

/** The units after a round that left `state`; a side `removed` (caught, or destroyed on a failed test) has no models left. */
export function unitsOf(f: FightScenario, state: FightState, removed: FightSide | null = null): Units {
  const aliveT = modelsAlive(f.target.unit, state.dT) + (characterStands(f.target, state.cT) ? 1 : 0);
  const aliveA = modelsAlive(f.attacker.unit, state.dA) + (characterStands(f.attacker, state.cA) ? 1 : 0);
  const startT = f.target.unit.models + (f.target.character ? 1 : 0);
  return {
    attackerLeft: removed === 'attacker' ? 0 : aliveA,
    targetLeft: removed === 'target' ? 0 : aliveT,
    targetWounds: state.dT + state.cT,
    targetSlain: startT - aliveT,
  };
}

/**
 * A state written out field by field: states made so all share one shape, which keeps the chain's
 * hot path fast (a spread of a state there is many times slower).
 */
export function fightState(dA: number, dT: number, calmA: boolean, calmT: boolean, cA: number, cT: number): FightState {
  return { dA, dT, calmA, calmT, cA, cT };
}

/** A state the exact stepper rewrites for each way a round ends (it keeps only the state's key). */
type Scratch = { -readonly [K in keyof FightState]: FightState[K] };

/** `out` (when given, else a new state) set to the fields. */
function stateInto(out: Scratch | undefined, dA: number, dT: number, calmA: boolean, calmT: boolean, cA: number, cT: number): FightState {
  if (!out) return fightState(dA, dT, calmA, calmT, cA, cT);
  out.dA = dA;
  out.dT = dT;
  out.calmA = calmA;
  out.calmT = calmT;
  out.cA = cA;
  out.cT = cT;
  return out;
}

export const START: FightState = fightState(0, 0, false, false, 0, 0);

/**
 * The state an ending is recorded in: one with the same units (unitsOf), so that the ways a round
 * ends alike are added up into one — the attacker's wounds only as far as they decide its models
 * and character standing (none once it is removed), no Frenzy flags; the target's wounds exact
 * (its wounds and models slain are reported).
 */
export function endState(f: FightScenario, s: FightState, removed: FightSide | null, out?: Scratch): FightState {
  if (removed === 'attacker') return stateInto(out, 0, s.dT, false, false, 0, s.cT);
  const u = f.attacker.unit;
  const models = Math.min(u.models, Math.floor((u.woundsLost + s.dA) / u.profile.w));
  const cA = characterStands(f.attacker, s.cA) ? 0 : characterPool(f.attacker);
  return stateInto(out, Math.max(0, models * u.profile.w - u.woundsLost), s.dT, false, false, cA, s.cT);
}

/**
 * A state's key is a sum of one term per field: dT·dT + dA·dA + cA·cA + cT·cT + (calmA 2) + (calmT 1),
 * the wounds' weights these (each field's range a digit of a mixed-radix number).
 */
interface KeyWeights {
  readonly dT: number;
  readonly dA: number;
  readonly cA: number;
  readonly cT: number;
}

function keyWeights(f: FightScenario): KeyWeights {
  const cT = 4;
  const cA = cT * (characterPool(f.target) + 1);
  const dA = cA * (characterPool(f.attacker) + 1);
  return { dT: dA * (woundPool(f.attacker.unit) + 1), dA, cA, cT };
}

/** A state as one number, and back. */
export function stateKey(f: FightScenario): (s: FightState) => number {
  const w = keyWeights(f);
  return (s) => s.dT * w.dT + s.dA * w.dA + s.cA * w.cA + s.cT * w.cT + (s.calmA ? 2 : 0) + (s.calmT ? 1 : 0);
}

function decoder(f: FightScenario): (k: number) => FightState {
  const poolA = woundPool(f.attacker.unit);
  const cpA = characterPool(f.attacker) + 1;
  const cpT = characterPool(f.target) + 1;
  return (k) => {
    let r = Math.floor(k / 4);
    const cT = r % cpT;
    r = Math.floor(r / cpT);
    const cA = r % cpA;
    r = Math.floor(r / cpA);
    return fightState(r % (poolA + 1), Math.floor(r / (poolA + 1)), (k & 2) === 2, (k & 1) === 1, cA, cT);
  };
}

/** Round 1 has the charge; every later round is alike (§12.1 and the first-round rules). */
export const phaseOf = (round: number): number => (round === 1 ? 1 : 2);

/**
 * The work units of compiling one outcome of a 9th Age round (FightModel.compileUnits): its round
 * engine takes 220–260 ns an outcome (bench/fight-ratio.ts, bench/bounded-work.ts), so at the
 * chain's default a unit would be 0.2 ns; 450 makes it about 0.55 ns, as Warhammer Fantasy's is.
 */
const COMPILE_UNITS_9TH_AGE = 450;

export function fightModel(f: FightScenario): FightModel {
  const calmStates = (f.attacker.calm ? 2 : 1) * (f.target.calm ? 2 : 1);
  const key = stateKey(f);
  const decode = decoder(f);
  const model: FightModel = {
    start: key(START),
    rounds: f.rounds,
    bound: (woundPool(f.attacker.unit) + 1) * (woundPool(f.target.unit) + 1) * calmStates * (characterPool(f.attacker) + 1) * (characterPool(f.target) + 1),
    phase: phaseOf,
    challenge: f.challenge !== 'none',
    compileUnits: COMPILE_UNITS_9TH_AGE,
    steps: (k, round) => roundSteps(f, decode(k), round, key),
    units: (k, removed) => unitsOf(f, decode(k), removed),
  };
  return f.standAndShoot ? openedBy(model, standAndShootOpenings(f, f.standAndShoot, key)) : model;
}

/**
 * The charger after the target's Stand and Shoot (§13), from the shooting engine's wounds: wiped
 * out, or fled after failing the Panic test a loss of 25 % of its models calls for (§5.5, §12.4).
 */
function standAndShootOpenings(f: FightScenario, shooting: Scenario, key: (s: FightState) => number): Opening[] {
  const { tester, panics } = chargerPanic(f);
  const pass = panicPassChance(tester);
  const out: Opening[] = [];
  shootingDamage(shooting).forEach((p, d) => {
    if (p === 0) return;
    const state = fightState(d, 0, false, false, 0, 0);
    const left = unitsOf(f, state).attackerLeft;
    if (left === 0) return out.push({ p, state: key(state), ending: 'attacker-destroyed' });
    const holds = panics(left) ? pass : 1;
    out.push({ p: p * holds, state: key(state), ending: null });
    if (holds < 1) out.push({ p: p * (1 - holds), state: key(state), ending: 'attacker-fled-at-charge' });
  });
  return out;
}

/**
 * The charger's Panic test after Stand and Shoot: on the highest Ld present, its character's too,
 * with its Battle Standard Bearer's re-roll (§2, §10); taken when the models lost, a character
 * counted among them, are 25 % or more of those it had (§5.5). Every hit went to the rank and file
 * (§5.4: at least 5 of them, one troop type).
 */
export function chargerPanic(f: FightScenario): { tester: Unit; panics: (left: number) => boolean } {
  const tester = sideUnit(f, 'attacker', false, 0, 0, 'none');
  const start = unitsOf(f, START).attackerLeft;
  return { tester, panics: (left) => panicsFromLosses(unitRecord({ ...f.attacker.unit, models: start }), left) };
}

/**
 * P(caught) by flee and pursuit dice and the winner's restraint test, worked out once each (§12.3);
 * the dice by identity, held weakly: a unit's Random Movement dice are its parsed scenario's.
 */
const caughtChances = new WeakMap<DiceExpr, WeakMap<DiceExpr, Map<number, number>>>();
function caughtOnce(test: Parameters<typeof caughtChance>[0]): number {
  let byPursuit = caughtChances.get(test.flee);
  if (!byPursuit) caughtChances.set(test.flee, (byPursuit = new WeakMap()));
  let byRestraint = byPursuit.get(test.pursuit);
  if (!byRestraint) byPursuit.set(test.pursuit, (byRestraint = new Map()));
  const id = test.restraint ? test.restraint.ld * 2 + (test.restraint.reroll ? 1 : 0) : -1;
  let p = byRestraint.get(id);
  if (p === undefined) byRestraint.set(id, (p = caughtChance(test)));
  return p;
}

/** P(pass) of a Leadership test by Ld · 2 + re-roll, for the Ld a test can have (0 … 10 after modifiers, §2); NaN until worked out. */
const passByLd = new Float64Array(64).fill(Number.NaN);
function passChance(ld: number, reroll: boolean): number {
  const id = ld * 2 + (reroll ? 1 : 0);
  if (!(id >= 0 && id < passByLd.length)) return leadershipChance(ld, reroll);
  const p = passByLd[id];
  return p === p ? p : (passByLd[id] = leadershipChance(ld, reroll));
}

/** One way the blows of a round ended: each side's wounds in the units' combat and in the challenge. */
export interface RoundBlows {
  /** Damage indices of the units' combat: the rank and file's wounds, then a joined character's (see MeleeSide). */
  readonly dT: number;
  readonly dA: number;
  /** Wounds on each fighter in the challenge, Overkill included (0 without a challenge). */
  readonly oT: number;
  readonly oA: number;
}

/** What a round's blows leave: the state after them, the judge of its result, and the Overkill. */
export interface AfterBlows {
  readonly after: FightState;
  /** The judge of the units' scenario with the characters left (§4.11, §12.1). */
  readonly judge: RoundJudge;
  /** Each side's combat-result bonus from the enemy character's wounds and the challenge's score (§4.11, §12.1). */
  readonly bonusA: number;
  readonly bonusT: number;
  /** Rank-and-file wounds each side lost (the wounds the judge scores and judges). */
  readonly wT: number;
  readonly wA: number;
  readonly overkill: Overkill;
}

/** A side as judged: the round's unit with no joined fighter, its rank and file standing after the blows or not. */
function judgedSide(f: FightScenario, side: FightSide, calm: boolean, d: number, c: number, challenge: Challenge, rnfStands: boolean): Unit {
  return unitRecord({ ...sideUnit(f, side, calm, d, c, challenge, rnfStands), joinedBy: undefined });
}

/**
 * The judges of a round fought from one state: one per pair of judged sides, by whether each
 * side's character and rank and file stand after the blows (the judged sides differ in nothing
 * else), made on first use.
 */
export class RoundJudges {
  private readonly judges: Array<RoundJudge | undefined> = new Array(16).fill(undefined);
  private readonly situation: MeleeSituation;
  readonly challenge: Challenge;
  private readonly contexts: Map<number, JudgeContext>;
  /** This round's part of a JudgeContext's key: the Frenzy flags, the challenge, round 1 or later (times 16: the judge index is the rest). */
  readonly contextPart: number;

  constructor(
    private readonly f: FightScenario,
    private readonly from: FightState,
    round: number,
  ) {
    this.situation = situation(f, round, false);
    this.challenge = challengeOf(f, from);
    this.contexts = FightMemo.of(f).contexts;
    this.contextPart = 16 * ((from.calmA ? 2 : 0) + (from.calmT ? 1 : 0) + 4 * CHALLENGES.indexOf(this.challenge) + (round === 1 ? 16 : 0));
  }

  /** What the judge with index i shares with the judges of every other state with this context (JudgeContext). */
  context(i: number): JudgeContext {
    const key = this.contextPart + i;
    let c = this.contexts.get(key);
    if (!c) this.contexts.set(key, (c = { lost: [], plans: [] }));
    return c;
  }

  /** The judge of the round after the blows left each character `cA`, `cT` wounds and each rank and file `dA`, `dT`. */
  of(cA: number, cT: number, dA: number, dT: number): RoundJudge {
    return this.byStanding(this.standingA(cA, dA) + this.standingT(cT, dT));
  }

  /** The attacker's part of a judge's index: whether its character and its rank and file stand after `cA`, `dA` wounds. */
  standingA(cA: number, dA: number): number {
    return (characterStands(this.f.attacker, cA) ? 8 : 0) + (modelsAlive(this.f.attacker.unit, dA) > 0 ? 2 : 0);
  }

  /** The target's part. */
  standingT(cT: number, dT: number): number {
    return (characterStands(this.f.target, cT) ? 4 : 0) + (modelsAlive(this.f.target.unit, dT) > 0 ? 1 : 0);
  }

  /** The judge by standingA + standingT. */
  byStanding(i: number): RoundJudge {
    let judge = this.judges[i];
    if (!judge) {
      const f = this.f;
      const rnfA = (i & 2) === 2;
      const rnfT = (i & 1) === 1;
      const cA = (i & 8) === 8 ? this.from.cA : characterPool(f.attacker);
      const cT = (i & 4) === 4 ? this.from.cT : characterPool(f.target);
      const from = this.from;
      const judged: Scenario = {
        attacker: judgedSide(f, 'attacker', from.calmA, from.dA, cA, this.challenge, rnfA),
        target: judgedSide(f, 'target', from.calmT, from.dT, cT, this.challenge, rnfT),
        situation: this.situation,
      };
      this.judges[i] = judge = new RoundJudge(judged, this.context(i).lost);
    }
    return judge;
  }
}

/**
 * What the judges of a fight's states share when their judged units differ only in their models
 * and wounds: the judge's index (which characters and rank and file stand after the blows), the
 * Frenzy flags, the challenge and whether it is round 1 decide every judged unit's morale,
 * Leadership and troop type (sideUnit) and the situation, so the results of a lost round
 * (RoundJudge's `lost`) and what follows each (its Plan, by result id) are the same.
 */
interface JudgeContext {
  readonly lost: Array<RoundResult | undefined>;
  readonly plans: Array<Plan | undefined>;
}

const CHALLENGES: readonly Challenge[] = ['none', 'accepted', 'refused'];

/**
 * What the rounds of a fight share from one state to the next (each made on first use): judge
 * contexts (JudgeContext, by key), each side's rows (sideRows), the result classes of both sides'
 * rows (SideRows.resultClass), the cell plans (CellPlans) and their rows (planRow), and the pool
 * of the grid rounds' tables (grids).
 */
class FightMemo {
  private static readonly byFight = new WeakMap<FightScenario, FightMemo>();
  readonly contexts = new Map<number, JudgeContext>();
  readonly sideRows = new Map<number, SideRows>();
  readonly resultClasses = new Map<number, number>();
  readonly plans = new CellPlans();
  /** The tables of grid rounds (their blows', then their next states'), given back once the chain has read them (RoundSteps.release). */
  readonly grids = new FloatPool();
  private readonly planRows = new Map<number, Int32Array>();

  static of(f: FightScenario): FightMemo {
    let memo = FightMemo.byFight.get(f);
    if (!memo) FightMemo.byFight.set(f, (memo = new FightMemo()));
    return memo;
  }

  /**
   * The plans of the cells of a judge context (its part, RoundJudges.contextPart) and result class
   * of each side: each plan's index + 1 by margin + PLAN_MARGINS (0: not worked out yet), found
   * without hashing; null past the classes a key holds (the plans are then worked out again).
   */
  planRow(contextPart: number, classT: number, classA: number): Int32Array | null {
    if (classT >= 1024 || classA >= 1024) return null;
    const key = (contextPart * 1024 + classT) * 1024 + classA;
    let row = this.planRows.get(key);
    if (!row) this.planRows.set(key, (row = new Int32Array(2 * PLAN_MARGINS)));
    return row;
  }
}

/** The margins a FightMemo plan row holds: −PLAN_MARGINS up to PLAN_MARGINS − 1. */
const PLAN_MARGINS = 1024;

/** A challenge's Overkill, the small ones made once each (read-only). */
const overkills: Overkill[] = [];
function overkillOf(attacker: number, target: number): Overkill {
  if (attacker >= 16 || target >= 16) return { attacker, target };
  return (overkills[attacker * 16 + target] ??= { attacker, target });
}

/** The round's blows as the state after them and the judge of its combat result. */
export function afterBlows(f: FightScenario, from: FightState, s: Scenario, b: RoundBlows, judges: RoundJudges, out?: { -readonly [K in keyof AfterBlows]: AfterBlows[K] }): AfterBlows {
  // Wounds on each side's rank and file, on its joined character in the units' combat (damage
  // indices after the pool), then on its fighter in the challenge; the rest is Overkill
  const rnfT = Math.min(b.dT, woundPool(s.target));
  const rnfA = Math.min(b.dA, woundPool(s.attacker));
  const onCharacterT = s.target.joinedBy ? b.dT - rnfT : 0;
  const onCharacterA = s.attacker.joinedBy ? b.dA - rnfA : 0;
  const inChallengeT = Math.min(b.oT, characterPool(f.target) - from.cT - onCharacterT);
  const inChallengeA = Math.min(b.oA, characterPool(f.attacker) - from.cA - onCharacterA);
  const overkillT = b.oT - inChallengeT;
  const overkillA = b.oA - inChallengeA;
  const after = stateInto(out?.after as Scratch | undefined, from.dA + rnfA, from.dT + rnfT, from.calmA, from.calmT, from.cA + onCharacterA + inChallengeA, from.cT + onCharacterT + inChallengeT);
  // Combat score: wounds on the rank and file and on the characters, and Overkill up to +3 (§4.11, §12.1)
  const overkill: Overkill = judges.challenge === 'accepted' ? overkillOf(overkillT, overkillA) : null;
  if (out) {
    out.judge = judges.of(after.cA, after.cT, after.dA, after.dT);
    out.bonusA = onCharacterT + inChallengeT + overkillT;
    out.bonusT = onCharacterA + inChallengeA + overkillA;
    out.wT = rnfT;
    out.wA = rnfA;
    out.overkill = overkill;
    return out;
  }
  return {
    after,
    judge: judges.of(after.cA, after.cT, after.dA, after.dT),
    bonusA: onCharacterT + inChallengeT + overkillT,
    bonusT: onCharacterA + inChallengeA + overkillA,
    wT: rnfT,
    wA: rnfA,
    overkill,
  };
}

/**
 * A fight's rounds with an accepted challenge share their scenarios, made once each: the units'
 * combat is the same whatever wounds the fighters carry (they strike only each other, §4.11), and
 * the fighters' duel the same whatever wounds the units lost — keyed by the state without the
 * fighters' wounds and the round, and by the fighters' wounds and the round.
 */
interface SharedScenarios {
  readonly key: (s: FightState) => number;
  /** The units' combat and its variants after fighters fell (ChallengeRound.unitsAfterFalls). */
  readonly units: Map<number, readonly Scenario[]>;
  readonly duels: Map<number, Scenario>;
}
const sharedScenarios = new WeakMap<FightScenario, SharedScenarios>();
function sharedChallenge(f: FightScenario, from: FightState, round: number): ChallengeRound {
  let shared = sharedScenarios.get(f);
  if (!shared) sharedScenarios.set(f, (shared = { key: stateKey(f), units: new Map(), duels: new Map() }));
  const unitsKey = shared.key(fightState(from.dA, from.dT, from.calmA, from.calmT, 0, 0)) * (MAX_ROUNDS + 1) + round;
  let units = shared.units.get(unitsKey);
  if (!units) shared.units.set(unitsKey, (units = unitsAfterFalls(roundScenario(f, from, round))));
  const duelKey = (from.cA * (characterPool(f.target) + 1) + from.cT) * (MAX_ROUNDS + 1) + round;
  let duel = shared.duels.get(duelKey);
  if (!duel) shared.duels.set(duelKey, (duel = duelScenario(f, from, round)!));
  return { units: units[0], unitsAfterFalls: units, duel, spills: spillsOf(f) };
}

/**
 * The units' combat of a challenge round, and the same once fighters fell (ChallengeRound.unitsAfterFalls):
 * a fallen fighter's place in the front rank is filled from the ranks behind (PRIMEROS DE LA FILA),
 * before the next Initiative step (§4.2) — its unit stands with no character in its ranks.
 */
export function unitsAfterFalls(units: Scenario): readonly Scenario[] {
  const gone = (u: Unit) => unitRecord({ ...u, joined: 0 });
  const { attacker, target, situation } = units;
  return [units, { attacker, target: gone(target), situation }, { attacker: gone(attacker), target, situation }, { attacker: gone(attacker), target: gone(target), situation }];
}

/** Whether each side's fighter is its unit's champion, taking the wounds beyond its rank and file (§4.10). */
export function spillsOf(f: FightScenario): { attacker: boolean; target: boolean } {
  return { attacker: f.attacker.character?.champion === true, target: f.target.character?.champion === true };
}

/**
 * The loser after the round: Frenzy lost (§7), and `extra` wounds with no saves (Unstable, Daemonic
 * Instability, §7) on top of the `lost` its rank and file took — first the rank and file (the
 * champion, removed last, among them, §4.10), then its character.
 */
export function loserAfter(f: FightScenario, from: FightState, after: FightState, loser: FightSide, pool: number, lost: number, extra: number, out?: Scratch): FightState {
  const total = Math.min(pool, lost + extra);
  const u = sideOf(f, loser);
  const c = loser === 'target' ? after.cT : after.cA;
  const onCharacter = Math.min(lost + extra - total, Math.max(0, characterPool(u) - c));
  return loser === 'target'
    ? stateInto(out, after.dA, from.dT + total, after.calmA, f.target.calm !== null, after.cA, c + onCharacter)
    : stateInto(out, from.dA + total, after.dT, f.attacker.calm !== null, after.calmT, c + onCharacter, after.cT);
}

/** Models and character of a side standing in `st`, a state reached in the round fought from `from` and judged on `judged`. */
function standingIn(f: FightScenario, judged: Scenario, from: FightState, side: FightSide, st: FightState): number {
  return side === 'target'
    ? modelsAlive(judged.target, st.dT - from.dT) + (characterStands(f.target, st.cT) ? 1 : 0)
    : modelsAlive(judged.attacker, st.dA - from.dA) + (characterStands(f.attacker, st.cA) ? 1 : 0);
}

/** Wounds lost to Daemonic Instability by the test's numbers, worked out once each. */
const daemonicByTest = new Map<number, Dist>();
function daemonicOnce(add: number, ld: number, reroll: boolean): Dist {
  const id = (add * 64 + ld) * 2 + (reroll ? 1 : 0);
  let extra = daemonicByTest.get(id);
  if (!extra) daemonicByTest.set(id, (extra = daemonicWounds(add, ld, reroll)));
  return extra;
}

/** Each side's endings, looked up once (the stepper meets them for every way a round ends). */
const ENDINGS_OF: Record<FightSide, { readonly destroyed: Ending; readonly caught: Ending; readonly escaped: Ending }> = {
  attacker: { destroyed: sideEnding('attacker', 'destroyed'), caught: sideEnding('attacker', 'caught'), escaped: sideEnding('attacker', 'escaped') },
  target: { destroyed: sideEnding('target', 'destroyed'), caught: sideEnding('target', 'caught'), escaped: sideEnding('target', 'escaped') },
};

/**
 * Each side's ways of ending as end codes (endCode): destroyed with both units recorded, destroyed
 * as it fails its test (removed, §9), caught in pursuit (removed) and escaped (§12.3).
 */
const END_CODES_OF: Record<FightSide, { readonly destroyed: number; readonly destroyedRemoved: number; readonly caught: number; readonly escaped: number }> = {
  attacker: {
    destroyed: endCode(ENDINGS_OF.attacker.destroyed, null),
    destroyedRemoved: endCode(ENDINGS_OF.attacker.destroyed, 'attacker'),
    caught: endCode(ENDINGS_OF.attacker.caught, 'attacker'),
    escaped: endCode(ENDINGS_OF.attacker.escaped, null),
  },
  target: {
    destroyed: endCode(ENDINGS_OF.target.destroyed, null),
    destroyedRemoved: endCode(ENDINGS_OF.target.destroyed, 'target'),
    caught: endCode(ENDINGS_OF.target.caught, 'target'),
    escaped: endCode(ENDINGS_OF.target.escaped, null),
  },
};
const BOTH_DESTROYED = endCode('both-destroyed', null);

/**
 * One side of the rounds fought from one state, by the way the blows struck it (its damage index in
 * the units' combat, the wounds on its fighter in the challenge): what afterBlows leaves of it,
 * worked out once per way met — the wounds on its rank and file, its part of the state's key after
 * the blows and of an ending's (endState), the models and character standing, its part of the
 * judge's index (RoundJudges) and of the enemy's combat score (its character's wounds and the
 * Overkill on its fighter, §4.11, §12.1).
 */
class SideRows {
  /** Row + 1 of each damage index met with no wounds on the fighter (0: not met); the others by damage · 2^16 + fighter wounds. */
  private plain = new Int32Array(64);
  private readonly other = new Map<number, number>();
  readonly rnf: number[] = [];
  /** The side's wounds after the blows: on the rank and file, on the character. */
  readonly d: number[] = [];
  readonly c: number[] = [];
  /** The side's part of the state's key after the blows. */
  readonly key: number[] = [];
  /**
   * The attacker's rows: each one's end class, the index of its part of an ending's key (endState:
   * its models and character standing, not its wounds) among the distinct parts met, 0 being class 0
   * (the part of an attacker removed). The target's part of an ending's key is its `key` (endState
   * keeps its wounds).
   */
  readonly endClass: number[] = [];
  /** The part of an ending's key of each end class. */
  readonly classKey: number[] = [0];
  private readonly classOf = new Map<number, number>([[0, 0]]);
  readonly standing: number[] = [];
  readonly judgeIndex: number[] = [];
  readonly scored: number[] = [];
  readonly overkill: number[] = [];
  /**
   * The side's part of the combat-result margin (attacker's score − target's, §12.1) in the units'
   * combat: wounds it caused on its enemy's character and Overkill, less its own static bonuses
   * (the attacker's row counts against, so the margin is the target row's part minus the attacker's).
   */
  readonly marginPart: number[] = [];
  /** The side's result class: its judge part and RoundJudge result key, as a small number (RoundStepper.judgeGrid). */
  readonly resultClass: number[] = [];
  private readonly linesOf: GridLines[] = [];

  constructor(
    private readonly fill: (rows: SideRows, d: number, o: number) => void,
    /** Result classes by judge part and result key, shared by every side's rows of the fight (FightMemo). */
    private readonly resultClasses: Map<number, number>,
  ) {}

  /** The result class of a judge part and result key, given one the first time it is met. */
  classOfResult(judgePart: number, resultKey: number): number {
    const id = resultKey * 16 + judgePart;
    let c = this.resultClasses.get(id);
    if (c === undefined) this.resultClasses.set(id, (c = this.resultClasses.size));
    return c;
  }

  /** The end class of a part of an ending's key, given one the first time it is met. */
  classOfKey(endKey: number): number {
    let c = this.classOf.get(endKey);
    if (c === undefined) this.classOf.set(endKey, (c = this.classKey.push(endKey) - 1));
    return c;
  }

  /** The side's lines of a grid of n rows (or columns), made the first time. */
  lines(n: number): GridLines {
    return (this.linesOf[n] ??= gridLines(this, n));
  }

  /** The row of the side struck `d` (damage index) and `o` (wounds on its fighter). */
  row(d: number, o: number): number {
    if (o === 0 && d < this.plain.length) {
      const at = this.plain[d];
      if (at > 0) return at - 1;
      this.fill(this, d, o);
      this.plain[d] = this.rnf.length;
      return this.rnf.length - 1;
    }
    if (o === 0) {
      this.plain = grownInt32(this.plain, d + 1);
      return this.row(d, o);
    }
    const id = d * 65536 + o;
    const at = this.other.get(id);
    if (at !== undefined) return at;
    this.fill(this, d, o);
    this.other.set(id, this.rnf.length - 1);
    return this.rnf.length - 1;
  }
}

/**
 * A side's rows of the rounds fought from `from` (RoundStepper), made by `make` the first time:
 * they depend only on the side's own state (its wounds, its character's, its Frenzy flag), the
 * challenge and whether it is round 1, so every state of the fight with those shares them.
 */
function sideRowsOf(f: FightScenario, side: FightSide, from: FightState, round: number, challenge: Challenge, make: () => SideRows): SideRows {
  const bySide = FightMemo.of(f).sideRows;
  const [d, c, calm] = side === 'target' ? [from.dT, from.cT, from.calmT] : [from.dA, from.cA, from.calmA];
  const key = sideStateKey(f, side, calm, d, c, challenge) * 2 + (round === 1 ? 1 : 0);
  let rows = bySide.get(key);
  if (!rows) bySide.set(key, (rows = make()));
  return rows;
}

/**
 * The ends of a round fought from one state, added up before they are recorded, in two parts
 * (EndPart): the target's by its row and the end code, the attacker's by its end class and the
 * end code (an ending's endId is (T.key + A.classKey) · END_CODES + code), each in a dense table.
 * One table serves every round in turn; a round whose rows or classes pass its size records those
 * ends whole at once (RoundSteps allows an end twice).
 */
class EndSums {
  static readonly ROWS = 64;
  static readonly CLASSES = 32;
  private static free: EndSums | null = null;
  readonly target = new PartSums(EndSums.ROWS);
  readonly attacker = new PartSums(EndSums.CLASSES);

  /** The shared table, or a new one while it is in use. */
  static take(): EndSums {
    const t = EndSums.free ?? new EndSums();
    EndSums.free = null;
    return t;
  }

  /** Adds p to the end (t, c, code); false when it is outside the table. */
  add(t: number, c: number, code: number, p: number): boolean {
    if (p === 0) return true;
    if (t >= EndSums.ROWS || c >= EndSums.CLASSES) return false;
    this.target.add(t, code, p);
    this.attacker.add(c, code, p);
    return true;
  }

  /** Records each part added in `steps` (its endId from the target row's key, or the attacker class's); the table is then empty and free again. */
  flush(steps: StepSet, keyT: readonly number[], classKeyA: readonly number[]): void {
    this.target.flush(steps, keyT, TARGET_PART);
    this.attacker.flush(steps, classKeyA, ATTACKER_PART);
    EndSums.free = this;
  }
}

/** One part's sums of EndSums, by (row or class, end code), and the entries added to in the order first met. */
class PartSums {
  private readonly sums: Float64Array;
  private touched = new Int32Array(256);
  private count = 0;

  constructor(size: number) {
    this.sums = new Float64Array(size * END_CODES);
  }

  add(row: number, code: number, p: number): void {
    const i = row * END_CODES + code;
    if (this.sums[i] === 0) {
      if (this.count === this.touched.length) this.touched = grownInt32(this.touched, this.count + 1);
      this.touched[this.count++] = i;
    }
    this.sums[i] += p;
  }

  flush(steps: StepSet, keys: readonly number[], part: EndPart): void {
    for (let k = 0; k < this.count; k++) {
      const i = this.touched[k];
      const row = Math.floor(i / END_CODES);
      steps.endedPart(keys[row] * END_CODES + (i - row * END_CODES), part, this.sums[i]);
      this.sums[i] = 0;
    }
    this.count = 0;
  }
}

type LostRound = Extract<RoundResult, { kind: 'lost' }>;

/** The index of `value` in `list`, added at the end the first time. */
function localIndex(value: number, list: number[]): number {
  const l = list.indexOf(value);
  return l >= 0 ? l : list.push(value) - 1;
}

/**
 * A grid's lines of one side (SideRows.lines): its rows struck 0 … n − 1 wounds (`of`), each one's
 * part of the margin, its state's key part, its result class and (the attacker's) end class, the
 * classes numbered from 0 here (`classes`, `endClasses`: the fight's class of each; end class 0,
 * the attacker removed, is 0 here too); the least and the greatest part of the margin.
 */
interface GridLines {
  readonly of: Int32Array;
  readonly margin: Int32Array;
  readonly keys: readonly number[];
  readonly cls: Int32Array;
  readonly classes: readonly number[];
  readonly endClass: Int32Array;
  readonly endClasses: readonly number[];
  readonly low: number;
  readonly high: number;
}

function gridLines(side: SideRows, n: number): GridLines {
  const of = new Int32Array(n);
  const margin = new Int32Array(n);
  const cls = new Int32Array(n);
  const endClass = new Int32Array(n);
  const keys: number[] = [];
  const classes: number[] = [];
  const endClasses: number[] = [0];
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < n; i++) of[i] = side.row(i, 0);
  for (let i = 0; i < n; i++) {
    const r = of[i];
    margin[i] = side.marginPart[r];
    cls[i] = localIndex(side.resultClass[r], classes);
    endClass[i] = side.endClass.length > 0 ? localIndex(side.endClass[r], endClasses) : 0;
    keys.push(side.key[r]);
    low = Math.min(low, margin[i]);
    high = Math.max(high, margin[i]);
  }
  return { of, margin, keys, cls, classes, endClass, endClasses, low, high };
}

/** Working arrays of RoundStepper.judgeGrid (FloatSlots: not new ones each round). */
const gridScratch = new FloatSlots();

if (END_CODES > 31) throw new Error('fight: a cell plan keeps its end codes as the bits of a 32-bit number');
/**
 * What follows the blows of a grid cell, by plan index (RoundStepper.judgeGrid), as columns of
 * numbers: the chance the fight goes on and the Frenzy flags' part of the key it goes on with; up
 * to ENDS ends, each its end code (or a flight's slot), its share of the cell's p and whether it
 * carries the attacker's end class (else class 0: the attacker removed); or that the cell is
 * worked out in full (extra wounds), with its result. A plan depends on the cells only through the
 * judge context, each side's result class and the margin, so one set serves every round of a fight
 * (FightMemo), each plan found through the fight's plan rows (FightMemo.planRow).
 */
class CellPlans {
  static readonly ENDS = 3;
  static readonly FLIGHTS = 8;
  /** End slots of a grid's tables of ends: the end codes, then the flights. */
  static readonly SLOTS = END_CODES + CellPlans.FLIGHTS;
  private length = 0;
  goOn = new Float64Array(256);
  calm = new Int32Array(256);
  ends = new Int32Array(256);
  /** The end codes of every plan's ends, as bits (END_CODES ≤ 31, checked above), and their flights. */
  codesMet = 0;
  flightsMet = 0;
  full = new Int32Array(256);
  endCode = new Int32Array(256 * CellPlans.ENDS);
  endP = new Float64Array(256 * CellPlans.ENDS);
  endClassed = new Int32Array(256 * CellPlans.ENDS);
  result: Array<RoundResult | undefined> = [];
  /** The flights met (flight): each one's end codes, whether its caught end keeps the attacker's end class, and its chance to be caught. */
  private readonly flights: Array<{ readonly caught: number; readonly escaped: number; readonly caughtClassed: boolean; readonly chance: number }> = [];

  /** A new plan that neither goes on nor ends; its index. */
  add(): number {
    const i = this.length++;
    if (i === this.goOn.length) this.grow(2 * i);
    this.goOn[i] = 0;
    this.calm[i] = 0;
    this.ends[i] = 0;
    this.full[i] = 0;
    return i;
  }

  /**
   * The end slot (END_CODES + its index) of a flight: a broken loser that is caught or escapes
   * (§12.3), split only once the ends are added up (the caught share is the same for every way
   * the blows ended); null past FLIGHTS of them.
   */
  flight(caught: number, escaped: number, caughtClassed: boolean, chance: number): number | null {
    let k = this.flights.findIndex((f) => f.caught === caught && f.escaped === escaped && f.caughtClassed === caughtClassed && f.chance === chance);
    if (k < 0 && this.flights.length < CellPlans.FLIGHTS) k = this.flights.push({ caught, escaped, caughtClassed, chance }) - 1;
    return k < 0 ? null : END_CODES + k;
  }

  /**
   * The two ends of the flight in end slot `slot` (§12.3): add(code, share, classed) for the
   * caught end and for the escaped end, `classed` as for a plan's ends (it keeps the attacker's
   * end class, else class 0: the attacker removed).
   */
  forEachFlightEnd(slot: number, add: (code: number, share: number, classed: boolean) => void): void {
    const { caught, escaped, caughtClassed, chance } = this.flights[slot - END_CODES];
    add(caught, chance, caughtClassed);
    add(escaped, 1 - chance, true);
  }

  goesOn(i: number, p: number, calm: number): number {
    this.goOn[i] = p;
    this.calm[i] = calm;
    return i;
  }

  /** Adds an end to plan i: an end code, or a flight's end slot (always classed: its caught share is moved at the split). */
  end(i: number, classed: boolean, code: number, p: number): number {
    const e = i * CellPlans.ENDS + this.ends[i]++;
    this.endCode[e] = code;
    this.endP[e] = p;
    this.endClassed[e] = classed ? 1 : 0;
    if (code < END_CODES) this.codesMet |= 1 << code;
    else this.flightsMet |= 1 << (code - END_CODES);
    return i;
  }

  inFull(i: number, result: RoundResult): number {
    this.full[i] = 1;
    this.result[i] = result;
    return i;
  }

  private grow(length: number): void {
    this.goOn = grownFloat64(this.goOn, length);
    this.calm = grownInt32(this.calm, length);
    this.ends = grownInt32(this.ends, length);
    this.full = grownInt32(this.full, length);
    this.endCode = grownInt32(this.endCode, length * CellPlans.ENDS);
    this.endP = grownFloat64(this.endP, length * CellPlans.ENDS);
    this.endClassed = grownInt32(this.endClassed, length * CellPlans.ENDS);
  }
}

/** What a plan does: the units fight on, a side is destroyed, the loser tests (or passes), or takes extra wounds. */
const DRAW = 0;
const DESTROYED = 1;
const TESTED = 2;
const EXTRA_WOUNDS = 3;

/**
 * What follows a round's result, the same for every way its blows ended with that result: the
 * loser's chance to stay (a passed break test, or 1 when Unbreakable), its Frenzy lost (§7), its
 * end codes and its chance to be caught when it flees (§12.3).
 */
interface Plan {
  readonly kind: number;
  readonly loserIsTarget: boolean;
  readonly pass: number;
  /** The Frenzy flags' part of the key after the round (the loser's lost). */
  readonly calm: number;
  readonly destroyedOnFailure: boolean;
  readonly caughtChance: number;
  readonly destroyed: number;
  readonly destroyedRemoved: number;
  readonly caught: number;
  readonly escaped: number;
}

function planOf(r: RoundResult, calmLostA: number, calmLostT: number): Plan {
  // Every plan written field by field in one order: one shape for the stepper's hot path
  const plan = (kind: number, loser: FightSide, pass: number, destroyedOnFailure: boolean, caughtChance: number): Plan => {
    const codes = END_CODES_OF[loser];
    return {
      kind,
      loserIsTarget: loser === 'target',
      pass,
      calm: loser === 'target' ? calmLostT : calmLostA,
      destroyedOnFailure,
      caughtChance,
      destroyed: codes.destroyed,
      destroyedRemoved: codes.destroyedRemoved,
      caught: codes.caught,
      escaped: codes.escaped,
    };
  };
  if (r.kind === 'draw') return plan(DRAW, 'target', 1, false, 0);
  if (r.kind === 'destroyed') return plan(DESTROYED, r.side, 0, false, 0);
  const test = r.test;
  switch (test.kind) {
    case 'auto-pass':
      return plan(TESTED, r.loser, 1, false, 0);
    case 'unstable':
    case 'daemonic':
      return plan(EXTRA_WOUNDS, r.loser, 0, false, 0);
    case 'break':
      return plan(TESTED, r.loser, passChance(test.ld, test.reroll), test.destroyedOnFailure, test.destroyedOnFailure ? 1 : caughtOnce(test));
  }
}

/** The steps of a round fought from one state, collected as its blows are judged. */
class RoundStepper {
  /** The steps found one by one (a challenge round, a loser's extra wounds), made on first use. */
  private stepSet: StepSet | null = null;
  /** A grid round's margins and ends, as judgeGrid leaves them (null: none judged). */
  private gridSteps: Pick<RoundSteps, 'ends' | 'endP' | 'endParts' | 'margins'> | null = null;
  /** The states the round goes on from, in grids (judgeGrid). */
  private readonly grids: NextGrid[] = [];
  readonly judges: RoundJudges;
  private readonly weights: KeyWeights;
  /** The Frenzy flags' part of a state's key: as they stand, and after each side lost the round (§7). */
  private readonly calm: number;
  private readonly calmLostA: number;
  private readonly calmLostT: number;
  private readonly accepted: boolean;
  readonly rowsA: SideRows;
  readonly rowsT: SideRows;
  /** The ends of a challenge round, added up (taken on first use). */
  private endSums: EndSums | null = null;
  private readonly memo: FightMemo;
  private readonly lostState: Scratch = fightState(0, 0, false, false, 0, 0) as Scratch;
  private readonly endedState: Scratch = fightState(0, 0, false, false, 0, 0) as Scratch;

  constructor(
    private readonly f: FightScenario,
    private readonly from: FightState,
    round: number,
    private readonly key: (s: FightState) => number,
    /** The round's units' combat (the challenge's fighters apart). */
    readonly s: Scenario,
  ) {
    this.judges = new RoundJudges(f, from, round);
    this.memo = FightMemo.of(f);
    this.weights = keyWeights(f);
    this.calm = (from.calmA ? 2 : 0) + (from.calmT ? 1 : 0);
    this.calmLostA = (f.attacker.calm !== null ? 2 : 0) + (from.calmT ? 1 : 0);
    this.calmLostT = (from.calmA ? 2 : 0) + (f.target.calm !== null ? 1 : 0);
    this.accepted = this.judges.challenge === 'accepted';
    this.rowsT = sideRowsOf(f, 'target', from, round, this.judges.challenge, () => this.targetRows(s));
    this.rowsA = sideRowsOf(f, 'attacker', from, round, this.judges.challenge, () => this.attackerRows(s));
  }

  /**
   * The target's rows, from afterBlows with the attacker unstruck (afterBlows works out each side
   * on its own): they depend only on the target's state, the challenge and round 1 or later, so
   * every state with those shares them (sideRowsOf); so does the judge they read (its target side).
   */
  private targetRows(s: Scenario): SideRows {
    const { f, from, judges } = this;
    const w = this.weights;
    const partA = judges.standingA(from.cA, from.dA);
    return new SideRows((rows, d, o) => {
      const b = afterBlows(f, from, s, { dT: d, dA: 0, oT: o, oA: 0 }, judges);
      const dT = b.after.dT;
      const cT = b.after.cT;
      const part = judges.standingT(cT, dT);
      const judge = judges.byStanding(part + partA);
      rows.rnf.push(b.wT);
      rows.d.push(dT);
      rows.c.push(cT);
      rows.key.push(dT * w.dT + cT * w.cT);
      rows.standing.push(modelsAlive(f.target.unit, dT) + (characterStands(f.target, cT) ? 1 : 0));
      rows.judgeIndex.push(part);
      rows.scored.push(b.bonusA);
      rows.overkill.push(b.overkill === null ? 0 : b.overkill.attacker);
      rows.marginPart.push(b.wT + b.bonusA - judge.bonusT(b.wT));
      rows.resultClass.push(rows.classOfResult(part, judge.resultKeyT(b.wT)));
    }, this.memo.resultClasses);
  }

  /** The attacker's rows (targetRows), with each one's end class. */
  private attackerRows(s: Scenario): SideRows {
    const { f, from, judges } = this;
    const w = this.weights;
    const partT = judges.standingT(from.cT, from.dT);
    return new SideRows((rows, d, o) => {
      const b = afterBlows(f, from, s, { dT: 0, dA: d, oT: 0, oA: o }, judges);
      const dA = b.after.dA;
      const cA = b.after.cA;
      const ended = endState(f, b.after, null, fightState(0, 0, false, false, 0, 0) as Scratch);
      const part = judges.standingA(cA, dA);
      const judge = judges.byStanding(part + partT);
      rows.rnf.push(b.wA);
      rows.d.push(dA);
      rows.c.push(cA);
      rows.key.push(dA * w.dA + cA * w.cA);
      rows.endClass.push(rows.classOfKey(ended.dA * w.dA + ended.cA * w.cA));
      rows.standing.push(modelsAlive(f.attacker.unit, dA) + (characterStands(f.attacker, cA) ? 1 : 0));
      rows.judgeIndex.push(part);
      rows.scored.push(b.bonusT);
      rows.overkill.push(b.overkill === null ? 0 : b.overkill.target);
      rows.marginPart.push(b.wA + b.bonusT - judge.bonusA(b.wA));
      rows.resultClass.push(rows.classOfResult(part, judge.resultKeyA(b.wA)));
    }, this.memo.resultClasses);
  }

  /**
   * Every way the round's units' combat can end (no challenge): the blows' grid, judged cell by
   * cell. A cell's result depends on each side's row only through its part of the margin and its
   * class (judge part and RoundJudge result key), so what follows a result is worked out once per
   * (class of each side, margin) — a cell plan (CellPlans) — and the states the fight goes on from
   * are added into grids over (target row, attacker row), one per Frenzy flags after the round
   * (NextGrid). The blows' grid `g` is the round's own: it is taken over as one of these.
   */
  judgeGrid(g: WoundsGrid): void {
    const T = this.rowsT;
    const A = this.rowsA;
    const rows = g.rows;
    const cols = g.stride;
    // Each side's lines (SideRows.lines: the same for every state where that side stands the same)
    const lT = T.lines(rows);
    const lA = A.lines(cols);
    const { of: tOf, margin: marginT, cls: classT, classes: globalT, low: lowT, high: highT } = lT;
    const { of: aOf, margin: marginA, cls: classA, classes: globalA, endClass: endClassA, endClasses, low: lowA, high: highA } = lA;
    const classesA = globalA.length;
    const low = lowT - highA;
    const margins = highT - lowA - low + 1;
    const marginSums = gridScratch.take(0, margins);
    // Plan index + 1 by margin, one row of them per (class T, class A) here (0: not looked up yet):
    // the fight's own (FightMemo.planRow, at margin + PLAN_MARGINS), or this grid's when its margins
    // or classes pass what those hold (at the margin's index here)
    const shift = low + PLAN_MARGINS;
    const kept = shift >= 0 && shift + margins <= 2 * PLAN_MARGINS;
    const planRows: Int32Array[] = [];
    const offset: number[] = [];
    for (const t of globalT)
      for (const a of globalA) {
        const fights = kept ? this.memo.planRow(this.judges.contextPart, t, a) : null;
        planRows.push(fights ?? new Int32Array(margins));
        offset.push(fights ? shift : 0);
      }
    // The ends' two parts (EndPart): the target's by grid row and end code, the attacker's by end class here and end code
    const SLOTS = CellPlans.SLOTS;
    const endsT = gridScratch.take(1, rows * SLOTS);
    const endsA = gridScratch.take(2, endClasses.length * SLOTS);
    const plans = this.memo.plans;
    let { full, goOn, calm, ends, endCode, endP, endClassed } = plans;
    const grids: Array<Float64Array | undefined> = [undefined, undefined, undefined, undefined];
    const gp = g.p;
    let ownCalm = -1;
    // Each grid's cells that are not 0
    const cells = [0, 0, 0, 0];
    for (let x = 0; x < rows; x++) {
      const row = x * cols;
      const planRow = classT[x] * classesA;
      const mT = marginT[x] - low;
      const atT = x * SLOTS;
      for (let y = 0; y < cols; y++) {
        const p = gp[row + y];
        if (!(p > 0)) continue;
        const m = mT - marginA[y];
        marginSums[m] += p;
        const pair = planRow + classA[y];
        const plansHere = planRows[pair];
        const k = m + offset[pair];
        let i = plansHere[k] - 1;
        if (i < 0) {
          plansHere[k] = (i = this.planFor(globalT[classT[x]], globalA[classA[y]], m + low, tOf[x], aOf[y])) + 1;
          ({ full, goOn, calm, ends, endCode, endP, endClassed } = plans);
        }
        if (full[i] === 1) {
          gp[row + y] = 0;
          const t = tOf[x];
          const a = aOf[y];
          this.extraWounds(t, a, this.judges.byStanding(A.judgeIndex[a] + T.judgeIndex[t]), plans.result[i] as LostRound, p);
          continue;
        }
        // The blows' grid is this round's own (roundWoundsGrid): it becomes the grid of the first
        // Frenzy flags the fight goes on with, each cell read before it is written
        const q = goOn[i];
        let goesOn = 0;
        if (q !== 0) {
          const c = calm[i];
          if (ownCalm < 0) ownCalm = c;
          const v = p * q;
          if (v !== 0) cells[c]++;
          if (c === ownCalm) goesOn = v;
          else (grids[c] ??= this.memo.grids.take(rows * cols))[row + y] = v;
        }
        gp[row + y] = goesOn;
        const atA = endClassA[y] * SLOTS;
        for (let e = i * CellPlans.ENDS, last = e + ends[i]; e < last; e++) {
          const v = p * endP[e];
          endsT[atT + endCode[e]] += v;
          endsA[(endClassed[e] === 1 ? atA : 0) + endCode[e]] += v;
        }
      }
    }
    const marginList: Array<readonly [number, number]> = [];
    for (let m = 0; m < margins; m++) if (marginSums[m] !== 0) marginList.push([m + low, marginSums[m]]);
    // The end codes and flights of the fight's plans, as bits (a superset of this grid's)
    let codes = plans.codesMet;
    const flights = plans.flightsMet;
    // Each flight split into its caught and escaped ends (§12.3)
    for (let k = 0; k < CellPlans.FLIGHTS; k++) {
      if ((flights & (1 << k)) === 0) continue;
      const slot = END_CODES + k;
      plans.forEachFlightEnd(slot, (code, share, classed) => {
        codes |= 1 << code;
        for (let x = 0; x < rows; x++) endsT[x * SLOTS + code] += endsT[x * SLOTS + slot] * share;
        for (let l = 0; l < endClasses.length; l++) endsA[(classed ? l : 0) * SLOTS + code] += endsA[l * SLOTS + slot] * share;
      });
    }
    // The ends' parts that are not 0, in plain arrays (a small typed array is allocated outside the heap, at a cost)
    const ids: number[] = [];
    const partP: number[] = [];
    const endParts: number[] = [];
    const add = (id: number, part: EndPart, p: number) => {
      if (p === 0) return;
      ids.push(id);
      partP.push(p);
      endParts.push(part);
    };
    for (let code = 0; code < END_CODES; code++) {
      if ((codes & (1 << code)) === 0) continue;
      for (let x = 0; x < rows; x++) add(lT.keys[x] * END_CODES + code, TARGET_PART, endsT[x * SLOTS + code]);
      for (let l = 0; l < endClasses.length; l++) add(A.classKey[endClasses[l]] * END_CODES + code, ATTACKER_PART, endsA[l * SLOTS + code]);
    }
    this.gridSteps = { ends: ids, endP: partP, endParts, margins: marginList };
    const rowKeys = lT.keys;
    const colKeys = lA.keys;
    if (ownCalm >= 0) grids[ownCalm] = gp;
    else this.memo.grids.give(gp);
    grids.forEach((p, add) => p && this.grids.push({ rowKeys, colKeys, add, p, cells: cells[add] }));
  }

  /** The index of the plan of the cells with these result classes and margin, one of them the target's row t and the attacker's row a. */
  private planFor(classT: number, classA: number, margin: number, t: number, a: number): number {
    const row = this.memo.planRow(this.judges.contextPart, classT, classA);
    const at = margin + PLAN_MARGINS;
    if (row === null || at < 0 || at >= row.length) return this.cellPlan(this.memo.plans, t, a);
    let i = row[at] - 1;
    if (i < 0) row[at] = (i = this.cellPlan(this.memo.plans, t, a)) + 1;
    return i;
  }

  /** The plan of the cells whose target is struck as row t says and the attacker as row a (judge, without p), added to `plans`; its index. */
  private cellPlan(plans: CellPlans, t: number, a: number): number {
    const T = this.rowsT;
    const A = this.rowsA;
    const j = A.judgeIndex[a] + T.judgeIndex[t];
    const judge = this.judges.byStanding(j);
    const i = plans.add();
    // Both units wiped out in the same Initiative step
    if (T.standing[t] === 0 && A.standing[a] === 0) return plans.end(i, true, BOTH_DESTROYED, 1);
    const wT = T.rnf[t];
    const wA = A.rnf[a];
    const r = judge.result(wT, wA, judge.scoreA(wT, wA, T.scored[t]), judge.scoreT(wT, wA, A.scored[a]));
    const plan = this.planOf(j, r);
    switch (plan.kind) {
      case DESTROYED:
        return plans.end(i, true, plan.destroyed, 1);
      case DRAW:
        return plans.goesOn(i, 1, this.calm);
      case EXTRA_WOUNDS:
        return plans.inFull(i, r);
    }
    // The loser tests: it stays with P(pass), destroyed when it has no model left (§12.1)
    const pass = plan.pass;
    if ((plan.loserIsTarget ? T.standing[t] : A.standing[a]) > 0) plans.goesOn(i, pass, plan.calm);
    else plans.end(i, true, plan.destroyed, pass);
    if (pass === 1) return i;
    // A war machine that fails is destroyed (§9); a unit that breaks flees and may be caught (§12.3)
    const removedClassed = plan.loserIsTarget;
    if (plan.destroyedOnFailure) return plans.end(i, removedClassed, plan.destroyedRemoved, 1 - pass);
    const flight = plans.flight(plan.caught, plan.escaped, removedClassed, plan.caughtChance);
    if (flight !== null) return plans.end(i, true, flight, 1 - pass);
    plans.end(i, removedClassed, plan.caught, (1 - pass) * plan.caughtChance);
    return plans.end(i, true, plan.escaped, (1 - pass) * (1 - plan.caughtChance));
  }

  /**
   * The round's blows with probability p, the target struck as its row t says and the attacker as
   * row a: their result and what follows (§12.1–§12.3). The state after the blows and an ending's
   * state are keyed as sums of each side's part (keyWeights).
   */
  judge(t: number, a: number, p: number): void {
    const T = this.rowsT;
    const A = this.rowsA;
    const margin = T.marginPart[t] - A.marginPart[a];
    const steps = this.steps();
    steps.way(p, margin, this.accepted ? overkillOf(T.overkill[t], A.overkill[a]) : null);
    // What follows, as the cells of a grid round with these classes and margin (cellPlan)
    const plans = this.memo.plans;
    const i = this.planFor(T.resultClass[t], A.resultClass[a], margin, t, a);
    if (plans.full[i] === 1) return this.extraWounds(t, a, this.judges.byStanding(A.judgeIndex[a] + T.judgeIndex[t]), plans.result[i] as LostRound, p);
    if (plans.goOn[i] !== 0) steps.nextAt(T.key[t] + A.key[a] + plans.calm[i], p * plans.goOn[i]);
    for (let e = i * CellPlans.ENDS, last = e + plans.ends[i]; e < last; e++) {
      const code = plans.endCode[e];
      const q = p * plans.endP[e];
      if (code < END_CODES) {
        this.ends(t, plans.endClassed[e] === 1 ? A.endClass[a] : 0, code, q);
        continue;
      }
      plans.forEachFlightEnd(code, (end, share, classed) => this.ends(t, classed ? A.endClass[a] : 0, end, q * share));
    }
  }

  /** What follows a result of the judge with index j, worked out once per result (RoundResult.id) and JudgeContext. */
  private planOf(j: number, r: RoundResult): Plan {
    return (this.judges.context(j).plans[r.id] ??= planOf(r, this.calmLostA, this.calmLostT));
  }

  /** A lost round whose loser takes extra wounds with no saves (Unstable, Daemonic Instability, §7): the state after them worked out in full. */
  private extraWounds(t: number, a: number, judge: RoundJudge, r: LostRound, p: number): void {
    const T = this.rowsT;
    const A = this.rowsA;
    const loser = r.loser;
    const afterState = fightState(A.d[a], T.d[t], this.from.calmA, this.from.calmT, A.c[a], T.c[t]);
    const pool = woundPool(loser === 'target' ? judge.s.target : judge.s.attacker);
    const lost = loser === 'target' ? T.rnf[t] : A.rnf[a];
    const test = r.test;
    if (test.kind === 'unstable') return this.goesOn(judge.s, afterState, loser, pool, lost, test.wounds, p);
    if (test.kind !== 'daemonic') throw new Error(`fight: no extra wounds in a ${test.kind} test`);
    const extra = daemonicOnce(test.add, test.ld, test.reroll);
    for (let e = 0; e < extra.length; e++) this.goesOn(judge.s, afterState, loser, pool, lost, e, p * extra[e]);
  }

  /** The fight ended with end code `code`, the target in row t and the attacker's end class c, with probability p: a step of the way last recorded. */
  private ends(t: number, c: number, code: number, p: number): void {
    if (!(this.endSums ??= EndSums.take()).add(t, c, code, p)) this.steps().endedAt((this.rowsT.key[t] + this.rowsA.classKey[c]) * END_CODES + code, p);
  }

  /** The round's steps, its ends added up. */
  result(): RoundSteps {
    const grid = this.gridSteps;
    if (this.stepSet === null && this.endSums === null && grid !== null) {
      const total = grid.margins.reduce((sum, [, p]) => sum + p, 0);
      return { next: [], nextP: [], ...grid, overkills: [['none', total]], grids: this.grids, release: this.release() };
    }
    const steps = this.steps();
    this.endSums?.flush(steps, this.rowsT.key, this.rowsA.classKey);
    if (grid !== null) {
      for (const [m, p] of grid.margins) steps.way(p, m, null);
      for (let j = 0; j < grid.ends.length; j++) steps.endedPart(grid.ends[j], grid.endParts![j] as EndPart, grid.endP[j]);
    }
    return { ...steps.result(), grids: this.grids, release: this.release() };
  }

  /** Gives the round's grids back to the fight's pool (RoundSteps.release). */
  private release(): (() => void) | undefined {
    const { grids } = this;
    const pool = this.memo.grids;
    return grids.length === 0 ? undefined : () => grids.forEach((g) => pool.give(g.p));
  }

  /** The steps found one by one. */
  private steps(): StepSet {
    return (this.stepSet ??= new StepSet());
  }

  /** The loser loses its Frenzy (§7) and takes `extra` wounds with no saves (Unstable, Daemonic, §7), with probability q: a step of the way last recorded. */
  private goesOn(judged: Scenario, after: FightState, loser: FightSide, pool: number, lost: number, extra: number, q: number): void {
    const { f, from } = this;
    const state = loserAfter(f, from, after, loser, pool, lost, extra, this.lostState);
    if (standingIn(f, judged, from, loser, state) > 0) this.steps().nextAt(this.key(state), q);
    else this.steps().endedAt(endId(ENDINGS_OF[loser].destroyed, this.key(endState(f, state, null, this.endedState)), null), q);
  }
}

function roundSteps(f: FightScenario, from: FightState, round: number, key: (s: FightState) => number): RoundSteps {
  const challenge = challengeOf(f, from) === 'accepted' ? sharedChallenge(f, from, round) : null;
  const stepper = new RoundStepper(f, from, round, key, challenge ? challenge.units : roundScenario(f, from, round));
  if (challenge === null) stepper.judgeGrid(roundWoundsGrid(stepper.s, FightMemo.of(f).grids));
  // The units' combat and the challenge, stepped together: one Fear test per unit, a champion's spilled wounds (§12.6, §4.10)
  else forEachChallengeRoundEnd(challenge, (dT, dA, oT, oA, p) => stepper.judge(stepper.rowsT.row(dT, oT), stepper.rowsA.row(dA, oA), p));
  return stepper.result();
}
