/**
 * HOTT combats that go on, rolled bound by bound like players do: two D6 each bound, the totals
 * compared (§6.7), the loser's row of the table (§7), and the combat goes on while both stay in
 * contact; an assault rolls each bound's fighter against the Stronghold with its supports. It
 * shares the factors and the results table with the one-combat simulator, never the chains.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import type { Assault, HottEngagement, RepeatedCombat } from './engagement-schema.js';
import { afterResult, endingLabel, IN, IN_CONTACT, LOST, RECOILED, staysInContact } from './engagement.js';
import { combatFactors } from './factors.js';
import { RESULTS, removesFromPlay, resultTable } from './results.js';
import type { CloseCombat } from './scenario.js';

/**
 * One bound of close combat prepared once per combat: the factors and the results of the table as
 * indices into RESULTS, so a bound is two dice and a comparison (issue 16: no allocation per bound).
 */
class PreparedCombat {
  readonly attacker: number;
  readonly target: number;
  readonly strict: boolean;
  readonly targetDoubled: number;
  readonly targetBeaten: number;
  readonly attackerDoubled: number;
  readonly attackerBeaten: number;
  readonly oddTieDestroysBoth: boolean;

  constructor(s: CloseCombat) {
    const f = combatFactors(s);
    const table = resultTable(s);
    this.attacker = f.attacker;
    this.target = f.target;
    this.strict = s.readings.doubleRule === 'strict';
    this.targetDoubled = RESULTS.indexOf(table.targetDoubled);
    this.targetBeaten = RESULTS.indexOf(table.targetBeaten);
    this.attackerDoubled = RESULTS.indexOf(table.attackerDoubled);
    this.attackerBeaten = RESULTS.indexOf(table.attackerBeaten);
    this.oddTieDestroysBoth = table.oddTieDestroysBoth;
  }
}

const prepared = new WeakMap<CloseCombat, PreparedCombat>();

function prepare(s: CloseCombat): PreparedCombat {
  let p = prepared.get(s);
  if (!p) prepared.set(s, (p = new PreparedCombat(s)));
  return p;
}

const NOTHING = RESULTS.indexOf('nothing');
const DESTROYED = RESULTS.indexOf('destroyed');
const CAPTURED = RESULTS.indexOf('captured');
/** A bound's two results packed in one number: attacker · PAIR + target. */
const PAIR = 8;

/** One bound of close combat, die by die: the attacker's and the target's results, packed. */
function rollCombat(c: PreparedCombat, rng: Rng): number {
  const tA = rng.d6() + c.attacker;
  const tB = rng.d6() + c.target;
  // §6.7: the higher total wins; the loser is doubled at 2 × its total or more (`strict`: more than
  // twice, the option of ambiguity 1, §8).
  if (tA > tB) return NOTHING * PAIR + ((c.strict ? tA > 2 * tB : tA >= 2 * tB) ? c.targetDoubled : c.targetBeaten);
  if (tB > tA) return ((c.strict ? tB > 2 * tA : tB >= 2 * tA) ? c.attackerDoubled : c.attackerBeaten) * PAIR + NOTHING;
  // A tie: both destroyed on an odd total in the pairs of §7.2, otherwise no effect.
  return c.oddTieDestroysBoth && (tA & 1) === 1 ? DESTROYED * PAIR + DESTROYED : NOTHING * PAIR + NOTHING;
}

function simulateRepeated(e: RepeatedCombat, rng: Rng, n: number, tally: Tally): void {
  const first = prepare(e.first);
  const later = prepare(e.later);
  // Whether a pair of results keeps the elements in contact, for the first bound and the later ones.
  const stays = [e.first, e.later].map((s) => Uint8Array.from({ length: PAIR * PAIR }, (_, k) => {
    const a = RESULTS[Math.floor(k / PAIR)];
    const t = RESULTS[k % PAIR];
    return a !== undefined && t !== undefined && staysInContact(s, a, t, e.impetuousPursuit) ? 1 : 0;
  }));
  // Counts by ending pair (PAIR · PAIR means still in contact): within each bound, then overall.
  const STILL = PAIR * PAIR;
  const within = Array.from({ length: e.bounds }, () => new Float64Array(STILL + 1));
  const endings = new Float64Array(STILL + 1);
  for (let i = 0; i < n; i++) {
    let ending = STILL;
    let endBound = e.bounds;
    for (let bound = 0; bound < e.bounds; bound++) {
      const pair = rollCombat(bound === 0 ? first : later, rng);
      if (stays[bound === 0 ? 0 : 1][pair] === 0) {
        ending = pair;
        endBound = bound;
        break;
      }
    }
    for (let b = 0; b < e.bounds; b++) within[b][b >= endBound ? ending : STILL]++;
    endings[ending]++;
    const removed = ending !== STILL && removesFromPlay(RESULTS[ending % PAIR]);
    tally.record(removed ? 1 : 0, removed ? 1 : 0, removed);
  }
  const label = (k: number) => (k === STILL ? IN_CONTACT : endingLabel(RESULTS[Math.floor(k / PAIR)], RESULTS[k % PAIR]));
  within.forEach((counts, b) => counts.forEach((times, k) => tally.recordOutcome(`within bound ${b + 1}`, label(k), times)));
  // Each side's result: summed over the endings that give it.
  const attacker = new Float64Array(RESULTS.length);
  const target = new Float64Array(RESULTS.length);
  let still = 0;
  endings.forEach((times, k) => {
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

function simulateAssault(e: Assault, rng: Rng, n: number, tally: Tally): void {
  const elements = e.elements.length;
  const capturedBy = new Float64Array(e.bounds);
  // The combat of each (fighter, first support, second support), prepared when first met.
  const combats: (PreparedCombat | undefined)[] = [];
  const states = new Int32Array(elements);
  const supports: number[] = [];
  for (let i = 0; i < n; i++) {
    states.fill(IN);
    let capturedAt = -1;
    for (let bound = 0; bound < e.bounds && capturedAt < 0; bound++) {
      // Bound 1 is the assaulting player's; its recoiled elements move back in on its bounds.
      // The first element in contact fights, the next two in contact support (§6.6, lineUp).
      const groupBound = bound % 2 === 0;
      let fighter = -1;
      let s1 = -1;
      let s2 = -1;
      for (let k = 0; k < elements; k++) {
        if (groupBound && states[k] === RECOILED) states[k] = IN;
        if (states[k] !== IN) continue;
        if (fighter < 0) fighter = k;
        else if (s1 < 0) s1 = k;
        else if (s2 < 0) s2 = k;
      }
      if (fighter < 0) continue;
      const key = (fighter * (elements + 1) + s1 + 1) * (elements + 1) + s2 + 1;
      let combat = combats[key];
      if (combat === undefined) {
        supports.length = 0;
        if (s1 >= 0) supports.push(s1);
        if (s2 >= 0) supports.push(s2);
        combats[key] = combat = prepare(e.combat(fighter, supports));
      }
      const pair = rollCombat(combat, rng);
      states[fighter] = afterResult(RESULTS[Math.floor(pair / PAIR)]);
      if (pair % PAIR === CAPTURED) capturedAt = bound;
    }
    for (let b = Math.max(0, capturedAt); capturedAt >= 0 && b < e.bounds; b++) capturedBy[b]++;
    let lostHere = 0;
    for (let k = 0; k < elements; k++) if (states[k] === LOST) lostHere++;
    tally.record(lostHere, undefined, capturedAt >= 0);
  }
  capturedBy.forEach((c, b) => {
    tally.recordOutcome(`bound ${b + 1}`, 'captured', c);
    tally.recordOutcome(`bound ${b + 1}`, 'holds', n - c);
  });
}

export function simulateHottEngagement(e: HottEngagement, rng: Rng, n: number, tally: Tally): void {
  if (e.kind === 'assault') simulateAssault(e, rng, n, tally);
  else simulateRepeated(e, rng, n, tally);
}
