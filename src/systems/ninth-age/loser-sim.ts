/**
 * The loser's test of a 9th Age round rolled by the simulator (§12.2, §7, §12.3): a LoserTest
 * flattened into numbers once per combat result, one hidden class for every kind of test, so the
 * hot loop reads no union of object shapes and calls no generic dice roller for 2D6 (issue 16).
 */
import { type DiceExpr, rollDice } from '../../core/dice.js';
import type { Rng } from '../../core/rng.js';
import type { LoserTest } from './resolution.js';

/** A Leadership test: 2D6 ≤ Ld, a failure re-rolled once when allowed (§3.1, §1.2). */
export function rollLeadership(ld: number, reroll: boolean, rng: Rng): boolean {
  if (rng.d6() + rng.d6() <= ld) return true;
  return reroll && rng.d6() + rng.d6() <= ld;
}

/** How a loser's test can come out (§12.2, §12.3), in the order of rollLoserTest's code. */
export const LOSER_RESULTS = ['holds', 'breaks-escapes', 'breaks-caught'] as const;

const AUTO_PASS = 0;
const UNSTABLE = 1;
const DAEMONIC = 2;
const BREAK = 3;

const isTwoD6 = (e: DiceExpr): boolean => e.count === 2 && e.faces === 6 && e.discard === null && e.modifier === 0;

/** A LoserTest as numbers (rollLoserTest reads it). */
export class CompiledLoserTest {
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
export function rollLoserTest(test: CompiledLoserTest, rng: Rng): number {
  const kind = test.kind;
  if (kind === UNSTABLE) return test.wounds * 3;
  if (kind === DAEMONIC) {
    let extra = Math.max(0, rng.d6() + rng.d6() + test.add - test.ld);
    if (extra > 0 && test.reroll) extra = Math.max(0, rng.d6() + rng.d6() + test.add - test.ld);
    return extra * 3;
  }
  if (kind !== BREAK || rollLeadership(test.ld, test.reroll, rng)) return 0; // holds
  if (test.destroyedOnFailure) return 2;
  // pursue or restrain (a passed Leadership test declines), then the flee and pursuit rolls (§4.1, §12.3)
  const pursues = !test.restrains || !rollLeadership(test.restraintLd, test.restraintReroll, rng);
  const flee = test.fleeTwoD6 ? rng.d6() + rng.d6() : rollDice(test.flee!, rng);
  if (!pursues) return 1;
  // caught when the pursuit roll is at least the flee roll (§12.3)
  const pursuit = test.pursuitTwoD6 ? rng.d6() + rng.d6() : rollDice(test.pursuit!, rng);
  return pursuit >= flee ? 2 : 1;
}
