/**
 * Age of Sigmar units for kills / compare / table: a unit sheet attacks with the weapons of the
 * ATTACK ability (Fight, or Shoot with --shooting) and is a target through its Health, Save and
 * ward. There is no battleshock in this edition (rules/age-of-sigmar.md §9), so removal is
 * destruction.
 */
import { InputError } from '../../core/errors.js';
import { d6Key, intKey } from '../table-keys.js';
import type { SituationFlags, UnitBody, UnitQuestions } from '../types.js';
import { ageOfSigmarEngagements } from './engagement/questions.js';

interface SheetWeapon {
  name: string;
  type?: string;
  attacks: unknown;
  hit: unknown;
  wound: unknown;
  rend?: unknown;
  damage: unknown;
}

const weapons = (u: UnitBody) => (Array.isArray(u.weapons) ? (u.weapons as SheetWeapon[]) : []);

function situation(flags: SituationFlags): Record<string, unknown> {
  if (flags.flank || flags.rear) throw new InputError(`--${flags.flank ? 'flank' : 'rear'}: Age of Sigmar has no facing`);
  return { ability: flags.shooting ? 'shoot' : 'fight', charged: flags.charge, ...flags.extra };
}

export const ageOfSigmarQuestions: UnitQuestions = {
  scenario: (attacker, target, flags) => ({ attacker, target, situation: situation(flags) }),
  summary(u) {
    const defence = u.health === undefined ? 'weapons only' : `${u.models}×${u.health} health, save ${u.save ?? 'none'}${u.ward && u.ward !== 'none' ? `, ward ${u.ward}` : ''}`;
    const arms = weapons(u).map((w) => `${w.name.replace(/ \(.*\)$/, '')} ${w.attacks}/${w.hit}/${w.wound}/${w.rend ?? 0}/${w.damage}`);
    return [defence, ...arms].join('; ');
  },
  canAttack: (u, flags) => weapons(u).some((w) => (w.type === 'ranged') === flags.shooting),
  canBeTarget: (u) => u.health !== undefined && u.save !== undefined,
  removeVerb: 'destroy',
  damageUnit: 'damage points',
  capacity: (t) => Number(t.models) * Number(t.health) - Number(t.damaged ?? 0),
  tableKeys: {
    save: d6Key('save', "save: the target's Save, 2+..6+ or none", { none: true }),
    ward: d6Key('ward', "ward: the target's ward, 2+..6+ or none", { none: true }),
    health: intKey('health', 'health: Health per model, 1..30', 1, 30),
    models: intKey('models', 'models: models in the target unit, 1..60', 1, 60),
  },
  defaultGrid: {
    rows: 'save=2+..6+,none',
    cols: 'ward=none,6+,5+',
    target: { models: 10, health: 2, save: 'none', keywords: ['infantry'] },
  },
  defaultTargets: ['example-horde', 'example-elite-infantry', 'example-cavalry', 'example-monster', 'clawlord'],
  engagements: ageOfSigmarEngagements,
};
