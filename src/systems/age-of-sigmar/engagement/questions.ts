/**
 * Age of Sigmar engagements for the questions (`kills --turns K`, `--pairs`, `compare --turns K`):
 * one or more attacker units from the library against one target over K turns, ranked by
 * P(the target is destroyed within the K turns).
 *
 * The engagement built: turns alternate, the attackers' turn first; with --charge every attacker
 * charged in turn 1. In melee every attacker is engaged with the target, which fights back
 * against the first attacker still on the table whose sheet it can attack (Health and Save);
 * with --shooting the attackers shoot in their shooting phases and the target, if it has ranged
 * weapons, shoots back in its own. --situation keys are the ambiguity switches (A1–A4).
 */
import { InputError } from '../../../core/errors.js';
import type { SituationFlags, UnitBody } from '../../types.js';
import { MAX_TURNS, MAX_UNITS_PER_SIDE } from './schema.js';

/** Whether a library unit can be hit back in an engagement: its sheet has Health and Save. */
export const canBeAttacked = (u: UnitBody): boolean => u.health !== undefined && u.save !== undefined;

/** Whether a unit can take part as an attacker: it has weapons for the attack and, in melee, can be fought back. */
export function canEngage(u: UnitBody, flags: SituationFlags): boolean {
  const weapons = Array.isArray(u.weapons) ? (u.weapons as Array<{ type?: string }>) : [];
  const armed = weapons.some((w) => (w.type === 'ranged') === flags.shooting);
  return armed && (flags.shooting || canBeAttacked(u));
}

export function engagementInput(attackers: readonly UnitBody[], target: UnitBody, flags: SituationFlags, turns: number): unknown {
  if (flags.flank || flags.rear) throw new InputError(`--${flags.flank ? 'flank' : 'rear'}: Age of Sigmar has no facing`);
  if (attackers.length > MAX_UNITS_PER_SIDE) throw new InputError(`--attackers: ${attackers.length} attackers in one engagement, at most ${MAX_UNITS_PER_SIDE}`);
  if (!(Number.isInteger(turns) && turns >= 1 && turns <= MAX_TURNS)) throw new InputError(`--turns: 1..${MAX_TURNS}`);
  const names = attackers.map((_, i) => `Attacker ${i + 1}`);
  const engaged = !flags.shooting;
  const hitBack = names.filter((_, i) => canBeAttacked(attackers[i]));
  const targetWeapons = Array.isArray(target.weapons) ? (target.weapons as Array<{ type?: string }>) : [];
  const targetShoots = flags.shooting && targetWeapons.some((w) => w.type === 'ranged');
  return {
    engagement: { turns, first: 'attacker', phases: flags.shooting ? ['shooting'] : ['combat'], target: 'Target' },
    units: [
      ...attackers.map((unit, i) => ({ name: names[i], side: 'attacker', engaged, charged: flags.charge, targets: ['Target'], unit })),
      { name: 'Target', side: 'defender', engaged, targets: engaged || targetShoots ? hitBack : [], unit: target },
    ],
    situation: flags.extra,
  };
}
