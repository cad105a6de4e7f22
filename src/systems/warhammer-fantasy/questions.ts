/**
 * Warhammer Fantasy units for kills / compare / table: one round of melee (charging with
 * --charge, into the flank or rear with --flank / --rear) or a shooting phase. `destroyed` is
 * wiped out or caught in pursuit; `--metric break` adds breaking, fleeing and panicking
 * (rules/warhammer-fantasy.md §10–§13).
 */
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
 * The target's armour save as one number (§7): light 6+, heavy 5+, a shield +1, and the rest as
 * 'armour-bonus'. Cavalry keep their mount (+1).
 */
const armourKey: TableKey = {
  ...d6Key('armour', "armour: the target's armour save before Strength, 2+..6+ or none", { none: true }),
  apply(target, value) {
    const cavalry = target.type === 'cavalry';
    const save = value === 'none' ? 7 : parseInt(value, 10);
    const items = save <= 4 ? ['heavy', 'shield'] : save === 5 ? ['heavy'] : save === 6 ? ['light'] : [];
    const fromItems = items.length === 0 ? 7 : items.includes('shield') ? 4 : items.includes('heavy') ? 5 : 6;
    const mount = cavalry ? 1 : 0;
    return { ...target, armour: cavalry ? [...items, 'mount'] : items, 'armour-bonus': Math.max(0, fromItems - mount - save) };
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
