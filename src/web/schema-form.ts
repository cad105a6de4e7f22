/**
 * A rule set's unit form, described from its unit schema (GameSystem.unitSchema): the schema
 * as JSON Schema (zod's `toJSONSchema`, as the input a unit file holds) turned into fields the page
 * draws — a number box, a checkbox, a text box, a select for a fixed set of values, a list of names
 * chosen from the rule set's names, a group of fields, a list of entries (weapon profiles). Which
 * fields a unit may leave out, their defaults, their bounds and the names offered all come from the
 * schema; nothing here knows a rule. A new entry starts from the schema's defaults, each other
 * field at its smallest value the schema accepts.
 */
import * as z from 'zod';
import { findSystem } from '../systems/lookup.js';
import type { SystemId, UnitSchema } from '../systems/types.js';

interface Common {
  /** The field's key in its object. */
  key: string;
  /** Its path from the unit ("weapons.abilities"), the key of its names. */
  path: string;
  /** A unit file may leave it out (it has a default, or is optional). */
  optional: boolean;
  /** The value the rule set takes when the unit leaves it out. */
  default?: unknown;
  /** The field's own schema, to test a starting value against. */
  schema: z.ZodType | null;
}

export type FormField = Common &
  (
    | { kind: 'number'; integer: boolean; min?: number; max?: number }
    | { kind: 'boolean' }
    /** Text, or a number or text (a dice expression, a roll target such as "4+"): `numeric` stores what reads as a number as one. */
    | { kind: 'text'; numeric: boolean }
    | { kind: 'choice'; options: readonly string[] }
    /** A list of names: `names` are offered to choose from (null: any name). */
    | { kind: 'names'; names: readonly string[] | null }
    | { kind: 'group'; fields: FormField[] }
    | { kind: 'entries'; item: FormField & { kind: 'group' } }
  );

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
};

/** The zod schema under wrappers that do not change the value's shape (default, optional, preprocess). */
function inner(schema: z.ZodType | null): z.ZodType | null {
  let s = schema as z.ZodType | null;
  for (let i = 0; s && i < 10; i++) {
    if (s instanceof z.ZodDefault || s instanceof z.ZodOptional || s instanceof z.ZodPrefault) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodPipe && s.in instanceof z.ZodTransform) s = s.out as z.ZodType;
    else break;
  }
  return s;
}

const shapeOf = (schema: z.ZodType | null): Record<string, z.ZodType> => {
  const s = inner(schema);
  return s instanceof z.ZodObject ? (s.shape as Record<string, z.ZodType>) : {};
};

const elementOf = (schema: z.ZodType | null): z.ZodType | null => {
  const s = inner(schema);
  return s instanceof z.ZodArray ? (s.element as z.ZodType) : null;
};

const typesOf = (j: JsonSchema): string[] => (j.anyOf ? j.anyOf.flatMap(typesOf) : j.type === undefined ? [] : ([] as string[]).concat(j.type));

function fieldOf(key: string, path: string, j: JsonSchema, optional: boolean, schema: z.ZodType | null, names: UnitSchema['names']): FormField {
  const common: Common = { key, path, optional, schema, ...(j.default !== undefined ? { default: j.default } : {}) };
  const types = typesOf(j);
  if (j.enum) return { ...common, kind: 'choice', options: j.enum.map(String) };
  if (types.length === 1 && types[0] === 'boolean') return { ...common, kind: 'boolean' };
  if (types.length && types.every((t) => t === 'integer' || t === 'number'))
    return { ...common, kind: 'number', integer: types.every((t) => t === 'integer'), ...(j.minimum !== undefined ? { min: j.minimum } : {}), ...(j.maximum !== undefined ? { max: j.maximum } : {}) };
  if (types.length === 1 && types[0] === 'string') return names[path] ? { ...common, kind: 'choice', options: names[path] } : { ...common, kind: 'text', numeric: false };
  if (types.length && types.every((t) => t === 'string' || t === 'integer' || t === 'number')) return { ...common, kind: 'text', numeric: true };
  if (types.length === 1 && types[0] === 'array' && j.items) {
    const itemTypes = typesOf(j.items);
    if (itemTypes.length === 1 && itemTypes[0] === 'string')
      return { ...common, kind: 'names', names: names[path] ?? (j.items.enum ? j.items.enum.map(String) : null) };
    if (itemTypes.length === 1 && itemTypes[0] === 'object') {
      const item = groupOf(key, path, j.items, false, elementOf(schema), names);
      return { ...common, kind: 'entries', item };
    }
  }
  if (types.length === 1 && types[0] === 'object') return groupOf(key, path, j, optional, schema, names, common);
  throw new Error(`${path}: the form has no field for this schema (${JSON.stringify(j)})`);
}

function groupOf(key: string, path: string, j: JsonSchema, optional: boolean, schema: z.ZodType | null, names: UnitSchema['names'], common?: Common): FormField & { kind: 'group' } {
  const required = new Set(j.required ?? []);
  const shape = shapeOf(schema);
  const fields = Object.entries(j.properties ?? {}).map(([k, p]) => fieldOf(k, path ? `${path}.${k}` : k, p, !required.has(k), shape[k] ?? null, names));
  return { ...(common ?? { key, path, optional, schema }), kind: 'group', fields };
}

/** The form of a rule set's units, or null for a rule set without units. */
export function unitFormOf(system: SystemId): (FormField & { kind: 'group' }) | null {
  const unit = findSystem(system).unitSchema;
  if (!unit) return null;
  const json = z.toJSONSchema(unit.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return groupOf('', '', json, false, unit.schema, unit.names);
}

const accepts = (schema: z.ZodType | null, value: unknown): boolean => schema === null || schema.safeParse(value).success;

/** The first candidate the field's schema accepts (the first when it accepts none). */
function firstAccepted(field: FormField, candidates: unknown[]): unknown {
  return candidates.find((c) => accepts(field.schema, c)) ?? candidates[0];
}

/**
 * The value a field starts from when the player adds it: its default, else its smallest value the
 * schema accepts (the least number from its minimum up, the first choice, an empty list, a group of
 * its fields' starting values). `label` names a text that must not be empty (a new entry's name).
 */
export function startValue(field: FormField, label = field.key): unknown {
  if (field.default !== undefined) return structuredClone(field.default);
  const counting = (from: number) => Array.from({ length: 12 }, (_, i) => from + i);
  switch (field.kind) {
    case 'number':
      return firstAccepted(field, counting(field.min ?? 0));
    case 'boolean':
      return false;
    case 'text':
      return firstAccepted(field, field.numeric ? [...counting(0), ...counting(0).map(String), label] : ['', label]);
    case 'choice':
      return field.options[0];
    case 'names':
      return [];
    case 'entries':
      return [];
    case 'group':
      return Object.fromEntries(field.fields.filter((f) => !f.optional).map((f) => [f.key, startValue(f, label)]));
  }
}

/** A new entry of a list (a weapon profile): the item's starting values, texts named `label`. */
export function newEntry(field: FormField & { kind: 'entries' }, label: string): Record<string, unknown> {
  return startValue(field.item, label) as Record<string, unknown>;
}
