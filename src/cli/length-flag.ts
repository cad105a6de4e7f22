/**
 * `--length N`: one flag for how long a fight or an engagement lasts, whatever the rule set. It
 * becomes the rule set's own word — the rounds of a whole fight (The 9th Age, Warhammer Fantasy),
 * the turns of a Kings of War engagement or the battle rounds of an Age of Sigmar one (`turns`),
 * the bounds of a HOTT one — which the output keeps. The rule set's own flags (`--rounds`,
 * `--turns`, `--bounds`) are still accepted. The word comes from the rule set's questions adapter;
 * nothing here knows a rule.
 */
import { questionsOf } from '../analysis/units.js';
import { InputError } from '../core/errors.js';
import { findSystem } from '../systems/lookup.js';

export type { LengthFlags } from './engagement-options.js';
import type { LengthFlags } from './engagement-options.js';

/** The rule set's own flag for --length: 'rounds' for a whole fight, or its engagement's step. */
export function lengthWordOf(systemId: string): 'rounds' | 'turns' | 'bounds' | null {
  const q = questionsOf(findSystem(systemId));
  if (q.engagements) return q.engagements.step;
  return q.fights ? 'rounds' : null;
}

/**
 * Puts --length under the rule set's own flag (and, for a whole fight in kills or compare,
 * turns the question into a fight). `fights`: the command takes --rounds for a whole fight.
 */
export function applyLength(f: LengthFlags, systemId: string, options: { fights: boolean }): void {
  if (f.length === undefined) return;
  const given = (['rounds', 'turns', 'bounds'] as const).find((k) => f[k] !== undefined);
  if (given) throw new InputError(`--length: give --length or --${given}, not both`);
  const word = lengthWordOf(systemId);
  if (word === null) throw new InputError(`--length: ${systemId} has no whole fights or engagements`);
  if (word === 'rounds') {
    if (!options.fights) throw new InputError(`--length: one ${systemId} attack is one round; a whole fight is 'warodds fight'`);
    f.fight = true;
  }
  f[word] = f.length;
}
