/**
 * The web page's unit form as described from each rule set's unit schema (src/web/schema-form.ts):
 * it has a field for every key of the schema (walked here through zod's own definitions, not the
 * JSON Schema the form is built from), of the kind the key's schema is, with the enum's values as
 * its choices; every library unit's keys are fields of its rule set's form; the names each rule set
 * offers belong to a list field of its form; and what the form starts an added field or a new
 * weapon profile from is accepted by the schema.
 */
import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../../src/analysis/units.js';
import type { SystemId } from '../../src/systems/types.js';
import { findSystem } from '../../src/systems/lookup.js';
import '../../src/systems/registry.js';
import { type FormField, newEntry, startValue, unitFormOf } from '../../src/web/schema-form.js';

const SYSTEMS: SystemId[] = ['generic', 'ninth-age', 'warhammer-fantasy', 'kings-of-war', 'age-of-sigmar', 'hott'];
const units = loadLibrary(undefined).units.filter((u) => u.source === 'built-in');

interface ZodDef {
  type: string;
  innerType?: { _zod: { def: ZodDef } };
  in?: { _zod: { def: ZodDef } };
  out?: { _zod: { def: ZodDef } };
  element?: { _zod: { def: ZodDef } };
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  entries?: Record<string, string>;
  options?: Array<{ _zod: { def: ZodDef } }>;
}

/** What a key of the schema holds, from zod's definitions: the kind the form must draw. */
type Expected = { kind: 'number' | 'boolean' | 'text' | 'names' } | { kind: 'choice'; options: string[] } | { kind: 'group' | 'entries'; keys: Map<string, Expected> };

function expectedOf(def: ZodDef): Expected {
  switch (def.type) {
    case 'default':
    case 'optional':
    case 'prefault':
      return expectedOf(def.innerType!._zod.def);
    case 'pipe':
      // A preprocess reads its output's shape; a transform after a union reads the union's.
      return def.in!._zod.def.type === 'transform' ? expectedOf(def.out!._zod.def) : expectedOf(def.in!._zod.def);
    case 'number':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'string':
    case 'union':
      return { kind: 'text' };
    case 'enum':
      return { kind: 'choice', options: Object.values(def.entries!) };
    case 'object':
      return { kind: 'group', keys: new Map(Object.entries(def.shape!).map(([k, s]) => [k, expectedOf(s._zod.def)])) };
    case 'array': {
      const element = expectedOf(def.element!._zod.def);
      return element.kind === 'group' ? { kind: 'entries', keys: element.keys } : { kind: 'names' };
    }
    default:
      throw new Error(`a zod ${def.type} in a unit schema`);
  }
}

function expectCovers(field: FormField, expected: Expected, path: string, names: Readonly<Record<string, readonly string[]>>): void {
  if (expected.kind === 'group' || expected.kind === 'entries') {
    expect(field.kind, path).toBe(expected.kind);
    const group = field.kind === 'entries' ? field.item : (field as FormField & { kind: 'group' });
    expect(group.fields.map((f) => f.key).sort(), path).toEqual([...expected.keys.keys()].sort());
    for (const f of group.fields) expectCovers(f, expected.keys.get(f.key)!, path ? `${path}.${f.key}` : f.key, names);
  } else if (expected.kind === 'choice') {
    expect(field.kind, path).toBe('choice');
    expect((field as FormField & { kind: 'choice' }).options, path).toEqual(expected.options);
  } else if (expected.kind === 'text' && names[path]) {
    // A text the rule set names its values of is chosen from them.
    expect(field.kind, path).toBe('choice');
    expect((field as FormField & { kind: 'choice' }).options, path).toEqual(names[path]);
  } else if (expected.kind === 'names') {
    expect(field.kind, path).toBe('names');
    if (names[path]) expect((field as FormField & { kind: 'names' }).names, path).toEqual(names[path]);
  } else expect(field.kind, path).toBe(expected.kind);
}

/** Every field of a form, with its path. */
function fieldsOf(field: FormField): FormField[] {
  if (field.kind === 'group') return [field, ...field.fields.flatMap(fieldsOf)];
  if (field.kind === 'entries') return [field, ...field.item.fields.flatMap(fieldsOf)];
  return [field];
}

/** The key paths a unit body holds ("weapons.abilities" for a key of a weapon profile). */
function pathsOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'object' && v !== null ? pathsOf(v, path) : []));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const at = path ? `${path}.${k}` : k;
    return [at, ...(typeof v === 'object' && v !== null ? pathsOf(v, at) : [])];
  });
}

describe('the unit form described from each rule set’s unit schema', () => {
  it('every rule set with units has a form, and the generic pipeline (no units) has none', () => {
    const withUnits = new Set(units.map((u) => u.system));
    for (const system of SYSTEMS) expect(unitFormOf(system) !== null, system).toBe(withUnits.has(system));
  });

  for (const system of SYSTEMS.filter((s) => s !== 'generic'))
    describe(system, () => {
      const form = unitFormOf(system)!;
      const { schema, names } = findSystem(system).unitSchema!;

      it('has a field of the schema’s kind for every key of the unit schema, enums as their choices, name lists from the rule set', () => {
        expectCovers(form, expectedOf((schema as unknown as { _zod: { def: ZodDef } })._zod.def), '', names);
      });

      it('offers each list of names on a field of the form', () => {
        const byPath = new Map(fieldsOf(form).map((f) => [f.path, f]));
        for (const [path, list] of Object.entries(names)) {
          expect(['names', 'choice'], path).toContain(byPath.get(path)?.kind);
          expect(list.length, path).toBeGreaterThan(0);
        }
      });

      it('has a field for every key of every library unit and option', () => {
        const paths = new Set(fieldsOf(form).map((f) => f.path));
        for (const unit of units.filter((u) => u.system === system))
          for (const body of [unit.body, ...Object.values(unit.options)]) for (const p of pathsOf(body)) expect(paths.has(p), `${unit.id}: ${p}`).toBe(true);
      });

      it('starts an added field and a new list entry from a value the schema accepts', () => {
        for (const field of fieldsOf(form)) {
          if (field.schema === null) continue;
          if (field.optional) expect(field.schema.safeParse(startValue(field)).success, `${field.path}: ${JSON.stringify(startValue(field))}`).toBe(true);
          if (field.kind === 'entries') {
            const entry = newEntry(field, 'new profile');
            expect(field.schema.safeParse([entry]).success, `${field.path}: ${JSON.stringify(entry)}`).toBe(true);
          }
        }
      });
    });
});
