/**
 * What an engagement's Outcome holds, the same for the exact chain (weighted by probability) and
 * the simulator (one count per sample), so `check` compares them field by field:
 *
 * - `damage`, `slain`, `destroyed`: the focus unit's damage points allocated (18.2; damage past its
 *   last model is lost, 18.4), models slain, and P(destroyed) at the end;
 * - `outcomes['destroyed-in-turn']`: the turn in which the focus unit was destroyed (`turn 3 (round 2)`), or `survives`;
 * - `outcomes['left: <unit>']`: every unit's models left at the end.
 *
 * Also the two rules both engines follow to order the activations: whose turn it is, and the
 * Strike tier of a unit.
 */
import { type Dist, trim } from '../../../core/dist.js';
import type { Outcome } from '../../types.js';
import { type Engagement, type EngagementUnit, MAX_TURNS, type Side } from './schema.js';

export const DESTROYED_IN_TURN = 'destroyed-in-turn';
export const SURVIVES = 'survives';
export const leftTable = (name: string): string => `left: ${name}`;
/** A turn's category in DESTROYED_IN_TURN: two turns make a battle round. */
export const turnKey = (turn: number): string => `turn ${turn} (round ${Math.ceil(turn / 2)})`;

/** The order of an engagement's tables and categories: the turns in order, then survival; models left ascending. */
export const ENGAGEMENT_CATEGORY_ORDER: readonly string[] = [
  DESTROYED_IN_TURN,
  ...Array.from({ length: MAX_TURNS }, (_, k) => turnKey(k + 1)),
  SURVIVES,
  ...Array.from({ length: 1001 }, (_, k) => String(k)),
];

/** The active player of a turn (1-based): the players alternate, the first player's turn first. */
export function activePlayer(e: Engagement, turn: number): Side {
  return turn % 2 === 1 ? e.first : e.first === 'attacker' ? 'defender' : 'attacker';
}

/** Strike-first units fight first, Strike-last units last (19.0). */
export function tierOf(u: EngagementUnit): number {
  return u.strikeFirst ? 0 : u.strikeLast ? 2 : 1;
}

/** Sums the exact chain's end states into the Outcome. */
export class EngagementTables {
  private readonly byTurn: number[];
  private readonly damage: number[] = [];
  private readonly slain: number[] = [];
  private destroyed = 0;
  private survives = 0;
  private readonly left: number[][];

  constructor(private readonly e: Engagement) {
    this.byTurn = new Array<number>(e.turns + 1).fill(0);
    this.left = e.units.map(() => []);
  }

  /** Mass p is at the end of `turn`, the focus unit destroyed or not. */
  afterTurn(turn: number, destroyed: boolean, p: number): void {
    if (destroyed) this.byTurn[turn] += p;
  }

  /** Mass p ends with these remaining health points per unit. */
  end(remaining: readonly number[], p: number): void {
    const f = this.e.units[this.e.focus];
    const h = f.health ?? 1;
    const r = remaining[this.e.focus];
    addAt(this.damage, f.models * h - f.damaged - r, p);
    addAt(this.slain, f.models - Math.ceil(r / h), p);
    if (r === 0) this.destroyed += p;
    else this.survives += p;
    this.e.units.forEach((u, i) => addAt(this.left[i], Math.ceil(remaining[i] / (u.health ?? 1)), p));
  }

  outcome(): Outcome {
    const dist = (xs: number[]): Dist => trim(Float64Array.from(xs.length ? xs : [0]));
    const inTurn: Record<string, number> = {};
    for (let turn = 1; turn <= this.e.turns; turn++) {
      // The focus unit stays destroyed, so P(destroyed in turn k) = P(by k) − P(by k − 1).
      const p = Math.max(0, this.byTurn[turn] - this.byTurn[turn - 1]);
      if (p > 0) inTurn[turnKey(turn)] = p;
    }
    if (this.survives > 0) inTurn[SURVIVES] = this.survives;
    const outcomes: Record<string, Record<string, number>> = { [DESTROYED_IN_TURN]: inTurn };
    this.e.units.forEach((u, i) => {
      const table: Record<string, number> = {};
      this.left[i].forEach((p, models) => {
        if (p > 0) table[String(models)] = p;
      });
      outcomes[leftTable(u.name)] = table;
    });
    return { damage: dist(this.damage), slain: dist(this.slain), destroyed: this.destroyed, outcomes };
  }
}

function addAt(xs: number[], k: number, w: number): void {
  while (xs.length <= k) xs.push(0);
  xs[k] += w;
}
