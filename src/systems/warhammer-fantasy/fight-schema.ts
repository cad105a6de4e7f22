/**
 * A whole Warhammer Fantasy fight as input: `"situation": { "phase": "fight", ... }` takes every
 * key of a melee round's situation except the round's own bookkeeping (`round`,
 * `previous-round-winner`), plus `rounds`, the cap. The situation is validated as the first round
 * of a melee; each unit is also built without Frenzy, which a unit loses when beaten (§11).
 */
import * as z from 'zod';
import { ScenarioError, UnsupportedRuleError } from '../../core/errors.js';
import { lazySchema, validate } from '../../core/input.js';
import { roundsSchema } from '../../fight/rounds-schema.js';
import { standAndShootScenario } from './fight-stand-and-shoot.js';
import { type MeleeScenario, type MeleeSituation, type ShootingScenario, type Unit, parseScenario, parseUnit } from './schema.js';

/** A character (or the unit's champion) in the front rank of a fight's unit, with its own profile. */
export interface FightCharacter {
  readonly unit: Unit;
  /** The General: the unit uses its Ld when higher while it stands (§1 "General and Battle Standard"). */
  readonly general: boolean;
  /** The Battle Standard: the unit re-rolls a failed break test while it stands (§1). */
  readonly battleStandard: boolean;
  readonly champion: boolean;
}

/** A unit of a fight: as it starts, and after losing Frenzy (null when it has none); its joined character or champion, or null. */
export interface FightUnit {
  readonly unit: Unit;
  readonly calm: Unit | null;
  readonly character: FightCharacter | null;
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
  /** The two joined characters fight a challenge every round both stand, Overkill up to +5 (§9). */
  readonly challenge: boolean;
  /** What the parse noted (GameSystem.notes). */
  readonly notes?: readonly string[];
}

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
  const { rounds, 'stand-and-shoot': standAndShoot, challenge: rawChallenge, ...situation } = raw.situation;
  for (const [key, why] of Object.entries(ROUND_KEYS)) if (key in situation) throw new ScenarioError(`situation.${key}`, why);
  const cap = validate(roundsSchema, rounds, 'situation.rounds');
  const challenge = validate(challengeSchema(), rawChallenge, 'situation.challenge');
  const [attackerBody, attackerCharacter] = splitCharacter(raw.attacker, 'attacker');
  const [targetBody, targetCharacter] = splitCharacter(raw.target, 'target');
  const bodies = { ...raw, attacker: attackerBody, target: targetBody };
  const first = parseScenario({ ...bodies, situation: { ...situation, phase: 'melee', round: 1 } }) as MeleeScenario;
  const notes = [...(first.notes ?? [])];
  const attacker = fightUnit(attackerBody, first.attacker, attackerCharacter, 'attacker', notes);
  const target = fightUnit(targetBody, first.target, targetCharacter, 'target', notes);
  const sas = standAndShootScenario(standAndShoot, first.situation.charging, bodies, first.target, situation['saves-better-than-1+']);
  checkCharacters(attacker, target, challenge, first, sas !== null);
  return { phase: 'fight', attacker, target, situation: first.situation, rounds: cap, standAndShoot: sas, challenge: challenge === true, ...(notes.length ? { notes } : {}) };
}

// Built on first use (core/input.ts lazySchema): a single-round command never builds them.
const challengeSchema = lazySchema(() =>
  z
    .union([z.boolean(), z.literal('refused')], { error: 'must be true or false' })
    .default(false)
    .refine((c) => c !== 'refused', { error: 'the Warhammer Fantasy rules file does not say what refusing a challenge does (only Overkill, §9): give true or false' }),
);

const characterKeys = lazySchema(() =>
  z.strictObject({
    general: z.boolean().default(false),
    'battle-standard': z.boolean().default(false),
    champion: z.boolean().default(false),
  }),
);

/** A unit's body (for the unit parser) and its raw `with-character`, if any. */
function splitCharacter(raw: unknown, path: string): [unknown, { body: Record<string, unknown>; keys: z.infer<ReturnType<typeof characterKeys>> } | null] {
  if (typeof raw !== 'object' || raw === null || !('with-character' in raw)) return [raw, null];
  const { 'with-character': ch, ...body } = raw as Record<string, unknown>;
  const at = `${path}.with-character`;
  if (typeof ch !== 'object' || ch === null || Array.isArray(ch)) throw new ScenarioError(at, "must be an object: the character's profile, armour, weapon and rules");
  const { general, 'battle-standard': bsb, champion, ...profile } = ch as Record<string, unknown>;
  for (const key of ['models', 'width'])
    if (key in profile) throw new ScenarioError(`${at}.${key}`, 'a character is one model in the front rank of its unit');
  const keys = validate(characterKeys(), { general, 'battle-standard': bsb, champion }, at);
  return [body, { body: profile, keys }];
}

/** Types that never stand in a unit's ranks. */
const ALONE: readonly string[] = ['monster', 'chariot'];

function fightUnit(body: unknown, unit: Unit, raw: ReturnType<typeof splitCharacter>[1], path: string, notes: string[]): FightUnit {
  const character = raw ? joinedCharacter(raw, unit, `${path}.with-character`, notes) : null;
  return { unit, calm: calmUnit(body, unit, path), character };
}

/** A character joining the front rank of `unit`, or one line naming why it cannot. */
function joinedCharacter(raw: NonNullable<ReturnType<typeof splitCharacter>[1]>, unit: Unit, path: string, notes: string[]): FightCharacter {
  const ch = parseUnit({ ...raw.body, models: 1 }, path, notes);
  const { general, 'battle-standard': battleStandard, champion } = raw.keys;
  if (ALONE.includes(unit.type)) throw new ScenarioError(path, `a ${unit.type} has no ranks for a character to join`);
  if (ALONE.includes(ch.type)) throw new ScenarioError(`${path}.type`, `a ${ch.type} fights as a unit of its own and cannot join a unit`);
  if (ch.rules.loneCharacter) throw new ScenarioError(`${path}.rules`, "'lone-character' is a character outside any unit (§5); this one joins the unit");
  if (champion && (general || battleStandard))
    throw new ScenarioError(`${path}.champion`, 'a champion is one of the unit\'s own models: it is neither the General nor the Battle Standard');
  if (battleStandard && unit.rules.battleStandard)
    throw new ScenarioError(`${path}.battle-standard`, "the unit already has 'battle-standard': give the Battle Standard once, on the character");
  if (ch.type !== unit.type)
    throw new UnsupportedRuleError(`${path}.type`, ch.type, `a character of another type than its unit (${unit.type}) is not carried by a fight yet`);
  // The round engine strikes once per side (§4): the character must strike when its unit does
  if (ch.i !== unit.i || (ch.weapon === 'great-weapon') !== (unit.weapon === 'great-weapon') || ch.rules.alwaysStrikesFirst !== unit.rules.alwaysStrikesFirst)
    throw new UnsupportedRuleError(`${path}.i`, 'initiative', `a character that strikes at another time than its unit (Initiative ${ch.i} against ${unit.i}, great weapon, always strikes first) is not carried by a fight yet`);
  const r = ch.rules;
  const morale = r.frenzy ? 'frenzy' : r.stupidity ? 'stupidity' : r.causesFear ? 'fear' : r.causesTerror ? 'terror' : r.stubborn ? 'stubborn' : r.immuneToPsychology ? 'immune-to-psychology' : null;
  if (morale) throw new UnsupportedRuleError(`${path}.rules`, morale, "a joined character's rule that changes its unit's tests is not carried by a fight yet");
  return { unit: ch, general, battleStandard, champion };
}

/** A challenge needs a character or champion on each side (§9); what characters cannot be carried with yet. */
function checkCharacters(a: FightUnit, t: FightUnit, challenge: boolean | 'refused', first: MeleeScenario, standAndShoot: boolean): void {
  if (challenge === true)
    for (const [side, u] of [['attacker', a], ['target', t]] as const)
      if (!u.character) throw new ScenarioError('situation.challenge', `a challenge needs a character or champion on each side ('with-character' on the ${side}; §9)`);
  if (!a.character && !t.character) return;
  if (standAndShoot) throw new UnsupportedRuleError('situation.stand-and-shoot', 'stand-and-shoot', 'which models of a unit with a character the shots hit is not carried by a fight yet');
  for (const [side, u] of [['attacker', a], ['target', t]] as const) {
    const r = u.unit.rules;
    const rule = r.causesFear ? 'fear' : r.causesTerror ? 'terror' : r.stupidity ? 'stupidity' : null;
    if (rule) throw new UnsupportedRuleError(`${side}.rules`, rule, "with a character in the fight, the unit's test is not carried yet");
  }
  // The attacker strikes with its front, its character there; the target's character stands in its
  // front rank, which an enemy in its flank or rear does not face: the rules file does not say whether it fights
  if (first.situation.facing !== 'front' && t.character)
    throw new UnsupportedRuleError('situation.facing', first.situation.facing, "the target's character stands in its front rank; whether it reaches an enemy in its unit's flank or rear is not in the rules file");
}

/** The unit after losing Frenzy (§11: a frenzied unit that loses a combat loses its Frenzy). */
function calmUnit(raw: unknown, unit: Unit, path: string): Unit | null {
  if (!unit.rules.frenzy) return null;
  const body = raw as { rules: string[] };
  // The same body parsed once more: its notes were given with the unit.
  return parseUnit({ ...body, rules: body.rules.filter((id) => id !== 'frenzy') }, path, []);
}
