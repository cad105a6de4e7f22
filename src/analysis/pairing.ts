/**
 * One attacker unit (with an option) against one target unit, as a scenario input, and the
 * summary figures every question reports about it.
 */
import { atLeast, clampProbability, mean, sd } from '../core/dist.js';
import { InputError } from '../core/errors.js';
import type { Outcome, SituationFlags, UnitBody, UnitQuestions } from '../systems/types.js';
import { shootingReads } from './shooting-flags.js';
import { findSystem } from '../systems/lookup.js';
import { DEFAULT_OPTION, questionsOf, type Unit, withOption } from './unit.js';
import type { Planned } from './question-work.js';

/** Turns a scenario input into an Outcome: the exact engine, or the Monte Carlo pool. */
/** `label` names the pairing for an error message. */
export type Evaluate = (system: string, input: unknown, label?: string) => Promise<Outcome>;

export type RemoveMetric = 'destroyed' | 'break';

export interface Side {
  unit: Unit;
  option: string;
}

export interface Figures {
  /** P(the target is removed): destroyed (routed in Kings of War), or broken with --metric break. */
  pRemove: number;
  meanDamage: number;
  sdDamage: number;
  /** P(damage ≥ half of what the target can take). */
  pHalf: number;
}

export function sideBody(side: Side): UnitBody {
  return withOption(side.unit, side.option);
}

export function sideLabel(side: Side): string {
  return side.option === DEFAULT_OPTION ? side.unit.name : `${side.unit.name} (${side.option})`;
}

export function pairingInput(q: UnitQuestions, attacker: Side, target: Side, flags: SituationFlags): unknown {
  if (target.unit.system !== attacker.unit.system)
    throw new InputError(`target: '${target.unit.system}/${target.unit.id}' is not from the ${attacker.unit.system} rule set`);
  const a = sideBody(attacker);
  const t = sideBody(target);
  if (!q.canAttack(a, flags)) throw new InputError(`attacker: '${attacker.unit.system}/${attacker.unit.id}' cannot make this attack${flags.shooting ? ' (it cannot shoot)' : ''}`);
  if (!q.canBeTarget(t)) throw new InputError(`target: '${target.unit.system}/${target.unit.id}' cannot be a target`);
  const read = shootingReads(q, flags);
  checkSituationAgainstFlags(q, a, t, read);
  return q.scenario(a, t, read);
}

const SITUATION_FLAGS = ['charge', 'flank', 'rear'] as const;

/**
 * A `--situation` key that a flag also sets, to another value (`--charge` with
 * `{"charging": "target"}`, `--flank` with `{"facing": "rear"}`), is a contradiction: refused, as
 * `--flank --rear` is, whichever the rule set would have let win. Which keys a flag sets is read
 * from the rule set's own scenario (UnitQuestions.scenario), with and without the flag.
 */
export function checkSituationAgainstFlags(q: UnitQuestions, attacker: UnitBody, target: UnitBody, flags: SituationFlags): void {
  const extra = flags.extra;
  if (Object.keys(extra).length === 0) return;
  const bare: SituationFlags = { ...flags, charge: false, flank: false, rear: false, extra: {} };
  const situationOf = (f: SituationFlags): Record<string, unknown> | null => {
    try {
      return ((q.scenario(attacker, target, f) as { situation?: Record<string, unknown> }).situation ?? {}) as Record<string, unknown>;
    } catch {
      return null; // the rule set refuses the flag alone here: its own error comes with the real scenario
    }
  };
  const base = situationOf(bare);
  if (!base) return;
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  for (const flag of SITUATION_FLAGS) {
    if (!flags[flag]) continue;
    const set = situationOf({ ...bare, [flag]: true });
    if (!set) continue;
    for (const [key, value] of Object.entries(set))
      if (!same(value, base[key]) && Object.hasOwn(extra, key) && !same(extra[key], value))
        throw new InputError(`--situation: '${key}': ${JSON.stringify(extra[key])} contradicts --${flag}, which sets it to ${JSON.stringify(value)}: give one or the other`);
  }
}

/** What P(remove) counts, as `--remove` (or the flag `flag`) gives it: destroyed (the default) or break. */
export function parseRemoveMetric(text: string | undefined, flag = '--remove'): RemoveMetric {
  if (text === undefined || text === 'destroyed') return 'destroyed';
  if (text === 'break') return 'break';
  throw new InputError(`${flag}: '${text}' is not allowed (allowed: destroyed, break)`);
}

export function removeProbability(q: UnitQuestions, outcome: Outcome, metric: RemoveMetric, systemId: string): number {
  if (metric === 'break') {
    if (!q.breakProbability) throw new InputError(`--remove: 'break' needs break tests, which ${systemId} does not have (use 'destroyed')`);
    // A sum of the ways the target broke: rounding never takes it past 1
    return clampProbability(q.breakProbability(outcome));
  }
  return outcome.destroyed ?? 0;
}

export function figuresOf(q: UnitQuestions, outcome: Outcome, targetBody: UnitBody, metric: RemoveMetric, systemId: string): Figures {
  const half = Math.max(1, Math.ceil(q.capacity(targetBody) / 2));
  return {
    pRemove: removeProbability(q, outcome, metric, systemId),
    meanDamage: mean(outcome.damage),
    sdDamage: sd(outcome.damage),
    pHalf: atLeast(outcome.damage, half),
  };
}

/** The pairing as a question's plan holds it (question-work.ts). */
export function plannedPairing(attacker: Side, target: Side, flags: SituationFlags): Planned {
  return () => {
    const system = findSystem(attacker.unit.system);
    return { system: system.id, input: pairingInput(questionsOf(system), attacker, target, flags) };
  };
}

export async function evaluatePairing(evaluate: Evaluate, attacker: Side, target: Side, flags: SituationFlags): Promise<Outcome> {
  const system = findSystem(attacker.unit.system);
  return evaluate(system.id, pairingInput(questionsOf(system), attacker, target, flags), `${sideLabel(attacker)} against ${sideLabel(target)}`);
}
