/**
 * Dice expressions used by the rule sets: `3`, `D3`, `D6`, `2D6`, `D3+1`, `2D6+2`, `1D6+8`,
 * `D6-1`, `3D6 discard highest`, `3D6-discard-lowest`.
 * Parsed once, then turned into an exact distribution or rolled with an Rng.
 *
 * Bounds: at most 100 dice, 3 or 6 sides, a constant or modifier of at most 10,000;
 * an expression that can come out below 0 (`D6-7`, `D3-3`) is an error, never clamped.
 */
import { InputError } from './errors.js';
import { type Dist, point, shift, sumIid, trim, uniform } from './dist.js';
import type { Rng } from './rng.js';
import { grouped } from './budget.js';

export interface DiceExpr {
  readonly text: string;
  readonly count: number; // number of dice (0 for a constant)
  readonly faces: 3 | 6;
  readonly modifier: number;
  readonly discard: 'highest' | 'lowest' | null;
}

const PATTERN = /^(\d*)d(\d+)(?:\s*(?:-|\s)\s*discard\s*-?\s*(highest|lowest))?\s*(?:([+-])\s*(\d+))?$/i;
export const MAX_DICE = 100;
export const MAX_DICE_VALUE = 10000;

export class DiceError extends InputError {
  override name = 'DiceError';
}

/** Parse a dice expression; throws DiceError quoting it when malformed, too large or possibly negative. */
export function parseDice(input: string | number): DiceExpr {
  const text = String(input).trim();
  const quoted = `dice expression '${input}'`;
  const malformed = () => new DiceError(`malformed ${quoted} (expected e.g. 3, D3, D6, 2D6, D3+1, 2D6+2, 3D6 discard highest)`);
  const tooLarge = (what: string, max: number) => new DiceError(`${quoted}: ${what} too large (at most ${grouped(max)})`);
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    if (value > MAX_DICE_VALUE) throw tooLarge('value', MAX_DICE_VALUE);
    return { text, count: 0, faces: 6, modifier: value, discard: null };
  }
  const m = PATTERN.exec(text);
  if (!m) throw malformed();
  const count = m[1] === '' ? 1 : Number(m[1]);
  const discard = (m[3]?.toLowerCase() as 'highest' | 'lowest' | undefined) ?? null;
  if (count < 1 || (discard && count < 2)) throw malformed();
  if (count > MAX_DICE) throw tooLarge('number of dice', MAX_DICE);
  const faces = Number(m[2]);
  if (faces !== 3 && faces !== 6) throw new DiceError(`malformed ${quoted}: dice have 3 or 6 sides (D3, D6), not ${m[2]}`);
  if (m[5] !== undefined && Number(m[5]) > MAX_DICE_VALUE) throw tooLarge('modifier', MAX_DICE_VALUE);
  const modifier = m[4] ? (m[4] === '-' ? -1 : 1) * Number(m[5]) : 0;
  const expr: DiceExpr = { text, count, faces, modifier, discard };
  const least = diceMin(expr);
  if (least < 0) throw new DiceError(`${quoted} can be negative (as low as ${least}); a dice result must be at least 0`);
  return expr;
}

/**
 * Exact distribution of the expression's value. Computed once per expression and cached (the
 * same 2D6 flee and pursuit rolls are asked for at every end state of a fight); each call gets
 * its own copy, so a caller may change it.
 */
export function diceDist(expr: DiceExpr): Dist {
  const key = `${expr.count}d${expr.faces}${expr.discard ?? ''}${expr.modifier}`;
  let d = cache.get(key);
  if (!d) {
    if (cache.size >= CACHE_SIZE) cache.clear();
    d = computeDiceDist(expr);
    cache.set(key, d);
  }
  return d.slice();
}

const CACHE_SIZE = 256;
const cache = new Map<string, Dist>();

function computeDiceDist(expr: DiceExpr): Dist {
  if (expr.count === 0) return point(expr.modifier);
  const kept = expr.discard === null ? sumIid(uniform(1, expr.faces), expr.count) : keptSum(expr);
  return shift(kept, expr.modifier);
}

/**
 * The sum of the dice without the highest (or lowest) one: a dynamic programme over (the running
 * extreme die, the running sum), one die at a time.
 */
function keptSum(expr: DiceExpr): Dist {
  const f = expr.faces;
  const width = expr.count * f + 1;
  const index = (extreme: number, sum: number) => extreme * width + sum;
  let states = new Float64Array((f + 1) * width);
  for (let face = 1; face <= f; face++) states[index(face, face)] = 1 / f;
  for (let i = 1; i < expr.count; i++) {
    const next = new Float64Array(states.length);
    for (let extreme = 1; extreme <= f; extreme++)
      for (let sum = 0; sum < width; sum++) {
        const p = states[index(extreme, sum)];
        if (p === 0) continue;
        for (let face = 1; face <= f; face++) {
          const e = expr.discard === 'highest' ? Math.max(extreme, face) : Math.min(extreme, face);
          next[index(e, sum + face)] += p / f;
        }
      }
    states = next;
  }
  const out = new Float64Array(width);
  for (let extreme = 1; extreme <= f; extreme++) for (let sum = extreme; sum < width; sum++) out[sum - extreme] += states[index(extreme, sum)];
  return trim(out);
}

/** Largest value the expression can take. */
export function diceMax(expr: DiceExpr): number {
  return keptDice(expr) * expr.faces + expr.modifier;
}

/** Smallest value the expression can take. */
export function diceMin(expr: DiceExpr): number {
  return keptDice(expr) + expr.modifier;
}

function keptDice(expr: DiceExpr): number {
  return expr.discard ? expr.count - 1 : expr.count;
}

/** Roll the expression die by die (the discarded die is the highest or lowest face rolled). */
export function rollDice(expr: DiceExpr, rng: Rng): number {
  const count = expr.count;
  if (count === 0) return expr.modifier;
  const d6 = expr.faces === 6;
  let sum = 0;
  if (expr.discard === null) {
    if (d6) for (let i = 0; i < count; i++) sum += rng.d6();
    else for (let i = 0; i < count; i++) sum += rng.d3();
    return sum + expr.modifier;
  }
  let highest = 0;
  let lowest = 7;
  for (let i = 0; i < count; i++) {
    const face = d6 ? rng.d6() : rng.d3();
    sum += face;
    if (face > highest) highest = face;
    if (face < lowest) lowest = face;
  }
  return sum - (expr.discard === 'highest' ? highest : lowest) + expr.modifier;
}

/** A sampler closed over the parsed expression. */
export function diceSampler(expr: DiceExpr): (rng: Rng) => number {
  if (expr.count === 0) {
    const value = expr.modifier;
    return () => value;
  }
  if (expr.count === 1 && !expr.discard) {
    const mod = expr.modifier;
    return expr.faces === 6 ? (rng) => rng.d6() + mod : (rng) => rng.d3() + mod;
  }
  return (rng) => rollDice(expr, rng);
}
