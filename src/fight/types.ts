/**
 * A whole fight, system-agnostic (DESIGN.md "Whole fights and engagements"): close combat round
 * after round until one side breaks and escapes, is caught, is destroyed, or the round cap is
 * reached. A rule set describes one round as steps from a state; the chain and the simulator
 * record the same tables, so `check` compares them field by field.
 */

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
  readonly next: readonly number[];
  readonly nextP: readonly number[];
  readonly ends: readonly number[];
  readonly endP: readonly number[];
  /** The attacker's combat score minus the target's, with its probability; null when no blows were struck. */
  readonly margins: ReadonlyArray<readonly [number | null, number]>;
  /** The round's Overkill, keyed `attacker:target` or `none`, with its probability (fights with a challenge only). */
  readonly overkills?: ReadonlyArray<readonly [string, number]>;
}

function overkillCode(attacker: number, target: number): number {
  const fits = (x: number) => Number.isInteger(x) && x >= 0 && x < 65536;
  if (!fits(attacker) || !fits(target)) throw new Error(`fight: Overkill ${attacker}:${target} out of range`);
  return attacker * 65536 + target;
}

const REMOVED: readonly (FightSide | null)[] = [null, 'attacker', 'target'];

/** A number for the end of a fight in `state` with `ending`, `removed` the side left with no models (a side caught, or destroyed on a failed test). */
export function endId(ending: Ending, state: number, removed: FightSide | null): number {
  const side = removed === null ? 0 : removed === 'attacker' ? 1 : 2;
  // A scan of nine interned strings: cheaper than a map look-up on the stepper's hot path
  return (state * REMOVED.length + side) * ENDINGS.length + ENDINGS.indexOf(ending);
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
  /** Slot + 1 of key k ≥ 0 at [k], of k < 0 at [−k − 1] (0: not met). */
  private readonly pos: number[] = [];
  private readonly neg: number[] = [];
  readonly keys: number[] = [];
  readonly sums: number[] = [];

  add(k: number, p: number): void {
    const at = k >= 0 ? this.pos : this.neg;
    const i = k >= 0 ? k : -k - 1;
    const slot = at[i];
    if (slot !== undefined && slot > 0) this.sums[slot - 1] += p;
    else {
      at[i] = this.keys.push(k);
      this.sums.push(p);
    }
  }
}

/**
 * Each end's index in the StepSet being filled, for small end ids: one table shared by every
 * StepSet, a slot valid only when stamped with the set's generation (no clearing between sets).
 * Large ids go to the set's own map.
 */
const END_TABLE_LIMIT = 1 << 22;
let endStamp = new Int32Array(0);
let endSlot = new Int32Array(0);
let generation = 0;

/**
 * Collects the steps of a round as they are found: the states it goes on from and the ways it
 * ended, as numbers; margins and Overkills (attacker's · 2^16 + target's) added up by value.
 */
export class StepSet {
  private readonly next: number[] = [];
  private readonly nextP: number[] = [];
  private readonly ends: number[] = [];
  private readonly endP: number[] = [];
  /** Each large end id's index in `ends` (small ones: endSlot). */
  private readonly endAt = new Map<number, number>();
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
    this.next.push(next);
    this.nextP.push(p);
  }

  /** The round ended the fight in `state` with `ending`, `removed` the side left with no models. */
  end(p: number, margin: number | null, ending: Ending, state: number, removed: FightSide | null, overkill: Overkill = null): void {
    if (p === 0) return;
    this.tally(p, margin, overkill);
    // The same end met again (a rule set may record ends that leave the same units in one state) is added up
    const id = endId(ending, state, removed);
    if (id >= END_TABLE_LIMIT) {
      const at = this.endAt.get(id);
      if (at !== undefined) this.endP[at] += p;
      else this.endAt.set(id, this.push(id, p));
      return;
    }
    if (id >= endStamp.length) growEndTable(id);
    if (endStamp[id] === this.generation) this.endP[endSlot[id]] += p;
    else {
      // Sets filled at once take a slot over from each other: the other then misses and records the end again, which RoundSteps allows
      endStamp[id] = this.generation;
      endSlot[id] = this.push(id, p);
    }
  }

  /** A new end, and its index in `ends`. */
  private push(id: number, p: number): number {
    this.endP.push(p);
    return this.ends.push(id) - 1;
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
      next: this.next,
      nextP: this.nextP,
      ends: this.ends,
      endP: this.endP,
      margins,
      overkills: [...this.overkills].map(([o, p]) => [o === NONE ? 'none' : `${Math.floor(o / 65536)}:${o % 65536}`, p] as const),
    };
  }
}

function growEndTable(id: number): void {
  const length = Math.min(END_TABLE_LIMIT, Math.max(id + 1, endStamp.length * 2, 1024));
  const stamp = new Int32Array(length);
  stamp.set(endStamp);
  const slot = new Int32Array(length);
  slot.set(endSlot);
  endStamp = stamp;
  endSlot = slot;
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
}

/** Whether an ending (or still fighting) leaves the target removed: destroyed or caught. */
export function targetRemoved(ending: Ending | typeof FIGHTING): boolean {
  return ending === 'target-destroyed' || ending === 'target-caught' || ending === 'both-destroyed';
}

/** Endings in which the target broke, was caught or destroyed, or fled (kills --fight, compare --fight). */
export const TARGET_BROKEN: readonly string[] = [...LOSER_FATES.map((f) => `target-${f}`), 'both-destroyed'];
