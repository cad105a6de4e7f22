/**
 * The strict JSON parser against the independent truth of the platform's JSON.parse: the same
 * values for every valid document, a refusal for every invalid one; and what JSON.parse does not
 * do: a repeated key is refused, naming it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeControlCharacters, escapeForTerminal, JsonDuplicateKeyError, JsonSyntaxError, MAX_JSON_DEPTH, parseJsonStrict } from '../../src/core/json.js';

const RUNS = Number(process.env.WARODDS_FUZZ_RUNS ?? 300);
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Any UTF-16 code unit, controls and separators often. */
const ANY_CHARACTER = fc.oneof(
  fc.constantFrom('\u0000', '\n', '\r', '\t', '\u001b', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029', "'", '\\', '"'),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
);

/** JSON.parse's answer, or 'invalid'. */
function platform(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return 'invalid';
  }
}

describe('parseJsonStrict agrees with JSON.parse', () => {
  it('the same value for every JSON value fast-check generates, compact or indented', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(parseJsonStrict(text)).toStrictEqual(JSON.parse(text));
      }),
      { seed: 42, numRuns: RUNS },
    );
  });

  it('a refusal exactly when JSON.parse refuses, for mutated documents (no duplicate keys involved)', () => {
    const mutated = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', '\\', '\n', '\u0000', 'x', '1e', '-', '{', '[', ':', 'tru', '\u001b'))
      .map(([text, at, insert]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(i + (at % 2));
      });
    fc.assert(
      fc.property(mutated, (text) => {
        const expected = platform(text);
        let ours: unknown;
        try {
          ours = parseJsonStrict(text);
        } catch (e) {
          if (e instanceof JsonDuplicateKeyError) return; // valid JSON that repeats a key: JSON.parse keeps the last
          expect(e).toBeInstanceOf(JsonSyntaxError);
          expect((e as Error).message).not.toMatch(CONTROL);
          ours = 'invalid';
        }
        expect(ours).toStrictEqual(expected);
      }),
      { seed: 42, numRuns: RUNS * 3 },
    );
  });

  it('a key "__proto__" is an own property, as JSON.parse makes it, and does not change the prototype', () => {
    const value = parseJsonStrict('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(value).toStrictEqual(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('what JSON.parse accepts silently', () => {
  it('a repeated key is an error naming it with its path, line and column', () => {
    expect(() => parseJsonStrict('{"system": "aos", "system": "t9a"}')).toThrow("line 1, column 19: key 'system' appears twice in one object");
    expect(() => parseJsonStrict('{"attacker": {"weapons": [{"hit": 3},\n {"hit": 3, "hit": 4}]}}')).toThrow("line 2, column 13: key 'attacker.weapons[1].hit' appears twice");
  });

  it('keys are compared after unescaping: "a" and "\\u0061" are the same key', () => {
    expect(() => parseJsonStrict('{"a": 1, "\\u0061": 2}')).toThrow(JsonDuplicateKeyError);
  });

  it('the same key in two different objects is fine', () => {
    expect(parseJsonStrict('{"a": {"x": 1}, "b": {"x": 2}}')).toStrictEqual({ a: { x: 1 }, b: { x: 2 } });
  });

  it('a UTF-8 byte-order mark is skipped (JSON.parse refuses it)', () => {
    expect(platform('\ufeff{"a": 1}')).toBe('invalid');
    expect(parseJsonStrict('\ufeff{"a": 1}')).toStrictEqual({ a: 1 });
  });

  it(`nesting deeper than ${MAX_JSON_DEPTH} levels is refused, not a stack overflow`, () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(() => parseJsonStrict(deep)).toThrow(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    const ok = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(parseJsonStrict(ok)).toStrictEqual(JSON.parse(ok));
  });
});

describe('long strings', () => {
  it('an 8 MB string (plain and with escapes) parses as JSON.parse does, without a stack overflow', () => {
    const plain = `{"name": "${'x'.repeat(8 * 1024 * 1024)}"}`;
    expect((parseJsonStrict(plain) as { name: string }).name.length).toBe(8 * 1024 * 1024);
    const escaped = `["${'a\\"\\\\\\u00e9\\n'.repeat(1_000_000)}"]`;
    expect(parseJsonStrict(escaped)).toStrictEqual(JSON.parse(escaped));
  });

  it('every malformed string is still refused: bad escape, short \\u, raw control character, no closing quote', () => {
    for (const bad of ['"a\\x"', '"\\u12"', '"\\u12G4"', '"a\nb"', '"abc', '"abc\\', '"\\'])
      expect(() => parseJsonStrict(bad), bad).toThrow(/malformed string/);
  });
});

describe('error messages stay on one line', () => {
  it('the excerpt is short and escaped: no newline, escape sequence or other control character', () => {
    const text = `{"a": 1,\n\u001b[2J\u001b]0;owned\u0007${'x'.repeat(10_000)}`;
    let message = '';
    try {
      parseJsonStrict(text);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^line 2, column 1: expected a key in double quotes near '\{"a": 1,\\n\\u001b\[2J/);
    expect(message).not.toMatch(CONTROL);
    expect(message).toContain('\\u001b[2J');
    expect(message.length).toBeLessThan(160);
  });

  it('escapeForTerminal and escapeControlCharacters leave no control character, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: ANY_CHARACTER, maxLength: 40 }), (s) => {
        expect(escapeForTerminal(s)).not.toMatch(CONTROL);
        expect(escapeControlCharacters(s)).not.toMatch(CONTROL);
      }),
      { seed: 42, numRuns: RUNS },
    );
  });
});
