/**
 * A whole 9th Age fight as input: `"situation": { "type": "fight", ... }` — the two units fight
 * round after round until one breaks and escapes, is caught, or is destroyed, or the round cap is
 * reached (src/fight). Each unit is built as for one round, and once more without Frenzy, which a
 * part loses when it loses a round (§7 Frenzy).
 */
import * as z from 'zod';
import { ScenarioError, UnsupportedRuleError } from '../../core/errors.js';
import { validate } from '../../core/input.js';
import { roundsSchema } from '../../fight/rounds-schema.js';
import type { Facing, Options, Scenario, Unit } from './model.js';
import { type RawUnit, buildUnit, optionsOf, optionsSchema, unitSchema } from './schema.js';
import { unitRecord } from './unit-record.js';

/** A character standing in the front rank of a fight's unit (§10). */
export interface FightCharacter {
  /** Its own profile, equipment and rules, as a one-model unit. */
  readonly unit: Unit;
  /** The Battle Standard Bearer: Hold your Ground (re-roll failed Leadership tests) and +1 combat result while it stands (§10, §12.1). */
  readonly battleStandard: boolean;
  /**
   * The unit's own champion, taken out of its rank and file to fight a challenge (§4.11): wounds
   * that slay the last rank and file go on to it, even in the challenge (§4.10).
   */
  readonly champion: boolean;
}

/** A unit of a fight: as it starts, and after losing Frenzy (null when it has none); its joined character, or null. */
export interface FightUnit {
  readonly unit: Unit;
  readonly calm: Unit | null;
  readonly character: FightCharacter | null;
}

/**
 * A challenge between the two joined characters (§4.11): fought every round both stand until one
 * falls ('accepted'), or issued by the attacker's character and refused by the target's every
 * round both stand ('refused'), or none.
 */
export type Challenge = 'none' | 'accepted' | 'refused';

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
  readonly challenge: Challenge;
}

const fightSchema = z.strictObject({
  type: z.literal('fight'),
  charging: z.enum(['attacker', 'target', 'none']).default('attacker'),
  facing: z.enum(['front', 'flank', 'rear']).default('front'),
  rounds: roundsSchema,
  pursuit: z.boolean().default(true),
  'stand-and-shoot': z
    .union([z.boolean(), z.strictObject({ 'long-range': z.boolean().default(false) })], {
      error: "must be true, false or { \"long-range\": true }",
    })
    .default(false),
  challenge: z.union([z.boolean(), z.literal('refused')], { error: "must be true (accepted), false or \"refused\"" }).default(false),
  options: optionsSchema,
});

/**
 * A character joining a unit's front rank (§10): a one-model unit's profile, equipment and rules,
 * and whether it is the Battle Standard Bearer. The unit's Leadership tests use the highest Ld
 * present (§2), the character's included while it stands.
 */
const characterSchema = unitSchema
  .omit({ models: true, files: true, attacks: true, shots: true, character: true, champion: true, standard: true, musician: true, 'hold-your-ground': true, 'general-ld': true })
  .extend({ 'battle-standard': z.boolean().default(false) });

const fightUnitSchema = unitSchema.extend({ 'with-character': characterSchema.optional() });
type RawFightUnit = z.infer<typeof fightUnitSchema>;

const scenarioSchema = z.strictObject({ attacker: fightUnitSchema, target: fightUnitSchema, situation: fightSchema });

/** Whether a raw scenario asks for a whole fight. */
export function isFightInput(input: unknown): boolean {
  const situation = (input as { situation?: { type?: unknown } } | null)?.situation;
  return typeof situation === 'object' && situation !== null && situation.type === 'fight';
}

export function parseFight(input: unknown): FightScenario {
  const raw = validate(scenarioSchema, input);
  const sit = raw.situation;
  const challenge: Challenge = sit.challenge === 'refused' ? 'refused' : sit.challenge ? 'accepted' : 'none';
  const attacker = fightUnit(raw.attacker, 'attacker', challenge === 'accepted');
  const target = fightUnit(raw.target, 'target', challenge === 'accepted');
  const options = optionsOf(sit.options);
  checkCharacters(attacker, target, challenge, sit.facing, sit['stand-and-shoot'] !== false);
  return {
    kind: 'fight',
    attacker,
    target,
    charging: sit.charging,
    facing: sit.facing,
    rounds: sit.rounds,
    pursuit: sit.pursuit,
    options,
    standAndShoot: standAndShoot(sit['stand-and-shoot'], sit.charging, shooters(target), attacker.unit, options),
    challenge,
  };
}

/**
 * The target's rank and file that Stand and Shoot: those in the first two ranks (§5.1), where its
 * character takes one front-rank place (§4.3).
 */
function shooters(target: FightUnit): Unit {
  const u = target.unit;
  return target.character ? unitRecord({ ...u, models: Math.min(u.models, 2 * u.files - 1) }) : u;
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

function fightUnit(raw: RawFightUnit, path: string, challenge: boolean): FightUnit {
  const { 'with-character': rawCharacter, ...body } = raw;
  if (!rawCharacter && challenge && body.champion) return championFights(body, path);
  const character = rawCharacter ? joinedCharacter(rawCharacter, body, `${path}.with-character`) : null;
  const joined = character ? 1 : 0;
  const unit = unitRecord({ ...buildUnit(body, path), joined });
  checkFightable(body, unit, path);
  const frenzy = body.rules.indexOf('frenzy');
  if (frenzy < 0) return { unit, calm: null, character };
  // Frenzy lost after a defeat: the same unit without the rule (§7)
  return { unit, calm: unitRecord({ ...buildUnit({ ...body, rules: body.rules.filter((id) => id !== 'frenzy') }, path), joined }), character };
}

/**
 * A unit whose champion fights the challenge (§4.11): the champion is one model of its own — the
 * unit's profile, equipment and rules with +1 A and +1 WS (§10; the rider's only, a mount keeps
 * its own), its own wound pool (§4.10) — standing in the front rank (it counts towards the ranks
 * as the model it is, §4.3); the rank and file are the other models. The unit's magic items stay
 * with the rank and file.
 */
function championFights(body: RawUnit, path: string): FightUnit {
  if (body.models < 2)
    throw new ScenarioError(`${path}.models`, 'a champion fighting a challenge apart from its rank and file needs a unit of at least 2 models');
  if (body.rules.includes('frenzy'))
    throw new UnsupportedRuleError(`${path}.rules`, 'frenzy', "the champion of a frenzied unit fighting a challenge: its Frenzy lost with the unit's is not carried yet");
  const built = buildUnit(body, path);
  checkFightable(body, built, path);
  const unit = unitRecord({ ...built, models: body.models - 1, champion: false, joined: 1 });
  const plus1 = (v: number) => Math.min(10, v + 1);
  const raw = { ...body, models: 1, files: 1, ws: plus1(body.ws), a: plus1(body.a), 'wounds-lost': 0, items: [] };
  const champion = buildUnit({ ...raw, champion: false, standard: false, musician: false, 'battle-standard': false, 'hold-your-ground': false }, `${path}.champion`);
  return { unit, calm: null, character: { unit: champion, battleStandard: false, champion: true } };
}

/** Troop types that fight as units of their own and never stand in another unit's ranks (§9). */
const ALONE: readonly string[] = ['monster', 'ridden-monster', 'war-machine', 'chariot', 'swarm'];

/** A character joining the front rank of `unit` (§10), or one line naming why it cannot. */
function joinedCharacter(raw: NonNullable<RawFightUnit['with-character']>, unit: RawUnit, path: string): FightCharacter {
  if (unit.character) throw new ScenarioError(path, 'a character joins a unit of rank and file, not another character (9th Age §10)');
  if (ALONE.includes(unit.troop)) throw new ScenarioError(path, `a ${unit.troop} unit has no ranks for a character to join (9th Age §9)`);
  if (ALONE.includes(raw.troop)) throw new ScenarioError(`${path}.troop`, `a ${raw.troop} character fights as a unit of its own and cannot join a unit (9th Age §9)`);
  if (raw.troop !== unit.troop)
    throw new UnsupportedRuleError(`${path}.troop`, raw.troop, `a character of another troop type than its unit (${unit.troop}) has a mismatching base, which does not count towards ranks (§4.3); not carried by a fight yet`);
  if (raw['battle-standard'] && unit['battle-standard'])
    throw new ScenarioError(`${path}.battle-standard`, "the unit already has 'battle-standard': give the Battle Standard Bearer once, on the character");
  const { 'battle-standard': battleStandard, ...profile } = raw;
  const built = buildUnit({ ...profile, models: 1, character: true, champion: false, standard: false, musician: false, 'hold-your-ground': false, 'battle-standard': false }, path);
  checkFightable({ ...profile, models: 1 } as RawUnit, built, path);
  // The unit's morale is its own; a character's rules that would change it are not carried yet
  const m = built.morale;
  const moraleRule = m.stubborn ? 'stubborn' : m.unbreakable ? 'unbreakable' : m.unstable ? 'unstable' : m.daemonicInstability ? 'daemonic-instability' : m.frenzy ? 'frenzy' : m.immunePsychology ? 'immune-to-psychology' : m.causesFear ? 'fear' : m.bodyguard ? 'bodyguard' : null;
  if (moraleRule)
    throw new UnsupportedRuleError(`${path}.rules`, moraleRule, "a joined character's rule that changes its unit's tests is not carried by a fight yet");
  return { unit: built, battleStandard, champion: false };
}

/**
 * What characters in units and challenges need (§4.11, §10), each refused in one line naming the
 * field: a challenge needs a joined character on each side; a refusal needs one in the target.
 */
function checkCharacters(a: FightUnit, t: FightUnit, challenge: Challenge, facing: Facing, standAndShoot: boolean): void {
  if (challenge !== 'none') {
    for (const [side, u] of [['attacker', a], ['target', t]] as const) {
      if (u.character) continue;
      if (challenge === 'refused' && side === 'target')
        throw new ScenarioError('situation.challenge', "a refused challenge names an enemy character, not a champion (9th Age §4.11): give the target a 'with-character'");
      // A refused challenge's challenger may be the attacker's champion: it fights on with its unit (§4.11)
      if (challenge === 'refused' && u.unit.champion) continue;
      throw new ScenarioError('situation.challenge', `a challenge needs a character or champion on each side ('with-character' or 'champion' on the ${side}; 9th Age §4.11)`);
    }
  }
  if (!a.character && !t.character) return;
  // The attacker strikes with its front, its character there; the target's character stands in its
  // front rank, which an enemy in its flank or rear does not face: the rules file does not say whether
  // it reaches that enemy (make way, §4.1, is only named)
  if (facing !== 'front' && t.character)
    throw new UnsupportedRuleError('situation.facing', facing, "the target's character stands in its front rank; whether it reaches an enemy in its unit's flank or rear is not in the rules file");
  if (standAndShoot) {
    // Hits on a unit with a character go to the rank and file only with at least 5 of them and one troop type (§5.4, A15)
    if (a.character && a.unit.models < 5)
      throw new UnsupportedRuleError('situation.stand-and-shoot', 'stand-and-shoot', 'with fewer than 5 rank and file the hits are spread over them and the character (§5.4), which a fight does not carry yet');
    if (t.character?.unit.missile)
      throw new UnsupportedRuleError('target.with-character.equipment', t.character.unit.missile.id, "the target's character's own Stand and Shoot is not carried yet (only its rank and file shoot)");
  }
  for (const [side, u] of [['attacker', a], ['target', t]] as const) {
    const m = u.unit.morale;
    if (u.character && u.character.champion && (m.unstable || m.daemonicInstability))
      throw new UnsupportedRuleError(`${side}.rules`, m.unstable ? 'unstable' : 'daemonic-instability', 'with its champion fighting a challenge, the wounds going to the rank and file, then the champion, then characters (§7) are not carried yet');
  }
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
