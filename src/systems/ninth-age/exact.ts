/**
 * The exact 9th Age engine: distributions composed step by step. A melee round is a dynamic
 * programme over (wounds on the target, wounds on the attacker, each victim's state bits) through
 * the Initiative steps, mixed over the Fear tests, then the combat result, break test, flee and
 * pursuit in closed form, and the end-of-phase hits of Hellfire and Lightning Attack.
 */
import { diceDist, parseDice } from '../../core/dice.js';
import { type FloatPool, FloatSlots } from '../../core/float-pool.js';
import { type Dist, cap, mapValues, point, probGreater, trim } from '../../core/dist.js';
import type { Outcome } from '../types.js';
import { HELLFIRE, LIGHTNING, type Outcomes, VICTIM_BITS } from './attack-exact.js';
import {
  AT_CHARACTER,
  AT_RANK_AND_FILE,
  type MeleeGroups,
  type MeleeSide,
  type SideGroups,
  addWounds,
  aliveCode,
  meleeGroupsOf,
  meleeSidesWith,
  modelsAlive,
  standingLeadership,
  takesFearTest,
  victimKind,
  woundLimit,
  woundPool,
} from './melee-setup.js';
import { meleeShapeId } from './melee-shape.js';
import type { MeleeSituation, Scenario, ShootingSituation, Unit } from './model.js';
import { MELEE_CATEGORIES, SHOOTING_CATEGORIES, type MeleeCategory } from './categories.js';
import { type AttackGroup, INITIATIVE_STEPS, endOfPhaseHits, shotCount } from './groups.js';
import { shootingProfile } from './profile.js';
import { type LoserTest, roundResult } from './resolution.js';
import { leadershipPass } from './tables.js';
import { type Batch, batchOutcomes, itemBits, knownGeneration, merged } from './victim-exact.js';

/** P(pass a Leadership test on `ld`), re-rolling a failure once when allowed (§1.2, §3.1). */
export function leadershipChance(ld: number, reroll: boolean): number {
  const p = leadershipPass(ld);
  return reroll ? p + (1 - p) * p : p;
}

/** The attacks of one side at one Initiative step on the enemy, as exact outcomes by models alive and victim state. */
type StepOutcomes = (alive: number, state: number) => Outcomes;

/** Outcomes laid out flat for the round's hot loop: each victim state after, its wounds, and the longest wounds. */
interface Moves {
  readonly states: readonly number[];
  readonly wounds: readonly Dist[];
  readonly longest: number;
  readonly outcomes: Outcomes;
}

function movesOf(outcomes: Outcomes): Moves {
  const states: number[] = [];
  const wounds: Dist[] = [];
  let longest = 0;
  for (const [state, d] of outcomes) {
    states.push(state);
    wounds.push(d);
    longest = Math.max(longest, d.length);
  }
  return { states, wounds, longest, outcomes };
}

/**
 * One side's attack groups striking at one Initiative step on one victim carrying the single-use
 * `items`: their exact outcomes by alive code and victim state, worked out once each. The victim's
 * cap (the most wounds it can take) matters only while one of its items is unspent (batchOutcomes).
 */
class StepAttacks {
  private readonly independent = new Map<number, Moves>();
  private readonly byCap = new Map<number, Map<number, Moves>>();

  constructor(
    private readonly groups: readonly AttackGroup[],
    private readonly items: number,
  ) {}

  moves(alive: number, state: number, cap: number): Moves {
    let cache = this.independent;
    if ((this.items & ~state) !== 0) {
      let c = this.byCap.get(cap);
      if (!c) this.byCap.set(cap, (c = new Map()));
      cache = c;
    }
    const key = alive * (1 << VICTIM_BITS) + state;
    let m = cache.get(key);
    if (!m) {
      const batches = this.groups.map((g) => ({ profile: g.profile(alive), count: g.count(alive) }));
      cache.set(key, (m = movesOf(batchOutcomes(batches, state, this.items, cap))));
    }
    return m;
  }
}

function stepAttacks(groups: readonly AttackGroup[], step: number, victim: Unit): StepAttacks | null {
  const here = groups.filter((g) => g.initiative === step);
  return here.length === 0 ? null : new StepAttacks(here, itemBits(victim));
}

/** A side's attacks at one step by the kind of enemy victim (victimKind: rank and file, joined character, champion left alone). */
type KindAttacks = readonly [StepAttacks | null, StepAttacks | null, StepAttacks | null];

/** `striker`'s attacks at one step on each kind of victim of the enemy `unit` (its joined character, its champion). */
function kindAttacks(striker: SideGroups, enemy: Unit, step: number): KindAttacks {
  return [
    stepAttacks(striker.groups, step, enemy),
    enemy.joinedBy ? stepAttacks(striker.groupsVsCharacter, step, enemy.joinedBy) : null,
    enemy.champion ? stepAttacks(striker.groupsVsChampion, step, enemy) : null,
  ];
}

/** Both sides' attacks at one Initiative step. */
interface StepPlan {
  readonly onTarget: KindAttacks;
  readonly onAttacker: KindAttacks;
}

/** The steps at which any attack strikes, 10 down to 0 (a step with none changes nothing). */
function stepPlans(groups: MeleeGroups, attacker: Unit, target: Unit): StepPlan[] {
  const plans: StepPlan[] = [];
  for (const step of INITIATIVE_STEPS) {
    const plan = { onTarget: kindAttacks(groups.attacker, target, step), onAttacker: kindAttacks(groups.target, attacker, step) };
    if (plan.onTarget.some((a) => a !== null) || plan.onAttacker.some((a) => a !== null)) plans.push(plan);
  }
  return plans;
}

/**
 * One side's attacks at one Initiative step, at the enemy's rank and file, at its champion left
 * alone (its own WS, §4.5, §10) or at its joined character (§4.4).
 */
export function sideStep(striker: MeleeSide, enemy: MeleeSide, step: number): (enemyDamage: number) => StepOutcomes | null {
  const [atUnit, atCharacter, atChampion] = kindAttacks(striker, enemy.unit, step).map((a, kind) => {
    if (!a) return null;
    const cap = victimCap(enemy, kind);
    return (alive: number, state: number) => a.moves(alive, state, cap).outcomes;
  });
  return (d) => {
    const kind = victimKind(enemy, d);
    return kind === AT_RANK_AND_FILE ? atUnit : kind === AT_CHARACTER ? atCharacter : atChampion;
  };
}

/**
 * A melee round's sides and their attacks at each step, after the Fear tests. The attacks are
 * shared by every scenario of the same shape (meleeShapeId, melee-shape.ts): their outcomes, by models alive, are
 * worked out once for all the states of a whole fight with the same units but for their losses.
 */
interface RoundPlan {
  readonly groups: MeleeGroups;
  readonly steps: readonly StepPlan[];
}

/**
 * Round plans by scenario shape and Fear tests. Bounded: all forgotten past MOST_PLANS shapes, or
 * when the batch outcomes they hold are forgotten (victim-exact.ts), so as not to keep them twice.
 */
let plans = new Map<number, Array<RoundPlan | undefined>>();
let plansGeneration = -1;
const MOST_PLANS = 256;

function roundPlan(s: Scenario, failA: boolean, failT: boolean): RoundPlan {
  if (plansGeneration !== knownGeneration() || plans.size >= MOST_PLANS) {
    plans = new Map();
    plansGeneration = knownGeneration();
  }
  const key = meleeShapeId(s);
  let byFear = plans.get(key);
  if (!byFear) plans.set(key, (byFear = []));
  return byFearTests(byFear, failA, failT, () => {
    const groups = meleeGroupsOf(s, failA, failT);
    return { groups, steps: stepPlans(groups, s.attacker, s.target) };
  });
}

/** What is kept in `byFear` for the Fear tests' outcomes (each side failed or not, §12.6), made by `make` the first time. */
export function byFearTests<T>(byFear: Array<T | undefined>, failA: boolean, failT: boolean, make: () => T): T {
  const i = (failA ? 2 : 0) + (failT ? 1 : 0);
  return (byFear[i] ??= make());
}

/**
 * Joint tables of (wounds on the target, wounds on the attacker), one per state (target bits |
 * attacker bits << VICTIM_BITS), all of one shape: entry dT · strideA + dA, dT < rowsT. The shape
 * covers only the wounds a round can have reached so far (it grows step by step up to the caps),
 * not the whole pools: a round of a big fight touches a corner of them.
 */
interface RoundStates {
  readonly tables: Map<number, Float64Array>;
  readonly rowsT: number;
  readonly strideA: number;
}

const VICTIM_MASK = (1 << VICTIM_BITS) - 1;

/** A victim's outcomes when nobody strikes it: its state unchanged, no wounds (read-only, shared). */
const UNCHANGED: readonly Moves[] = Array.from({ length: 1 << VICTIM_BITS }, (_, state) => movesOf(new Map([[state, point(0)]])));

/** The victim cap of the attacks on `side` after `d` damage: its joined character's once no rank and file stand. */
function victimCap(side: MeleeSide, kind: number): number {
  return kind === AT_CHARACTER ? side.character!.cap : side.cap;
}

/**
 * roundStates' working arrays, kept from call to call (it calls nothing that calls it back): each
 * entry's outcomes of a step, and two sets of tables for the steps before the last, used in turn.
 */
const scratch = {
  mP: [] as number[],
  mT: [] as number[],
  mA: [] as number[],
  mXs: [] as Moves[],
  mYs: [] as Moves[],
  tables: [new FloatSlots(), new FloatSlots()] as const,
};

/** Where roundStates puts its result's tables, each its first `size` entries 0: new ones, or a pool's (FloatPool). */
type TableSource = (size: number) => Float64Array;
const newTable: TableSource = (size) => new Float64Array(size);

/**
 * Joint distribution of (wounds on the target, wounds on the attacker, both victims' states)
 * after every Initiative step: attacks of one step are simultaneous, casualties are removed before
 * the next (§4.2). Outside a challenge the round stops when a side has no model left; in a
 * challenge a fighter still standing may strike its fallen opponent for Overkill (§4.11).
 */
function roundStates(steps: readonly StepPlan[], attacker: MeleeSide, target: MeleeSide, challenge: boolean, table: TableSource): RoundStates {
  let rowsT = 1;
  let strideA = 1;
  let states = new Map<number, Float64Array>([[0, Float64Array.of(1)]]);
  // A step strikes when some attack reaches a victim at the start of the round or at the cap
  const active = steps.filter(
    ({ onTarget, onAttacker }) =>
      onTarget[victimKind(target, 0)] || onTarget[victimKind(target, target.cap)] || onAttacker[victimKind(attacker, 0)] || onAttacker[victimKind(attacker, attacker.cap)],
  );
  const { mP, mT, mA, mXs, mYs } = scratch;
  for (let si = 0; si < active.length; si++) {
    const { onTarget, onAttacker } = active[si];
    // the tables between two steps are scratch (the last step's are the result)
    const tables = si === active.length - 1 ? null : scratch.tables[si & 1];
    // Each entry's outcomes of the step, and the shape that holds every entry after it
    let moves = 0;
    let nextRows = 1;
    let nextStride = 1;
    for (const [state, joint] of states) {
      const vT = state & VICTIM_MASK;
      const vA = state >>> VICTIM_BITS;
      for (let dT = 0; dT < rowsT; dT++) {
        const aliveT = aliveCode(target, dT);
        const kindT = victimKind(target, dT);
        const atTarget = onTarget[kindT];
        for (let dA = 0; dA < strideA; dA++) {
          const p = joint[dT * strideA + dA];
          if (p === 0) continue;
          const aliveA = aliveCode(attacker, dA);
          const strikesT = challenge ? aliveA > 0 : aliveA > 0 && aliveT > 0;
          const strikesA = challenge ? aliveT > 0 : aliveA > 0 && aliveT > 0;
          const kindA = victimKind(attacker, dA);
          const atAttacker = strikesA ? onAttacker[kindA] : null;
          const xs = strikesT && atTarget ? atTarget.moves(aliveA, vT, victimCap(target, kindT)) : UNCHANGED[vT];
          const ys = atAttacker ? atAttacker.moves(aliveT, vA, victimCap(attacker, kindA)) : UNCHANGED[vA];
          // addWounds grows with the wounds: the longest outcome reaches furthest
          if (xs.longest > 0) nextRows = Math.max(nextRows, addWounds(target, dT, xs.longest - 1) + 1);
          if (ys.longest > 0) nextStride = Math.max(nextStride, addWounds(attacker, dA, ys.longest - 1) + 1);
          mP[moves] = p;
          mT[moves] = dT;
          mA[moves] = dA;
          mXs[moves] = xs;
          mYs[moves++] = ys;
        }
      }
    }
    const next = new Map<number, Float64Array>();
    for (let m = 0; m < moves; m++) {
      const p = mP[m];
      const dT = mT[m];
      const dA = mA[m];
      const limitT = woundLimit(target, dT);
      const limitA = woundLimit(attacker, dA);
      const xs = mXs[m];
      const ys = mYs[m];
      for (let a = 0; a < xs.states.length; a++) {
        const vT2 = xs.states[a];
        const x = xs.wounds[a];
        for (let b = 0; b < ys.states.length; b++) {
          const y = ys.wounds[b];
          const key = vT2 | (ys.states[b] << VICTIM_BITS);
          let out = next.get(key);
          if (!out) next.set(key, (out = tables ? tables.take(next.size, nextRows * nextStride) : table(nextRows * nextStride)));
          // wounds past the limit all land on it (addWounds), in the order they come
          const direct = Math.min(y.length, limitA - dA + 1);
          for (let i = 0; i < x.length; i++) {
            if (x[i] === 0) continue;
            const row = Math.min(dT + i, limitT) * nextStride;
            const px = p * x[i];
            const first = row + dA;
            let j = 0;
            for (; j < direct; j++) out[first + j] += px * y[j];
            const last = row + limitA;
            for (; j < y.length; j++) out[last] += px * y[j];
          }
        }
      }
    }
    states = next;
    rowsT = nextRows;
    strideA = nextStride;
  }
  return { tables: states, rowsT, strideA };
}

/** Joint distribution of (wounds on the target, wounds on the attacker) after the Initiative steps. */
export function roundJoint(attacker: MeleeSide, target: MeleeSide, challenge = false): Float64Array[] {
  const joint = Array.from({ length: target.cap + 1 }, () => new Float64Array(attacker.cap + 1));
  const { tables, rowsT, strideA } = roundStates(stepPlans({ attacker, target }, attacker.unit, target.unit), attacker, target, challenge, newTable);
  for (const t of tables.values()) for (let dT = 0; dT < rowsT; dT++) for (let dA = 0; dA < strideA; dA++) joint[dT][dA] += t[dT * strideA + dA];
  return joint;
}

/**
 * Wounds a unit still on the table takes at the end of the phase from the marks in its state:
 * D6 Hellfire hits, then D6 Lightning Attack hits (§7, A25), its unspent items still usable.
 */
function endOfPhaseWounds(victim: Unit, enemy: Unit): (state: number) => Dist {
  const e = endOfPhaseHits(victim, enemy);
  const pool = woundPool(victim);
  const items = itemBits(victim);
  const cache = new Map<number, Dist>();
  return (state) => {
    let d = cache.get(state);
    if (!d) {
      const count = { flat: 0, dice: e.hits, rolls: 1 };
      const batches: Batch[] = [];
      if (state & HELLFIRE) batches.push({ profile: e.hellfire, count });
      if (state & LIGHTNING) batches.push({ profile: e.lightning, count });
      d = cap(merged(batchOutcomes(batches, state, items, pool)), pool);
      cache.set(state, d);
    }
    return d;
  };
}

/**
 * Pursue or restrain, flee and pursuit: the winner pursues unless it restrains with a passed
 * Leadership test; caught when the pursuit roll is at least the flee roll (§12.3).
 */
export function caughtChance(test: Extract<LoserTest, { kind: 'break' }>): number {
  const pursues = test.restraint ? 1 - leadershipChance(test.restraint.ld, test.restraint.reroll) : 1;
  return pursues * (1 - probGreater(diceDist(test.flee), diceDist(test.pursuit)));
}

/** Wounds lost to Daemonic Instability: max(0, 2D6 + add − Ld), a positive result re-rolled once (§7, A17). */
export function daemonicWounds(add: number, ld: number, reroll: boolean): Dist {
  const first = mapValues(diceDist(parseDice('2D6')), (r) => Math.max(0, r + add - ld));
  if (!reroll) return first;
  const out = new Float64Array(first.length);
  out[0] = first[0];
  for (let k = 0; k < first.length; k++) out[k] += (1 - first[0]) * first[k];
  return out;
}

interface Accumulator {
  damage: Dist;
  slain: Dist;
  morale: Record<MeleeCategory, number>;
}

/** End-of-phase wounds of each unit, by its state bits. */
interface EndOfPhase {
  readonly target: (state: number) => Dist;
  readonly attacker: (state: number) => Dist;
}

/**
 * Spread one end state of the round over the break test, flee and pursuit, then the end of the
 * phase: a unit still on the table (holding, fleeing, or winning) takes its end-of-phase hits; a
 * unit caught in pursuit or wiped out is gone (§4.1, §7, A25). The category is the target's own fate
 * first — 'destroyed' if its last model falls at any point of the phase, else its break-test result
 * when it lost — then 'attacker-destroyed' if the attacker's last model falls, else the round's result.
 */
function resolveState(s: Scenario, dT: number, dA: number, state: number, p: number, acc: Accumulator, end: EndOfPhase): void {
  const poolT = woundPool(s.target);
  const poolA = woundPool(s.attacker);
  const damageT = Math.min(dT, poolT);
  const damageA = Math.min(dA, poolA);
  const add = (category: MeleeCategory, targetDamage: number, q: number) => {
    if (q === 0) return;
    acc.morale[category] += q;
    acc.damage[targetDamage] += q;
    acc.slain[s.target.models - modelsAlive(s.target, targetDamage)] += q;
  };
  // The target, still on the table, takes its end-of-phase wounds; if it survives, `then` goes on.
  const targetEnd = (damage: number, q: number, then: (damage: number, q: number) => void) => {
    const extra = end.target(state & VICTIM_MASK);
    for (let e = 0; e < extra.length; e++) {
      if (extra[e] === 0) continue;
      const total = Math.min(poolT, damage + e);
      if (modelsAlive(s.target, total) === 0) add('destroyed', total, q * extra[e]);
      else then(total, q * extra[e]);
    }
  };
  // The attacker, still on the table, takes its end-of-phase wounds; if it survives, `category` stands.
  const attackerEnd = (damage: number, category: MeleeCategory) => (targetDamage: number, q: number) => {
    const extra = end.attacker(state >>> VICTIM_BITS);
    for (let e = 0; e < extra.length; e++) {
      if (extra[e] === 0) continue;
      const wiped = modelsAlive(s.attacker, Math.min(poolA, damage + e)) === 0;
      add(wiped ? 'attacker-destroyed' : category, targetDamage, q * extra[e]);
    }
  };
  const r = roundResult(s, dT, dA);
  if (r.kind === 'destroyed') {
    if (r.side === 'target') return add('destroyed', damageT, p);
    return targetEnd(damageT, p, (d, q) => add('attacker-destroyed', d, q));
  }
  if (r.kind === 'draw') return targetEnd(damageT, p, attackerEnd(damageA, 'draw'));
  const test = r.test;
  if (r.loser === 'target') {
    const holds = (d: number, q: number) => add('holds', d, q);
    // Unstable and Daemonic wounds: no saves of any kind, after the result (§7, A25)
    const lose = (extra: number, q: number) => {
      const total = Math.min(poolT, damageT + extra);
      if (modelsAlive(s.target, total) === 0) add('destroyed', total, q);
      else targetEnd(total, q, holds);
    };
    switch (test.kind) {
      case 'auto-pass':
        return targetEnd(damageT, p, holds);
      case 'unstable':
        return lose(test.wounds, p);
      case 'daemonic': {
        const extra = daemonicWounds(test.add, test.ld, test.reroll);
        for (let e = 0; e < extra.length; e++) if (extra[e] > 0) lose(e, p * extra[e]);
        return;
      }
      case 'break': {
        const pass = leadershipChance(test.ld, test.reroll);
        const caught = test.destroyedOnFailure ? 1 : caughtChance(test);
        targetEnd(damageT, p * pass, holds);
        // caught in pursuit: removed before the end of the phase; escaping: still takes its hits
        add('breaks-caught', damageT, p * (1 - pass) * caught);
        targetEnd(damageT, p * (1 - pass) * (1 - caught), (d, q) => add('breaks-escapes', d, q));
        return;
      }
    }
  }
  // The attacker lost: the target (the winner) takes its end-of-phase wounds first, then the attacker's fate.
  targetEnd(damageT, p, (d, q) => {
    const lose = (extra: number, w: number) => {
      const total = Math.min(poolA, damageA + extra);
      if (modelsAlive(s.attacker, total) === 0) add('attacker-destroyed', d, w);
      else attackerEnd(total, 'attacker-holds')(d, w);
    };
    switch (test.kind) {
      case 'auto-pass':
        return attackerEnd(damageA, 'attacker-holds')(d, q);
      case 'unstable':
        return lose(test.wounds, q);
      case 'daemonic': {
        const extra = daemonicWounds(test.add, test.ld, test.reroll);
        for (let e = 0; e < extra.length; e++) if (extra[e] > 0) lose(e, q * extra[e]);
        return;
      }
      case 'break': {
        const pass = leadershipChance(test.ld, test.reroll);
        const caught = test.destroyedOnFailure ? 1 : caughtChance(test);
        attackerEnd(damageA, 'attacker-holds')(d, q * pass);
        add('attacker-breaks-caught', d, q * (1 - pass) * caught);
        attackerEnd(damageA, 'attacker-breaks-escapes')(d, q * (1 - pass) * (1 - caught));
      }
    }
  });
}

/** P(a unit passes its Fear test against `enemy`): one Leadership test at the start of the Combat Phase (§12.6); 1 with no test. */
export function fearPassChance(unit: Unit, enemy: Unit): number {
  return takesFearTest(unit, enemy) ? leadershipChance(standingLeadership(unit, enemy), unit.morale.rerollLeadership) : 1;
}

/**
 * Every way the Initiative steps of a melee round can end: wounds caused on the target and on the
 * attacker (Overkill included in a challenge) and both victims' state bits, with their probability,
 * mixed over the Fear tests taken at the start of the Combat Phase.
 */
export function forEachRoundEnd(s: Scenario, visit: (dT: number, dA: number, state: number, p: number) => void): void {
  for (const { w, tables } of fearOutcomes(s))
    for (const [state, joint] of tables.tables) for (let k = 0; k < joint.length; k++) if (joint[k] > 0) visit(Math.floor(k / tables.strideA), k % tables.strideA, state, w * joint[k]);
}

/** The round's Initiative steps after each outcome of the Fear tests, one per unit at the start of the Combat Phase (failure sets WS 1, §12.6), with its probability. */
function fearOutcomes(s: Scenario, table: TableSource = newTable): Array<{ w: number; tables: RoundStates }> {
  const pA = fearPassChance(s.attacker, s.target);
  const pT = fearPassChance(s.target, s.attacker);
  const out: Array<{ w: number; tables: RoundStates }> = [];
  for (const [failA, wA] of [[false, pA], [true, 1 - pA]] as const)
    for (const [failT, wT] of [[false, pT], [true, 1 - pT]] as const) {
      if (wA * wT === 0) continue;
      const plan = roundPlan(s, failA, failT);
      const sides = meleeSidesWith(s, plan.groups);
      out.push({ w: wA * wT, tables: roundStates(plan.steps, sides.attacker, sides.target, (s.situation as MeleeSituation).challenge, table) });
    }
  return out;
}

/** A table of (wounds on the target, wounds on the attacker): entry dT · stride + dA, dT < rows. */
export interface WoundsGrid {
  readonly p: Float64Array;
  readonly rows: number;
  readonly stride: number;
}

/**
 * Every (wounds on the target, wounds on the attacker) the Initiative steps of a melee round can
 * end with, and its probability: forEachRoundEnd's ways with the same wounds added up, over the
 * Fear tests and the victims' state bits (a whole fight carries only the wounds to the next round).
 * The table is the caller's own (it may write in it): a new one, or taken from `pool`.
 */
export function roundWoundsGrid(s: Scenario, pool: FloatPool | null = null): WoundsGrid {
  const combos = fearOutcomes(s, pool ? (size) => pool.take(size) : newTable);
  if (combos.length === 1 && combos[0].w === 1 && combos[0].tables.tables.size === 1) {
    const { tables, rowsT, strideA } = combos[0].tables;
    return { p: tables.values().next().value!, rows: rowsT, stride: strideA };
  }
  let rows = 0;
  let stride = 0;
  for (const c of combos) {
    rows = Math.max(rows, c.tables.rowsT);
    stride = Math.max(stride, c.tables.strideA);
  }
  const sum = pool ? pool.take(rows * stride) : new Float64Array(rows * stride);
  for (const { w, tables } of combos)
    for (const joint of tables.tables.values()) {
      // A pool's table may be longer than its entries
      for (let k = 0; k < tables.rowsT * tables.strideA; k++) if (joint[k] > 0) sum[Math.floor(k / tables.strideA) * stride + (k % tables.strideA)] += w * joint[k];
      pool?.give(joint);
    }
  return { p: sum, rows, stride };
}

function exactMelee(s: Scenario): Outcome {
  const poolT = woundPool(s.target);
  const acc: Accumulator = {
    damage: new Float64Array(poolT + 1),
    slain: new Float64Array(s.target.models + 1),
    morale: Object.fromEntries(MELEE_CATEGORIES.map((c) => [c, 0])) as Record<MeleeCategory, number>,
  };
  const end: EndOfPhase = { target: endOfPhaseWounds(s.target, s.attacker), attacker: endOfPhaseWounds(s.attacker, s.target) };
  forEachRoundEnd(s, (dT, dA, state, p) => resolveState(s, dT, dA, state, p, acc, end));
  const damage = trim(acc.damage);
  return {
    damage,
    slain: trim(acc.slain),
    // removed: wiped out, or broken and caught in pursuit (§12.3)
    destroyed: acc.morale.destroyed + acc.morale['breaks-caught'],
    morale: acc.morale,
  };
}

/** Panic from casualties: ≥ 25 % of the models at the start of the phase lost in it (§5.5, A16). */
export function panicsFromLosses(unit: Unit, alive: number): boolean {
  return 4 * (unit.models - alive) >= unit.models;
}

/** P(a Panic test passes); Immune to Psychology passes (§12.4). */
export function panicPassChance(unit: Unit): number {
  return unit.morale.immunePsychology ? 1 : leadershipChance(standingLeadership(unit, null), unit.morale.rerollLeadership);
}

/** The wounds a unit's shooting causes, excess beyond the target's wound pool lost (§4.10). */
export function shootingDamage(s: Scenario): Dist {
  return exactShooting(s).damage;
}

function exactShooting(s: Scenario): Outcome {
  const sit = s.situation as ShootingSituation;
  const target = s.target;
  const pool = woundPool(target);
  const shots = shotCount(s.attacker, sit);
  // The rank and file shoot, then the champion: the order in which a single-use item meets the shots (§11)
  const wounds = merged(
    batchOutcomes(
      [
        { profile: shootingProfile(s.attacker, sit, target), count: { flat: shots.rankAndFile, dice: null, rolls: 0 } },
        { profile: shootingProfile(s.attacker, sit, target, true), count: { flat: shots.champion, dice: null, rolls: 0 } },
      ],
      0,
      itemBits(target),
      pool,
    ),
  );
  const damage: Dist = new Float64Array(pool + 1);
  for (let k = 0; k < wounds.length; k++) damage[Math.min(k, pool)] += wounds[k]; // excess beyond the unit is lost (§4.10)
  const slain = mapValues(damage, (d) => target.models - modelsAlive(target, d));
  const morale = Object.fromEntries(SHOOTING_CATEGORIES.map((c) => [c, 0])) as Record<(typeof SHOOTING_CATEGORIES)[number], number>;
  const pass = panicPassChance(target);
  for (let d = 0; d < damage.length; d++) {
    const q = damage[d];
    if (q === 0) continue;
    const alive = modelsAlive(target, d);
    if (alive === 0) morale.destroyed += q;
    else if (!panicsFromLosses(target, alive)) morale['no-panic-test'] += q;
    else {
      morale.holds += q * pass;
      morale.flees += q * (1 - pass);
    }
  }
  return { damage: trim(damage), slain, destroyed: damage[pool], morale };
}

/** The exact Outcome of a parsed scenario. */
export function exactOutcome(s: Scenario): Outcome {
  return s.situation.kind === 'melee' ? exactMelee(s) : exactShooting(s);
}
