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
import type { Facing, Options, Scenario, Unit } from './model.js';
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
  /** The charged target's Stand and Shoot at the charging attacker before round 1 (§5, §13), or null. */
  readonly standAndShoot: Scenario | null;
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
  'stand-and-shoot': z
    .union([z.boolean(), z.strictObject({ 'long-range': z.boolean().default(false) })], {
      error: "must be true, false or { \"long-range\": true }",
    })
    .default(false),
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
  const attacker = fightUnit(raw.attacker, 'attacker');
  const target = fightUnit(raw.target, 'target');
  const options = optionsOf(sit.options);
  return {
    kind: 'fight',
    attacker,
    target,
    charging: sit.charging,
    facing: sit.facing,
    rounds: sit.rounds,
    pursuit: sit.pursuit,
    options,
    standAndShoot: standAndShoot(sit['stand-and-shoot'], sit.charging, target.unit, attacker.unit, options),
  };
}

/**
 * The charged unit's Stand and Shoot charge reaction (§13) as the shooting scenario the shooting
 * engine computes: the target shoots the charging attacker at −1 (§5), at long range if asked.
 */
function standAndShoot(
  asked: boolean | { 'long-range': boolean },
  charging: FightScenario['charging'],
  shooter: Unit,
  charger: Unit,
  options: Options,
): Scenario | null {
  if (asked === false) return null;
  const path = 'situation.stand-and-shoot';
  if (charging !== 'attacker') throw new ScenarioError(path, 'the charged target shoots the charging attacker: needs charging "attacker"');
  if (!shooter.missile) throw new ScenarioError(path, "the target has no missile weapon to shoot with (e.g. 'bow', 'crossbow')");
  if (shooter.profile.bs === 0) throw new ScenarioError(path, 'a BS0 target cannot use missile weapons (9th Age §2)');
  if (shooter.missile.cumbersome) throw new ScenarioError(path, 'a Cumbersome weapon may never Stand and Shoot (9th Age §7)');
  return {
    attacker: shooter,
    target: charger,
    situation: {
      kind: 'shooting',
      longRange: asked !== true && asked['long-range'],
      moved: false,
      standAndShoot: true,
      cover: 'none',
      multipleShots: false,
      toHitModifier: 0,
      options,
    },
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
