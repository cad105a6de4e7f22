/**
 * The tables of a fight's Outcome, the same for the exact chain (weighted by probability) and the
 * simulator (one count per sample), so `check` compares them field by field:
 *
 * - `damage`, `slain`, `destroyed`: the target's wounds and models lost at the end, and P(removed);
 * - `morale`: how the fight ended (an Ending, or `fighting` at the cap);
 * - `outcomes.ending`: the round and the ending together (`"3:target-escaped"`, or `fighting`);
 * - `outcomes.margin-K`: round K's combat-result margin, attacker minus target (`none`: no blows);
 * - `outcomes.attacker-left-K`, `outcomes.target-left-K`: models on the table after round K;
 * - `outcomes.overkill-attacker-K`, `outcomes.overkill-target-K` (fights with a challenge): the
 *   Overkill each side's fighter scored in round K (`none`: no challenge fought that round).
 */
import { type Dist, trim } from '../core/dist.js';
import type { Tally } from '../sim/tally.js';
import type { Outcome } from '../systems/types.js';
import { ATTACKER_PART, ENDING_INDEX, ENDINGS, type EndPart, type Ending, FIGHTING, TARGET_PART, type Units, WHOLE, targetRemoved } from './types.js';

export const NO_MARGIN = 'none';

export const marginTable = (round: number): string => `margin-${round}`;
export const leftTable = (side: 'attacker' | 'target', round: number): string => `${side}-left-${round}`;
export const endingKey = (round: number, ending: Ending): string => `${round}:${ending}`;
export const overkillTable = (side: 'attacker' | 'target', round: number): string => `overkill-${side}-${round}`;

/** Sums the exact chain's tables with probability weights, in arrays indexed by number. */
export class FightTables {
  private readonly damage: number[] = [];
  private readonly slain: number[] = [];
  private destroyed = 0;
  private fighting = 0;
  /** [round][ending index] */
  private readonly endings: number[][];
  /** [round] margin → weight, and the weight with no margin */
  private readonly margins: Array<Map<number, number>>;
  private readonly noMargin: number[];
  /** [round][models left] */
  private readonly attackerLeft: number[][];
  private readonly targetLeft: number[][];
  /** [round] `attacker:target` Overkill (or `none`) → weight; only in fights with a challenge */
  private readonly overkills: Array<Map<string, number>>;

  constructor(
    readonly rounds: number,
    private readonly challenge = false,
  ) {
    const perRound = <T>(f: () => T) => Array.from({ length: rounds + 1 }, f);
    this.endings = perRound(() => new Array<number>(ENDINGS.length).fill(0));
    this.margins = perRound(() => new Map<number, number>());
    this.noMargin = new Array<number>(rounds + 1).fill(0);
    this.attackerLeft = perRound(() => []);
    this.targetLeft = perRound(() => []);
    this.overkills = perRound(() => new Map<string, number>());
  }

  /** Round `round` had this Overkill (`attacker:target`, or `none`: no challenge fought). */
  overkill(round: number, key: string, w: number): void {
    if (!this.challenge) return;
    const m = this.overkills[round];
    m.set(key, (m.get(key) ?? 0) + w);
  }

  /** Round `round` was fought with this margin (null: no blows). */
  margin(round: number, margin: number | null, w: number): void {
    if (margin === null) this.noMargin[round] += w;
    else {
      const m = this.margins[round];
      m.set(margin, (m.get(margin) ?? 0) + w);
    }
  }

  /** Round `round` left these units (of an end recorded as `part`, only that part's side). */
  left(round: number, units: Units, w: number, part: EndPart = WHOLE): void {
    if (part !== TARGET_PART) addAt(this.attackerLeft[round], units.attackerLeft, w);
    if (part !== ATTACKER_PART) addAt(this.targetLeft[round], units.targetLeft, w);
  }

  /** Mass that ended before `round`: no margin, the units it ended with (an attacker's part adds its attacker only). */
  afterEnd(round: number, units: Units, w: number, part: EndPart = WHOLE): void {
    if (part !== ATTACKER_PART) {
      this.noMargin[round] += w;
      this.overkill(round, 'none', w);
    }
    this.left(round, units, w, part);
  }

  /** The fight ended in `round` (or reached the cap still fighting, `ending` null); an attacker's part adds nothing here. */
  end(round: number, ending: Ending | null, units: Units, w: number, part: EndPart = WHOLE): void {
    if (part === ATTACKER_PART) return;
    if (ending === null) this.fighting += w;
    else this.endings[round][ENDING_INDEX.get(ending)!] += w;
    addAt(this.damage, units.targetWounds, w);
    addAt(this.slain, units.targetSlain, w);
    if (targetRemoved(ending ?? FIGHTING)) this.destroyed += w;
  }

  /** Add the tables, counted one per sample, into a simulator's tally of `samples` samples. */
  intoTally(tally: Tally, samples: number): void {
    const o = this.outcome();
    tally.samples += samples;
    tally.tracksSlain = true;
    tally.tracksDestroyed = true;
    tally.destroyed += o.destroyed!;
    o.damage.forEach((n, k) => tally.damage.addMany(k, n));
    o.slain!.forEach((n, k) => tally.slain.addMany(k, n));
    for (const [k, n] of Object.entries(o.morale!)) tally.recordMorale(k, n);
    for (const [element, table] of Object.entries(o.outcomes!)) for (const [k, n] of Object.entries(table)) tally.recordOutcome(element, k, n);
  }

  /** The Outcome. */
  outcome(): Outcome {
    const dist = (xs: number[]): Dist => trim(Float64Array.from(xs.length ? xs : [0]));
    const morale: Record<string, number> = {};
    const ending: Record<string, number> = {};
    const outcomes: Record<string, Record<string, number>> = {};
    for (let round = 1; round <= this.rounds; round++) {
      ENDINGS.forEach((e, i) => {
        const w = this.endings[round][i];
        if (w === 0) return;
        morale[e] = (morale[e] ?? 0) + w;
        ending[endingKey(round, e)] = w;
      });
      const margins: Record<string, number> = {};
      for (const [m, w] of [...this.margins[round]].sort((a, b) => a[0] - b[0])) margins[String(m)] = w;
      if (this.noMargin[round] > 0) margins[NO_MARGIN] = this.noMargin[round];
      outcomes[marginTable(round)] = margins;
      outcomes[leftTable('attacker', round)] = sparse(this.attackerLeft[round]);
      outcomes[leftTable('target', round)] = sparse(this.targetLeft[round]);
      if (this.challenge) {
        const bySide = { attacker: {} as Record<string, number>, target: {} as Record<string, number> };
        for (const [key, w] of this.overkills[round]) {
          const [a, t] = key === 'none' ? ['none', 'none'] : key.split(':');
          bySide.attacker[a] = (bySide.attacker[a] ?? 0) + w;
          bySide.target[t] = (bySide.target[t] ?? 0) + w;
        }
        outcomes[overkillTable('attacker', round)] = bySide.attacker;
        outcomes[overkillTable('target', round)] = bySide.target;
      }
    }
    if (this.fighting > 0) {
      morale[FIGHTING] = this.fighting;
      ending[FIGHTING] = this.fighting;
    }
    return { damage: dist(this.damage), slain: dist(this.slain), destroyed: this.destroyed, morale, outcomes: { ending, ...outcomes } };
  }

}

function sparse(xs: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  xs.forEach((w, k) => {
    if (w > 0) out[String(k)] = w;
  });
  return out;
}

function addAt(xs: number[], k: number, w: number): void {
  while (xs.length <= k) xs.push(0);
  xs[k] += w;
}
