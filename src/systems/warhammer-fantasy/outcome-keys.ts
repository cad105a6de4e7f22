/**
 * The categories of the categorical tables of an Outcome (mutually exclusive, summing to 1).
 * Both engines report these keys.
 */

/** A unit's fate in a round of close combat — §10, §11, §12. */
export const FATES = ['holds', 'breaks', 'caught', 'wiped-out', 'flees-at-charge'] as const;
export type Fate = (typeof FATES)[number];

/** Result of the round — §9 (no combat when the charged unit fled from fear or terror, §11). */
export const COMBAT_RESULTS = ['attacker-wins', 'draw', 'target-wins', 'no-combat'] as const;
export type CombatResult = (typeof COMBAT_RESULTS)[number];

/** The target after a shooting phase — §5, §11 (25% losses), §13. */
export const PANIC_RESULTS = ['no-test', 'passes-panic-test', 'panics', 'wiped-out'] as const;
export type PanicResult = (typeof PANIC_RESULTS)[number];

/** Drop the categories that cannot happen. */
export function nonZero<K extends string>(table: Record<K, number>): Record<string, number> {
  return Object.fromEntries(Object.entries<number>(table).filter(([, p]) => p > 0));
}
