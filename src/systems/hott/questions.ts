/**
 * Hordes of the Things elements for kills / compare / table: one element against one element,
 * in close combat unless --shooting; "removed" is destroyed, vanished, left the battlefield or
 * captured (rules/hott.md §7.1), which the Outcome's `destroyed` already is.
 */
import { InputError } from '../../core/errors.js';
import { booleanKey, choiceKey } from '../table-keys.js';
import type { SituationFlags, UnitQuestions } from '../types.js';
import { findTroop, TROOP_IDS, TROOPS } from './tables.js';
import { TERRAINS } from './terrain.js';

function situation(flags: SituationFlags): Record<string, unknown> {
  if (flags.flank || flags.rear)
    throw new InputError(`--${flags.flank ? 'flank' : 'rear'}: a HOTT element's flank and rear contact are fields of the unit (overlaps, rearHarassment)`);
  // The attacker charged this turn unless told otherwise (the rule set's default, §6.3).
  return { mode: flags.shooting ? 'shooting' : 'close-combat', ...(flags.charge ? { charged: true } : {}), ...flags.extra };
}

export const hottQuestions: UnitQuestions = {
  scenario: (attacker, target, flags) => ({ attacker, target, situation: situation(flags) }),
  summary(u) {
    const troop = TROOPS[findTroop(String(u.type))!];
    return `${troop.class}, combat ${troop.hc1}/${troop.hc2} (vs foot / vs mounted or aerial)${u.general ? ', general' : ''}`;
  },
  // Shooting needs Shooters or Artillery (§6.4); anything can fight in close combat.
  canAttack: (u, flags) => !flags.shooting || ['shooters', 'artillery'].includes(findTroop(String(u.type)) ?? ''),
  canBeTarget: () => true,
  removeVerb: 'remove',
  damageUnit: 'elements removed',
  capacity: () => 1,
  tableKeys: {
    type: choiceKey('type: the opposing troop type', TROOP_IDS, (t, v) => ({ ...t, type: v })),
    terrain: choiceKey("terrain: the target's terrain", TERRAINS, (t, v) => ({ ...t, terrain: v })),
    general: booleanKey('general', 'general: the target is the general, no/yes'),
    overlaps: choiceKey('overlaps: flanks of the target overlapped, 0..2', ['0', '1', '2'], (t, v) => ({ ...t, overlaps: Number(v) })),
  },
  defaultGrid: {
    rows: `type=${TROOP_IDS.filter((t) => t !== 'stronghold').join(',')}`,
    cols: 'overlaps=0,1,2',
    target: { type: 'blades' },
  },
  defaultTargets: ['blades', 'spears', 'warbands', 'knights', 'behemoths', 'heroes'],
};
