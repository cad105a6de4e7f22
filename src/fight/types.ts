/**
 * A whole fight, system-agnostic (DESIGN.md "Whole fights and engagements"): close combat round
 * after round until one side breaks and escapes, is caught, is destroyed, or the round cap is
 * reached. A rule set describes one round as steps from a state; the chain and the simulator
 * record the same tables, so `check` compares them field by field.
 */
import { grownFloat64, grownInt32 } from '../core/grown.js';

export type FightSide = 'attacker' | 'target';

/** How a losing side leaves the fight. */
export const LOSER_FATES = ['escaped', 'caught', 'destroyed', 'fled-at-charge'] as const;
export type LoserFate = (typeof LOSER_FATES)[number];

/** How a fight ends: one side's fate, or both units wiped out in the same Initiative step. */
export type Ending = `${FightSide}-${LoserFate}` | 'both-destroyed';

export const ENDINGS: readonly Ending[] = [
  ...LOSER_FATES.map((f) => `target-${f}` as const),
  ...LOSER_FATES.map((f) => `attacker-${f}` as const),
  'both-destroyed',
];

/** Each ending's index in ENDINGS. */
export const ENDING_INDEX: ReadonlyMap<Ending, number> = new Map(ENDINGS.map((e, i) => [e, i]));
const SIDE_ENDINGS = {
  attacker: Object.fromEntries(LOSER_FATES.map((f) => [f, ENDINGS.find((e) => e === `attacker-${f}`)!])),
  target: Object.fromEntries(LOSER_FATES.map((f) => [f, ENDINGS.find((e) => e === `target-${f}`)!])),
} as Record<FightSide, Record<LoserFate, Ending>>;

/** The ending of `side` with `fate` (the very string of ENDINGS). */
export const sideEnding = (side: FightSide, fate: LoserFate): Ending => SIDE_ENDINGS[side][fate];

/** Still fighting when the round cap is reached. */
export const FIGHTING = 'fighting';

/** Most rounds a fight may be asked to run, and the cap when none is given. */
export const MAX_ROUNDS = 50;
export const DEFAULT_ROUNDS = 12;

/** The two units after a round (or at the end). */
export interface Units {
  /** Models of each side still on the table (a unit caught in pursuit has none). */
  readonly attackerLeft: number;
  readonly targetLeft: number;
  /** Wounds the target has lost since the fight began (excess beyond a model or the unit is lost). */
  readonly targetWounds: number;
  /** The target's models slain by wounds since the fight began. */
  readonly targetSlain: number;
}

/** The Overkill each side's fighter scored in a round's challenge, or null when no challenge was fought (9th Age §4.11, Warhammer Fantasy §9). */
export type Overkill = { readonly attacker: number; readonly target: number } | null;

/** The key of a round's Overkill in RoundSteps.overkills. */
export const overkillKey = (o: Overkill): string => (o === null ? 'none' : `${o.attacker}:${o.target}`);

/**
 * Every way a round fought from a state can go: the states the fight goes on from (`next[i]` with
 * probability `nextP[i]`), the ways it ended (`ends[i]`, an endId, with probability `endP[i]`) —
 * either may repeat, the chain adds them up — and the round's combat-result margins.
 */
export interface RoundSteps {
  readonly next: ArrayLike<number>;
  readonly nextP: ArrayLike<number>;
  /** More states the fight goes on from, laid out as grids (NextGrid). */
  readonly grids?: readonly NextGrid[];
  readonly ends: ArrayLike<number>;
  readonly endP: ArrayLike<number>;
  /** Each end's EndPart (absent: every end is WHOLE). */
  readonly endParts?: ArrayLike<number>;
  /** The attacker's combat score minus the target's, with its probability; null when no blows were struck. */
  readonly margins: ReadonlyArray<readonly [number | null, number]>;
  /** The round's Overkill, keyed `attacker:target` or `none`, with its probability (fights with a challenge only). */
  readonly overkills?: ReadonlyArray<readonly [string, number]>;
  /**
   * Called by the chain once it has read these steps, and never before: the rule set may reuse
   * their arrays (the grids' tables). Steps read by anything else are simply not released.
   */
  readonly release?: () => void;
}

/**
 * Steps to states laid out as a grid: from cell (r, c) the fight goes on from state
 * rowKeys[r] + colKeys[c] + add with probability p[r · colKeys.length + c] (a rule set whose state
 * key is a sum of each side's part fills one such table per round, with no index per step).
 */
export interface NextGrid {
  readonly rowKeys: ArrayLike<number>;
  readonly colKeys: ArrayLike<number>;
  readonly add: number;
  readonly p: Float64Array;
  /** How many of its cells are not 0. */
  readonly cells: number;
}

/** Every step to a state of a round, listed and in grids: f(state, p) for each, zeros skipped in grids. */
export function forEachNext(r: RoundSteps, f: (state: number, p: number) => void): void {
  for (let j = 0; j < r.next.length; j++) f(r.next[j], r.nextP[j]);
  for (const g of r.grids ?? []) {
    const cols = g.colKeys.length;
    for (let i = 0; i < g.rowKeys.length; i++)
      for (let j = 0; j < cols; j++) {
        const p = g.p[i * cols + j];
        if (p !== 0) f(g.rowKeys[i] + g.colKeys[j] + g.add, p);
      }
  }
}

/** How many outcomes a round has: its steps to states (a grid's cells that are not 0) and its ends. */
export function outcomeCount(r: RoundSteps): number {
  let n = r.next.length + r.ends.length;
  for (const g of r.grids ?? []) n += g.cells;
  return n;
}

/**
 * What an end recorded in RoundSteps stands for. WHOLE: the way the fight ended with both units
 * as its state says. A round may instead record the ways it ended in two parts, each carrying the
 * whole probability of those ways: TARGET_PART, the ending and the target as the state says (its
 * attacker ignored), and ATTACKER_PART, the attacker as the state says (its ending and target
 * ignored). Every table of a fight reads one side of the units only (tables.ts), so the parts
 * give the same tables as the ways they stand for, with fewer ends (a side's states, not their
 * pairs). A round's two parts carry the same total.
 */
export const WHOLE = 0;
export const TARGET_PART = 1;
export const ATTACKER_PART = 2;
export type EndPart = typeof WHOLE | typeof TARGET_PART | typeof ATTACKER_PART;

function overkillCode(attacker: number, target: number): number {
  const fits = (x: number) => Number.isInteger(x) && x >= 0 && x < 65536;
  if (!fits(attacker) || !fits(target)) throw new Error(`fight: Overkill ${attacker}:${target} out of range`);
  return attacker * 65536 + target;
}

const REMOVED: readonly (FightSide | null)[] = [null, 'attacker', 'target'];

/** A number for the end of a fight in `state` with `ending`, `removed` the side left with no models (a side caught, or destroyed on a failed test). */
export function endId(ending: Ending, state: number, removed: FightSide | null): number {
  return state * END_CODES + endCode(ending, removed);
}

/** How many end codes there are: endId(ending, state, removed) is state · END_CODES + endCode(ending, removed). */
export const END_CODES = REMOVED.length * ENDINGS.length;

/** The part of an endId that is not the state's. */
export function endCode(ending: Ending, removed: FightSide | null): number {
  const side = removed === null ? 0 : removed === 'attacker' ? 1 : 2;
  // A scan of nine interned strings: cheaper than a map look-up on the stepper's hot path
  return side * ENDINGS.length + ENDINGS.indexOf(ending);
}

/** The ending, state and side removed of an endId. */
export function endOf(id: number): { ending: Ending; state: number; removed: FightSide | null } {
  const rest = Math.floor(id / ENDINGS.length);
  return { ending: ENDINGS[id % ENDINGS.length], state: Math.floor(rest / REMOVED.length), removed: REMOVED[rest % REMOVED.length] };
}

/** No challenge fought, as an Overkill code. */
const NONE = -1;

/** Sums by integer key, in the order the keys were first met: an array slot per key, no hashing on the hot path. */
class IntSums {
  /** Slot + 1 of key k ≥ 0 at [2k], of k < 0 at [−2k − 1] (0: not met). */
  private slots = new Int32Array(64);
  readonly keys: number[] = [];
  readonly sums: number[] = [];

  add(k: number, p: number): void {
    const i = k >= 0 ? 2 * k : -2 * k - 1;
    if (i >= this.slots.length) this.slots = grownInt32(this.slots, i + 1);
    const slot = this.slots[i];
    if (slot > 0) this.sums[slot - 1] += p;
    else {
      this.slots[i] = this.keys.push(k);
      this.sums.push(p);
    }
  }

}

/**
 * Each end's index in the StepSet being filled, found by open addressing in one small table shared
 * by every StepSet (a few hundred KB at most, so the look-ups stay in the processor's cache; a
 * slot counts only when stamped with the set's generation, so nothing is cleared between sets).
 * Sets filled at once may take slots over from each other: the other then misses and records the
 * end again, which RoundSteps allows.
 */
let endBits = 12;
let endStamp = new Int32Array(1 << endBits);
let endKey = new Float64Array(1 << endBits);
let endSlot = new Int32Array(1 << endBits);
let generation = 0;

/** The table's first probe for an end id (Fibonacci hashing of its low and high 32 bits). */
function endHash(id: number): number {
  return Math.imul((id | 0) ^ Math.imul((id / 4294967296) | 0, 0x27d4eb2d), 0x9e3779b1) >>> (32 - endBits);
}

/** Twice the table (a set with more ends than half of it); other sets being filled then miss their ends and record them again. */
function growEndTable(): void {
  endBits++;
  endStamp = new Int32Array(1 << endBits);
  endKey = new Float64Array(1 << endBits);
  endSlot = new Int32Array(1 << endBits);
}

/** A growable list of numbers in a typed array, its array kept for the next list (NumberList.take, give). */
class NumberList {
  private static readonly free: NumberList[] = [];
  values = new Float64Array(1024);
  length = 0;

  /** A list from the free ones, or a new one. */
  static take(): NumberList {
    return NumberList.free.pop() ?? new NumberList();
  }

  push(x: number): number {
    if (this.length === this.values.length) this.values = grownFloat64(this.values, this.length + 1);
    this.values[this.length] = x;
    return this.length++;
  }

  /** The numbers pushed, in an array of their own; the list is emptied and given back to the free ones. */
  give(): Float64Array {
    const out = this.values.slice(0, this.length);
    this.length = 0;
    NumberList.free.push(this);
    return out;
  }
}

/**
 * Collects the steps of a round as they are found: the states it goes on from and the ways it
 * ended, as numbers; margins and Overkills (attacker's · 2^16 + target's) added up by value.
 * A way the round's blows ended is recorded either step by step (goOn, end: each with its margin
 * and Overkill), or as one `way` and then its steps (next, ended), the margin and Overkill added once.
 */
export class StepSet {
  private readonly next = NumberList.take();
  private readonly nextP = NumberList.take();
  private readonly ends = NumberList.take();
  private readonly endP = NumberList.take();
  /** Each end's EndPart, once a part was recorded. */
  private parts: NumberList | null = null;
  private readonly generation = ++generation;
  private readonly margins = new IntSums();
  private readonly overkills = new Map<number, number>();
  private noBlows = 0;
  private blowless = false;
  // A round's outcomes come in runs of steps with one margin, and one Overkill: each run is summed here first
  private margin = Number.NaN;
  private marginRun = 0;
  private overkill = Number.NaN;
  private overkillRun = 0;

  /** The round went on to `next` with probability p, this margin (null: no blows) and Overkill. */
  goOn(p: number, margin: number | null, next: number, overkill: Overkill = null): void {
    if (p === 0) return;
    this.tally(p, margin, overkill);
    this.nextAt(next, p);
  }

  /** The round ended the fight in `state` with `ending`, `removed` the side left with no models. */
  end(p: number, margin: number | null, ending: Ending, state: number, removed: FightSide | null, overkill: Overkill = null): void {
    if (p === 0) return;
    this.tally(p, margin, overkill);
    this.endedAt(endId(ending, state, removed), p);
  }

  /** A way the round's blows ended, with probability p, this margin and Overkill: its steps follow (nextAt, endedAt), summing to p. */
  way(p: number, margin: number | null, overkill: Overkill): void {
    if (p !== 0) this.tally(p, margin, overkill);
  }

  /** A step of the way last recorded: the round went on to `next` with probability p. */
  nextAt(next: number, p: number): void {
    if (p === 0) return;
    this.next.push(next);
    this.nextP.push(p);
  }

  /** A step of the way last recorded: the round ended the fight as `id` (endId) with probability p. */
  endedAt(id: number, p: number): void {
    if (p === 0) return;
    // The same end met again (a rule set may record ends that leave the same units in one state) is added up
    const mask = endStamp.length - 1;
    for (let h = endHash(id); ; h = (h + 1) & mask) {
      if (endStamp[h] !== this.generation) {
        endStamp[h] = this.generation;
        endKey[h] = id;
        endSlot[h] = this.push(id, p);
        // At most half the table full: a larger one, this set's ends entered again
        if (this.ends.length > endStamp.length >> 1) {
          growEndTable();
          const ends = this.ends.values;
          for (let j = 0; j < this.ends.length; j++) this.enter(ends[j], j);
        }
        return;
      }
      if (endKey[h] === id) {
        this.endP.values[endSlot[h]] += p;
        return;
      }
    }
  }

  /** A step of the way last recorded, an end known not to have been recorded before (RoundSteps allows it twice all the same). */
  endedOnce(id: number, p: number): void {
    if (p === 0) return;
    this.push(id, p);
  }

  /** The round ended the fight as `id` (endId), recorded as `part` (EndPart), with probability p. */
  endedPart(id: number, part: EndPart, p: number): void {
    if (p === 0) return;
    if (this.parts === null) {
      this.parts = NumberList.take();
      for (let j = 0; j < this.ends.length; j++) this.parts.push(WHOLE);
    }
    this.endP.push(p);
    this.ends.push(id);
    this.parts.push(part);
  }

  /** End `id` at index j of `ends`, in the table (the first index when it is there already). */
  private enter(id: number, j: number): void {
    const mask = endStamp.length - 1;
    for (let h = endHash(id); ; h = (h + 1) & mask) {
      if (endStamp[h] !== this.generation) {
        endStamp[h] = this.generation;
        endKey[h] = id;
        endSlot[h] = j;
        return;
      }
      if (endKey[h] === id) return;
    }
  }

  /** A new end, and its index in `ends`. */
  private push(id: number, p: number): number {
    this.endP.push(p);
    this.parts?.push(WHOLE);
    return this.ends.push(id);
  }

  private tally(p: number, margin: number | null, overkill: Overkill): void {
    if (margin === null) {
      this.noBlows += p;
      this.blowless = true;
    } else if (margin === this.margin) this.marginRun += p;
    else {
      if (this.marginRun !== 0) this.margins.add(this.margin, this.marginRun);
      this.margin = margin;
      this.marginRun = p;
    }
    const o = overkill === null ? NONE : overkillCode(overkill.attacker, overkill.target);
    if (o === this.overkill) this.overkillRun += p;
    else {
      this.flushOverkill();
      this.overkill = o;
      this.overkillRun = p;
    }
  }

  private flushOverkill(): void {
    if (this.overkillRun === 0) return;
    this.overkills.set(this.overkill, (this.overkills.get(this.overkill) ?? 0) + this.overkillRun);
    this.overkillRun = 0;
  }

  result(): RoundSteps {
    if (this.marginRun !== 0) this.margins.add(this.margin, this.marginRun);
    this.marginRun = 0;
    this.flushOverkill();
    const margins: Array<readonly [number | null, number]> = this.margins.keys.map((m, i) => [m, this.margins.sums[i]] as const);
    if (this.blowless) margins.push([null, this.noBlows]);
    return {
      next: this.next.give(),
      nextP: this.nextP.give(),
      ends: this.ends.give(),
      endP: this.endP.give(),
      ...(this.parts ? { endParts: this.parts.give() } : {}),
      margins,
      overkills: [...this.overkills].map(([o, p]) => [o === NONE ? 'none' : `${Math.floor(o / 65536)}:${o % 65536}`, p] as const),
    };
  }
}


/** A rule set's fight, seen by the exact chain: states are numbers. */
export interface FightModel {
  readonly start: number;
  /** Round cap. */
  readonly rounds: number;
  /** Every way a round fought from `state` can go. */
  steps(state: number, round: number): RoundSteps;
  /** The units in `state`; a side `removed` (caught, or destroyed on a failed test) has no models left. */
  units(state: number, removed: FightSide | null): Units;
  /** Rounds with equal `phase` have equal steps from each state (round 1 differs from later rounds). */
  phase(round: number): number;
  /** An upper bound on the states alive in one round. */
  readonly bound: number;
  /** The fight has a challenge: its tables carry each round's Overkill. */
  readonly challenge?: boolean;
  /** Work units (about a nanosecond each, core/budget.ts) of compiling one outcome of a state's round; the chain's COMPILE_UNITS when absent. */
  readonly compileUnits?: number;
}

/** Whether an ending (or still fighting) leaves the target removed: destroyed or caught. */
export function targetRemoved(ending: Ending | typeof FIGHTING): boolean {
  return ending === 'target-destroyed' || ending === 'target-caught' || ending === 'both-destroyed';
}

/** Endings in which the target broke, was caught or destroyed, or fled (kills --fight, compare --fight). */
export const TARGET_BROKEN: readonly string[] = [...LOSER_FATES.map((f) => `target-${f}`), 'both-destroyed'];
