/**
 * The simulator's side of a fight's tables (see tables.ts): one sample's rounds written into a
 * Tally as counts under the same keys the exact chain uses.
 */
import type { Tally } from '../sim/tally.js';
import { NO_MARGIN, endingKey, leftTable, marginTable } from './tables.js';
import { type Ending, FIGHTING, type Units, targetRemoved } from './types.js';

export class FightRecorder {
  private readonly margins: string[];
  private readonly attackerLeft: string[];
  private readonly targetLeft: string[];

  constructor(
    private readonly tally: Tally,
    private readonly rounds: number,
  ) {
    const names = (f: (round: number) => string) => Array.from({ length: rounds }, (_, k) => f(k + 1));
    this.margins = names(marginTable);
    this.attackerLeft = names((r) => leftTable('attacker', r));
    this.targetLeft = names((r) => leftTable('target', r));
  }

  /** Round `round` was fought (margin null: no blows) and left these units. */
  round(round: number, margin: number | null, units: Units): void {
    this.tally.recordOutcome(this.margins[round - 1], margin === null ? NO_MARGIN : String(margin));
    this.left(round, units);
  }

  /** The fight ended in `round` with `ending` (null: still fighting at the cap). */
  end(round: number, ending: Ending | null, units: Units): void {
    for (let r = round + 1; r <= this.rounds; r++) {
      this.tally.recordOutcome(this.margins[r - 1], NO_MARGIN);
      this.left(r, units);
    }
    const key = ending ?? FIGHTING;
    this.tally.record(units.targetWounds, units.targetSlain, targetRemoved(key));
    this.tally.recordMorale(key);
    this.tally.recordOutcome('ending', ending === null ? FIGHTING : endingKey(round, ending));
  }

  private left(round: number, units: Units): void {
    this.tally.recordOutcome(this.attackerLeft[round - 1], String(units.attackerLeft));
    this.tally.recordOutcome(this.targetLeft[round - 1], String(units.targetLeft));
  }
}
