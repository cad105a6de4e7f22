/**
 * A whole Warhammer Fantasy fight as input: `"situation": { "phase": "fight", ... }` takes every
 * key of a melee round's situation except the round's own bookkeeping (`round`,
 * `previous-round-winner`), plus `rounds`, the cap. The situation is validated as the first round
 * of a melee; each unit is also built without Frenzy, which a unit loses when beaten (§11).
 */
import { z } from 'zod';
import { ScenarioError } from '../../core/errors.js';
import { validate } from '../../core/input.js';
import { DEFAULT_ROUNDS, MAX_ROUNDS } from '../../fight/types.js';
import { standAndShootScenario } from './fight-stand-and-shoot.js';
import { type MeleeScenario, type MeleeSituation, type ShootingScenario, type Unit, parseScenario, parseUnit } from './schema.js';

/** A unit of a fight: as it starts, and after losing Frenzy (null when it has none). */
export interface FightUnit {
  readonly unit: Unit;
  readonly calm: Unit | null;
}

export interface FightScenario {
  readonly phase: 'fight';
  readonly attacker: FightUnit;
  readonly target: FightUnit;
  /** The situation of the first round (charge, fear test); later rounds are derived from it. */
  readonly situation: MeleeSituation;
  readonly rounds: number;
  /** The charged target's stand and shoot at the charging attacker before round 1 (§3, §5), or null. */
  readonly standAndShoot: ShootingScenario | null;
}

const ROUNDS = { error: `must be a whole number from 1 to ${MAX_ROUNDS}` };
const roundsSchema = z.number(ROUNDS).int(ROUNDS).min(1, ROUNDS).max(MAX_ROUNDS, ROUNDS).default(DEFAULT_ROUNDS);

/** Keys of a melee round's situation that a fight works out itself, round by round. */
const ROUND_KEYS: Record<string, string> = {
  round: 'a fight starts at round 1 and counts its rounds itself (the cap is "rounds")',
  'previous-round-winner': 'a fight carries the winner of each round into the next itself',
};

/** Whether a raw scenario asks for a whole fight. */
export function isFightInput(input: unknown): boolean {
  const situation = (input as { situation?: { phase?: unknown } } | null)?.situation;
  return typeof situation === 'object' && situation !== null && situation.phase === 'fight';
}

export function parseFight(input: unknown): FightScenario {
  const raw = input as { attacker?: unknown; target?: unknown; situation: Record<string, unknown> };
  const { rounds, 'stand-and-shoot': standAndShoot, ...situation } = raw.situation;
  for (const [key, why] of Object.entries(ROUND_KEYS)) if (key in situation) throw new ScenarioError(`situation.${key}`, why);
  const cap = validate(roundsSchema, rounds, 'situation.rounds');
  const first = parseScenario({ ...raw, situation: { ...situation, phase: 'melee', round: 1 } }) as MeleeScenario;
  return {
    phase: 'fight',
    attacker: { unit: first.attacker, calm: calmUnit(raw.attacker, first.attacker, 'attacker') },
    target: { unit: first.target, calm: calmUnit(raw.target, first.target, 'target') },
    situation: first.situation,
    rounds: cap,
    standAndShoot: standAndShootScenario(standAndShoot, first.situation.charging, raw, first.target, situation['saves-better-than-1+']),
  };
}

/** The unit after losing Frenzy (§11: a frenzied unit that loses a combat loses its Frenzy). */
function calmUnit(raw: unknown, unit: Unit, path: string): Unit | null {
  if (!unit.rules.frenzy) return null;
  const body = raw as { rules: string[] };
  return parseUnit({ ...body, rules: body.rules.filter((id) => id !== 'frenzy') }, path);
}
