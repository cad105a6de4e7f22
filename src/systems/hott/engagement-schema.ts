/**
 * HOTT combats that go on: a close combat fought bound after bound while the results
 * table leaves both elements in contact (§7.1 "-", ties §7.2, an Impetuous winner's pursuit §5),
 * and a Stronghold assaulted bound after bound by a group (§6.6). Input: a close-combat scenario
 * plus `bounds`, or `{ assault: [elements], target: { type: stronghold }, bounds }`.
 */
import * as z from 'zod';
import { ScenarioError } from '../../core/errors.js';
import { lazySchema, validate } from '../../core/input.js';
import type { CloseCombat } from './scenario.js';
import { parseHott } from './schema.js';

/** Most bounds one engagement runs; most elements in one assaulting group. */
export const MAX_BOUNDS = 30;
export const MAX_ASSAULTERS = 10;

/** Built on first use (core/input.ts lazySchema): a single-bound command never builds them. */
const bounds = () => z.number().int().min(1).max(MAX_BOUNDS);

const combatSchema = lazySchema(() => z.looseObject({ bounds: bounds(), 'impetuous-pursuit': z.boolean().default(true) }));

const assaultSchema = lazySchema(() =>
  z.strictObject({
    assault: z.array(z.record(z.string(), z.unknown())),
    target: z.record(z.string(), z.unknown()),
    bounds: bounds(),
    situation: z.record(z.string(), z.unknown()).optional(),
  }),
);

/** A close combat that goes on: bound 1 as given, later bounds with nobody having charged. */
export interface RepeatedCombat {
  readonly kind: 'repeated-combat';
  readonly first: CloseCombat;
  readonly later: CloseCombat;
  readonly bounds: number;
  /** §5 Impetuosa: an Impetuous winner follows a recoiling loser 400 paces back into contact. */
  readonly impetuousPursuit: boolean;
}

/** A Stronghold assaulted by a group, first element fighting, the next two supporting (§6.6). */
export interface Assault {
  readonly kind: 'assault';
  /** The group's elements as raw input (a fight is built for each who-fights/who-supports). */
  readonly elements: ReadonlyArray<Record<string, unknown>>;
  readonly situation: Record<string, unknown>;
  readonly bounds: number;
  /** The combat of `fighter` with `supports` against the Stronghold. */
  combat(fighter: number, supports: readonly number[]): CloseCombat;
}

export type HottEngagement = RepeatedCombat | Assault;

export function isHottEngagementInput(input: unknown): boolean {
  return typeof input === 'object' && input !== null && ('bounds' in input || 'assault' in input);
}

export function parseHottEngagement(input: unknown): HottEngagement {
  if (typeof input === 'object' && input !== null && 'assault' in input) return parseAssault(input);
  const raw = validate(combatSchema(), input);
  const { bounds: n, 'impetuous-pursuit': pursuit, ...rest } = raw;
  const first = parseHott(rest);
  if (first.mode !== 'close-combat')
    throw new ScenarioError('bounds', 'only a close combat goes on from bound to bound: a shot or a magic attack is one bound (§6.4, §6.5)');
  const situation = { ...((rest as { situation?: object }).situation ?? {}), charged: false };
  const later = parseHott({ ...rest, situation }) as CloseCombat;
  return { kind: 'repeated-combat', first, later, bounds: n, impetuousPursuit: pursuit };
}

function parseAssault(input: object): Assault {
  const raw = validate(assaultSchema(), input);
  if (String(raw.target.type).toLowerCase() !== 'stronghold' || Object.keys(raw.target).length !== 1)
    throw new ScenarioError('target', 'an assault is on a Stronghold: give { "type": "stronghold" } (§6.6)');
  if (raw.assault.length === 0) throw new ScenarioError('assault', 'give at least one element');
  if (raw.assault.length > MAX_ASSAULTERS)
    throw new ScenarioError('assault', `${raw.assault.length} elements: at most ${MAX_ASSAULTERS} assault one Stronghold`);
  const situation = { ...(raw.situation ?? {}), mode: 'close-combat', charged: false };
  raw.assault.forEach((el, i) => {
    if ('supports' in el) throw new ScenarioError(`assault[${i}].supports`, 'the supports are the next elements of the group in contact (§6.6): list them in assault');
  });
  const cache = new Map<string, CloseCombat>();
  const combat = (fighter: number, supports: readonly number[]): CloseCombat => {
    const key = `${fighter}|${supports.join(',')}`;
    let c = cache.get(key);
    if (!c) {
      const attacker = { ...raw.assault[fighter], supports: supports.map((i) => String(raw.assault[i].type)) };
      try {
        c = parseHott({ attacker, target: raw.target, situation }) as CloseCombat;
      } catch (e) {
        if (e instanceof ScenarioError) throw new ScenarioError(e.path.replace(/^attacker/, `assault[${fighter}]`), e.problem);
        throw e;
      }
      cache.set(key, c);
    }
    return c;
  };
  // Every element must be able to fight it, alone and supported.
  raw.assault.forEach((_, i) => combat(i, []));
  return { kind: 'assault', elements: raw.assault, situation, bounds: raw.bounds, combat };
}
