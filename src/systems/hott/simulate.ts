/**
 * HOTT combat rolled like a player at the table: each side rolls its D6, a magic attack checks
 * the Magician's die for a 1 (§6.5), the totals are compared (§6.7), and the loser's row of the
 * scenario's results table is applied (§7).
 *
 * A sample is wholly decided by its two dice: the results of each of the 36 pairs are
 * worked out once per scenario, by the rules; the loop only rolls the pairs and counts them, and
 * each pair's results are then counted into the tally as often as the pair came up. The loop is a
 * small function of its own, so the JIT compiles it once for every scenario.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import { COMBAT_CASES, type CombatCase } from './exact.js';
import { combatFactors } from './factors.js';
import { type Result, RESULTS, removesFromPlay, resultTable } from './results.js';
import type { HottScenario } from './scenario.js';

const index = (r: Result) => RESULTS.indexOf(r);
const caseIndex = (c: CombatCase) => COMBAT_CASES.indexOf(c);

/** A pair of dice as one number: the attacker's face − 1, plus 6 × (the target's face − 1). */
const PAIRS = 36;

/** What each pair of dice gives, as indices into RESULTS and COMBAT_CASES. */
class PairResults {
  readonly attacker = new Uint8Array(PAIRS);
  readonly target = new Uint8Array(PAIRS);
  readonly combat = new Uint8Array(PAIRS);
  readonly removed = new Uint8Array(PAIRS);

  constructor(s: HottScenario) {
    const f = combatFactors(s);
    const table = resultTable(s);
    const strict = s.readings.doubleRule === 'strict';
    const NOTHING = index('nothing');
    const DESTROYED = index('destroyed');
    const [targetDoubled, targetBeaten, attackerDoubled, attackerBeaten] = [table.targetDoubled, table.targetBeaten, table.attackerDoubled, table.attackerBeaten].map(index);
    const VANISHED = index('vanished');
    const [DOUBLES, WINS, TIES, LOSES, DOUBLED] = (['doubles', 'wins', 'ties', 'loses', 'doubled'] as const).map(caseIndex);
    for (let pair = 0; pair < PAIRS; pair++) {
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
      this.attacker[pair] = attacker;
      this.target[pair] = target;
      this.combat[pair] = combat;
      this.removed[pair] = removesFromPlay(RESULTS[target]) ? 1 : 0;
    }
  }

  /** Count `pairs` (times each pair came up) into the tally. */
  record(pairs: Float64Array, tally: Tally): void {
    const attackerCounts = new Float64Array(RESULTS.length);
    const targetCounts = new Float64Array(RESULTS.length);
    const combatCounts = new Float64Array(COMBAT_CASES.length);
    for (let pair = 0; pair < PAIRS; pair++) {
      const times = pairs[pair];
      const removed = this.removed[pair] === 1;
      tally.recordMany(removed ? 1 : 0, removed ? 1 : 0, removed, times);
      attackerCounts[this.attacker[pair]] += times;
      targetCounts[this.target[pair]] += times;
      combatCounts[this.combat[pair]] += times;
    }
    RESULTS.forEach((r, k) => tally.recordOutcome('attacker', r, attackerCounts[k]));
    RESULTS.forEach((r, k) => tally.recordOutcome('target', r, targetCounts[k]));
    COMBAT_CASES.forEach((c, k) => tally.recordOutcome('combat', c, combatCounts[k]));
  }
}

/**
 * Roll n samples' two dice, the attacker's first: how often each pair came up. Up to five samples
 * per draw of ten faces; a sample split across two draws is completed by one face of the next.
 */
function rollPairs(rng: Rng, n: number): Float64Array {
  const pairs = new Float64Array(PAIRS);
  for (let left = n; left > 0; ) {
    let faces = rng.takeFaces(left >= 5 ? 10 : 2 * left);
    let k = rng.taken;
    for (; k >= 2; k -= 2, left--) {
      pairs[faces % PAIRS]++;
      faces = (faces / PAIRS) | 0;
    }
    if (k === 1) {
      pairs[faces + 6 * rng.takeFaces(1)]++;
      left--;
    }
  }
  return pairs;
}

const compiled = new WeakMap<HottScenario, PairResults>();

export function simulateHott(s: HottScenario, rng: Rng, n: number, tally: Tally): void {
  let c = compiled.get(s);
  if (c === undefined) compiled.set(s, (c = new PairResults(s)));
  c.record(rollPairs(rng, n), tally);
}
