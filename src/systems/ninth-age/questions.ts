/**
 * The 9th Age units for kills / compare / table: one round of melee (charging with --charge, into
 * the flank or rear with --flank / --rear) or one unit's shooting (--shooting). `destroyed` is
 * wiped out; `--metric break` adds breaking (escaping or caught) and fleeing from Panic
 * (rules/ninth-age.md §5.5, §12).
 */
import { choiceKey, d6Key, intKey } from '../table-keys.js';
import type { SituationFlags, UnitBody, UnitQuestions } from '../types.js';
import { TARGET_BROKEN } from '../../fight/types.js';
import { ARTILLERY, MISSILES } from './catalog.js';

/** Morale results in which the target is removed or runs: melee, shooting, and a whole fight. */
const BROKEN = ['destroyed', 'breaks-escapes', 'breaks-caught', 'flees', ...TARGET_BROKEN];

function situation(flags: SituationFlags): Record<string, unknown> {
  if (flags.shooting) return { type: 'shooting', ...flags.extra };
  return {
    type: flags.fight ? 'fight' : 'melee',
    charging: flags.charge ? 'attacker' : 'none',
    facing: flags.flank ? 'flank' : flags.rear ? 'rear' : 'front',
    ...flags.extra,
  };
}

const list = (u: UnitBody, key: string): string[] => (Array.isArray(u[key]) ? (u[key] as string[]) : []);

/** Missile weapons are named in equipment (§8.2) or are the Skull Splitter (§11). */
function hasMissile(u: UnitBody): boolean {
  return [...list(u, 'equipment'), ...list(u, 'items')].some((id) => Object.hasOwn(MISSILES, id) && !(ARTILLERY as readonly string[]).includes(id));
}

const ARMOUR_IDS = ['light-armour', 'heavy-armour', 'plate-armour', 'shield', 'barding'];

/**
 * The target's armour as one save value (§4.7, §8.4): 6+ light armour, 5+ heavy, 4+ plate,
 * 3+ plate and shield, 2+ plate, shield and Innate Defence (6+); 'none' removes all armour.
 */
const armourKey = {
  ...d6Key('armour', "armour: the target's armour save before Strength, 2+..6+ or none", { none: true }),
  apply(target: UnitBody, value: string): UnitBody {
    const save = value === 'none' ? 7 : parseInt(value, 10);
    const pieces = save === 7 ? [] : save === 6 ? ['light-armour'] : save === 5 ? ['heavy-armour'] : save === 4 ? ['plate-armour'] : ['plate-armour', 'shield'];
    const equipment = [...list(target, 'equipment').filter((id) => !ARMOUR_IDS.includes(id)), ...pieces];
    const rules = list(target, 'rules').filter((id) => !/^(innate-defence|mount-protection)\b/.test(id));
    return { ...target, equipment, rules: save === 2 ? [...rules, 'innate-defence(6+)'] : rules, items: list(target, 'items').filter((id) => !ARMOUR_ITEMS.includes(id)) };
  },
};

/** Magic armour and talismans replaced when the armour axis sets the save. */
const ARMOUR_ITEMS = ['dragon-mantle', 'armour-of-destiny', 'armour-of-fortune', 'gamblers-armour', 'bronze-breastplate', 'hardened-shield', 'mithril-mail', 'glittering-cuirass', 'force-shield'];

/** The target's ward save: 'ward-save(N+)', replacing any other ward rule. */
const wardKey = {
  ...d6Key('ward', "ward: the target's ward save, 2+..6+ or none", { none: true }),
  apply(target: UnitBody, value: string): UnitBody {
    const rules = list(target, 'rules').filter((id) => !id.startsWith('ward-save'));
    return { ...target, rules: value === 'none' ? rules : [...rules, `ward-save(${parseInt(value, 10)}+)`] };
  },
};

export const ninthAgeQuestions: UnitQuestions = {
  scenario: (attacker, target, flags) => ({ attacker, target, situation: situation(flags) }),
  summary(u) {
    const gear = [...list(u, 'equipment'), ...list(u, 'items')];
    const troop = typeof u.troop === 'string' && u.troop !== 'infantry' ? ` ${u.troop}` : '';
    return `${u.models ?? 1}×${troop} WS${u.ws} BS${u.bs ?? 0} S${u.s} T${u.t} W${u.w} I${u.i} A${u.a} Ld${u.ld}${gear.length ? `, ${gear.join(', ')}` : ''}`;
  },
  canAttack: (u, flags) => (flags.shooting ? hasMissile(u) && Number(u.bs ?? 0) > 0 : true),
  canBeTarget: () => true,
  fights: true,
  shootingFlags: {
    charge: { contradicts: 'a unit that declared a charge cannot shoot (9th Age §5.1); for shots at a unit charging the shooters give --situation \'{"stand-and-shoot": true}\'' },
    flank: { ignored: 'a shot hits alike whichever side of the target it comes from (9th Age §5.2 has no to-hit modifier for the side)' },
    rear: { ignored: 'a shot hits alike whichever side of the target it comes from (9th Age §5.2 has no to-hit modifier for the side)' },
  },
  removeVerb: 'destroy',
  damageUnit: 'wounds',
  capacity: (t) => Number(t.models ?? 1) * Number(t.w) - Number(t['wounds-lost'] ?? 0),
  breakProbability: (o) => BROKEN.reduce((sum, k) => sum + (o.morale?.[k] ?? 0), 0),
  tableKeys: {
    t: intKey('t', 't: toughness, 1..10', 1, 10),
    armour: armourKey,
    ward: wardKey,
    w: intKey('w', 'w: wounds per model, 1..10', 1, 10),
    ws: intKey('ws', 'ws: weapon skill, 0..10', 0, 10),
    ld: intKey('ld', 'ld: leadership, 0..10', 0, 10),
    models: intKey('models', 'models: models in the target unit, 1..100', 1, 100, (target, n) => ({ ...target, models: n, files: Math.min(n, Number(target.files ?? 5)) })),
    troop: choiceKey('troop: the troop type of the target', ['infantry', 'cavalry', 'monstrous-infantry', 'monstrous-cavalry', 'monster'], (target, value) => ({ ...target, troop: value })),
  },
  defaultGrid: {
    rows: 't=2..6',
    cols: 'armour=none,6+,5+,4+,3+',
    target: { troop: 'infantry', models: 20, files: 5, m: 4, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 },
  },
  defaultTargets: ['line-infantry-spears', 'halberdiers', 'elite-great-weapons', 'knights', 'monster', 'hero-on-foot'],
};
