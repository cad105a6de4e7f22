/**
 * The work meter of the exact engine. Every `core/dist` operation states what it is
 * about to allocate and how many multiply-adds it is about to do BEFORE doing it; a computation
 * that would go past the limits stops at once with a `TooLargeError` (one line, exit 2) instead of
 * running for minutes or exhausting memory.
 *
 * Two limits:
 * - the length of any one distribution (`MAX_DIST_LENGTH` values, 80 MB of doubles);
 * - the work of one exact computation (`WORK_LIMIT` units, one unit being a multiply-add or an
 *   allocated cell — about a nanosecond each, so the limit is about 5 s on an idle machine and
 *   keeps every allocation that is still alive well under 1 GB).
 * Inside `withWorkBudget` the work of all operations adds up; outside it each operation is
 * checked on its own.
 */
import { TooLargeError } from './errors.js';

export const MAX_DIST_LENGTH = 10_000_000;
export const WORK_LIMIT = 5e9;

const PREFIX = 'too large for the exact engine:';
const HINT = 'use --mc to simulate it instead';

let spent = 0;
let depth = 0;
let limit = WORK_LIMIT;

/**
 * Run one exact computation with its own meter (nested calls share the outermost one). `maxWork`
 * lowers the limit, for tests.
 */
export function withWorkBudget<T>(compute: () => T, maxWork = WORK_LIMIT): T {
  if (depth > 0) return compute();
  spent = 0;
  limit = maxWork;
  depth++;
  try {
    return compute();
  } finally {
    depth--;
    limit = WORK_LIMIT;
  }
}

/**
 * One meter over several exact computations run one after another (a question's pairings): each
 * runs under `run`, and their work adds up to one limit.
 */
export class WorkAccount {
  spent = 0;
  constructor(readonly limit = WORK_LIMIT) {}

  run<T>(compute: () => T): T {
    if (depth > 0) return compute();
    spent = this.spent;
    limit = this.limit;
    depth++;
    try {
      return compute();
    } finally {
      this.spent = spent;
      depth--;
      limit = WORK_LIMIT;
    }
  }
}

/** Work spent so far by the running `withWorkBudget` (0 outside one). */
export function workSpent(): number {
  return depth > 0 ? spent : 0;
}

/**
 * Account for `units` of work before doing it; `what` names the operation for the message, e.g.
 * "the sum of 1,000 values up to 10,000".
 */
export function chargeWork(units: number, what: () => string): void {
  const total = (depth > 0 ? spent : 0) + units;
  if (!(total <= limit))
    throw new TooLargeError(`${PREFIX} ${what()} needs about ${scientific(total)} steps (at most ${scientific(limit)}, about 5 s); ${HINT}`);
  if (depth > 0) spent = total;
}

/**
 * Refuse at once a computation whose whole work is estimated at `units` before any of it is done
 * (its steps still charge their own work as they go).
 */
export function expectWork(units: number, what: () => string): void {
  const total = (depth > 0 ? spent : 0) + units;
  if (!(total <= limit))
    throw new TooLargeError(`${PREFIX} ${what()} needs about ${scientific(total)} steps (at most ${scientific(limit)}, about 5 s); ${HINT}`);
}

/** A distribution over 0..length-1 is about to be allocated. */
export function checkLength(length: number, what: () => string): void {
  if (!(length <= MAX_DIST_LENGTH))
    throw new TooLargeError(`${PREFIX} ${what()} ranges over ${grouped(length)} values (at most ${grouped(MAX_DIST_LENGTH)}); ${HINT}`);
}

/**
 * A whole number with its thousands grouped, as `toLocaleString('en-US')` writes it (1,234,567),
 * without loading the locale data: that costs 20 ms of start-up when a command's help text
 * holds a number. Any other number in the short scientific form.
 */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return scientific(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
}

export function scientific(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) < 1e6) return grouped(Math.round(n));
  const [m, e] = n.toExponential(1).split('e');
  return `${m}e${e.replace('+', '')}`;
}
