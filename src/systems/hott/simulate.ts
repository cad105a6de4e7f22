/**
 * HOTT combat rolled like a player at the table: each side rolls its D6, a magic attack checks
 * the Magician's die for a 1 (§6.5), the totals are compared (§6.7), and the loser's row of the
 * scenario's results table is applied (§7).
 *
 * A sample is wholly decided by its two dice, so the loop only rolls them (attacker's die first,
 * Rng.twoFaces) and counts each of the 36 pairs (issue 16); after the loop each pair's results are
 * worked out once, by the same rules, and counted into the tally as often as the pair came up.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import { COMBAT_CASES, type CombatCase } from './exact.js';
import { combatFactors } from './factors.js';
import { type Result, RESULTS, removesFromPlay, resultTable } from './results.js';
import type { HottScenario } from './scenario.js';

const index = (r: Result) => RESULTS.indexOf(r);
const caseIndex = (c: CombatCase) => COMBAT_CASES.indexOf(c);

export function simulateHott(s: HottScenario, rng: Rng, n: number, tally: Tally): void {
  // The dice: how often each pair came up, the attacker's die in the low digit.
  const pairs = new Float64Array(36);
  for (let i = 0; i < n; i++) pairs[rng.twoFaces()]++;

  const f = combatFactors(s);
  const table = resultTable(s);
  const strict = s.readings.doubleRule === 'strict';
  const NOTHING = index('nothing');
  const DESTROYED = index('destroyed');
  const [targetDoubled, targetBeaten, attackerDoubled, attackerBeaten] = [table.targetDoubled, table.targetBeaten, table.attackerDoubled, table.attackerBeaten].map(index);
  const VANISHED = index('vanished');
  const [DOUBLES, WINS, TIES, LOSES, DOUBLED] = (['doubles', 'wins', 'ties', 'loses', 'doubled'] as const).map(caseIndex);
  const attackerCounts = new Float64Array(RESULTS.length);
  const targetCounts = new Float64Array(RESULTS.length);
  const combatCounts = new Float64Array(COMBAT_CASES.length);
  for (let pair = 0; pair < 36; pair++) {
    const times = pairs[pair];
    if (times === 0) continue;
    const dA = (pair % 6) + 1;
    const dB = Math.floor(pair / 6) + 1;
    const tA = dA + f.attacker;
    const tB = dB + f.target;
    let combat: number;
    let attacker = NOTHING;
    let target = NOTHING;
    if (tA > tB) {
      const doubled = strict ? tA > 2 * tB : tA >= 2 * tB;
      combat = doubled ? DOUBLES : WINS;
      target = doubled ? targetDoubled : targetBeaten;
    } else if (tB > tA) {
      const doubled = strict ? tB > 2 * tA : tB >= 2 * tA;
      combat = doubled ? DOUBLED : LOSES;
      attacker = doubled ? attackerDoubled : attackerBeaten;
    } else {
      combat = TIES;
      if (table.oddTieDestroysBoth && (tA & 1) === 1) {
        attacker = DESTROYED;
        target = DESTROYED;
      }
    }
    if (table.backfireOnOne && dA === 1) {
      // The Magician vanishes and the target is unaffected, whatever the totals (§6.5).
      attacker = VANISHED;
      target = NOTHING;
    }
    const removed = removesFromPlay(RESULTS[target]);
    tally.recordMany(removed ? 1 : 0, removed ? 1 : 0, removed, times);
    attackerCounts[attacker] += times;
    targetCounts[target] += times;
    combatCounts[combat] += times;
  }
  RESULTS.forEach((r, k) => tally.recordOutcome('attacker', r, attackerCounts[k]));
  RESULTS.forEach((r, k) => tally.recordOutcome('target', r, targetCounts[k]));
  COMBAT_CASES.forEach((c, k) => tally.recordOutcome('combat', c, combatCounts[k]));
}
