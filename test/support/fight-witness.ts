/**
 * What the whole-fight witnesses (test/systems/ninth-age/fight-enumerate.ts and
 * test/systems/warhammer-fantasy/fight-enumerate.ts) share, knowing no rule: the tables a fight is
 * recorded in round by round, the walk of its live states from one round to the next, and the
 * comparison of those tables with the exact chain's outcome. Nothing here imports src/.
 */
import type { Weights } from './walk.js';

export type SideName = 'attacker' | 'target';
export const SIDES: readonly SideName[] = ['attacker', 'target'];
export const other = (s: SideName): SideName => (s === 'attacker' ? 'target' : 'attacker');
export type Left = Record<SideName, number>;

/** A whole fight's tables, as the exact chain reports them. */
export interface FightTables {
  /** `round:ending`, and `fighting` at the round cap. */
  ending: Record<string, number>;
  /** Each round's combat-result margin (`none`: no blows struck, the fight had ended). */
  margin: Array<Record<string, number>>;
  /** Each round's Overkill of each side's fighter (`none`: no challenge fought). */
  overkillAttacker: Array<Record<string, number>>;
  overkillTarget: Array<Record<string, number>>;
  /** Each round's models left on each side. */
  attackerLeft: Array<Record<string, number>>;
  targetLeft: Array<Record<string, number>>;
  /** Where the fight ended (or stood at the cap): the target's wounds lost and models slain. */
  damage: Weights;
  slain: Weights;
  /** P(the target removed: destroyed, caught, or destroyed with the attacker). */
  destroyed: number;
}

/** A fight where it is recorded: the models each side has on the table, the target's wounds lost and models slain. */
export interface Standing {
  left: Left;
  damage: number;
  slain: number;
}

const put = (m: Record<string, number>, k: string | number, p: number) => (m[String(k)] = (m[String(k)] ?? 0) + p);
const putWeight = (m: Weights, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p);

/** The endings that remove the target. */
const TARGET_REMOVED = ['target-destroyed', 'target-caught', 'both-destroyed'];

/**
 * A fight walked round by round over its live states (each once per key, their probabilities
 * added), recorded in FightTables as the exact chain records it: an ending reached is counted
 * again in every later round's margin (`none`), Overkill (`none`) and models left.
 */
export class FightWalk<S> {
  readonly tables: FightTables = { ending: {}, margin: [], overkillAttacker: [], overkillTarget: [], attackerLeft: [], targetLeft: [], damage: new Map(), slain: new Map(), destroyed: 0 };
  private readonly ended: Array<{ p: number; left: Left }> = [];
  private next = new Map<string, { s: S; p: number }>();

  constructor(
    /** The fight has a challenge: its tables carry each round's Overkill. */
    private readonly challenge: boolean,
    private readonly key: (s: S) => string,
  ) {}

  /**
   * Plays `rounds` rounds from `start`: `fightRound` fights one round from each live state, with
   * its probability, recording it (scored, fightsOn, ends); `standing` is a state still fighting at the cap.
   */
  run(rounds: number, start: S, fightRound: (round: number, s: S, p: number) => void, standing: (s: S) => Standing): void {
    const t = this.tables;
    let live = new Map([[this.key(start), { s: start, p: 1 }]]);
    for (let round = 1; round <= rounds; round++) {
      for (const table of [t.margin, t.overkillAttacker, t.overkillTarget, t.attackerLeft, t.targetLeft]) table.push({});
      for (const e of this.ended) {
        this.scored(round, 'none', null, e.p);
        this.left(round, e.left, e.p);
      }
      this.next = new Map();
      for (const { s, p } of live.values()) fightRound(round, s, p);
      live = this.next;
    }
    for (const { s, p } of live.values()) {
      put(t.ending, 'fighting', p);
      this.tally(standing(s), p);
    }
  }

  /** A way a round's blows ended, with probability p: its margin and its challenge's Overkill (null: none fought). */
  scored(round: number, margin: number | 'none', overkill: Left | null, p: number): void {
    put(this.tables.margin[round - 1], margin, p);
    if (!this.challenge) return;
    put(this.tables.overkillAttacker[round - 1], overkill ? overkill.attacker : 'none', p);
    put(this.tables.overkillTarget[round - 1], overkill ? overkill.target : 'none', p);
  }

  /** The fight goes on from `s`, each side with `left` models on the table, with probability p. */
  fightsOn(round: number, s: S, left: Left, p: number): void {
    this.left(round, left, p);
    const k = this.key(s);
    const e = this.next.get(k);
    if (e) e.p += p;
    else this.next.set(k, { s, p });
  }

  /** The fight ends in round `round` with `ending`, standing as `at`, with probability p. */
  ends(round: number, ending: string, at: Standing, p: number): void {
    put(this.tables.ending, `${round}:${ending}`, p);
    this.left(round, at.left, p);
    this.ended.push({ p, left: at.left });
    this.tally(at, p);
    if (TARGET_REMOVED.includes(ending)) this.tables.destroyed += p;
  }

  private left(round: number, left: Left, p: number): void {
    put(this.tables.attackerLeft[round - 1], left.attacker, p);
    put(this.tables.targetLeft[round - 1], left.target, p);
  }

  private tally(at: Standing, p: number): void {
    putWeight(this.tables.damage, at.damage, p);
    putWeight(this.tables.slain, at.slain, p);
  }
}

/** An exact whole fight's outcome, as far as the witnesses compare it. */
export interface ExactFight {
  readonly outcomes?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly damage: ArrayLike<number>;
  readonly slain?: ArrayLike<number>;
  readonly destroyed?: number;
}

/**
 * Where the exact fight and the witness's tables differ by more than `tolerance` (the first four
 * differences), or null: every ending, every round's margin, models left and (with a challenge)
 * Overkill, the target's damage and slain, and P(removed).
 */
export function fightDisagreement(o: ExactFight, e: FightTables, rounds: number, challenge: boolean, tolerance = 1e-12): string | null {
  const gaps: string[] = [];
  const table = (what: string, actual: Readonly<Record<string, number>> | undefined, expected: Record<string, number>) => {
    for (const k of new Set([...Object.keys(actual ?? {}), ...Object.keys(expected)])) {
      const [a, b] = [actual?.[k] ?? 0, expected[k] ?? 0];
      if (!(Math.abs(a - b) <= tolerance)) gaps.push(`${what}[${k}]: exact ${a}, enumerated ${b}`);
    }
  };
  const pmf = (what: string, a: ArrayLike<number>, b: Weights) =>
    table(what, Object.fromEntries(Array.from(a, (p, k) => [String(k), p])), Object.fromEntries([...b].map(([k, p]) => [String(k), p])));
  table('ending', o.outcomes!.ending, e.ending);
  for (let r = 1; r <= rounds; r++) {
    table(`margin-${r}`, o.outcomes![`margin-${r}`], e.margin[r - 1]);
    table(`attacker-left-${r}`, o.outcomes![`attacker-left-${r}`], e.attackerLeft[r - 1]);
    table(`target-left-${r}`, o.outcomes![`target-left-${r}`], e.targetLeft[r - 1]);
    if (challenge) {
      table(`overkill-attacker-${r}`, o.outcomes![`overkill-attacker-${r}`], e.overkillAttacker[r - 1]);
      table(`overkill-target-${r}`, o.outcomes![`overkill-target-${r}`], e.overkillTarget[r - 1]);
    }
  }
  pmf('damage', o.damage, e.damage);
  pmf('slain', o.slain!, e.slain);
  if (!(Math.abs(o.destroyed! - e.destroyed) <= tolerance)) gaps.push(`destroyed: exact ${o.destroyed}, enumerated ${e.destroyed}`);
  return gaps.length ? gaps.slice(0, 4).join('; ') : null;
}
