/**
 * Kings of War units for kills / compare / table. A unit dies only when it routs, so removal is
 * P(routed) after the nerve test on the damage of the attack (rules/kings-of-war.md §6.6);
 * `--metric break` counts wavered or routed, the attack that stops the unit. Melee is always a
 * charge (§5), into the front unless --flank or --rear.
 */
import { d6Key, intKey, patternKey } from '../table-keys.js';
import type { AttackHow, EngagementQuestions, SituationFlags, UnitBody, UnitQuestions } from '../types.js';
import { MAX_TURNS } from './engagement-schema.js';

/** Breath Attack (n) — §7: a ranged attack a unit makes in its shooting phase. */
function hasBreath(u: UnitBody): boolean {
  return Array.isArray(u.rules) && u.rules.some((r) => typeof r === 'string' && /^\s*breath-attack\b/i.test(r));
}

/** The ranged attack a unit shoots with when --situation names none: its Ra, or else its breath. */
function rangedOf(u: UnitBody | undefined): Record<string, unknown> {
  return u && u.ra === '-' && hasBreath(u) ? { with: 'breath-attack' } : {};
}

function situation(flags: SituationFlags, attacker?: UnitBody): Record<string, unknown> {
  if (flags.shooting) {
    // --flank / --rear: the shooter stands in the target's flank or rear arc (Big Shield, A12).
    const arc = flags.flank ? { arc: 'flank' } : flags.rear ? { arc: 'rear' } : {};
    return { attack: 'shooting', ...rangedOf(attacker), ...arc, ...flags.extra };
  }
  return { attack: 'melee', charge: flags.flank ? 'flank' : flags.rear ? 'rear' : 'front', ...flags.extra };
}

/** One attacker's situation in an engagement: `--attacker ID:how` wins over the shared flags. */
function attackSituation(how: AttackHow | null, flags: SituationFlags, attacker: UnitBody): Record<string, unknown> {
  if (how === null) return situation(flags, attacker);
  return how === 'shooting' ? { attack: 'shooting', ...rangedOf(attacker), ...flags.extra } : { attack: 'melee', charge: how, ...flags.extra };
}

/**
 * Several attackers, turn after turn: each turn the shooters shoot and the chargers
 * charge (the first charger listed is the first to reach an Individual, A20); removal is P(routed).
 */
const engagements: EngagementQuestions = {
  step: 'turns',
  maxSteps: MAX_TURNS,
  input: (attackers, target, steps, flags) => ({
    target,
    attackers: attackers.map((a) => ({ unit: a.body, situation: attackSituation(a.how, flags, a.body) })),
    engagement: { turns: steps },
  }),
  // The engagement's damage: what the target carries at the end (its total when it routed).
  damageLabel: () => 'damage carried',
  removedBy: (o, steps) => Array.from({ length: steps }, (_, k) => o.outcomes?.[`end of turn ${k + 1}`]?.routed ?? 0),
};

/** "14/16" or "-/16" → 16. */
function routLevel(u: UnitBody): number {
  return Number(String(u.nerve).split('/')[1]);
}

export const kingsOfWarQuestions: UnitQuestions = {
  scenario: (attacker, target, flags) => ({ attacker, target, situation: situation(flags, attacker) }),
  summary(u) {
    const rules = Array.isArray(u.rules) && u.rules.length ? `, ${u.rules.join(', ')}` : '';
    return `${u.type}${u.size ? ` ${u.size}` : ''}: Me ${u.me} Ra ${u.ra} De ${u.de} Att ${u.att} Ne ${u.nerve}${rules}`;
  },
  // A war engine never charges (§9); shooting needs a ranged attack (Ra, a breath attack, or a spell in --situation).
  canAttack: (u, flags) => (flags.shooting ? u.ra !== '-' || hasBreath(u) || 'with' in flags.extra : u.type !== 'war-engine'),
  cannotAttack: (u, flags) =>
    flags.shooting ? 'it has no ranged attack (Ra -, no breath attack; a spell goes in --situation \'{"with": ...}\')' : u.type === 'war-engine' ? 'a war engine never charges (§9)' : 'it cannot make this attack',
  canBeTarget: () => true,
  // --flank / --rear with --shooting: the target's arc the shooter is in (Big Shield, A12).
  shootingFlags: {
    charge: { contradicts: 'a unit that charged is in contact with the enemy, and a unit in contact can neither shoot nor be shot at (§4.1)' },
  },
  removeVerb: 'rout',
  // Kings of War has no break test: 'break' counts a nerve test that Wavers or Routs the unit (§6)
  breakVerb: 'waver or rout',
  damageUnit: 'damage',
  capacity: (t) => routLevel(t) - Number(t.damage ?? 0),
  breakProbability: (o) => (o.morale?.wavered ?? 0) + (o.morale?.routed ?? 0),
  tableKeys: {
    de: d6Key('de', "de: the target's Defence, 2+..6+"),
    damage: intKey('damage', 'damage: damage the target already carries, 0..30', 0, 30),
    nerve: patternKey('nerve', 'nerve: waver/rout, e.g. 14/16 or -/16', /^(\d+|-)\/\d+$/, 'waver/rout, e.g. 14/16 or -/16'),
  },
  // Damage already carried changes only the nerve test, so the default cells are P(rout) (a grid
  // of mean damage would repeat one column).
  defaultGrid: {
    rows: 'de=2+..6+',
    cols: 'damage=0,4,8',
    metric: 'p-remove',
    target: { type: 'infantry', size: 'regiment', me: '4+', ra: '-', de: '4+', att: 12, nerve: '14/16' },
  },
  defaultTargets: ['warrior-horde', 'spear-regiment', 'heavy-cavalry', 'dragon'],
  engagements,
};
