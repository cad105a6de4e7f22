/**
 * The simulator's side of a fight's tables (see tables.ts): each sample's rounds counted once,
 * under the same keys the exact chain uses, then added into the Tally.
 */
import type { Tally } from '../sim/tally.js';
import { FightTables } from './tables.js';
import { type Ending, type Overkill, type Units, overkillKey } from './types.js';

export class FightRecorder {
  private readonly tables: FightTables;
  private samples = 0;

  constructor(
    private readonly rounds: number,
    challenge = false,
  ) {
    this.tables = new FightTables(rounds, challenge);
  }

  /** Round `round` was fought (margin null: no blows) with this Overkill and left these units. */
  round(round: number, margin: number | null, units: Units, overkill: Overkill = null): void {
    this.tables.margin(round, margin, 1);
    this.tables.overkill(round, overkillKey(overkill), 1);
    this.tables.left(round, units, 1);
  }

  /** The sample ended in `round` with `ending` (null: still fighting at the cap). */
  end(round: number, ending: Ending | null, units: Units): void {
    this.samples++;
    this.tables.end(round, ending, units, 1);
    for (let r = round + 1; r <= this.rounds; r++) this.tables.afterEnd(r, units, 1);
  }

  /** Add every sample recorded into the tally. */
  flush(tally: Tally): void {
    this.tables.intoTally(tally, this.samples);
  }
}
