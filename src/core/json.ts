/**
 * A strict JSON parser for user files: the values JSON.parse gives (RFC 8259), but a key repeated
 * in one object is an error naming it (JSON.parse silently keeps the last one), and a syntax error
 * says where it is with a short, escaped excerpt — never raw newlines or control characters of
 * the input. A leading UTF-8 byte-order mark is skipped.
 */

export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
}

/** Valid JSON whose object repeats a key: which value was meant is unknowable. */
export class JsonDuplicateKeyError extends JsonSyntaxError {
  override name = 'JsonDuplicateKeyError';
}

/** Deeper nesting than this is refused (no scenario or unit comes near it; it bounds recursion). */
export const MAX_JSON_DEPTH = 256;
/** Characters of the input quoted around a syntax error. */
const EXCERPT_CHARS = 24;

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Control characters (newlines, escape sequences, C1 controls, line separators) as \uXXXX escapes. */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** Text to quote on one terminal line: control characters, quotes and backslashes escaped. */
export function escapeForTerminal(text: string): string {
  return escapeControlCharacters(text.replace(/[\\']/g, (c) => `\\${c}`));
}

/** Parse `text` as JSON; throws JsonSyntaxError (one line) on invalid JSON or a repeated key. */
export function parseJsonStrict(text: string): unknown {
  return new Parser(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).document();
}

class Parser {
  private at = 0;

  constructor(private readonly text: string) {}

  document(): unknown {
    const value = this.value('', 0);
    this.skipWhitespace();
    if (this.at < this.text.length) this.fail('unexpected text after the JSON value');
    return value;
  }

  private value(path: string, depth: number): unknown {
    if (depth > MAX_JSON_DEPTH) this.fail(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    this.skipWhitespace();
    const c = this.text[this.at];
    if (c === '{') return this.object(path, depth);
    if (c === '[') return this.array(path, depth);
    if (c === '"') return this.string();
    const number = this.match(NUMBER);
    if (number !== null) return Number(number);
    const literal = this.match(LITERAL);
    if (literal !== null) return literal === 'null' ? null : literal === 'true';
    return this.fail(c === undefined ? 'unexpected end of file' : 'expected a value');
  }

  private object(path: string, depth: number): Record<string, unknown> {
    this.at++; // {
    const out: Record<string, unknown> = {};
    const seen = new Set<string>();
    this.skipWhitespace();
    if (this.text[this.at] === '}') {
      this.at++;
      return out;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.at] !== '"') this.fail("expected a key in double quotes");
      const keyAt = this.at;
      const key = this.string();
      const keyPath = path ? `${path}.${key}` : key;
      if (seen.has(key)) throw new JsonDuplicateKeyError(`${this.where(keyAt)}: key '${escapeForTerminal(keyPath)}' appears twice in one object`);
      seen.add(key);
      this.skipWhitespace();
      if (this.text[this.at] !== ':') this.fail("expected ':' after a key");
      this.at++;
      // defineProperty: a key "__proto__" is an own property, as JSON.parse makes it.
      Object.defineProperty(out, key, { value: this.value(keyPath, depth + 1), enumerable: true, writable: true, configurable: true });
      this.skipWhitespace();
      const c = this.text[this.at++];
      if (c === '}') return out;
      if (c !== ',') this.fail("expected ',' or '}'", this.at - 1);
    }
  }

  private array(path: string, depth: number): unknown[] {
    this.at++; // [
    const out: unknown[] = [];
    this.skipWhitespace();
    if (this.text[this.at] === ']') {
      this.at++;
      return out;
    }
    for (;;) {
      out.push(this.value(`${path}[${out.length}]`, depth + 1));
      this.skipWhitespace();
      const c = this.text[this.at++];
      if (c === ']') return out;
      if (c !== ',') this.fail("expected ',' or ']'", this.at - 1);
    }
  }

  /**
   * A string token, scanned one character at a time (a backtracking regular expression overflows
   * the stack on a long string), then decoded by JSON.parse.
   */
  private string(): string {
    const { text } = this;
    const start = this.at;
    let at = start + 1; // past the opening quote
    for (;;) {
      const code = text.charCodeAt(at);
      if (Number.isNaN(code) || code < 0x20) break; // end of text, or an unescaped control character
      if (code === 0x22) {
        this.at = at + 1;
        return JSON.parse(text.slice(start, this.at)) as string;
      }
      if (code === 0x5c) {
        const next = text[at + 1];
        if (next !== undefined && '"\\/bfnrt'.includes(next)) at += 2;
        else if (next === 'u' && HEX4.test(text.slice(at + 2, at + 6))) at += 6;
        else break;
      } else at++;
    }
    return this.fail('malformed string (unescaped control character, bad escape or no closing quote)');
  }

  private match(pattern: RegExp): string | null {
    pattern.lastIndex = this.at;
    const m = pattern.exec(this.text);
    if (!m || m[0] === '') return null;
    this.at += m[0].length;
    return m[0];
  }

  private skipWhitespace(): void {
    WHITESPACE.lastIndex = this.at;
    WHITESPACE.exec(this.text);
    this.at = WHITESPACE.lastIndex;
  }

  private where(at: number): string {
    const before = this.text.slice(0, at);
    return `line ${before.split('\n').length}, column ${at - before.lastIndexOf('\n')}`;
  }

  private fail(problem: string, at = this.at): never {
    const from = Math.max(0, at - EXCERPT_CHARS / 2);
    const excerpt = this.text.slice(from, from + EXCERPT_CHARS);
    const near = excerpt ? ` near '${from > 0 ? '…' : ''}${escapeForTerminal(excerpt)}${from + EXCERPT_CHARS < this.text.length ? '…' : ''}'` : '';
    throw new JsonSyntaxError(`${this.where(at)}: ${problem}${near}`);
  }
}
