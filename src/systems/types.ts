/**
 * The seam between the engine and a rule set (DESIGN.md, "The seam").
 * Every system validates its own input, computes an exact Outcome, and simulates die by die
 * into a Tally. Nothing here prints.
 */
import type { Dist } from '../core/dist.js';
import type { Rng } from '../core/rng.js';
import type { Tally } from '../sim/tally.js';

export type SystemId = 'generic' | 'ninth-age' | 'warhammer-fantasy' | 'kings-of-war' | 'age-of-sigmar' | 'hott';

/**
 * The answer to one scenario. Every distribution is over 0..n. `morale` and each table of
 * `outcomes` are categorical: their entries are mutually exclusive and sum to 1.
 */
export interface Outcome {
  /** Wounds / damage points the target loses after every save. */
  damage: Dist;
  /** Models removed. */
  slain?: Dist;
  /** P(the whole target is removed). */
  destroyed?: number;
  /** e.g. {steady, wavered, routed} or {holds, breaks, caught}. */
  morale?: Record<string, number>;
  /** HOTT: per element, {nothing, recoil, flee, destroyed, ...}. */
  outcomes?: Record<string, Record<string, number>>;
}

export interface GameSystem<S> {
  readonly id: SystemId;
  /** Other names accepted for `"system"` (e.g. `t9a`). */
  readonly aliases: readonly string[];
  /** One line for `--help` and listings. */
  readonly title: string;
  /** Validate raw input; throw ScenarioError(path, message) on bad input. */
  parse(input: unknown): S;
  /** Exact distributions. */
  exact(scenario: S): Outcome;
  /** Roll `n` sequences die by die, in rule order, adding each to `tally`. */
  simulate(scenario: S, rng: Rng, n: number, tally: Tally): void;
}
