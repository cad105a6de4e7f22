/**
 * Dice expressions used by the rule sets: `3`, `D3`, `D6`, `2D6`, `D3+1`, `2D6+2`, `1D6+8`,
 * `D6-1` (never below 0), `3D6 discard highest`, `3D6-discard-lowest`.
 * Parsed once, then turned into an exact distribution or rolled with an Rng.
 */
import { InputError } from './errors.js';
import { type Dist, point, trim } from './dist.js';
import type { Rng } from './rng.js';

export interface DiceExpr {
  readonly text: string;
  readonly count: number; // number of dice (0 for a constant)
  readonly faces: 3 | 6;
  readonly modifier: number;
  readonly discard: 'highest' | 'lowest' | null;
}

const PATTERN = /^(\d*)d(3|6)(?:\s*(?:-|\s)\s*discard\s*-?\s*(highest|lowest))?\s*(?:([+-])\s*(\d+))?$/i;
const MAX_DICE = 100;

export class DiceError extends InputError {
  override name = 'DiceError';
}

/** Parse a dice expression; throws DiceError quoting it when malformed. */
export function parseDice(input: string | number): DiceExpr {
  const text = String(input).trim();
  const malformed = () =>
    new DiceError(`malformed dice expression '${input}' (expected e.g. 3, D3, D6, 2D6, D3+1, 2D6+2, 3D6 discard highest)`);
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value > 10000) throw malformed();
    return { text, count: 0, faces: 6, modifier: value, discard: null };
  }
  const m = PATTERN.exec(text);
  if (!m) throw malformed();
  const count = m[1] === '' ? 1 : Number(m[1]);
  const discard = (m[3]?.toLowerCase() as 'highest' | 'lowest' | undefined) ?? null;
  if (count < 1 || count > MAX_DICE || (discard && count < 2)) throw malformed();
  const modifier = m[4] ? (m[4] === '-' ? -1 : 1) * Number(m[5]) : 0;
  return { text, count, faces: Number(m[2]) as 3 | 6, modifier, discard };
}

/** Exact distribution of the expression's value (clamped at 0 from below). */
export function diceDist(expr: DiceExpr): Dist {
  if (expr.count === 0) return point(Math.max(0, expr.modifier));
  // Distribution of the kept sum: dynamic programme over the dice, tracking the kept total and
  // (when discarding) the running maximum or minimum die.
  const f = expr.faces;
  const keyed = expr.discard !== null;
  // state: Map key "sum|extreme" -> probability
  let states = new Map<string, number>([[`0|${expr.discard === 'lowest' ? f + 1 : 0}`, 1]]);
  for (let i = 0; i < expr.count; i++) {
    const next = new Map<string, number>();
    for (const [key, p] of states) {
      const [sum, extreme] = key.split('|').map(Number);
      for (let face = 1; face <= f; face++) {
        const e = !keyed ? 0 : expr.discard === 'highest' ? Math.max(extreme, face) : Math.min(extreme, face);
        const k = `${sum + face}|${e}`;
        next.set(k, (next.get(k) ?? 0) + p / f);
      }
    }
    states = next;
  }
  let maxValue = 0;
  const values: Array<[number, number]> = [];
  for (const [key, p] of states) {
    const [sum, extreme] = key.split('|').map(Number);
    const v = Math.max(0, sum - (keyed ? extreme : 0) + expr.modifier);
    values.push([v, p]);
    if (v > maxValue) maxValue = v;
  }
  const out = new Float64Array(maxValue + 1);
  for (const [v, p] of values) out[v] += p;
  return trim(out);
}

/** Largest value the expression can take. */
export function diceMax(expr: DiceExpr): number {
  const kept = expr.discard ? expr.count - 1 : expr.count;
  return Math.max(0, kept * expr.faces + expr.modifier);
}

/** Roll the expression die by die. */
export function rollDice(expr: DiceExpr, rng: Rng): number {
  if (expr.count === 0) return Math.max(0, expr.modifier);
  let sum = 0;
  let extreme = expr.discard === 'lowest' ? Infinity : -Infinity;
  for (let i = 0; i < expr.count; i++) {
    const face = expr.faces === 6 ? rng.d6() : rng.d3();
    sum += face;
    if (expr.discard === 'highest') extreme = Math.max(extreme, face);
    else if (expr.discard === 'lowest') extreme = Math.min(extreme, face);
  }
  if (expr.discard) sum -= extreme;
  return Math.max(0, sum + expr.modifier);
}

/** A sampler closed over the parsed expression. */
export function diceSampler(expr: DiceExpr): (rng: Rng) => number {
  if (expr.count === 0) {
    const value = Math.max(0, expr.modifier);
    return () => value;
  }
  if (expr.count === 1 && !expr.discard) {
    const mod = expr.modifier;
    return expr.faces === 6 ? (rng) => Math.max(0, rng.d6() + mod) : (rng) => Math.max(0, rng.d3() + mod);
  }
  return (rng) => rollDice(expr, rng);
}
