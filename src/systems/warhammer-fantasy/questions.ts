/**
 * Warhammer Fantasy units for kills / compare / table: one round of melee (charging with
 * --charge, into the flank or rear with --flank / --rear) or a shooting phase. `destroyed` is
 * wiped out or caught in pursuit; `--metric break` adds breaking, fleeing and panicking
 * (rules/warhammer-fantasy.md §10–§13).
 */
import { InputError } from '../../core/errors.js';
import { TARGET_BROKEN } from '../../fight/types.js';
import { d6Key, intKey } from '../table-keys.js';
import type { SituationFlags, TableKey, UnitQuestions } from '../types.js';

const BROKEN = ['breaks', 'caught', 'wiped-out', 'flees-at-charge', 'panics', ...TARGET_BROKEN];

function situation(flags: SituationFlags): Record<string, unknown> {
  if (flags.shooting) return { phase: 'shooting', ...flags.extra };
  return {
    phase: flags.fight ? 'fight' : 'melee',
    charging: flags.charge ? 'attacker' : 'none',
    facing: flags.flank ? 'flank' : flags.rear ? 'rear' : 'front',
    ...flags.extra,
  };
}

/**
 * The target's total armour save (§7), whatever else it carries: body armour, the mount's +1 for
 * cavalry, and the rest as 'armour-bonus'. No shield, so the total holds in close combat too
 * (a great weapon or an additional hand weapon would drop a shield's +1 there, §1). A mounted
 * target always has its mount's +1, so its save is at worst 6+.
 */
const armourKey: TableKey = {
  ...d6Key('armour', "armour: the target's total armour save before Strength (a mount's +1 included), 2+..6+, or none (not for cavalry)", {
    none: true,
  }),
  apply(target, value) {
    const mounted = target.type === 'cavalry';
    const save = value === 'none' ? 7 : parseInt(value, 10);
    if (mounted && save === 7) throw new InputError("armour=none: a mounted target's save is at worst 6+ (riding a mount gives +1, §7)");
    // value = base − mount − bonus (§7), with base 7 (none), 6 (light) or 5 (heavy).
    const base = Math.max(5, Math.min(7, save + (mounted ? 1 : 0)));
    const body = base === 5 ? ['heavy'] : base === 6 ? ['light'] : [];
    return { ...target, armour: mounted ? [...body, 'mount'] : body, 'armour-bonus': base - (mounted ? 1 : 0) - save };
  },
};

export const warhammerFantasyQuestions: UnitQuestions = {
  scenario: (attacker, target, flags) => ({ attacker, target, situation: situation(flags) }),
  summary(u) {
    const armour = Array.isArray(u.armour) && u.armour.length ? `, ${u.armour.join('+')}` : '';
    return `${u.models}× M${u.m} WS${u.ws} BS${u.bs} S${u.s} T${u.t} W${u.w} I${u.i} A${u.a} Ld${u.ld}, ${u.weapon ?? 'hand-weapon'}${armour}${u.missile ? `, missile S${(u.missile as { s: number }).s}` : ''}`;
  },
  canAttack: (u, flags) => !flags.shooting || u.missile !== undefined,
  canBeTarget: () => true,
  fights: true,
  shootingFlags: {
    charge: { ignored: "the shooters' own charge plays no part in shooting (§5); for shots at a unit charging the shooters give --situation '{\"charging-target\": true}'" },
    flank: { ignored: 'a shot hits alike whichever side of the target it comes from (§5 has no to-hit modifier for the side)' },
    rear: { ignored: 'a shot hits alike whichever side of the target it comes from (§5 has no to-hit modifier for the side)' },
  },
  removeVerb: 'destroy',
  damageUnit: 'wounds',
  capacity: (t) => Number(t.models) * Number(t.w),
  breakProbability: (o) => BROKEN.reduce((sum, k) => sum + (o.morale?.[k] ?? 0), 0),
  tableKeys: {
    t: intKey('t', 't: toughness, 1..10', 1, 10),
    armour: armourKey,
    w: intKey('w', 'w: wounds per model, 1..10', 1, 10),
    ws: intKey('ws', 'ws: weapon skill, 1..10', 1, 10),
    ld: intKey('ld', 'ld: leadership, 1..10', 1, 10),
    models: intKey('models', 'models: models in the target unit, 1..100', 1, 100),
  },
  defaultGrid: {
    rows: 't=2..6',
    cols: 'armour=none,6+,5+,4+,3+',
    target: { models: 20, width: 5, m: 10, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 },
  },
  defaultTargets: ['spearmen', 'halberdiers', 'great-weapon-elites', 'knights', 'ogres'],
};
