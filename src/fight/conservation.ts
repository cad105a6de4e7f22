/**
 * The invariant every exact chain keeps (docs/reliability.md): after each round, turn, phase or
 * bound, the probabilities of the live states and of the endings reached so far sum to 1. A chain
 * that loses or makes probability has a bug in its rules; it stops with an internal error rather
 * than print numbers that do not add up.
 */
import { CompensatedSum } from '../core/compensated.js';

/** How far from 1 the total may be: float rounding over a whole chain stays far below it. */
export const TOTAL_TOLERANCE = 1e-12;

/** An exact chain whose probabilities no longer sum to 1: a bug, never the user's input. */
export class ProbabilityLeakError extends Error {
  override name = 'ProbabilityLeakError';
}

/** The total of `ps`, compensated. */
export function totalOf(...ps: ReadonlyArray<ArrayLike<number> | Iterable<number>>): number {
  const t = new CompensatedSum();
  for (const part of ps) for (const p of Array.from(part as Iterable<number>)) t.add(p);
  return t.value;
}

/** Throws ProbabilityLeakError unless `total` is 1 within TOTAL_TOLERANCE; `where` names the chain and the step. */
export function expectWhole(total: number, where: string): void {
  if (!(Math.abs(total - 1) <= TOTAL_TOLERANCE))
    throw new ProbabilityLeakError(`${where}: the exact chain's probabilities sum to ${total} instead of 1 (a bug in its rules)`);
}
