/**
 * The seam between the engine and a rule set (DESIGN.md, "The seam").
 * Every system validates its own input, computes an exact Outcome, and simulates die by die
 * into a Tally. Nothing here prints.
 */
import type { Dist } from '../core/dist.js';
import type { Rng } from '../core/rng.js';
import type { Tally } from '../sim/tally.js';
import type * as z from 'zod';

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
  /**
   * Monte Carlo only, when a distribution's overflow bucket was used: its last entry, at this
   * value, holds every sample at or above it (sim/tally.ts, POOLED_FROM).
   */
  pooledFrom?: { damage?: number; slain?: number };
  /** A whole fight's exact chain: live states per round and the bound on them (src/fight). */
  chain?: { readonly statesPerRound: readonly number[]; readonly bound: number };
}

/** One stage of the attack sequence (attacks, hits, wounds, unsaved wounds, damage) and its distribution. */
export interface Stage {
  readonly name: string;
  readonly dist: Dist;
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
  /**
   * The work of `exact` on the meter (core/budget.ts), estimated from the parsed scenario before
   * any of it is done, so that a question over many pairings can be refused before its first one.
   * Absent where the only bound is the meter charged as the work runs.
   */
  estimate?(scenario: S): number;
  /**
   * Exact distributions of each stage of the attack sequence, for rule sets whose attacks go
   * through hit, wound and save rolls (`attack --stages`).
   */
  stages?(scenario: S): Stage[];
  /** Roll `n` sequences die by die, in rule order, adding each to `tally`. */
  simulate(scenario: S, rng: Rng, n: number, tally: Tally): void;
  /**
   * The order in which outcome tables and morale / outcome categories are shown, as the exact
   * engine builds them; the simulator's tallies are sorted by it, so the output does not depend
   * on which chunk finished first. Names not listed follow (numbers ascending, then by name).
   */
  readonly categoryOrder: readonly string[];
  /** Whether a parsed scenario is a whole fight (src/fight); absent where the rule set has none. */
  isFight?(scenario: S): boolean;
  /** Units and the three questions; absent for the generic pipeline, which has no units. */
  readonly questions?: UnitQuestions;
  /** The unit schema front ends build unit forms from (src/web/schema-form.ts); absent for the generic pipeline, which has no units. */
  readonly unitSchema?: UnitSchema;
  /**
   * Notes about a valid scenario, each naming its field: a fact the rules make irrelevant here and
   * why it changed nothing, or a choice the rules advise against but still allow computing (HOTT
   * §11.10 illegal charges). Carried out of `parse` in the scenario; every output format shows them.
   */
  notes?(scenario: S): readonly string[];
}

/** A parsed scenario that may carry notes out of `parse` (GameSystem.notes). */
export interface WithNotes {
  readonly notes?: readonly string[];
}

/** The notes a parsed scenario carries (none when it has no `notes`). */
export function notesOf(scenario: unknown): readonly string[] {
  return (scenario as WithNotes | null)?.notes ?? [];
}

/** A unit as its rule set's scenario takes it (attacker or target), with options already applied. */
export type UnitBody = Record<string, unknown>;

/** The situation the user asked for with the shared flags of kills / compare / table. */
export interface SituationFlags {
  charge: boolean;
  flank: boolean;
  rear: boolean;
  shooting: boolean;
  /** A whole fight, round after round to a finish (rule sets whose questions have `fights`). */
  fight?: boolean;
  /** Raw keys merged into the system's situation (`--situation JSON`). */
  extra: Record<string, unknown>;
}

/** The flags of a charge or a side, which a shooting attack may or may not read. */
export type ShootingFlag = 'charge' | 'flank' | 'rear';
export type ShootingFlagRule = { readonly ignored: string } | { readonly contradicts: string };

/** A target characteristic a `warodds table` axis can vary. */
export interface TableKey {
  /** One line for help and errors, e.g. "t: Toughness, 1..10". */
  readonly describe: string;
  /** Check one value as written on the command line; throw InputError naming the key. */
  check(value: string): void;
  /** The target with this characteristic set to the value. */
  apply(target: UnitBody, value: string): UnitBody;
}

/**
 * How the three questions (kills, compare, table) use a rule set's units. Everything that knows
 * the rule set's shapes lives here, in the system's folder; the analysis is system-agnostic.
 */
export interface UnitQuestions {
  /** The input of `parse` for one unit attacking another. */
  scenario(attacker: UnitBody, target: UnitBody, flags: SituationFlags): unknown;
  /** Key characteristics for `warodds units`, e.g. "WS4 S3 T3 W1 A1, spear, shield". */
  summary(unit: UnitBody): string;
  /** Whether the unit can make this attack (melee, or shooting with flags.shooting). */
  canAttack(unit: UnitBody, flags: SituationFlags): boolean;
  /** Why the unit cannot make this attack (when canAttack is false), naming the rule; a plain reason when absent. */
  cannotAttack?(unit: UnitBody, flags: SituationFlags): string;
  canBeTarget(unit: UnitBody): boolean;
  /** The verb of removal in a verdict: 'destroy', 'rout' (Kings of War), ... */
  readonly removeVerb: string;
  /** What `--remove break` counts, as a verb (`break`; Kings of War has no break test: `waver or rout`, §6). */
  readonly breakVerb?: string;
  /** What "damage" counts and how much the target can take (P(≥ half) uses half of it). */
  readonly damageUnit: string;
  capacity(target: UnitBody): number;
  /** Whole fights (`--fight`, `warodds fight`) are available. */
  readonly fights?: boolean;
  /** P(the target breaks, flees or is destroyed), where the rule set has break tests. */
  breakProbability?(outcome: Outcome): number;
  /** Target characteristics a table may vary, and the default grid. */
  readonly tableKeys: Readonly<Record<string, TableKey>>;
  /** The default table: axes, base target, and what the cells show when --metric is not given (mean). */
  readonly defaultGrid: { readonly rows: string; readonly cols: string; readonly target: UnitBody; readonly metric?: string };
  /** Built-in unit ids compared against by default. */
  readonly defaultTargets: readonly string[];
  /**
   * What `--charge`, `--flank` and `--rear` mean beside `--shooting` in this rule set, the same in
   * every command: `ignored` — the shooting attack does not read the flag, which is dropped and
   * noted "changed nothing" with the reason; `contradicts` — the rules forbid it (refused with the
   * reason). A flag not listed is read by the rule set's shooting scenario.
   */
  readonly shootingFlags?: Readonly<Partial<Record<ShootingFlag, ShootingFlagRule>>>;
  /** Several attackers over several turns or bounds (`--turns` / `--bounds`); absent where the rule set has none. */
  readonly engagements?: EngagementQuestions;
}

/** How one attacker of an engagement attacks: a charge into a side, a counter-charge, or shooting. */
export const ATTACK_HOWS = ['front', 'flank', 'rear', 'counter-charge', 'shooting'] as const;
export type AttackHow = (typeof ATTACK_HOWS)[number];

/** One attacker of an engagement, its unit with its option applied. */
export interface EngagementAttacker {
  readonly body: UnitBody;
  /** Given with `--attacker ID:how`; null = from the shared flags (--shooting, --flank, --rear). */
  readonly how: AttackHow | null;
}

/**
 * The hook a rule set implements for engagements: the CLI (attack with several --attacker,
 * kills/compare --turns or --bounds, --pairs) is shared and knows no rule. Add a rule set by
 * giving its UnitQuestions an `engagements` object.
 */
export interface EngagementQuestions {
  /** The flag that counts the engagement's length: 'turns' (Kings of War, Age of Sigmar battle rounds) or 'bounds' (HOTT). */
  readonly step: 'turns' | 'bounds';
  /** Most steps the rule set's engine runs. */
  readonly maxSteps: number;
  /** The input of `parse` for these attackers against the target over `steps`; throw InputError naming the flag on a bad combination. */
  input(attackers: readonly EngagementAttacker[], target: UnitBody, steps: number, flags: SituationFlags): unknown;
  /** What the engagement Outcome's `damage` counts against this target, for a column head (e.g. "damage carried", "assaulters lost"). */
  damageLabel(target: UnitBody): string;
  /** P(the target is removed by the end of step k), k = 1..steps, from the engagement's Outcome. */
  removedBy(outcome: Outcome, steps: number): number[];
}

/**
 * A rule set's unit schema (the zod shape its scenarios validate a unit with) and, for the fields
 * that hold names (rules, equipment, abilities, troop types), the names the rule set accepts there.
 */
export interface UnitSchema {
  readonly schema: z.ZodType;
  /** The names a field accepts, by its path ("rules", "weapons.abilities"; entries of a list share one path). */
  readonly names: Readonly<Record<string, readonly string[]>>;
}

/** Names from several lists, once each, sorted (a unit schema's names of a field). */
export const sortedNames = (...lists: ReadonlyArray<readonly string[]>): readonly string[] => [...new Set(lists.flat())].sort();
