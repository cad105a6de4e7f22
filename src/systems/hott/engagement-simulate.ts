/**
 * HOTT combats that go on, rolled bound by bound like players do: two D6 each bound, the totals
 * compared (§6.7), the loser's row of the table (§7), and the combat goes on while both stay in
 * contact; an assault rolls each bound's fighter against the Stronghold with its supports.
 *
 * What it shares with the exact chains, so a mistake there passes `check` at any sample count: the
 * factors (factors.ts) and the results table (results.ts), as the one-combat simulator does, and
 * from engagement.ts the rules of what goes on — staysInContact (ties, Impetuous pursuit, §5),
 * afterResult and the assaulters' states (IN, RECOILED, LOST), endingLabel. Only the dice are its
 * own. The independent check of those is the brute-force witness
 * test/systems/hott/engagement-enumerate.ts.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import type { Assault, HottEngagement, RepeatedCombat } from './engagement-schema.js';
import { afterResult, endingLabel, IN, IN_CONTACT, LOST, RECOILED, staysInContact } from './engagement.js';
import { combatFactors } from './factors.js';
import { RESULTS, removesFromPlay, resultTable } from './results.js';
import type { CloseCombat } from './scenario.js';

/** A bound's two results packed in one number: attacker · PAIR + target. */
const PAIR = 8;
const NOTHING = RESULTS.indexOf('nothing');
const DESTROYED = RESULTS.indexOf('destroyed');
const CAPTURED = RESULTS.indexOf('captured');

/**
 * One bound of close combat prepared once per combat: the two results, packed, that
 * each of the 36 pairs of dice gives (attacker's die in the low digit, Rng.twoFaces), so a bound
 * rolls its two dice and reads one table.
 */
class PreparedCombat {
  readonly results = new Uint8Array(36);

  constructor(s: CloseCombat) {
    const f = combatFactors(s);
    const table = resultTable(s);
    const strict = s.readings.doubleRule === 'strict';
    const targetDoubled = RESULTS.indexOf(table.targetDoubled);
    const targetBeaten = RESULTS.indexOf(table.targetBeaten);
    const attackerDoubled = RESULTS.indexOf(table.attackerDoubled);
    const attackerBeaten = RESULTS.indexOf(table.attackerBeaten);
    for (let pair = 0; pair < 36; pair++) {
      const tA = (pair % 6) + 1 + f.attacker;
      const tB = Math.floor(pair / 6) + 1 + f.target;
      // §6.7: the higher total wins; the loser is doubled at 2 × its total or more (`strict`: more than
      // twice, the option of ambiguity 1, §8).
      let packed: number;
      if (tA > tB) packed = NOTHING * PAIR + ((strict ? tA > 2 * tB : tA >= 2 * tB) ? targetDoubled : targetBeaten);
      else if (tB > tA) packed = ((strict ? tB > 2 * tA : tB >= 2 * tA) ? attackerDoubled : attackerBeaten) * PAIR + NOTHING;
      // A tie: both destroyed on an odd total in the pairs of §7.2, otherwise no effect.
      else packed = table.oddTieDestroysBoth && (tA & 1) === 1 ? DESTROYED * PAIR + DESTROYED : NOTHING * PAIR + NOTHING;
      this.results[pair] = packed;
    }
  }
}

const prepared = new WeakMap<CloseCombat, PreparedCombat>();

function prepare(s: CloseCombat): PreparedCombat {
  let p = prepared.get(s);
  if (!p) prepared.set(s, (p = new PreparedCombat(s)));
  return p;
}

/** Still in contact after a bound, in place of a pair of results. */
const STILL = PAIR * PAIR;

/** Each pair of dice's ending of a bound of this combat: its pair of results, or STILL when both stay in contact. */
function endings(s: CloseCombat, pursuit: boolean): Uint8Array {
  const results = prepare(s).results;
  return results.map((packed) => (staysInContact(s, RESULTS[Math.floor(packed / PAIR)], RESULTS[packed % PAIR], pursuit) ? STILL : packed));
}

/** Samples by the bound they ended in and their ending, at bound · SLOTS + ending. */
const SLOTS = STILL + 1;

/**
 * The bounds of n samples, two dice each until the combat ends or the last bound is fought: the
 * samples by the bound they ended in (`bounds`: still in contact after the last) and their ending.
 * A small function of its own, compiled once for every scenario.
 */
function rollRepeated(first: Uint8Array, later: Uint8Array, bounds: number, rng: Rng, n: number): Float64Array {
  const ended = new Float64Array((bounds + 1) * SLOTS);
  for (let i = 0; i < n; i++) {
    let bound = 0;
    let ending = first[rng.twoFaces()];
    while (ending === STILL && ++bound < bounds) ending = later[rng.twoFaces()];
    ended[bound * SLOTS + ending]++;
  }
  return ended;
}

const compiledRepeated = new WeakMap<RepeatedCombat, { first: Uint8Array; later: Uint8Array }>();

function simulateRepeated(e: RepeatedCombat, rng: Rng, n: number, tally: Tally): void {
  const bounds = e.bounds;
  let c = compiledRepeated.get(e);
  if (c === undefined) compiledRepeated.set(e, (c = { first: endings(e.first, e.impetuousPursuit), later: endings(e.later, e.impetuousPursuit) }));
  const ended = rollRepeated(c.first, c.later, bounds, rng, n);
  // Counts by ending (STILL: still in contact): within each bound, then overall.
  const within = Array.from({ length: bounds }, () => new Float64Array(SLOTS));
  const overall = new Float64Array(SLOTS);
  for (let endBound = 0; endBound <= bounds; endBound++)
    for (let ending = 0; ending < SLOTS; ending++) {
      const times = ended[endBound * SLOTS + ending];
      if (times === 0) continue;
      for (let b = 0; b < bounds; b++) within[b][b >= endBound ? ending : STILL] += times;
      overall[ending] += times;
      const removed = ending !== STILL && removesFromPlay(RESULTS[ending % PAIR]);
      tally.recordMany(removed ? 1 : 0, removed ? 1 : 0, removed, times);
    }
  const label = (k: number) => (k === STILL ? IN_CONTACT : endingLabel(RESULTS[Math.floor(k / PAIR)], RESULTS[k % PAIR]));
  within.forEach((counts, b) => counts.forEach((times, k) => tally.recordOutcome(`within bound ${b + 1}`, label(k), times)));
  // Each side's result: summed over the endings that give it.
  const attacker = new Float64Array(RESULTS.length);
  const target = new Float64Array(RESULTS.length);
  let still = 0;
  overall.forEach((times, k) => {
    if (k === STILL) still += times;
    else {
      attacker[Math.floor(k / PAIR)] += times;
      target[k % PAIR] += times;
    }
  });
  const sides: [string, Float64Array][] = [
    ['attacker', attacker],
    ['target', target],
  ];
  for (const [side, counts] of sides) {
    counts.forEach((times, r) => tally.recordOutcome(side, RESULTS[r], times));
    tally.recordOutcome(side, IN_CONTACT, still);
  }
}

/** An assault bound's table entry: the fighter's state after it (IN, RECOILED, LOST), plus CAPTURES if the Stronghold falls. */
const CAPTURES = 4;
const STATE_OF = 3;
/** Each element's state is one base-3 digit of the group's state (IN = 0: all in contact is 0). */
const STATES = 3;
/** Not worked out yet. */
const UNKNOWN = -2;

/**
 * An assault compiled once: for each state of the group (a base-3 number) and whose
 * bound it is, who fights and the group's state once its recoiled elements moved back in; and for
 * each (fighter, supports) the bound's table of what each pair of dice does. Filled as states are met.
 */
class CompiledAssault {
  readonly elements: number;
  readonly power: Int32Array;
  /** By state · 2 + (the group's bound ? 0 : 1): the fighter (−1: nobody in contact), UNKNOWN until met. */
  readonly fighter: Int32Array;
  /** The state once recoiled elements moved back in, and the index of the bound's table. */
  readonly moved: Int32Array;
  readonly table: Int32Array;
  readonly tables: Uint8Array[] = [];
  private readonly tableOf = new Map<number, number>();

  constructor(private readonly e: Assault) {
    this.elements = e.elements.length;
    this.power = Int32Array.from({ length: this.elements }, (_, k) => STATES ** k);
    const slots = 2 * STATES ** this.elements;
    this.fighter = new Int32Array(slots).fill(UNKNOWN);
    this.moved = new Int32Array(slots);
    this.table = new Int32Array(slots);
  }

  /** Work out slot `slot` (state · 2 + parity). */
  lineUp(slot: number): void {
    const elements = this.elements;
    // Bound 1 is the assaulting player's; its recoiled elements move back in on its bounds.
    // The first element in contact fights, the next two in contact support (§6.6, lineUp).
    const groupBound = slot % 2 === 0;
    let state = Math.floor(slot / 2);
    let moved = 0;
    const inContact: number[] = [];
    for (let k = 0; k < elements; k++, state = Math.floor(state / STATES)) {
      let s = state % STATES;
      if (groupBound && s === RECOILED) s = IN;
      if (s === IN) inContact.push(k);
      moved += s * this.power[k];
    }
    this.moved[slot] = moved;
    if (inContact.length === 0) {
      this.fighter[slot] = -1;
      return;
    }
    const [fighter, ...rest] = inContact;
    const supports = rest.slice(0, 2);
    const key = (fighter * (elements + 1) + (supports[0] ?? -1) + 1) * (elements + 1) + (supports[1] ?? -1) + 1;
    let id = this.tableOf.get(key);
    if (id === undefined) {
      this.tableOf.set(key, (id = this.tables.length));
      const results = prepare(this.e.combat(fighter, supports)).results;
      this.tables.push(results.map((packed) => afterResult(RESULTS[Math.floor(packed / PAIR)]) + (packed % PAIR === CAPTURED ? CAPTURES : 0)));
    }
    this.table[slot] = id;
    this.fighter[slot] = fighter;
  }
}

const compiledAssaults = new WeakMap<Assault, CompiledAssault>();

function simulateAssault(e: Assault, rng: Rng, n: number, tally: Tally): void {
  let c = compiledAssaults.get(e);
  if (c === undefined) compiledAssaults.set(e, (c = new CompiledAssault(e)));
  const elements = c.elements;
  const bounds = e.bounds;
  // The bound of each sample's capture (`bounds`: held), and the elements it lost by whether it was captured.
  const capturedAt = new Float64Array(bounds + 1);
  const lost = new Float64Array(2 * (elements + 1));
  rollAssault(c, bounds, rng, n, capturedAt, lost);
  for (let k = 0; k <= elements; k++) {
    tally.recordMany(k, undefined, false, lost[k]);
    tally.recordMany(k, undefined, true, lost[elements + 1 + k]);
  }
  let capturedBy = 0;
  for (let b = 0; b < bounds; b++) {
    capturedBy += capturedAt[b];
    tally.recordOutcome(`bound ${b + 1}`, 'captured', capturedBy);
    tally.recordOutcome(`bound ${b + 1}`, 'holds', n - capturedBy);
  }
}

/** n samples of an assault, counted by the bound of capture and by the elements lost (see simulateAssault); compiled once for every scenario. */
function rollAssault(c: CompiledAssault, bounds: number, rng: Rng, n: number, capturedAt: Float64Array, lost: Float64Array): void {
  const { elements, power, fighter: fighterOf, moved, table, tables } = c;
  for (let i = 0; i < n; i++) {
    let state = 0;
    let captured = bounds;
    for (let bound = 0; bound < bounds; bound++) {
      const slot = 2 * state + (bound & 1);
      if (fighterOf[slot] === UNKNOWN) c.lineUp(slot);
      const fighter = fighterOf[slot];
      state = moved[slot];
      if (fighter < 0) continue;
      const entry = tables[table[slot]][rng.twoFaces()];
      // The fighter was in contact (digit 0): its digit becomes its state after the bound.
      state += (entry & STATE_OF) * power[fighter];
      if (entry >= CAPTURES) {
        captured = bound;
        break;
      }
    }
    capturedAt[captured]++;
    let lostHere = 0;
    for (let k = 0; k < elements; k++, state = (state / STATES) | 0) if (state % STATES === LOST) lostHere++;
    lost[(captured < bounds ? elements + 1 : 0) + lostHere]++;
  }
}

export function simulateHottEngagement(e: HottEngagement, rng: Rng, n: number, tally: Tally): void {
  if (e.kind === 'assault') simulateAssault(e, rng, n, tally);
  else simulateRepeated(e, rng, n, tally);
}
