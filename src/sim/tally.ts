/**
 * Integer tallies of Monte Carlo samples, mirroring the fields of an Outcome.
 * Counts are whole numbers held in doubles (exact below 2^53), so adding tallies in any order
 * gives bit-identical totals.
 */
import type { Outcome } from '../systems/types.js';
import { trim } from '../core/dist.js';

/**
 * Values from this one on share the last slot of a histogram (its overflow bucket): memory stays
 * bounded whatever the damage range (`--damage D6+5000000`), and the outcome says how much of it
 * was pooled there.
 */
export const POOLED_FROM = 1 << 16;

/** A growable histogram of non-negative integers, at most POOLED_FROM + 1 slots long. */
export class Counts {
  data = new Float64Array(16);
  /** One more observation of k. */
  add(k: number): void {
    if (k >= this.data.length) k = this.slot(k);
    this.data[k]++;
  }
  /** `times` more observations of k. */
  addMany(k: number, times: number): void {
    if (times === 0) return;
    if (k >= this.data.length) k = this.slot(k);
    this.data[k] += times;
  }
  /** Off the hot path: the slot of a value beyond the array, grown to hold it. */
  private slot(k: number): number {
    const slot = Math.min(k, POOLED_FROM);
    if (slot >= this.data.length) this.grow(slot + 1);
    return slot;
  }
  private grow(length: number): void {
    let size = this.data.length;
    while (size < length) size *= 2;
    size = Math.min(size, POOLED_FROM + 1);
    const next = new Float64Array(size);
    next.set(this.data);
    this.data = next;
  }
  toArray(): number[] {
    return Array.from(trim(this.data));
  }
}

/**
 * A histogram grows when a sample first goes past its length, which may come only after a
 * simulator's loop was optimised with `add` inlined: V8 then threw the loop away for want of type
 * feedback on this rare path ("Insufficient type feedback", seen with --trace-deopt) and compiled
 * it again, in every worker thread (thread scaling). Growing a few throwaway histograms
 * when this module loads gives the path its feedback (V8 records feedback only after a function's
 * first 8 calls).
 */
const FEEDBACK_CALLS = 12;
for (let i = 0; i < FEEDBACK_CALLS; i++) {
  const counts = new Counts();
  counts.add(counts.data.length);
  counts.addMany(counts.data.length, 1);
}

export class Tally {
  samples = 0;
  readonly damage = new Counts();
  /** Set `tracksSlain` when the system records models slain. */
  tracksSlain = false;
  readonly slain = new Counts();
  /** Samples in which the whole target was removed; `tracksDestroyed` when recorded. */
  tracksDestroyed = false;
  destroyed = 0;
  /**
   * Morale categories and outcome results are counted by slot in one typed array (no
   * string-keyed map updated per sample); a slot is found once by name (moraleSlot, outcomeSlot)
   * and counted with count(). Slots are numbered in the order first met, the order toJSON lists.
   */
  private counts = new Float64Array(16);
  private readonly moraleSlots = new Map<string, number>();
  private readonly outcomeSlots = new Map<string, Map<string, number>>();
  private slotCount = 0;

  /** Record one sample's damage, and models slain / destroyed when the target has models. */
  record(damage: number, slain?: number, destroyed?: boolean): void {
    this.samples++;
    this.damage.add(damage);
    if (slain !== undefined) {
      this.tracksSlain = true;
      this.slain.add(slain);
    }
    if (destroyed !== undefined) {
      this.tracksDestroyed = true;
      if (destroyed) this.destroyed++;
    }
  }

  /**
   * Record `times` samples alike at once (a simulator that counted its samples by outcome itself):
   * the same tally as `times` calls of record().
   */
  recordMany(damage: number, slain: number | undefined, destroyed: boolean | undefined, times: number): void {
    if (times === 0) return;
    this.samples += times;
    this.damage.addMany(damage, times);
    if (slain !== undefined) {
      this.tracksSlain = true;
      this.slain.addMany(slain, times);
    }
    if (destroyed !== undefined) {
      this.tracksDestroyed = true;
      if (destroyed) this.destroyed += times;
    }
  }

  /** The slot of a morale category, for count(). */
  moraleSlot(category: string): number {
    let slot = this.moraleSlots.get(category);
    if (slot === undefined) this.moraleSlots.set(category, (slot = this.newSlot()));
    return slot;
  }

  /** The slot of one result of one element's table (HOTT's elements, a fight's tables…), for count(). */
  outcomeSlot(element: string, result: string): number {
    let table = this.outcomeSlots.get(element);
    if (!table) this.outcomeSlots.set(element, (table = new Map()));
    let slot = table.get(result);
    if (slot === undefined) table.set(result, (slot = this.newSlot()));
    return slot;
  }

  /** `times` more samples (default one) in a slot. */
  count(slot: number, times = 1): void {
    this.counts[slot] += times;
  }

  private newSlot(): number {
    if (this.slotCount === this.counts.length) {
      const grown = new Float64Array(2 * this.counts.length);
      grown.set(this.counts);
      this.counts = grown;
    }
    return this.slotCount++;
  }

  /** Count one sample (or `times` samples a simulator counted itself) in a morale category (categories are mutually exclusive). */
  recordMorale(category: string, times = 1): void {
    if (times === 0) return;
    // The slot first: finding a new one may grow (replace) the array.
    const slot = this.moraleSlot(category);
    this.counts[slot] += times;
  }

  /** Count one sample's result (or `times` samples') for one element (HOTT). */
  recordOutcome(element: string, result: string, times = 1): void {
    if (times === 0) return;
    const slot = this.outcomeSlot(element, result);
    this.counts[slot] += times;
  }

  /** The morale counts by category, categories never counted left out. */
  get morale(): Map<string, number> {
    return this.countsOf(this.moraleSlots);
  }

  /** The outcome tables' counts by element and result, results never counted left out. */
  get outcomes(): Map<string, Map<string, number>> {
    const out = new Map<string, Map<string, number>>();
    for (const [element, table] of this.outcomeSlots) {
      const counts = this.countsOf(table);
      if (counts.size) out.set(element, counts);
    }
    return out;
  }

  private countsOf(slots: Map<string, number>): Map<string, number> {
    const out = new Map<string, number>();
    for (const [key, slot] of slots) if (this.counts[slot] !== 0) out.set(key, this.counts[slot]);
    return out;
  }

  toJSON(): TallyData {
    return {
      samples: this.samples,
      damage: this.damage.toArray(),
      slain: this.tracksSlain ? this.slain.toArray() : null,
      destroyed: this.tracksDestroyed ? this.destroyed : null,
      morale: Object.fromEntries(this.morale),
      outcomes: Object.fromEntries([...this.outcomes].map(([k, v]) => [k, Object.fromEntries(v)])),
    };
  }
}

/** The structured-clone form of a Tally, as workers return it. */
export interface TallyData {
  samples: number;
  damage: number[];
  slain: number[] | null;
  destroyed: number | null;
  morale: Record<string, number>;
  outcomes: Record<string, Record<string, number>>;
}

export function emptyTallyData(): TallyData {
  return { samples: 0, damage: [], slain: null, destroyed: null, morale: {}, outcomes: {} };
}

/** Add b into a (integer sums: order does not matter). */
export function mergeTally(a: TallyData, b: TallyData): TallyData {
  const outcomes: Record<string, Record<string, number>> = { ...a.outcomes };
  for (const [element, table] of Object.entries(b.outcomes)) outcomes[element] = addRecords(outcomes[element] ?? {}, table);
  return {
    samples: a.samples + b.samples,
    damage: addArrays(a.damage, b.damage),
    slain: a.slain === null && b.slain === null ? null : addArrays(a.slain ?? [], b.slain ?? []),
    destroyed: a.destroyed === null && b.destroyed === null ? null : (a.destroyed ?? 0) + (b.destroyed ?? 0),
    morale: addRecords(a.morale, b.morale),
    outcomes,
  };
}

/**
 * The tally with its morale categories and outcome tables in the rule set's fixed order
 * (GameSystem.categoryOrder); names it does not list follow in natural order (numbers inside a
 * name compare as numbers: 'bound 2' before 'bound 10'). The same whatever order the chunks
 * finished in. (An object always lists integer keys such as '3' first, in ascending order.)
 */
export function canonicalTally(t: TallyData, order: readonly string[]): TallyData {
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i < 0 ? order.length : i;
  };
  const byOrder = (a: string, b: string) => rank(a) - rank(b) || naturalCompare(a, b);
  const sorted = <T>(r: Record<string, T>) => Object.fromEntries(Object.keys(r).sort(byOrder).map((k) => [k, r[k]]));
  return { ...t, morale: sorted(t.morale), outcomes: mapRecord(sorted(t.outcomes), sorted) };
}

/** Text compared by code unit, runs of digits by their value. */
export function naturalCompare(a: string, b: string): number {
  const x = a.split(/(\d+)/);
  const y = b.split(/(\d+)/);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    // Odd parts are the digit runs.
    if (i % 2 === 1) return Number(x[i]) - Number(y[i]) || (x[i] < y[i] ? -1 : 1);
    return x[i] < y[i] ? -1 : 1;
  }
  return x.length - y.length;
}

/**
 * The Monte Carlo estimate of an Outcome: every count divided by the number of samples. A
 * distribution whose overflow bucket was used says so in `pooledFrom`.
 */
export function tallyToOutcome(t: TallyData): Outcome {
  const n = t.samples;
  const scale = (xs: number[]) => Float64Array.from(xs.length ? xs : [n], (x) => x / n);
  const outcome: Outcome = { damage: scale(t.damage) };
  if (t.slain) outcome.slain = scale(t.slain);
  // Trailing zeros are trimmed, so a histogram longer than POOLED_FROM used its overflow bucket.
  const pooledFrom: NonNullable<Outcome['pooledFrom']> = {};
  if (t.damage.length > POOLED_FROM) pooledFrom.damage = POOLED_FROM;
  if (t.slain && t.slain.length > POOLED_FROM) pooledFrom.slain = POOLED_FROM;
  if (Object.keys(pooledFrom).length) outcome.pooledFrom = pooledFrom;
  if (t.destroyed !== null) outcome.destroyed = t.destroyed / n;
  if (Object.keys(t.morale).length) outcome.morale = mapRecord(t.morale, (x) => x / n);
  if (Object.keys(t.outcomes).length) outcome.outcomes = mapRecord(t.outcomes, (table) => mapRecord(table, (x) => x / n));
  return outcome;
}

function addArrays(a: number[], b: number[]): number[] {
  const out = new Array<number>(Math.max(a.length, b.length)).fill(0);
  a.forEach((x, i) => (out[i] += x));
  b.forEach((x, i) => (out[i] += x));
  return out;
}

function addRecords(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

function mapRecord<T, U>(r: Record<string, T>, f: (x: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, f(v)]));
}
