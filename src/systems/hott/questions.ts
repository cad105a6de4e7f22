/**
 * Hordes of the Things elements for kills / compare / table: one element against one element,
 * in close combat unless --shooting; "removed" is destroyed, vanished, left the battlefield or
 * captured (rules/hott.md §7.1), which the Outcome's `destroyed` already is.
 */
import { InputError } from '../../core/errors.js';
import { booleanKey, choiceKey } from '../table-keys.js';
import type { EngagementQuestions, SituationFlags, UnitBody, UnitQuestions } from '../types.js';
import { MAX_BOUNDS } from './engagement-schema.js';
import { targetRemovedIn } from './engagement.js';
import { findTroop, TROOP_IDS, TROOPS } from './tables.js';
import { TERRAINS } from './terrain.js';

/** The mode asked for: `--situation '{"mode": ...}'` wins over --shooting (it is merged last). */
function modeOf(flags: SituationFlags): string {
  const mode = flags.extra.mode;
  return typeof mode === 'string' ? mode : flags.shooting ? 'shooting' : 'close-combat';
}

function situation(flags: SituationFlags): Record<string, unknown> {
  if (flags.flank || flags.rear)
    throw new InputError(`--${flags.flank ? 'flank' : 'rear'}: a HOTT element's flank and rear contact are fields of the unit (overlaps, rear-harassment)`);
  // The attacker charged this turn unless told otherwise (the rule set's default, §6.3).
  return { mode: flags.shooting ? 'shooting' : 'close-combat', ...(flags.charge ? { charged: true } : {}), ...flags.extra };
}

/** Who can make the attack of each mode: Shooters/Artillery shoot (§6.4), Magicians cast (§6.5), a Stronghold never attacks (§6.6). */
function canAttack(type: string, mode: string): boolean {
  const troop = findTroop(type);
  if (mode === 'shooting') return troop === 'shooters' || troop === 'artillery';
  if (mode === 'magic') return troop === 'magicians';
  return troop !== 'stronghold';
}

/**
 * A general unit that shoots or casts gets no +1 (§5 General, ambiguity 12), so it attacks as a
 * plain element there (parse refuses `general` on a shooter written by hand).
 */
function attackerBody(attacker: UnitBody, flags: SituationFlags): UnitBody {
  if (modeOf(flags) === 'close-combat') return attacker;
  const { general: _general, ...rest } = attacker;
  return rest;
}

/**
 * Combats that go on bound after bound: one element against one, or a group assaulting
 * a Stronghold (the only combat several elements fight together, §6.6). Removal: the target
 * destroyed, vanished, gone or captured within the bounds.
 */
const engagements: EngagementQuestions = {
  step: 'bounds',
  maxSteps: MAX_BOUNDS,
  input(attackers, target, steps, flags) {
    if (attackers.some((a) => a.how !== null))
      throw new InputError("--attacker: a HOTT element's side of contact is a field of the unit (overlaps, rear-harassment), not ':side'");
    if (flags.shooting) throw new InputError('--bounds: only close combat goes on from bound to bound (§6.4: a shot is one bound)');
    if (findTroop(String(target.type)) === 'stronghold')
      return { assault: attackers.map((a) => a.body), target, bounds: steps, ...(Object.keys(flags.extra).length ? { situation: flags.extra } : {}) };
    if (attackers.length > 1)
      throw new InputError('--attacker: a HOTT close combat is one element against one (§6.1); several elements fight together only to assault a Stronghold (§6.6)');
    return { attacker: attackers[0].body, target, situation: situation(flags), bounds: steps };
  },
  // An assault's damage counts the assaulters lost; a combat's, the target removed (0 or 1).
  damageLabel: (target) => (findTroop(String(target.type)) === 'stronghold' ? 'assaulters lost' : 'target removed'),
  removedBy(o, steps) {
    return Array.from({ length: steps }, (_, k) => {
      const bound = o.outcomes?.[`bound ${k + 1}`];
      if (bound) return bound.captured ?? 0;
      const within = o.outcomes?.[`within bound ${k + 1}`] ?? {};
      return Object.entries(within).reduce((sum, [label, p]) => sum + (targetRemovedIn(label) ? p : 0), 0);
    });
  },
};

export const hottQuestions: UnitQuestions = {
  scenario: (attacker, target, flags) => ({ attacker: attackerBody(attacker, flags), target, situation: situation(flags) }),
  summary(u) {
    const troop = TROOPS[findTroop(String(u.type))!];
    return `${troop.class}, combat ${troop.hc1}/${troop.hc2} (vs foot / vs mounted or aerial)${u.general ? ', general' : ''}`;
  },
  canAttack: (u, flags) => canAttack(String(u.type), modeOf(flags)),
  cannotAttack: (u, flags) =>
    findTroop(String(u.type)) === 'stronghold'
      ? 'a Stronghold never attacks (§6.6)'
      : modeOf(flags) === 'shooting'
        ? 'only Shooters and Artillery shoot (§6.4)'
        : modeOf(flags) === 'magic'
          ? 'only Magicians cast (§6.5)'
          : 'it cannot make this attack',
  canBeTarget: () => true,
  shootingFlags: {
    charge: { ignored: 'a shot is not a charge: the shooter shoots from where it stands (§6.4)' },
    flank: { ignored: 'shooting counts no flank or rear contact (§6.4: none of the close-combat overlap or rear factors)' },
    rear: { ignored: 'shooting counts no flank or rear contact (§6.4: none of the close-combat overlap or rear factors)' },
  },
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
  engagements,
};
