/**
 * Validation helpers shared by every system's `parse`: zod errors become one ScenarioError
 * naming the field; D6 targets are written "4+" or 4; rule ids carry an optional parameter.
 */
import * as z from 'zod';
import { ScenarioError } from './errors.js';

/**
 * `record[key]` for a key the user wrote, own properties only: 'constructor', 'toString' or
 * '__proto__' are not inherited entries of a lookup table.
 */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Validate with zod; the first issue becomes ScenarioError(path, message). `jitless`: zod would
 * otherwise generate and compile (new Function) a parser for each object schema on its first use,
 * which a command that parses each schema a few times never pays back (start-up).
 */
export function validate<T extends z.ZodType>(schema: T, input: unknown, root = ''): z.infer<T> {
  const result = schema.safeParse(input, { jitless: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ScenarioError(joinPath(root, issue.path), describeIssue(issue));
}

/**
 * A schema built on its first use: a command builds only the schemas it parses with (start-up:
 * each zod schema costs its construction, in code that has not run yet).
 */
export function lazySchema<T extends z.ZodType>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}

export function joinPath(root: string, path: ReadonlyArray<PropertyKey>): string {
  let out = root;
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(scenario)';
}

/**
 * One zod issue in warodds' own words: the field is named by the caller, this says what is
 * allowed. A message the schema wrote itself (a custom check, `{ error }`) is kept as written;
 * zod's own wording ("Invalid input: expected number") is never shown.
 */
export function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field(s) ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_type':
      if (!isZodWording(issue.message)) return issue.message;
      return / received undefined$/.test(issue.message) ? `is missing (${kindName(issue.expected)} needed)` : `must be ${kindName(issue.expected)}`;
    case 'too_small':
    case 'too_big':
      return isZodWording(issue.message) ? describeBound(issue) : issue.message;
    case 'invalid_format':
      if (!isZodWording(issue.message)) return issue.message;
      return issue.format === 'regex' ? 'is not written in the allowed form' : `is not a valid ${issue.format}`;
    case 'not_multiple_of':
      return isZodWording(issue.message) ? `must be a multiple of ${String(issue.divisor)}` : issue.message;
    case 'invalid_union':
      return isZodWording(issue.message) ? describeUnion(issue) : issue.message;
    case 'invalid_key':
      return isZodWording(issue.message) ? 'has a key that is not allowed' : issue.message;
    case 'invalid_element':
      return isZodWording(issue.message) ? 'has an entry that is not allowed' : issue.message;
    default:
      return isZodWording(issue.message) ? 'is not allowed here' : issue.message;
  }
}

/** zod's default English messages all start with one of these words. */
function isZodWording(message: string): boolean {
  return /^(Invalid|Too big|Too small|Unrecognized key)/.test(message);
}

const KIND_NAMES: Readonly<Record<string, string>> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list [...]',
  object: 'an object {...}',
  record: 'an object {...}',
  tuple: 'a list [...]',
  bigint: 'a whole number',
  null: 'null',
  nan: 'a number',
};

function kindName(expected: string): string {
  return ownEntry(KIND_NAMES, expected) ?? expected;
}

function describeBound(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall): string {
  const big = issue.code === 'too_big';
  const limit = String(big ? issue.maximum : issue.minimum);
  const strict = issue.inclusive === false;
  const bound = big ? (strict ? `below ${limit}` : `at most ${limit}`) : strict ? `above ${limit}` : `at least ${limit}`;
  switch (issue.origin) {
    case 'array':
    case 'set':
      return `must have ${bound} entries`;
    case 'string':
      return `must have ${bound} characters`;
    default:
      return `must be ${bound}`;
  }
}

/** A value that matched no branch: the kinds each branch expected, or the one branch's own complaint. */
function describeUnion(issue: z.core.$ZodIssueInvalidUnion): string {
  if ('options' in issue && Array.isArray((issue as { options?: unknown }).options))
    return `must be one of ${((issue as unknown as { options: unknown[] }).options).map((v) => JSON.stringify(v)).join(', ')}`;
  const branches = issue.errors.map((errors) => errors[0]).filter((e): e is z.core.$ZodIssue => e !== undefined);
  const kinds = branches.filter((e) => e.code === 'invalid_type' && e.path.length === 0);
  // A branch whose type matched complains about the value itself: that complaint names what is allowed.
  const specific = branches.find((e) => !(e.code === 'invalid_type' && e.path.length === 0));
  if (specific) return specific.path.length ? `${joinPath('', specific.path)} ${describeIssue(specific)}` : describeIssue(specific);
  if (kinds.length) return `must be ${[...new Set(kinds.map((e) => kindName((e as z.core.$ZodIssueInvalidType).expected)))].join(' or ')}`;
  return 'is not allowed here';
}

/**
 * A D6 target: "4+", "4" or 4 → 4. `none` (no roll possible / no save) and `auto` are returned
 * as strings when allowed.
 */
export function d6Target(options: { min?: number; max?: number; none?: boolean; auto?: boolean } = {}) {
  const min = options.min ?? 2;
  const max = options.max ?? 6;
  const allowed = [`${min}+..${max}+`, options.auto ? "'auto'" : '', options.none ? "'none'" : ''].filter(Boolean).join(', ');
  return z.union([z.number(), z.string()]).transform((value, ctx): number | 'none' | 'auto' => {
    const text = String(value).trim().toLowerCase();
    if (options.none && (text === 'none' || text === '-')) return 'none';
    if (options.auto && text === 'auto') return 'auto';
    const m = /^(\d+)\+?$/.exec(text);
    const n = m ? Number(m[1]) : NaN;
    if (!(n >= min && n <= max)) {
      ctx.addIssue({ code: 'custom', message: `'${value}' is not allowed (allowed: ${allowed})` });
      return z.NEVER;
    }
    return n;
  });
}

export interface RuleRef {
  readonly id: string;
  readonly param: string | null;
  /** The text as written, for messages. */
  readonly text: string;
}

/** `multiple-wounds(D3)` → { id: 'multiple-wounds', param: 'D3' }. */
export function parseRuleRef(text: string, path: string): RuleRef {
  const m = /^\s*([a-z0-9]+(?:-[a-z0-9]+)*)\s*(?:\(\s*([^()]*?)\s*\))?\s*$/.exec(text);
  if (!m) throw new ScenarioError(path, `'${text}' is not a rule id (kebab-case, optional parameter in brackets, e.g. 'armour-piercing(1)')`);
  return { id: m[1], param: m[2] ?? null, text };
}

/** An integer parameter of a rule, within bounds. */
export function intParam(rule: RuleRef, path: string, min: number, max: number): number {
  const n = Number(rule.param);
  if (rule.param === null || !Number.isInteger(n) || n < min || n > max)
    throw new ScenarioError(path, `'${rule.text}' needs a whole-number parameter from ${min} to ${max}, e.g. '${rule.id}(${min})'`);
  return n;
}

/** A D6-target parameter of a rule ("4+" or "4"). */
export function targetParam(rule: RuleRef, path: string, min = 2, max = 6): number {
  const m = /^(\d+)\+?$/.exec(rule.param ?? '');
  const n = m ? Number(m[1]) : NaN;
  if (!(n >= min && n <= max)) throw new ScenarioError(path, `'${rule.text}' needs a target from ${min}+ to ${max}+, e.g. '${rule.id}(${min + 2}+)'`);
  return n;
}
