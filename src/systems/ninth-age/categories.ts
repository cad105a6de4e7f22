/**
 * The categorical morale results reported by both engines (mutually exclusive, summing to 1).
 */

/**
 * Melee, from the target's side: it is wiped out, wipes out the attacker, draws, or loses the round
 * and holds / breaks and escapes / breaks and is caught; or it wins and the attacker does one of those.
 */
export const MELEE_CATEGORIES = [
  'destroyed',
  'holds',
  'breaks-escapes',
  'breaks-caught',
  'draw',
  'attacker-holds',
  'attacker-breaks-escapes',
  'attacker-breaks-caught',
  'attacker-destroyed',
] as const;
export type MeleeCategory = (typeof MELEE_CATEGORIES)[number];

/** Shooting: wiped out, fewer than 25 % casualties, or a Panic test passed / failed (§5.5). */
export const SHOOTING_CATEGORIES = ['destroyed', 'no-panic-test', 'holds', 'flees'] as const;
export type ShootingCategory = (typeof SHOOTING_CATEGORIES)[number];
