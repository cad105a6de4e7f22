/**
 * `--charge`, `--flank` and `--rear` beside `--shooting`: one rule for every command (attack,
 * kills, compare, table, engagements). Each rule set says in UnitQuestions.shootingFlags which of
 * them its shooting ignores (dropped, and noted "changed nothing") and which contradict shooting
 * (refused); the others its shooting scenario reads.
 */
import { InputError } from '../core/errors.js';
import type { ShootingFlag, SituationFlags, UnitQuestions } from '../systems/types.js';

const SHOOTING_FLAGS: readonly ShootingFlag[] = ['charge', 'flank', 'rear'];

/**
 * The flags a shooting attack of this rule set reads (UnitQuestions.shootingFlags): a flag it
 * ignores is dropped, a flag that contradicts shooting is refused. One rule for every command.
 */
export function shootingReads(q: UnitQuestions, flags: SituationFlags): SituationFlags {
  if (!flags.shooting) return flags;
  let read = flags;
  for (const flag of SHOOTING_FLAGS) {
    const rule = flags[flag] ? q.shootingFlags?.[flag] : undefined;
    if (rule && 'contradicts' in rule) throw new InputError(`--${flag}: cannot be combined with --shooting: ${rule.contradicts}`);
    if (rule) read = { ...read, [flag]: false };
  }
  return read;
}

/** "--charge: changed nothing: …" for each flag given with --shooting that the rule set's shooting does not read. */
export function shootingNotes(q: UnitQuestions, flags: SituationFlags): string[] {
  if (!flags.shooting) return [];
  return SHOOTING_FLAGS.flatMap((flag) => {
    const rule = flags[flag] ? q.shootingFlags?.[flag] : undefined;
    return rule && 'ignored' in rule ? [`--${flag}: changed nothing: ${rule.ignored}`] : [];
  });
}
