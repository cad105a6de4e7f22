/**
 * The exact engine of a whole fight: a Markov chain over the states a rule set carries between
 * rounds. Each round maps the distribution over live states to the next one, merging equal states;
 * endings are absorbing. Steps from a state are computed once per phase (round 1, later rounds)
 * and compiled to typed arrays over dense indices: of the states met, of the ways a fight ended
 * (an ending and its units), of the margins and of the Overkills, so that a round is a sparse
 * matrix-vector product. After every round the live states and the endings reached so far must
 * sum to 1 (conservation.ts): a round that loses or makes probability is an internal error.
 */
import { chargeWork, expectWork, grouped } from '../core/budget.js';
import { InputError } from '../core/errors.js';
import type { Outcome } from '../systems/types.js';
import { FightTables } from './tables.js';
import { CompensatedSum } from '../core/compensated.js';
import { expectWhole } from './conservation.js';
import { ATTACKER_PART, type EndPart, type Ending, type FightModel, type RoundSteps, TARGET_PART, type Units, WHOLE, endOf, forEachNext, outcomeCount } from './types.js';

/** Most states one round of the exact chain may hold before the Monte Carlo engine is the answer. */
export const MAX_CHAIN_STATES = 60_000;

/** Refuse a fight whose state space is too large for the exact chain — one line, pointing to --mc. */
export function checkChainSize(bound: number): void {
  if (bound > MAX_CHAIN_STATES)
    throw new InputError(
      `fight: the exact chain could hold up to ${bound.toLocaleString('en')} states a round (limit ${MAX_CHAIN_STATES.toLocaleString('en')}); use --mc for this fight`,
    );
}

/**
 * The chain's work on the meter (core/budget.ts, one unit about a nanosecond): compiling one
 * outcome of a state's round (the rule set's round engine finding it, and its entry in the
 * tables, kept until the fight ends), unless the model states its own (FightModel.compileUnits),
 * and carrying a state's mass along one outcome in a round. Measured on whole fights to a finish
 * (bench/fight-ratio.ts, bench/bounded-work.ts), with other jobs sharing the machine: Warhammer
 * Fantasy's round engine takes 550–680 ns an outcome, about 0.55 ns a unit.
 */
export const COMPILE_UNITS = 1100;
export const SPREAD_UNITS = 10;

/** The units of compiling one outcome of the model's rounds. */
function compileUnitsOf(model: FightModel): number {
  return model.compileUnits ?? COMPILE_UNITS;
}

/**
 * The outcomes of the states a fight meets are on average about this share of the start's: a
 * state's outcomes shrink with the models left on each side.
 */
const OUTCOME_SHARE = 1 / 2;

/** What the chain is told about a fight before its later rounds, to estimate their work. */
export interface ChainForecast {
  /** Upper bound on the states alive in one round. */
  readonly bound: number;
  /** Round cap. */
  readonly rounds: number;
  /** States alive after round 1. */
  readonly afterFirst: number;
  /** Outcomes of a later round fought from the start (the most models a state can have). */
  readonly outcomes: number;
  /** Units of compiling one outcome (FightModel.compileUnits). */
  readonly compileUnits: number;
}

/**
 * Work of the rounds after the first, estimated before any of them is fought: the states met
 * spread from those alive after round 1 as a square does with its side (each side's losses grow
 * with the rounds), up to the bound; each is compiled once and carried every round.
 */
export function laterRoundsWork(f: ChainForecast): number {
  if (f.rounds < 2) return 0;
  const states = Math.min(f.bound, f.afterFirst * (f.rounds - 1) ** 2);
  const outcomes = states * f.outcomes * OUTCOME_SHARE;
  return outcomes * f.compileUnits + outcomes * (f.rounds - 1) * SPREAD_UNITS;
}

/**
 * The whole work of a fight, estimated before any round is fought, for a question over many
 * pairings: round 1 fought from the start (its outcomes compiled and carried), then the later
 * rounds as runChain forecasts them at round 2 (laterRoundsWork), from the states alive after
 * round 1 and the outcomes of a later round fought from the start. It costs the rule set's round
 * engine one or two rounds from one state.
 */
export function estimateFightWork(model: FightModel): number {
  checkChainSize(model.bound);
  const first = model.steps(model.start, 1);
  const carried = outcomeCount(first) + first.margins.length + (first.overkills?.length ?? 1);
  const units = compileUnitsOf(model);
  const roundOne = outcomeCount(first) * units + carried * SPREAD_UNITS;
  if (model.rounds < 2) return roundOne;
  const later = model.phase(2) === model.phase(1) ? first : model.steps(model.start, 2);
  const laterCompile = later === first ? 0 : outcomeCount(later) * units;
  return roundOne + laterCompile + laterRoundsWork({ bound: model.bound, rounds: model.rounds, afterFirst: statesOf(first).size, outcomes: outcomeCount(later), compileUnits: units });
}

/** The states a round goes on from. */
function statesOf(r: RoundSteps): Set<number> {
  const out = new Set<number>();
  forEachNext(r, (state) => out.add(state));
  return out;
}

/** Values met, each given a dense index the first time. */
class Indexer<T> {
  readonly values: T[] = [];
  private readonly index = new Map<T, number>();

  of(value: T): number {
    let i = this.index.get(value);
    if (i === undefined) {
      this.index.set(value, (i = this.values.length));
      this.values.push(value);
    }
    return i;
  }

  get size(): number {
    return this.values.length;
  }
}

/** Largest number a DenseIndexer looks up in an array (16 MB of indices at most); larger ones in a map. */
const DENSE_LIMIT = 1 << 22;

/** Numbers met, each given a dense index the first time: small non-negative integers through an array, no hashing. */
class DenseIndexer {
  readonly values: number[] = [];
  /** Index + 1 of each small value met (0: not met). */
  private slots = new Int32Array(1024);
  private readonly large = new Map<number, number>();

  of(value: number): number {
    if (!(value >= 0 && value < DENSE_LIMIT && Number.isInteger(value))) {
      let i = this.large.get(value);
      if (i === undefined) this.large.set(value, (i = this.values.push(value) - 1));
      return i;
    }
    if (value >= this.slots.length) {
      const grown = new Int32Array(Math.min(DENSE_LIMIT, Math.max(value + 1, this.slots.length * 2)));
      grown.set(this.slots);
      this.slots = grown;
    }
    const slot = this.slots[value];
    if (slot > 0) return slot - 1;
    this.slots[value] = this.values.push(value);
    return this.values.length - 1;
  }

  get size(): number {
    return this.values.length;
  }
}

/**
 * Margins met (whole numbers, or null: no blows), each given a dense index the first time, through
 * a DenseIndexer of 2m for m ≥ 0 and −2m − 1 below (null, −1, goes to its map).
 */
class MarginIndexer {
  readonly values: Array<number | null> = [];
  private readonly keys = new DenseIndexer();

  of(margin: number | null): number {
    const i = this.keys.of(margin === null ? -1 : margin >= 0 ? 2 * margin : -2 * margin - 1);
    if (i === this.values.length) this.values.push(margin);
    return i;
  }

  get size(): number {
    return this.values.length;
  }
}

/**
 * A state's steps in one phase, over dense indices: an array of indices and one of their
 * probabilities, two views of one buffer (one allocation a state, not eight). Its successors are
 * at [0, ends), its endings (end slots) at [ends, margins), its margins at [margins, overkills)
 * and its Overkills at [overkills, length).
 */
interface Compiled {
  readonly at: Int32Array;
  readonly p: Float64Array;
  readonly ends: number;
  readonly margins: number;
  readonly overkills: number;
}

/** A way a fight ended: the ending and the units it ended with, or a part of such ways (EndPart). */
interface EndSlot {
  readonly ending: Ending;
  readonly units: Units;
  readonly part: EndPart;
}

const NO_OVERKILL: ReadonlyArray<readonly [string, number]> = [['none', 1]];

/** A state's steps over dense indices: its successors', its endings' (end slots), its margins' and Overkills'. */
function compileSteps(r: RoundSteps, outcomes: number, stateIndex: (k: number) => number, endIndex: (id: number, part: EndPart) => number, margins: MarginIndexer, overkills: Indexer<string>): Compiled {
  const ok = r.overkills ?? NO_OVERKILL;
  const ends = outcomes - r.ends.length;
  const marginsFrom = outcomes;
  const overkillsFrom = marginsFrom + r.margins.length;
  // Both views of one buffer: one allocation outside the heap a state
  const length = overkillsFrom + ok.length;
  const buffer = new ArrayBuffer(length * (Float64Array.BYTES_PER_ELEMENT + Int32Array.BYTES_PER_ELEMENT));
  const p = new Float64Array(buffer, 0, length);
  const at = new Int32Array(buffer, length * Float64Array.BYTES_PER_ELEMENT, length);
  if (nextSteps(r, at, p, stateIndex) !== ends) throw new Error('fight chain: a round counted its steps to states wrong');
  const parts = r.endParts;
  for (let j = 0; j < r.ends.length; j++) {
    at[ends + j] = endIndex(r.ends[j], parts ? (parts[j] as EndPart) : WHOLE);
    p[ends + j] = r.endP[j];
  }
  // Margins and Overkills in loops of their own: a loop that meets one kind of pair stays fast
  for (let j = 0; j < r.margins.length; j++) {
    at[marginsFrom + j] = margins.of(r.margins[j][0]);
    p[marginsFrom + j] = r.margins[j][1];
  }
  for (let j = 0; j < ok.length; j++) {
    at[overkillsFrom + j] = overkills.of(ok[j][0]);
    p[overkillsFrom + j] = ok[j][1];
  }
  return { at, p, ends, margins: marginsFrom, overkills: overkillsFrom };
}

/** A round's steps to states, listed and in grids (zero cells left out), over dense indices, written from the start of `at` and `p`; how many. */
function nextSteps(r: RoundSteps, at: Int32Array, p: Float64Array, stateIndex: (k: number) => number): number {
  let n = 0;
  for (let j = 0; j < r.next.length; j++) {
    at[n] = stateIndex(r.next[j]);
    p[n++] = r.nextP[j];
  }
  for (const g of r.grids ?? []) {
    const { rowKeys, colKeys } = g;
    const cols = colKeys.length;
    for (let i = 0; i < rowKeys.length; i++) {
      const row = rowKeys[i] + g.add;
      for (let j = 0; j < cols; j++) {
        const q = g.p[i * cols + j];
        if (q === 0) continue;
        at[n] = stateIndex(row + colKeys[j]);
        p[n++] = q;
      }
    }
  }
  return n;
}

/** Adds p · q[j] into acc[at[j]] for every j in [from, to). */
function spread(acc: Float64Array, at: Int32Array, q: Float64Array, p: number, from: number, to: number): void {
  for (let j = from; j < to; j++) acc[at[j]] += p * q[j];
}

export function runChain(model: FightModel): Outcome {
  checkChainSize(model.bound);
  const tables = new FightTables(model.rounds, model.challenge ?? false);
  const states = new DenseIndexer();
  const units: Units[] = [];
  const stateIndex = (k: number) => {
    const i = states.of(k);
    if (i === units.length) units.push(model.units(k, null));
    return i;
  };
  // End ids by part (EndPart), each given an end slot the first time
  const ends = [new DenseIndexer(), new DenseIndexer(), new DenseIndexer()];
  const slotOf: number[][] = [[], [], []];
  const endSlots: EndSlot[] = [];
  const endIndex = (id: number, part: EndPart) => {
    const i = ends[part].of(id);
    let slot = slotOf[part][i];
    if (slot === undefined) {
      const { ending, state, removed } = endOf(id);
      slot = slotOf[part][i] = endSlots.push({ ending, units: model.units(state, removed), part }) - 1;
    }
    return slot;
  };
  const margins = new MarginIndexer();
  const overkills = new Indexer<string>();
  const compiled = new Map<number, Array<Compiled | undefined>>();
  const compileUnits = compileUnitsOf(model);
  const compile = (i: number, round: number): Compiled => {
    const phase = model.phase(round);
    let byState = compiled.get(phase);
    if (!byState) compiled.set(phase, (byState = []));
    let c = byState[i];
    if (c) return c;
    const steps = model.steps(states.values[i], round);
    // Charged before its tables are kept: the compiled steps can never outgrow the meter.
    const outcomes = outcomeCount(steps);
    chargeWork(outcomes * compileUnits, () => `a fight whose states have up to ${grouped(outcomes)} outcomes a round`);
    c = compileSteps(steps, outcomes, stateIndex, endIndex, margins, overkills);
    steps.release?.();
    byState[i] = c;
    return c;
  };

  let live: Float64Array = new Float64Array(1);
  live[stateIndex(model.start)] = 1;
  let liveStates = [0];
  // Mass that already ended, by the way it ended.
  let ended: Float64Array = new Float64Array(0);
  const statesPerRound: number[] = [];
  for (let round = 1; round <= model.rounds && liveStates.length > 0; round++) {
    statesPerRound.push(liveStates.length);
    ended.forEach((p, e) => p > 0 && tables.afterEnd(round, endSlots[e].units, p, endSlots[e].part));
    if (round === 2) {
      const fromStart = compile(stateIndex(model.start), 2);
      forecast(model, fromStart.margins, liveStates.length);
    }
    const steps = liveStates.map((i) => compile(i, round));
    let carried = 0;
    for (const c of steps) carried += c.at.length;
    chargeWork(carried * SPREAD_UNITS, () => `round ${round} of a fight, ${grouped(liveStates.length)} states with ${grouped(carried)} outcomes`);
    const next = new Float64Array(states.size);
    const endedNow = new Float64Array(endSlots.length);
    const marginW = new Float64Array(margins.size);
    const overkillW = new Float64Array(overkills.size);
    // Margins and Overkills met this round, even with a weight that underflowed to 0
    const marginMet = new Uint8Array(margins.size);
    const overkillMet = new Uint8Array(overkills.size);
    liveStates.forEach((i, n) => {
      const p = live[i];
      const c = steps[n];
      spread(next, c.at, c.p, p, 0, c.ends);
      spread(endedNow, c.at, c.p, p, c.ends, c.margins);
      spread(marginW, c.at, c.p, p, c.margins, c.overkills);
      spread(overkillW, c.at, c.p, p, c.overkills, c.at.length);
      for (let j = c.margins; j < c.overkills; j++) marginMet[c.at[j]] = 1;
      for (let j = c.overkills; j < c.at.length; j++) overkillMet[c.at[j]] = 1;
    });
    marginMet.forEach((met, m) => met && tables.margin(round, margins.values[m], marginW[m]));
    overkillMet.forEach((met, o) => met && tables.overkill(round, overkills.values[o], overkillW[o]));
    if (ended.length < endedNow.length) ended = grown(ended, endedNow.length);
    endedNow.forEach((w, e) => {
      if (w === 0) return;
      const { ending, units, part } = endSlots[e];
      tables.left(round, units, w, part);
      tables.end(round, ending, units, w, part);
      ended[e] += w;
    });
    liveStates = [];
    next.forEach((w, i) => {
      if (w === 0) return;
      tables.left(round, units[i], w);
      liveStates.push(i);
    });
    live = next;
    // Every live state and every ending reached so far: together they are the whole probability (so
    // are they with the attacker's parts of ends in place of the target's, EndPart)
    for (const left of [ATTACKER_PART, TARGET_PART]) {
      const total = new CompensatedSum();
      total.addAll(next);
      ended.forEach((p, e) => endSlots[e].part !== left && total.add(p));
      expectWhole(total.value, `fight chain, round ${round}`);
    }
  }
  // Rounds after every fight ended (a short fight under a long cap) still have their tables.
  for (let round = statesPerRound.length + 1; round <= model.rounds; round++) ended.forEach((p, e) => p > 0 && tables.afterEnd(round, endSlots[e].units, p, endSlots[e].part));
  for (const i of liveStates) tables.end(model.rounds, null, units[i], live[i]);
  return { ...tables.outcome(), chain: { statesPerRound, bound: model.bound } };
}

/** Refuse at round 2, before its work, a fight whose later rounds would pass the meter. */
function forecast(model: FightModel, outcomes: number, afterFirst: number): void {
  const f = { bound: model.bound, rounds: model.rounds, afterFirst, outcomes, compileUnits: compileUnitsOf(model) };
  expectWork(laterRoundsWork(f), () => `a fight of ${grouped(model.rounds)} rounds from ${grouped(afterFirst)} states after round 1 (up to ${grouped(model.bound)} a round, up to ${grouped(outcomes)} outcomes each)`);
}

function grown(xs: Float64Array, length: number): Float64Array {
  const out = new Float64Array(length);
  out.set(xs);
  return out;
}
