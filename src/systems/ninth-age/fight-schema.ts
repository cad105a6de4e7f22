/**
 * A whole 9th Age fight as input: `"situation": { "type": "fight", ... }` — the two units fight
 * round after round until one breaks and escapes, is caught, or is destroyed, or the round cap is
 * reached (src/fight). Each unit is built as for one round, and once more without Frenzy, which a
 * part loses when it loses a round (§7 Frenzy).
 */
import { z } from 'zod';
import { ScenarioError, UnsupportedRuleError } from '../../core/errors.js';
import { validate } from '../../core/input.js';
import { DEFAULT_ROUNDS, MAX_ROUNDS } from '../../fight/types.js';
import type { Facing, Options, Unit } from './model.js';
import { type RawUnit, buildUnit, optionsOf, optionsSchema, unitSchema } from './schema.js';

/** A unit of a fight: as it starts, and after losing Frenzy (null when it has none). */
export interface FightUnit {
  readonly unit: Unit;
  readonly calm: Unit | null;
}

export interface FightScenario {
  readonly kind: 'fight';
  readonly attacker: FightUnit;
  readonly target: FightUnit;
  readonly charging: 'attacker' | 'target' | 'none';
  readonly facing: Facing;
  readonly rounds: number;
  readonly pursuit: boolean;
  readonly options: Options;
}

const fightSchema = z.strictObject({
  type: z.literal('fight'),
  charging: z.enum(['attacker', 'target', 'none']).default('attacker'),
  facing: z.enum(['front', 'flank', 'rear']).default('front'),
  rounds: z
    .number({ error: `must be a whole number from 1 to ${MAX_ROUNDS}` })
    .int({ error: `must be a whole number from 1 to ${MAX_ROUNDS}` })
    .min(1, { error: `must be a whole number from 1 to ${MAX_ROUNDS}` })
    .max(MAX_ROUNDS, { error: `must be a whole number from 1 to ${MAX_ROUNDS}` })
    .default(DEFAULT_ROUNDS),
  pursuit: z.boolean().default(true),
  options: optionsSchema,
});

const scenarioSchema = z.strictObject({ attacker: unitSchema, target: unitSchema, situation: fightSchema });

/** Whether a raw scenario asks for a whole fight. */
export function isFightInput(input: unknown): boolean {
  const situation = (input as { situation?: { type?: unknown } } | null)?.situation;
  return typeof situation === 'object' && situation !== null && situation.type === 'fight';
}

export function parseFight(input: unknown): FightScenario {
  const raw = validate(scenarioSchema, input);
  const sit = raw.situation;
  return {
    kind: 'fight',
    attacker: fightUnit(raw.attacker, 'attacker'),
    target: fightUnit(raw.target, 'target'),
    charging: sit.charging,
    facing: sit.facing,
    rounds: sit.rounds,
    pursuit: sit.pursuit,
    options: optionsOf(sit.options),
  };
}

function fightUnit(raw: RawUnit, path: string): FightUnit {
  const unit = buildUnit(raw, path);
  checkFightable(raw, unit, path);
  const frenzy = raw.rules.indexOf('frenzy');
  if (frenzy < 0) return { unit, calm: null };
  // Frenzy lost after a defeat: the same unit without the rule (§7)
  return { unit, calm: buildUnit({ ...raw, rules: raw.rules.filter((id) => id !== 'frenzy') }, path) };
}

/** What a round can compute but a fight of several rounds cannot carry yet: one line naming it. */
function checkFightable(raw: RawUnit, unit: Unit, path: string): void {
  if (raw.attacks !== undefined)
    throw new ScenarioError(`${path}.attacks`, 'a fixed number of attacks cannot follow the casualties of a fight; give the formation (models, files)');
  const parts = [unit.offence, ...(unit.mount ? [unit.mount] : [])];
  const why = 'its hits come at the end of each phase, which a fight of several rounds does not carry yet';
  if (parts.some((o) => o.hellfire)) throw new UnsupportedRuleError(`${path}.rules`, 'hellfire', why);
  if (parts.some((o) => o.lightningAttack)) throw new UnsupportedRuleError(`${path}.rules`, 'lightning-attack', why);
  if (unit.special.breath) throw new UnsupportedRuleError(`${path}.rules`, 'breath-weapon', 'once per game: which round of a fight uses it is a choice');
  const d = unit.defence;
  const item = d.luckyShield ? 'lucky-shield' : d.luckyCharm ? 'lucky-charm' : d.gemstoneShielding ? 'gemstone-shielding' : null;
  if (item) throw new UnsupportedRuleError(`${path}.items`, item, 'a single-use item spent in one round and kept for the next is not carried by a fight yet');
}
