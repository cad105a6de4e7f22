/**
 * Targets shared by the generic exact engine and simulator.
 */
import type { GenericScenario } from './schema.js';

/** Save roll needed after rend; 7 or more means no save is possible. */
export function saveNeeded(s: GenericScenario, extraRend: number): number {
  return s.target.save === 'none' ? 7 : s.target.save + s.attacker.rend + extraRend;
}

/** Ward roll needed per point of damage; 7 means no ward. */
export function wardNeeded(s: GenericScenario): number {
  return s.target.ward === 'none' ? 7 : s.target.ward;
}

/** The roll that succeeds, or 1 for an automatic success (no roll is made). */
export function rollNeeded(target: number | 'auto'): number {
  return target === 'auto' ? 1 : target;
}
