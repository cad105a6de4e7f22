/**
 * "What removes this unit within K turns (or bounds)?" for several attackers at once:
 * one attacker or a pair against one target over K steps, ranked by P(removed by step K). System-
 * agnostic: a rule set joins through its UnitQuestions.engagements.
 */
import { clampProbability, mean } from '../core/dist.js';
import { InputError, TooLargeError } from '../core/errors.js';
import { findSystem } from '../systems/lookup.js';
import type { AttackHow, EngagementQuestions, Outcome, SituationFlags } from '../systems/types.js';
import { type Evaluate, type Side, sideBody, sideLabel } from './pairing.js';
import { shootingReads } from './shooting-flags.js';
import { DEFAULT_OPTION, questionsOf, type Unit } from './unit.js';
import type { Planned } from './question-work.js';

/** Most attackers one engagement takes. */
export const MAX_ENGAGEMENT_ATTACKERS = 10;

/** An attacker of another rule set is bad input ("an age-of-sigmar unit": the article follows the name). */
function otherRuleSet(flag: string, unit: Unit, targetSystem: string): InputError {
  const article = /^[aeiou]/i.test(unit.system) ? 'an' : 'a';
  return new InputError(`${flag}: '${unit.system}/${unit.id}' is ${article} ${unit.system} unit, and the target is from ${targetSystem}`);
}

export interface EngagementSide {
  readonly side: Side;
  readonly how: AttackHow | null;
}

export interface EngagementRow {
  readonly attackers: readonly Side[];
  /** P(removed by the end of step k), k = 1..steps. */
  readonly removedBy: number[];
  readonly pRemove: number;
  readonly meanDamage: number;
  readonly outcome: Outcome;
}

/** The rule set's engagement hook, or a one-line error naming the flag. */
export function engagementsOf(systemId: string, flag: string): EngagementQuestions {
  const q = questionsOf(findSystem(systemId));
  if (!q.engagements) throw new InputError(`${flag}: engagements of several attackers exist for kings-of-war, age-of-sigmar and hott, not ${systemId}`);
  return q.engagements;
}

/** The parse input of an engagement, after the checks every rule set shares. */
export function engagementInput(attackers: readonly EngagementSide[], target: Side, steps: number, flags: SituationFlags): { system: string; input: unknown } {
  const system = target.unit.system;
  const e = engagementsOf(system, '--attacker');
  if (attackers.length === 0) throw new InputError('--attacker: give at least one attacker');
  if (attackers.length > MAX_ENGAGEMENT_ATTACKERS)
    throw new InputError(`--attacker: ${attackers.length} attackers: at most ${MAX_ENGAGEMENT_ATTACKERS} attack one target`);
  const q = questionsOf(findSystem(system));
  flags = shootingReads(q, flags);
  for (const { side, how } of attackers) {
    const ref = `${side.unit.system}/${side.unit.id}`;
    if (side.unit.system !== system) throw otherRuleSet('--attacker', side.unit, system);
    const shooting = how === null ? flags.shooting : how === 'shooting';
    if (!q.canAttack(sideBody(side), { ...flags, shooting })) throw new InputError(`--attacker: '${ref}' cannot make this attack${shooting ? ' (it cannot shoot)' : ''}`);
  }
  if (steps < 1 || steps > e.maxSteps) throw new InputError(`--${e.step}: must be a whole number from 1 to ${e.maxSteps}`);
  const input = e.input(
    attackers.map((a) => ({ body: sideBody(a.side), how: a.how })),
    sideBody(target),
    steps,
    flags,
  );
  return { system, input };
}

async function row(attackers: readonly Side[], target: Side, steps: number, flags: SituationFlags, evaluate: Evaluate): Promise<EngagementRow> {
  const { system, input } = engagementInput(attackers.map((side) => ({ side, how: null })), target, steps, flags);
  const outcome = await evaluate(system, input);
  // Cumulative sums of the turns' tables: rounding never takes them past 1
  const removedBy = engagementsOf(system, '--attacker').removedBy(outcome, steps).map(clampProbability);
  return { attackers, removedBy, pRemove: removedBy[steps - 1], meanDamage: mean(outcome.damage), outcome };
}

/** An engagement of these attackers as a question's plan holds it (question-work.ts). */
function plannedEngagement(attackers: readonly Side[], target: Side, steps: number, flags: SituationFlags): Planned {
  return () => engagementInput(attackers.map((side) => ({ side, how: null })), target, steps, flags);
}

/** The attackers of each engagement `rankEngagements` runs: every pair of candidates, or every candidate with each option. */
function rankedAttackers(target: Side, candidates: readonly Unit[], pairs: boolean, flags: SituationFlags): Side[][] {
  const q = questionsOf(findSystem(target.unit.system));
  const able = (side: Side) => q.canAttack(sideBody(side), flags);
  if (!pairs)
    return candidates.flatMap((unit) => [DEFAULT_OPTION, ...Object.keys(unit.options)].map((option) => [{ unit, option }]).filter(([side]) => able(side)));
  const sides = candidates.map((unit) => ({ unit, option: DEFAULT_OPTION })).filter(able);
  return sides.flatMap((a, i) => sides.slice(i + 1).map((b) => [a, b]));
}

/** The engagements `rankEngagements` runs. */
export function rankPlan(target: Side, candidates: readonly Unit[], steps: number, pairs: boolean, flags: SituationFlags): Planned[] {
  return rankedAttackers(target, candidates, pairs, flags).map((attackers) => plannedEngagement(attackers, target, steps, flags));
}

/** The engagements `compareEngagements` runs. */
export function compareEngagementsPlan(unit: Unit, options: readonly string[], targets: readonly Side[], steps: number, flags: SituationFlags): Planned[] {
  return targets.flatMap((target) => options.map((option) => plannedEngagement([{ unit, option }], target, steps, flags)));
}

const better = (a: EngagementRow, b: EngagementRow) => b.pRemove - a.pRemove || b.meanDamage - a.meanDamage;

/**
 * Every candidate alone (each with its best option), or with `pairs` every pair of candidates
 * (options as written), against the target over `steps`, best first.
 */
export async function rankEngagements(
  target: Side,
  candidates: readonly Unit[],
  steps: number,
  pairs: boolean,
  flags: SituationFlags,
  evaluate: Evaluate,
): Promise<{ rows: EngagementRow[]; refused: string[] }> {
  // An attacker of another rule set is bad input, never silently left out of the ranking.
  for (const unit of candidates)
    if (unit.system !== target.unit.system)
      throw otherRuleSet('--attackers', unit, target.unit.system);
  const rows: EngagementRow[] = [];
  // Pairs the rules forbid (e.g. a Dragon supporting an assault, HOTT §5 Solitario) are listed, not ranked.
  const refused: string[] = [];
  if (pairs) {
    for (const attackers of rankedAttackers(target, candidates, true, flags))
      try {
        rows.push(await row(attackers, target, steps, flags, evaluate));
      } catch (e) {
        // A pair the rules do not allow is listed; work past the meter ends the whole question.
        if (!(e instanceof InputError) || e instanceof TooLargeError) throw e;
        refused.push(`${attackersLabel(attackers)}: ${e.message}`);
      }
  } else {
    // The best option of each candidate, candidates in the order given
    const best = new Map<Unit, EngagementRow>();
    for (const attackers of rankedAttackers(target, candidates, false, flags)) {
      const r = await row(attackers, target, steps, flags, evaluate);
      const before = best.get(attackers[0].unit);
      if (!before || better(r, before) < 0) best.set(attackers[0].unit, r);
    }
    rows.push(...best.values());
  }
  return { rows: rows.sort(better), refused };
}

/** Each option of a unit against each target over `steps`. */
export async function compareEngagements(
  unit: Unit,
  options: readonly string[],
  targets: readonly Side[],
  steps: number,
  flags: SituationFlags,
  evaluate: Evaluate,
): Promise<Array<{ option: string; target: Side; row: EngagementRow }>> {
  const out: Array<{ option: string; target: Side; row: EngagementRow }> = [];
  for (const target of targets) for (const option of options) out.push({ option, target, row: await row([{ unit, option }], target, steps, flags, evaluate) });
  return out;
}

export function attackersLabel(sides: readonly Side[]): string {
  return sides.map(sideLabel).join(' + ');
}
