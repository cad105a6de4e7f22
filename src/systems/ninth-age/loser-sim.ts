/**
 * The loser's test of a 9th Age round rolled by the simulator (§12.2, §7, §12.3): a LoserTest
 * flattened into numbers once per combat result, one hidden class for every kind of test, so the
 * hot loop reads no union of object shapes and calls no generic dice roller for 2D6.
 */
import { type DiceExpr, rollDice } from '../../core/dice.js';
import type { Rng } from '../../core/rng.js';
import { roll2d6 } from '../../core/two-d6.js';
import type { LoserTest } from './resolution.js';
import { grownInt32 } from '../../core/grown.js';

/** A Leadership test: 2D6 ≤ Ld, a failure re-rolled once when allowed (§3.1, §1.2). */
export function rollLeadership(ld: number, reroll: boolean, rng: Rng): boolean {
  if (roll2d6(rng) <= ld) return true;
  return reroll && roll2d6(rng) <= ld;
}

/** How a loser's test can come out (§12.2, §12.3), in the order of rollLoserTest's code. */
export const LOSER_RESULTS = ['holds', 'breaks-escapes', 'breaks-caught'] as const;

const AUTO_PASS = 0;
const UNSTABLE = 1;
const DAEMONIC = 2;
const BREAK = 3;

const isTwoD6 = (e: DiceExpr): boolean => e.count === 2 && e.faces === 6 && e.discard === null && e.modifier === 0;

/** A LoserTest as numbers (rollLoserTest reads it). */
class CompiledLoserTest {
  readonly kind: number;
  /** Unstable's wounds. */
  readonly wounds: number;
  /** Daemonic Instability's added difference. */
  readonly add: number;
  readonly ld: number;
  readonly reroll: boolean;
  readonly destroyedOnFailure: boolean;
  /** Whether the winner may decline to pursue on a passed Leadership test, its Ld and re-roll (§12.3). */
  readonly restrains: boolean;
  readonly restraintLd: number;
  readonly restraintReroll: boolean;
  /** Flee and pursuit dice, and whether each is plain 2D6 (rolled inline). */
  readonly flee: DiceExpr | null;
  readonly pursuit: DiceExpr | null;
  readonly fleeTwoD6: boolean;
  readonly pursuitTwoD6: boolean;
  /** The largest code rollLoserTest can return. */
  readonly maxCode: number;

  constructor(test: LoserTest) {
    this.kind = test.kind === 'auto-pass' ? AUTO_PASS : test.kind === 'unstable' ? UNSTABLE : test.kind === 'daemonic' ? DAEMONIC : BREAK;
    this.wounds = test.kind === 'unstable' ? test.wounds : 0;
    this.add = test.kind === 'daemonic' ? test.add : 0;
    this.ld = test.kind === 'daemonic' || test.kind === 'break' ? test.ld : 0;
    this.reroll = (test.kind === 'daemonic' || test.kind === 'break') && test.reroll;
    const b = test.kind === 'break' ? test : null;
    this.destroyedOnFailure = b !== null && b.destroyedOnFailure;
    this.restrains = b !== null && b.restraint !== null;
    this.restraintLd = b?.restraint?.ld ?? 0;
    this.restraintReroll = b?.restraint?.reroll ?? false;
    this.flee = b ? b.flee : null;
    this.pursuit = b ? b.pursuit : null;
    this.fleeTwoD6 = b !== null && isTwoD6(b.flee);
    this.pursuitTwoD6 = b !== null && isTwoD6(b.pursuit);
    this.maxCode =
      this.kind === UNSTABLE ? this.wounds * 3 : this.kind === DAEMONIC ? Math.max(0, 12 + this.add - this.ld) * 3 : this.kind === BREAK ? 2 : 0;
  }
}

/**
 * The loser's test rolled (§12.2, §7): the wounds it loses to Unstable or Daemonic Instability, and
 * whether it holds, breaks and escapes, or breaks and is caught (§12.3) — as one number (no object
 * per test): extra wounds × 3 + the index of the result in LOSER_RESULTS.
 */
function rollLoserTest(test: CompiledLoserTest, rng: Rng): number {
  const kind = test.kind;
  if (kind === UNSTABLE) return test.wounds * 3;
  if (kind === DAEMONIC) {
    let extra = Math.max(0, roll2d6(rng) + test.add - test.ld);
    if (extra > 0 && test.reroll) extra = Math.max(0, roll2d6(rng) + test.add - test.ld);
    return extra * 3;
  }
  if (kind !== BREAK || rollLeadership(test.ld, test.reroll, rng)) return 0; // holds
  if (test.destroyedOnFailure) return 2;
  // pursue or restrain (a passed Leadership test declines), then the flee and pursuit rolls (§4.1, §12.3)
  const pursues = !test.restrains || !rollLeadership(test.restraintLd, test.restraintReroll, rng);
  const flee = test.fleeTwoD6 ? roll2d6(rng) : rollDice(test.flee!, rng);
  if (!pursues) return 1;
  // caught when the pursuit roll is at least the flee roll (§12.3)
  const pursuit = test.pursuitTwoD6 ? roll2d6(rng) : rollDice(test.pursuit!, rng);
  return pursuit >= flee ? 2 : 1;
}

/** Numbers kept per judgement in LoserFates' table. */
const STRIDE = 3;

/**
 * A simulator's judgements of a round's blows (§12.1–§12.3), by id: each one's settled end, or its
 * loser's test and the end each of the test's codes (rollLoserTest) leads to, worked out by the
 * simulator on first use. The hot loop reads numbers only, a judgement's side by side (one cache line).
 */
export class LoserFates {
  /**
   * By judgement id × STRIDE: its settled end (−1 when the loser's test decides it), where its ends
   * by rollLoserTest's code start in `fates`, and its test's index in `tests`.
   */
  private data: Int32Array = new Int32Array(256 * STRIDE);
  /** The distinct loser's tests, compiled, and their indices by content (testIndex); DiceExpr ids for the keys. */
  private readonly tests: CompiledLoserTest[] = [];
  private readonly testIds = new Map<string, number>();
  /** The same indices by test object: a round's judge gives the same object for equal tests (RoundJudge.result). */
  private readonly testIdsByObject = new Map<LoserTest, number>();
  private readonly diceIds = new Map<DiceExpr, number>();
  /** Ends + 1 by a judgement's start + rollLoserTest's code (0: not met yet, so a new table needs no filling). */
  private fates: Int32Array = new Int32Array(1024);
  private fateCount = 0;
  private count = 0;

  /** A new judgement's id: settled at `end`, or decided by the loser's test `test` (end −1). */
  add(end: number, test: LoserTest | null): number {
    const j = this.count++;
    if (this.count * STRIDE > this.data.length) this.data = grownInt32(this.data, this.count * STRIDE);
    const at = j * STRIDE;
    this.data[at] = end;
    if (test) {
      const t = this.testIndex(test);
      this.data[at + 1] = this.fateCount;
      this.data[at + 2] = t;
      this.fateCount += this.tests[t].maxCode + 1;
      if (this.fateCount > this.fates.length) this.fates = grownInt32(this.fates, this.fateCount);
    }
    return j;
  }

  /**
   * Judgement j's end: settled, or its loser's test rolled and the end that code leads to — or,
   * when that end is not known yet, −1 − the code (the simulator works it out and keeps it, `keep`).
   */
  roll(j: number, rng: Rng): number {
    const at = j * STRIDE;
    const end = this.data[at];
    if (end >= 0) return end;
    const code = rollLoserTest(this.tests[this.data[at + 2]], rng);
    const fate = this.fates[this.data[at + 1] + code];
    return fate > 0 ? fate - 1 : -1 - code;
  }

  /** Keep `end` as where judgement j's loser's test coming out `code` leads. */
  keep(j: number, code: number, end: number): void {
    this.fates[this.data[j * STRIDE + 1] + code] = end + 1;
  }

  /** The index in `tests` of the loser's test `t` compiled, each distinct test compiled once (they are few, and small enough to stay in cache). */
  private testIndex(t: LoserTest): number {
    const known = this.testIdsByObject.get(t);
    if (known !== undefined) return known;
    const i = this.testIndexByContent(t);
    this.testIdsByObject.set(t, i);
    return i;
  }

  private testIndexByContent(t: LoserTest): number {
    const dice = (e: DiceExpr): number => {
      let i = this.diceIds.get(e);
      if (i === undefined) this.diceIds.set(e, (i = this.diceIds.size));
      return i;
    };
    const key =
      t.kind === 'auto-pass'
        ? 'a'
        : t.kind === 'unstable'
          ? `u${t.wounds}`
          : t.kind === 'daemonic'
            ? `d${t.add}:${t.ld}:${t.reroll}`
            : `b${t.ld}:${t.reroll}:${t.destroyedOnFailure}:${dice(t.flee)}:${dice(t.pursuit)}:${t.restraint ? `${t.restraint.ld}:${t.restraint.reroll}` : '-'}`;
    let i = this.testIds.get(key);
    if (i === undefined) {
      i = this.tests.length;
      this.tests.push(new CompiledLoserTest(t));
      this.testIds.set(key, i);
    }
    return i;
  }
}
