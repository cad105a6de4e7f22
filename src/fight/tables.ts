/**
 * The tables of a fight's Outcome, the same for the exact chain (weighted by probability) and the
 * simulator (one count per sample), so `check` compares them field by field:
 *
 * - `damage`, `slain`, `destroyed`: the target's wounds and models lost at the end, and P(removed);
 * - `morale`: how the fight ended (an Ending, or `fighting` at the cap);
 * - `outcomes.ending`: the round and the ending together (`"3:target-escaped"`, or `fighting`);
 * - `outcomes.margin-K`: round K's combat-result margin, attacker minus target (`none`: no blows);
 * - `outcomes.attacker-left-K`, `outcomes.target-left-K`: models on the table after round K.
 */
import { type Dist, trim } from '../core/dist.js';
import type { Outcome } from '../systems/types.js';
import { type Ending, FIGHTING, type Units, targetRemoved } from './types.js';

export const NO_MARGIN = 'none';

export const marginTable = (round: number): string => `margin-${round}`;
export const leftTable = (side: 'attacker' | 'target', round: number): string => `${side}-left-${round}`;
export const endingKey = (round: number, ending: Ending): string => `${round}:${ending}`;

/** Sums the tables with weights (probabilities, or 1 per sample). */
export class FightTables {
  damage: number[] = [];
  slain: number[] = [];
  destroyed = 0;
  readonly morale = new Map<string, number>();
  readonly outcomes = new Map<string, Map<string, number>>();

  constructor(readonly rounds: number) {}

  /** Round `round` was fought (margin null: no blows) and left these units. */
  round(round: number, margin: number | null, units: Units, w: number): void {
    this.add(marginTable(round), margin === null ? NO_MARGIN : String(margin), w);
    this.left(round, units, w);
  }

  /** Mass that ended before `round`: no margin, the units it ended with. */
  afterEnd(round: number, units: Units, w: number): void {
    this.add(marginTable(round), NO_MARGIN, w);
    this.left(round, units, w);
  }

  /** The fight ended in `round` (or reached the cap still fighting, `ending` null). */
  end(round: number, ending: Ending | null, units: Units, w: number): void {
    const key = ending ?? FIGHTING;
    bump(this.morale, key, w);
    this.add('ending', ending === null ? FIGHTING : endingKey(round, ending), w);
    addAt(this.damage, units.targetWounds, w);
    addAt(this.slain, units.targetSlain, w);
    if (targetRemoved(key)) this.destroyed += w;
  }

  /** The Outcome, every weight divided by `total`. */
  outcome(total: number): Outcome {
    const scale = (xs: number[]): Dist => trim(Float64Array.from(xs.length ? xs : [0], (x) => (x ?? 0) / total));
    const record = (m: Map<string, number>) => Object.fromEntries([...m].map(([k, v]) => [k, v / total]));
    return {
      damage: scale(this.damage),
      slain: scale(this.slain),
      destroyed: this.destroyed / total,
      morale: record(this.morale),
      outcomes: Object.fromEntries([...this.outcomes].map(([k, m]) => [k, record(m)])),
    };
  }

  private left(round: number, units: Units, w: number): void {
    this.add(leftTable('attacker', round), String(units.attackerLeft), w);
    this.add(leftTable('target', round), String(units.targetLeft), w);
  }

  private add(table: string, key: string, w: number): void {
    let m = this.outcomes.get(table);
    if (!m) this.outcomes.set(table, (m = new Map()));
    bump(m, key, w);
  }
}

function bump(m: Map<string, number>, key: string, w: number): void {
  m.set(key, (m.get(key) ?? 0) + w);
}

function addAt(xs: number[], k: number, w: number): void {
  while (xs.length <= k) xs.push(0);
  xs[k] += w;
}
