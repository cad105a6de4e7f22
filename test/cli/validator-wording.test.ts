/**
 * A bad unit file, in every rule set, is refused in one line on stderr that names the file and
 * the field and says what is allowed in warodds' own words: never the validator's wording
 * ("Invalid input: expected number", "Too small: expected number to be >=1"). Exit 2, nothing on
 * stdout. The zod issue kinds themselves are checked against describeIssue directly.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod';
import { validate } from '../../src/core/input.js';
import { warodds } from './helpers.js';

const ZOD_WORDING = /Invalid input|Invalid option|Invalid string|Too big|Too small|Unrecognized key|expected \w+, received/;

function bundled(folder: string, id: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../src/data/${folder}/units/${id}.json`, import.meta.url), 'utf8'));
}

const cases: Array<{ folder: string; prefix: string; base: string; bad: Record<string, unknown>; field: string; allowed: RegExp }> = [
  { folder: 'kings-of-war', prefix: 'kow', base: 'dragon', bad: { rules: 'fly' }, field: 'rules', allowed: /must be a list/ },
  { folder: 'kings-of-war', prefix: 'kow', base: 'dragon', bad: { att: 'eight' }, field: 'att', allowed: /whole number/ },
  { folder: 'ninth-age', prefix: 't9a', base: 'archers', bad: { musician: 'yes' }, field: 'musician', allowed: /must be true or false/ },
  { folder: 'ninth-age', prefix: 't9a', base: 'archers', bad: { equipment: 'bow' }, field: 'equipment', allowed: /must be a list/ },
  { folder: 'warhammer-fantasy', prefix: 'whfb', base: 'crossbowmen', bad: { models: 0 }, field: 'models', allowed: /must be at least 1/ },
  { folder: 'warhammer-fantasy', prefix: 'whfb', base: 'crossbowmen', bad: { missile: { s: 4, shots: 'x' } }, field: 'missile.shots', allowed: /must be a number/ },
  { folder: 'hott', prefix: 'hott', base: 'aerial-heroes', bad: { type: 5 }, field: 'type', allowed: /must be text/ },
  { folder: 'age-of-sigmar', prefix: 'aos', base: 'clawlord', bad: { models: '1' }, field: 'models', allowed: /must be a number/ },
  { folder: 'age-of-sigmar', prefix: 'aos', base: 'clawlord', bad: { weapons: 3 }, field: 'weapons', allowed: /must be a list/ },
];

describe('a bad unit file names the field and what is allowed, never the validator', () => {
  it.each(cases)('$prefix: $field', async ({ folder, prefix, base, bad, field, allowed }) => {
    const dir = mkdtempSync(join(tmpdir(), 'warodds-wording-'));
    mkdirSync(join(dir, folder));
    writeFileSync(join(dir, folder, 'bad.json'), JSON.stringify({ ...bundled(folder, base), ...bad }));
    const r = await warodds(['table', `${prefix}/bad`, '--units', dir]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`bad.json': ${field}: `);
    expect(lines[0]).toMatch(allowed);
    expect(lines[0]).not.toMatch(ZOD_WORDING);
  });
});

describe('each zod issue kind in plain words', () => {
  const schema = z
    .object({
      n: z.number().int().min(1).max(5).optional(),
      list: z.array(z.string()).max(2).optional(),
      either: z.union([z.number(), z.string()]).optional(),
      word: z.string().regex(/^x/).optional(),
      flag: z.boolean().optional(),
      inner: z.object({ g: z.number() }).optional(),
      step: z.number().multipleOf(2).optional(),
      kind: z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })]).optional(),
      custom: z.number({ error: 'a count of dice' }).optional(),
    })
    .strict();
  const message = (input: unknown): string => {
    try {
      validate(schema, input, 'unit');
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('accepted');
  };
  it.each([
    [{ n: 'x' }, 'unit.n: must be a number'],
    [{ n: 1.5 }, 'unit.n: must be a whole number'],
    [{ n: 0 }, 'unit.n: must be at least 1'],
    [{ n: 9 }, 'unit.n: must be at most 5'],
    [{ list: ['a', 'b', 'c'] }, 'unit.list: must have at most 2 entries'],
    [{ either: true }, 'unit.either: must be a number or text'],
    [{ word: 'y' }, 'unit.word: is not written in the allowed form'],
    [{ flag: 3 }, 'unit.flag: must be true or false'],
    [{ inner: {} }, 'unit.inner.g: is missing (a number needed)'],
    [{ inner: 3 }, 'unit.inner: must be an object {...}'],
    [{ step: 3 }, 'unit.step: must be a multiple of 2'],
    [{ kind: { k: 'z' } }, 'unit.kind.k: must be one of "a", "b"'],
    [{ zz: 1 }, "unit: unknown field(s) 'zz'"],
    [{ custom: 'x' }, 'unit.custom: a count of dice'],
  ])('%j → %s', (input, expected) => {
    expect(message(input)).toContain(expected);
    expect(message(input)).not.toMatch(ZOD_WORDING);
  });
});
