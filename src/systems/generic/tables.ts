/**
 * Targets shared by the generic exact engine and simulator.
 */
import { type FaceCounter, faceCounter } from '../../core/face-automaton.js';
import type { Rng } from '../../core/rng.js';
import type { GenericScenario, Profile } from './schema.js';

/**
 * Save roll needed after rend: the armour save worsened by the rend, or the invulnerable save
 * (which rend does not change), whichever is better; 7 or more means no save is possible.
 */
export function saveNeeded(s: GenericScenario, p: Profile, extraRend: number): number {
  const armour = s.target.save === 'none' ? 7 : s.target.save + p.rend + extraRend;
  const invulnerable = s.target.invulnerable === 'none' ? 7 : s.target.invulnerable;
  return Math.min(armour, invulnerable);
}

/** Ward roll needed per point of damage; 7 means no ward. */
export function wardNeeded(s: GenericScenario): number {
  return s.target.ward === 'none' ? 7 : s.target.ward;
}

/** Ward counters by ward (1..6), each made on first use (nothing built when the module loads). */
const wardCounters: Array<FaceCounter | undefined> = [];

/** The counter of the points of damage a ward keeps: a point is kept on a roll below the ward. */
export function wardCounter(ward: number): FaceCounter {
  return (wardCounters[ward] ??= faceCounter((face) => face < ward));
}

/** The roll that succeeds, or 1 for an automatic success (no roll is made). */
export function rollNeeded(target: number | 'auto'): number {
  return target === 'auto' ? 1 : target;
}

/**
 * A hit or wound roll with its capped modifier: an unmodified 1 always fails, an unmodified 6
 * always succeeds, otherwise face + modifier must reach the target.
 */
export function rollSucceeds(face: number, target: number, modifier: number): boolean {
  return face !== 1 && (face === 6 || face + modifier >= target);
}

/** Up to this many points, the ward's dice are read one by one: a table lookup costs more for so few. */
const FEW_POINTS = 4;

/**
 * The points of damage a ward keeps, a D6 rolled for each point: kept on a roll below the ward.
 * A few points roll their dice one by one, more are counted through the ward's table
 * (wardCounter): the same faces in the same order either way.
 */
export function wardKept(points: number, ward: number, rng: Rng): number {
  if (points > FEW_POINTS) return wardCounter(ward).count(rng, points);
  let kept = 0;
  for (let p = 0; p < points; p++) if (rng.d6() < ward) kept++;
  return kept;
}
