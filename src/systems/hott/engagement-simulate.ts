/**
 * HOTT combats that go on, rolled bound by bound like players do: two D6 each bound, the totals
 * compared (§6.7), the loser's row of the table (§7), and the combat goes on while both stay in
 * contact; an assault rolls each bound's fighter against the Stronghold with its supports. It
 * shares the factors and the results table with the one-combat simulator, never the chains.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import type { Assault, HottEngagement, RepeatedCombat } from './engagement-schema.js';
import { afterResult, endingLabel, IN, IN_CONTACT, LOST, lineUp, staysInContact } from './engagement.js';
import { combatFactors } from './factors.js';
import { type Result, removesFromPlay, resultTable } from './results.js';
import type { CloseCombat } from './scenario.js';

/** One bound of close combat, die by die: the two elements' results. */
const prepared = new WeakMap<CloseCombat, { f: ReturnType<typeof combatFactors>; table: ReturnType<typeof resultTable> }>();

function rollCombat(s: CloseCombat, rng: Rng): [Result, Result] {
  let ready = prepared.get(s);
  if (!ready) prepared.set(s, (ready = { f: combatFactors(s), table: resultTable(s) }));
  const { f, table } = ready;
  const strict = s.readings.doubleRule === 'strict';
  const tA = rng.d6() + f.attacker;
  const tB = rng.d6() + f.target;
  if (tA > tB) return ['nothing', (strict ? tA > 2 * tB : tA >= 2 * tB) ? table.targetDoubled : table.targetBeaten];
  if (tB > tA) return [(strict ? tB > 2 * tA : tB >= 2 * tA) ? table.attackerDoubled : table.attackerBeaten, 'nothing'];
  // A tie: both destroyed on an odd total in the pairs of §7.2, otherwise no effect.
  return table.oddTieDestroysBoth && (tA & 1) === 1 ? ['destroyed', 'destroyed'] : ['nothing', 'nothing'];
}

function add(m: Map<string, number>, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

function simulateRepeated(e: RepeatedCombat, rng: Rng, n: number, tally: Tally): void {
  const within = Array.from({ length: e.bounds }, () => new Map<string, number>());
  const attacker = new Map<string, number>();
  const target = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    let ending: [Result, Result] | null = null;
    let endBound = e.bounds;
    for (let bound = 0; bound < e.bounds && !ending; bound++) {
      const s = bound === 0 ? e.first : e.later;
      const [a, t] = rollCombat(s, rng);
      if (!staysInContact(s, a, t, e.impetuousPursuit)) {
        ending = [a, t];
        endBound = bound;
      }
    }
    for (let b = 0; b < e.bounds; b++) add(within[b], ending && b >= endBound ? endingLabel(ending[0], ending[1]) : IN_CONTACT);
    add(attacker, ending ? ending[0] : IN_CONTACT);
    add(target, ending ? ending[1] : IN_CONTACT);
    const removed = ending !== null && removesFromPlay(ending[1]);
    tally.record(removed ? 1 : 0, removed ? 1 : 0, removed);
  }
  within.forEach((m, b) => m.forEach((times, k) => tally.recordOutcome(`within bound ${b + 1}`, k, times)));
  attacker.forEach((times, k) => tally.recordOutcome('attacker', k, times));
  target.forEach((times, k) => tally.recordOutcome('target', k, times));
}

function simulateAssault(e: Assault, rng: Rng, n: number, tally: Tally): void {
  const capturedBy = new Float64Array(e.bounds);
  for (let i = 0; i < n; i++) {
    let states = e.elements.map(() => IN);
    let capturedAt = -1;
    for (let bound = 0; bound < e.bounds && capturedAt < 0; bound++) {
      // Bound 1 is the assaulting player's; its recoiled elements move back in on its bounds.
      const line = lineUp(states, bound % 2 === 0);
      states = line.states;
      if (line.fighter < 0) continue;
      const [a, t] = rollCombat(e.combat(line.fighter, line.supports), rng);
      states[line.fighter] = afterResult(a);
      if (t === 'captured') capturedAt = bound;
    }
    for (let b = Math.max(0, capturedAt); capturedAt >= 0 && b < e.bounds; b++) capturedBy[b]++;
    const lostHere = states.filter((s) => s === LOST).length;
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
