/**
 * Age of Sigmar engagements for the questions (`kills --turns K`, `--pairs`, `compare --turns K`,
 * `attack` with several attackers): one or more attacker units from the library against one
 * target over K battle rounds — the attackers' turn, then the target's — ranked by P(the target
 * is destroyed within the K rounds).
 *
 * The engagement built: with --charge every melee attacker charged in the first turn. A melee
 * attacker is engaged with the target, which fights back in every combat phase against the first
 * attacker still on the table whose sheet it can attack (one with Health and Save: the
 * Liberators' sheet, weapons only, is never hit back). A shooting attacker (--shooting, or
 * `ID:shooting`) is not engaged and shoots in its shooting phases; the target shoots back in its
 * own if it has ranged weapons and is not engaged. --situation keys are the ambiguity switches
 * (A1–A4).
 */
import { InputError } from '../../../core/errors.js';
import type { Outcome, SituationFlags, UnitBody } from '../../types.js';
import { MAX_TURNS } from './schema.js';
import { DESTROYED_IN_TURN, turnKey } from './tables.js';

/** One attacker as the shared engagement CLI hands it over: its unit, and how it attacks (null: the shared flags). */
interface Attacker {
  readonly body: UnitBody;
  readonly how: string | null;
}

const TARGET = 'Target';
const weaponsOf = (u: UnitBody) => (Array.isArray(u.weapons) ? (u.weapons as Array<{ type?: string }>) : []);
const canBeAttacked = (u: UnitBody): boolean => u.health !== undefined && u.save !== undefined;

function shoots(a: Attacker, flags: SituationFlags): boolean {
  if (a.how === null) return flags.shooting;
  if (a.how === 'shooting') return true;
  throw new InputError(`--attacker: ':${a.how}' does not exist in Age of Sigmar (no facing; a counter-charge is a charge in the enemy's turn, not computed); use ':shooting' or nothing`);
}

export const ageOfSigmarEngagements = {
  step: 'turns' as const,
  /** Battle rounds: two turns each. */
  maxSteps: MAX_TURNS / 2,
  input(attackers: readonly Attacker[], target: UnitBody, rounds: number, flags: SituationFlags): unknown {
    if (flags.flank || flags.rear) throw new InputError(`--${flags.flank ? 'flank' : 'rear'}: Age of Sigmar has no facing`);
    const names = attackers.map((_, i) => `Attacker ${i + 1}`);
    const shooting = attackers.map((a) => shoots(a, flags));
    const engaged = shooting.some((s) => !s);
    const hitBack = names.filter((_, i) => canBeAttacked(attackers[i].body) && (engaged ? !shooting[i] : true));
    const targetShoots = !engaged && weaponsOf(target).some((w) => w.type === 'ranged');
    return {
      engagement: { turns: 2 * rounds, first: 'attacker', phases: ['shooting', 'combat'], target: TARGET },
      units: [
        ...attackers.map((a, i) => ({
          name: names[i],
          side: 'attacker',
          engaged: !shooting[i],
          charged: flags.charge && !shooting[i],
          targets: [TARGET],
          unit: a.body,
        })),
        { name: TARGET, side: 'defender', engaged, targets: engaged || targetShoots ? hitBack : [], unit: target },
      ],
      situation: flags.extra,
    };
  },
  /** The Outcome's damage: points allocated to the target (18.2), none past its last model (18.4). */
  damageLabel: (): string => 'damage allocated',
  /** P(the target destroyed by the end of battle round k), k = 1..rounds. */
  removedBy(o: Outcome, rounds: number): number[] {
    const table = o.outcomes?.[DESTROYED_IN_TURN] ?? {};
    const out: number[] = [];
    let by = 0;
    for (let round = 1; round <= rounds; round++) {
      by += (table[turnKey(2 * round - 1)] ?? 0) + (table[turnKey(2 * round)] ?? 0);
      out.push(by);
    }
    return out;
  },
};
