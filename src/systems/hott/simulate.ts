/**
 * HOTT combat rolled like a player at the table: each side rolls its D6, a magic attack checks
 * the Magician's die for a 1 (§6.5), the totals are compared (§6.7), and the loser's row of the
 * scenario's results table is applied (§7).
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import { combatFactors } from './factors.js';
import { type Result, removesFromPlay, resultTable } from './results.js';
import type { HottScenario } from './scenario.js';

export function simulateHott(s: HottScenario, rng: Rng, n: number, tally: Tally): void {
  const f = combatFactors(s);
  const table = resultTable(s);
  const strict = s.readings.doubleRule === 'strict';
  for (let i = 0; i < n; i++) {
    const dA = rng.d6();
    const dB = rng.d6();
    const tA = dA + f.attacker;
    const tB = dB + f.target;
    let combat: string;
    let attacker: Result = 'nothing';
    let target: Result = 'nothing';
    if (tA > tB) {
      const doubled = strict ? tA > 2 * tB : tA >= 2 * tB;
      combat = doubled ? 'doubles' : 'wins';
      target = doubled ? table.targetDoubled : table.targetBeaten;
    } else if (tB > tA) {
      const doubled = strict ? tB > 2 * tA : tB >= 2 * tA;
      combat = doubled ? 'doubled' : 'loses';
      attacker = doubled ? table.attackerDoubled : table.attackerBeaten;
    } else {
      combat = 'ties';
      if (table.oddTieDestroysBoth && (tA & 1) === 1) {
        attacker = 'destroyed';
        target = 'destroyed';
      }
    }
    if (table.backfireOnOne && dA === 1) {
      // The Magician vanishes and the target is unaffected, whatever the totals (§6.5).
      attacker = 'vanished';
      target = 'nothing';
    }
    const removed = removesFromPlay(target);
    tally.record(removed ? 1 : 0, removed ? 1 : 0, removed);
    tally.recordOutcome('attacker', attacker);
    tally.recordOutcome('target', target);
    tally.recordOutcome('combat', combat);
  }
}
