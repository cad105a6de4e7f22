/**
 * The flags of engagements read and checked, in one place for every command and rule
 * set: `--attacker ID[:how]` (repeatable), `--turns K` (Kings of War; Age of Sigmar battle rounds)
 * or `--bounds K` (HOTT), and `--pairs` (kills); the options themselves are engagement-options.ts.
 * A rule set joins by giving its UnitQuestions an `engagements` object (src/systems/types.ts,
 * EngagementQuestions); nothing here knows a rule.
 */
import { engagementsOf } from '../analysis/engagements.js';
import { InputError } from '../core/errors.js';
import { ATTACK_HOWS, type AttackHow } from '../systems/types.js';
import type { EngagementFlags } from './engagement-options.js';

/** `kow/knights:flank` → the unit id and how it attacks. */
export function attackerSpec(text: string): { ref: string; how: AttackHow | null } {
  const [ref, how, ...rest] = text.split(':');
  if (how === undefined) return { ref, how: null };
  if (rest.length || !(ATTACK_HOWS as readonly string[]).includes(how))
    throw new InputError(`--attacker: '${text}': write ID or ID:how, with how one of ${ATTACK_HOWS.join(', ')}`);
  return { ref, how: how as AttackHow };
}

/** The engagement length given with --turns or --bounds for this rule set, or null when neither. */
export function stepsOf(f: EngagementFlags, systemId: string): number | null {
  if (f.turns !== undefined && f.bounds !== undefined) throw new InputError('--turns: give --turns or --bounds, not both');
  const flag = f.turns !== undefined ? 'turns' : f.bounds !== undefined ? 'bounds' : null;
  if (flag === null) {
    if (f.pairs) throw new InputError('--pairs: only with --turns (Kings of War, Age of Sigmar) or --bounds (HOTT)');
    return null;
  }
  const e = engagementsOf(systemId, `--${flag}`);
  if (e.step !== flag) throw new InputError(`--${flag}: ${systemId} counts an engagement in ${e.step} (--${e.step})`);
  const text = flag === 'turns' ? f.turns! : f.bounds!;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < 1 || n > e.maxSteps) throw new InputError(`--${flag}: '${text}' must be a whole number from 1 to ${e.maxSteps}`);
  return n;
}

/** The run record's situation of an engagement (shared with the web page). */
export { engagementSituation } from '../questions/engagement-report.js';
