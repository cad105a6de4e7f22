/**
 * Each rule set's unit schema (the zod shape its scenarios validate a unit with) and, for the
 * fields that hold names (rules, equipment, abilities, troop types), the names the rule set
 * accepts there. Front ends build unit forms from this (src/web/schema-form.ts) without knowing a
 * rule. The generic pipeline has no units, and so no unit schema.
 */
import type * as z from 'zod';
import { UNIT_ABILITIES, WEAPON_ABILITIES } from './age-of-sigmar/parse.js';
import { unitSchema as ageOfSigmar } from './age-of-sigmar/schema.js';
import { unitSchema as hott } from './hott/schema.js';
import { TROOP_IDS } from './hott/tables.js';
import { RULE_IDS as KOW_RULE_IDS } from './kings-of-war/rules.js';
import { unitSchema as kingsOfWar } from './kings-of-war/schema.js';
import { EQUIPMENT, ITEMS, NO_DICE_ITEMS, NO_DICE_RULES, RULES } from './ninth-age/catalog.js';
import { unitSchema as ninthAge } from './ninth-age/schema.js';
import { RULE_IDS as WFB_RULE_IDS } from './warhammer-fantasy/rules.js';
import { MISSILE_RULE_IDS, unitSchema as warhammerFantasy } from './warhammer-fantasy/schema.js';
import type { SystemId } from './types.js';

export interface UnitSchema {
  readonly schema: z.ZodType;
  /** The names a field accepts, by its path ("rules", "weapons.abilities"; entries of a list share one path). */
  readonly names: Readonly<Record<string, readonly string[]>>;
}

const sorted = (...lists: ReadonlyArray<readonly string[]>): readonly string[] => [...new Set(lists.flat())].sort();

const ninthAgeRules = sorted(Object.keys(RULES), NO_DICE_RULES);

const UNIT_SCHEMAS: Partial<Record<SystemId, UnitSchema>> = {
  'ninth-age': {
    schema: ninthAge,
    names: { equipment: sorted(Object.keys(EQUIPMENT)), items: sorted(Object.keys(ITEMS), NO_DICE_ITEMS), rules: ninthAgeRules, 'mount.rules': ninthAgeRules },
  },
  'warhammer-fantasy': { schema: warhammerFantasy, names: { rules: sorted(WFB_RULE_IDS), 'missile.rules': MISSILE_RULE_IDS } },
  'kings-of-war': { schema: kingsOfWar, names: { rules: sorted(KOW_RULE_IDS) } },
  'age-of-sigmar': { schema: ageOfSigmar, names: { abilities: sorted(UNIT_ABILITIES), 'weapons.abilities': WEAPON_ABILITIES } },
  hott: { schema: hott, names: { type: TROOP_IDS, supports: TROOP_IDS } },
};

/** The rule set's unit schema, or null for a rule set without units. */
export function unitSchemaOf(system: SystemId): UnitSchema | null {
  return UNIT_SCHEMAS[system] ?? null;
}
