/**
 * A fight simulator's counts on integers: each way a round can end — its margin,
 * Overkill, the units it leaves, how the fight ends there (or null) and the state it goes on from —
 * gets an id once; a sample's round is then one increment of a typed array at (id, round). The
 * counts become the fight's tables (tables.ts) once per chunk, each sample counted once in the round and ending it reached.
 */
import { IntPairTable } from '../core/int-pair-table.js';
import type { Tally } from '../sim/tally.js';
import { objectArray } from '../core/object-array.js';
import { FightTables } from './tables.js';
import { ENDINGS, type Ending, type Overkill, type Units, overkillKey } from './types.js';
import { grownInt32 } from '../core/grown.js';

interface Settled<S> {
  readonly margin: number | null;
  readonly overkill: Overkill;
  /** Indices of the margin and of overkillKey(overkill) among those met (SettledRounds.margins, overkills). */
  readonly marginIndex: number;
  readonly overkillIndex: number;
  /** Index of the models left (attackerLeft, targetLeft) among those met (SettledRounds.lefts). */
  readonly leftIndex: number;
  readonly units: Units;
  readonly ending: Ending | null;
  readonly state: S;
}

/** Ranges of the round end's integer key (roundEndCode): margins −MARGIN_SPAN … MARGIN_SPAN, each side's Overkill 0 … OVERKILL_SPAN − 1. */
const MARGIN_SPAN = 1023;
const OVERKILL_SPAN = 64;
const ENDING_CODES = ENDINGS.length + 1;
const ENDING_CODE = new Map<Ending | null, number>([[null, 0], ...ENDINGS.map((e, i): [Ending, number] => [e, i + 1])]);

/** Margin, Overkill and ending as one number below 2³¹, or −1 when one is beyond the ranges above. */
function roundEndCode(margin: number | null, overkill: Overkill, ending: Ending | null): number {
  if (margin !== null && !(Math.abs(margin) <= MARGIN_SPAN)) return -1;
  if (overkill !== null && !(overkill.attacker < OVERKILL_SPAN && overkill.target < OVERKILL_SPAN)) return -1;
  const m = margin === null ? 0 : margin + MARGIN_SPAN + 1;
  const o = overkill === null ? 0 : 1 + overkill.attacker * OVERKILL_SPAN + overkill.target;
  return (m * (OVERKILL_SPAN * OVERKILL_SPAN + 1) + o) * ENDING_CODES + ENDING_CODE.get(ending)!;
}

export class SettledRounds<S> {
  /** Counts of the current call by id × stride + round (a call's counts fit 32 bits; half the memory of doubles, read in the hot loop). */
  counts: Int32Array;
  /** 1 when the round's end ends the fight, by id. */
  ends: Uint8Array;
  /** A simulator's next round from the id's state (−1: not looked up yet), by id. */
  next: Int32Array;
  /** By id × 4: its units' attackerLeft, targetLeft, targetWounds, targetSlain (`checked` reads them here, not through the objects). */
  private unitCounts: Int32Array;
  readonly stride: number;
  private readonly settled: Settled<S>[] = objectArray();
  /**
   * Ids by (state key × 4 + which sides have no models left, roundEndCode): a side's models left
   * are its models in the state, or none when it was removed (caught, or destroyed on a failed
   * test), and the state fixes the rest of the units — checked on every look-up. Ends beyond
   * roundEndCode's ranges are found by a string key.
   */
  private readonly ids = new IntPairTable();
  private readonly rareIds = new Map<string, number>();
  /** The margins and Overkill keys of the round ends, each once, and their indices. */
  private readonly margins: Array<number | null> = objectArray();
  private readonly marginIndices = new Map<number | null, number>();
  private readonly overkills: string[] = objectArray();
  private readonly overkillIndices = new Map<string, number>();
  /** The units of the first round end met with each pair of models left, by attackerLeft × 2²⁰ + targetLeft; their indices. */
  private readonly lefts: Units[] = objectArray();
  private readonly leftIndices = new Map<number, number>();

  constructor(
    private readonly rounds: number,
    private readonly challenge: boolean,
  ) {
    this.stride = rounds + 1;
    this.counts = new Int32Array(1024 * this.stride);
    this.ends = new Uint8Array(1024);
    this.next = new Int32Array(1024).fill(-1);
    this.unitCounts = new Int32Array(1024 * 4);
  }

  /**
   * The id of a round that ended with this margin (null: no blows), Overkill and units, and `ending`
   * (null: the fight goes on from `state`, whose key is `stateKey`). The arrays may grow: read them
   * again after a call.
   */
  id(margin: number | null, overkill: Overkill, units: Units, ending: Ending | null, state: S, stateKey: number): number {
    const code = roundEndCode(margin, overkill, ending);
    const a = stateKey * 4 + (units.attackerLeft === 0 ? 2 : 0) + (units.targetLeft === 0 ? 1 : 0);
    if (code < 0 || !(a <= 0x7fffffff)) return this.rareId(margin, overkill, units, ending, state, stateKey);
    let id = this.ids.get(a, code);
    if (id >= 0) return this.checked(id, units);
    id = this.add(margin, overkill, units, ending, state);
    this.ids.set(a, code, id);
    return id;
  }

  /** The id of a round end beyond the integer key's ranges. */
  private rareId(margin: number | null, overkill: Overkill, units: Units, ending: Ending | null, state: S, stateKey: number): number {
    const key = `${margin}|${overkillKey(overkill)}|${ending}|${units.attackerLeft},${units.targetLeft},${units.targetWounds},${units.targetSlain}|${stateKey}`;
    let id = this.rareIds.get(key);
    if (id !== undefined) return id;
    id = this.add(margin, overkill, units, ending, state);
    this.rareIds.set(key, id);
    return id;
  }

  private add(margin: number | null, overkill: Overkill, units: Units, ending: Ending | null, state: S): number {
    const id = this.settled.length;
    if (id === this.ends.length) this.grow();
    this.settled.push({ margin, overkill, marginIndex: indexIn(this.margins, this.marginIndices, margin), overkillIndex: indexIn(this.overkills, this.overkillIndices, overkillKey(overkill)), leftIndex: this.leftIndex(units), units, ending, state });
    this.ends[id] = ending === null ? 0 : 1;
    const at = id * 4;
    this.unitCounts[at] = units.attackerLeft;
    this.unitCounts[at + 1] = units.targetLeft;
    this.unitCounts[at + 2] = units.targetWounds;
    this.unitCounts[at + 3] = units.targetSlain;
    return id;
  }

  private leftIndex(units: Units): number {
    const key = units.attackerLeft * 0x100000 + units.targetLeft;
    let i = this.leftIndices.get(key);
    if (i === undefined) {
      i = this.lefts.length;
      this.lefts.push(units);
      this.leftIndices.set(key, i);
    }
    return i;
  }

  /** `id`, whose units must be `units` (the integer key holds only part of them). */
  private checked(id: number, units: Units): number {
    const c = this.unitCounts;
    const at = id * 4;
    if (c[at] !== units.attackerLeft || c[at + 1] !== units.targetLeft || c[at + 2] !== units.targetWounds || c[at + 3] !== units.targetSlain)
      throw new Error(`SettledRounds: round end ${id} met with other units (${JSON.stringify(units)} vs ${JSON.stringify(this.settled[id].units)}): the units must follow from the state`);
    return id;
  }

  /** The state the fight goes on from after round end `id`. */
  state(id: number): S {
    return this.settled[id].state;
  }

  /** Zero the counts before a call. */
  clear(): void {
    this.counts.fill(0, 0, this.settled.length * this.stride);
  }

  /** Add the counts of a call of `samples` samples into `tally` as the fight's tables. */
  intoTally(tally: Tally, samples: number): void {
    const cap = this.rounds;
    const tables = new FightTables(cap, this.challenge);
    // Margins, Overkill and models left summed by round and index first, handed to the tables once
    // each; the mass that ended in each round (`ended`, by models left) counts in every later round's
    // tables (afterEnd), added there once per round and models left
    const nm = this.margins.length;
    const no = this.overkills.length;
    const margins = new Float64Array((cap + 1) * nm);
    const overkills = new Float64Array((cap + 1) * no);
    const nl = this.lefts.length;
    const lefts = new Float64Array((cap + 1) * nl);
    const ended = new Float64Array((cap + 1) * nl);
    this.settled.forEach((s, id) => {
      for (let round = 1; round <= cap; round++) {
        const w = this.counts[id * this.stride + round];
        if (w === 0) continue;
        margins[round * nm + s.marginIndex] += w;
        overkills[round * no + s.overkillIndex] += w;
        lefts[round * nl + s.leftIndex] += w;
        // The fight ended here, or reached the round cap still fighting
        if (s.ending === null && round < cap) continue;
        tables.end(round, s.ending, s.units, w);
        if (round === cap) continue;
        ended[round * nl + s.leftIndex] += w;
      }
    });
    for (let round = 1; round <= cap; round++) {
      for (let i = 0; i < nm; i++) if (margins[round * nm + i] > 0) tables.margin(round, this.margins[i], margins[round * nm + i]);
      for (let i = 0; i < no; i++) if (overkills[round * no + i] > 0) tables.overkill(round, this.overkills[i], overkills[round * no + i]);
      for (let i = 0; i < nl; i++) if (lefts[round * nl + i] > 0) tables.left(round, this.lefts[i], lefts[round * nl + i]);
    }
    const before = new Float64Array(nl);
    for (let later = 2; later <= cap; later++) {
      for (let i = 0; i < nl; i++) {
        before[i] += ended[(later - 1) * nl + i];
        if (before[i] > 0) tables.afterEnd(later, this.lefts[i], before[i]);
      }
    }
    tables.intoTally(tally, samples);
  }

  private grow(): void {
    const length = this.ends.length * 2;
    this.counts = grownInt32(this.counts, length * this.stride);
    const ends = new Uint8Array(length);
    ends.set(this.ends);
    this.ends = ends;
    this.next = grownInt32(this.next, length, -1);
    this.unitCounts = grownInt32(this.unitCounts, length * 4);
  }
}

/** The index of `value` in `values`, appended on first use. */
function indexIn<T>(values: T[], indices: Map<T, number>, value: T): number {
  let i = indices.get(value);
  if (i === undefined) {
    i = values.length;
    values.push(value);
    indices.set(value, i);
  }
  return i;
}
