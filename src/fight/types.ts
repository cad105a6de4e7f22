/**
 * A whole fight, system-agnostic (DESIGN.md "Whole fights and engagements"): close combat round
 * after round until one side breaks and escapes, is caught, is destroyed, or the round cap is
 * reached. A rule set describes one round as steps from a state; the chain and the simulator
 * record the same tables, so `check` compares them field by field.
 */

export type FightSide = 'attacker' | 'target';

/** How a losing side leaves the fight. */
export const LOSER_FATES = ['escaped', 'caught', 'destroyed', 'fled-at-charge'] as const;
export type LoserFate = (typeof LOSER_FATES)[number];

/** How a fight ends: one side's fate, or both units wiped out in the same Initiative step. */
export type Ending = `${FightSide}-${LoserFate}` | 'both-destroyed';

export const ENDINGS: readonly Ending[] = [
  ...LOSER_FATES.map((f) => `target-${f}` as const),
  ...LOSER_FATES.map((f) => `attacker-${f}` as const),
  'both-destroyed',
];

/** Still fighting when the round cap is reached. */
export const FIGHTING = 'fighting';

/** Most rounds a fight may be asked to run, and the cap when none is given. */
export const MAX_ROUNDS = 50;
export const DEFAULT_ROUNDS = 12;

/** The two units after a round (or at the end). */
export interface Units {
  /** Models of each side still on the table (a unit caught in pursuit has none). */
  readonly attackerLeft: number;
  readonly targetLeft: number;
  /** Wounds the target has lost since the fight began (excess beyond a model or the unit is lost). */
  readonly targetWounds: number;
  /** The target's models slain by wounds since the fight began. */
  readonly targetSlain: number;
}

/** One way a round can go from a state (its combat-result margin is counted apart, see RoundSteps). */
export interface Step<K> {
  readonly p: number;
  readonly units: Units;
  /** The state the fight goes on from, or null when it ended. */
  readonly next: K | null;
  readonly ending: Ending | null;
}

/** The Overkill each side's fighter scored in a round's challenge, or null when no challenge was fought (9th Age §4.11, Warhammer Fantasy §9). */
export type Overkill = { readonly attacker: number; readonly target: number } | null;

/** Every way a round fought from a state can go, and its combat-result margins. */
export interface RoundSteps<K> {
  readonly steps: readonly Step<K>[];
  /** The attacker's combat score minus the target's, with its probability; null when no blows were struck. */
  readonly margins: ReadonlyArray<readonly [number | null, number]>;
  /** The round's Overkill, keyed `attacker:target` or `none`, with its probability (fights with a challenge only). */
  readonly overkills?: ReadonlyArray<readonly [string, number]>;
}

/** The key of a round's Overkill in RoundSteps.overkills. */
export const overkillKey = (o: Overkill): string => (o === null ? 'none' : `${o.attacker}:${o.target}`);

/** Adds up the steps of a round as they are found, merging equal ones. */
export class StepSet<K> {
  private readonly steps = new Map<string, { p: number; units: Units; next: K | null; ending: Ending | null }>();
  private readonly margins = new Map<number | null, number>();
  private readonly overkills = new Map<string, number>();

  add(p: number, margin: number | null, units: Units, next: K | null, ending: Ending | null, overkill: Overkill = null): void {
    if (p === 0) return;
    this.margins.set(margin, (this.margins.get(margin) ?? 0) + p);
    const ok = overkillKey(overkill);
    this.overkills.set(ok, (this.overkills.get(ok) ?? 0) + p);
    const id = `${next ?? ending}|${units.attackerLeft}|${units.targetLeft}|${units.targetWounds}|${units.targetSlain}`;
    const old = this.steps.get(id);
    if (old) old.p += p;
    else this.steps.set(id, { p, units, next, ending });
  }

  result(): RoundSteps<K> {
    return { steps: [...this.steps.values()], margins: [...this.margins], overkills: [...this.overkills] };
  }
}

/** A rule set's fight, seen by the exact chain. */
export interface FightModel<K extends number | string> {
  readonly start: K;
  readonly startUnits: Units;
  /** Round cap. */
  readonly rounds: number;
  /** Every way a round fought from `state` can go. */
  steps(state: K, round: number): RoundSteps<K>;
  /** Rounds with equal `phase` have equal steps from each state (round 1 differs from later rounds). */
  phase(round: number): number;
  /** An upper bound on the states alive in one round. */
  readonly bound: number;
  /** The fight has a challenge: its tables carry each round's Overkill. */
  readonly challenge?: boolean;
}

/** Which side lost, and whether the target was removed, for an ending. */
export function targetRemoved(ending: Ending | typeof FIGHTING): boolean {
  return ending === 'target-destroyed' || ending === 'target-caught' || ending === 'both-destroyed';
}

/** Endings in which the target broke, was caught or destroyed, or fled (kills --fight, compare --fight). */
export const TARGET_BROKEN: readonly string[] = [...LOSER_FATES.map((f) => `target-${f}`), 'both-destroyed'];
