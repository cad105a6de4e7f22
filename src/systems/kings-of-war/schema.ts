/**
 * The Kings of War scenario: input format (zod) and the typed scenario `parse` returns.
 * Cross-field checks (who may shoot, who may charge, which attack a unit owns) are here, so that
 * a parsed scenario is always one the rules allow.
 */
import * as z from 'zod';
import { ScenarioError, UnsupportedRuleError } from '../../core/errors.js';
import { d6Target, validate } from '../../core/input.js';
import { ARTEFACTS, applyArtefact } from './artefacts.js';
import { parseRules } from './rules.js';
import { isHero, type Nerve, SIZES_OF, type Unit, UNIT_SIZES, UNIT_TYPES, WEAPONS } from './units.js';

const MAX_ATT = 200;
const MAX_DAMAGE = 200;
const MAX_NERVE = 60;

/** A whole number from min to max, with that range in the message. */
function count(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.number(message).int(message).min(min, message).max(max, message);
}

/** Ne "waver/rout" or "-/rout" (Fearless), §2. */
const nerveField = z.union([z.string(), z.number()]).transform((value, ctx): Nerve => {
  const m = /^\s*(\d+|-|–|—)\s*\/\s*(\d+)\s*$/.exec(String(value));
  if (!m) {
    ctx.addIssue({ code: 'custom', message: `'${value}' is not a nerve value (allowed: 'waver/rout' such as '14/16', or '-/16' for Fearless)` });
    return z.NEVER;
  }
  const rout = Number(m[2]);
  const waver = /^\d+$/.test(m[1]) ? Number(m[1]) : null;
  if (rout < 2 || rout > MAX_NERVE) {
    ctx.addIssue({ code: 'custom', message: `rout level ${rout} is not allowed (allowed: 2 to ${MAX_NERVE})` });
    return z.NEVER;
  }
  if (waver !== null && !(waver >= 2 && waver < rout)) {
    ctx.addIssue({ code: 'custom', message: `waver level ${waver} must be at least 2 and below the rout level ${rout} ('${value}')` });
    return z.NEVER;
  }
  return { waver, rout };
});

export const unitSchema = z.strictObject({
  type: z.enum(UNIT_TYPES),
  size: z.enum(UNIT_SIZES).optional(),
  sp: count(0, 20).optional(),
  me: d6Target(),
  ra: d6Target({ none: true }),
  de: d6Target(),
  att: count(1, MAX_ATT),
  nerve: nerveField,
  damage: count(0, MAX_DAMAGE).default(0),
  weapon: z.enum(WEAPONS).optional(),
  artefact: z.enum(ARTEFACTS).optional(),
  rules: z.array(z.string()).default([]),
});

const SIDES = ['front', 'flank', 'rear'] as const;
export type Side = (typeof SIDES)[number];

const HINDRANCE = ['none', 'difficult-terrain', 'obstacle', 'ends-on-difficult-terrain', 'ends-on-obstacle'] as const;
export type Hindrance = (typeof HINDRANCE)[number];

const ORDERS = ['halt', 'advance', 'back', 'sidestep', 'change-facing', 'at-the-double'] as const;
export type Order = (typeof ORDERS)[number];

/** The one ranged attack a unit uses this turn (§4.1, §8). */
const RANGED = [
  'weapon',
  'breath-attack',
  'fireball',
  'lightning-bolt',
  'kevinars-flying-hammer',
  'war-bow-of-kaba',
  'kabas-holy-hand-grenades',
  'heal',
  'bane-chant',
  'wind-blast',
  'surge',
] as const;
export type Ranged = Exclude<(typeof RANGED)[number], 'heal' | 'bane-chant' | 'wind-blast' | 'surge'>;

const common = {
  'attacker-state': z.enum(['ready', 'disordered', 'wavered']).default('ready'),
  /** Bane-chant(n) cast on the attacker this turn (§8.1). */
  'bane-chant': count(1, 100).optional(),
  /** The target is within range of a friendly Inspiring unit (§6.4). */
  inspired: z.boolean().default(false),
  /** The target rolled its Regeneration on its carried damage before this attack (§7). */
  'target-regenerates': z.boolean().default(false),
  /** Heal(n) was cast on the target before this attack (§8.1). */
  'target-healed': count(1, 100).optional(),
  /** A1: Nimble (so Fly and Individual) ignores the moving penalty. */
  'nimble-ignores-moving': z.boolean().default(true),
  /** A3: multiply the dice first, then halve (recommended), or halve first. */
  halving: z.enum(['after-multiplier', 'before-multiplier']).default('after-multiplier'),
  /** Unclear line of sight is settled by a D6: 4+ it can see (§1). */
  'line-of-sight': z.enum(['clear', 'unclear']).default('clear'),
};

const situationSchema = z.discriminatedUnion('attack', [
  z.strictObject({
    attack: z.literal('melee'),
    charge: z.enum([...SIDES, 'counter-charge']),
    hindered: z.enum(HINDRANCE).default('none'),
    /** A20: against an Individual, the first (or lone) charger attacks its front; later ones the side touched. */
    charger: z.enum(['first', 'later']).default('first'),
    ...common,
  }),
  z.strictObject({
    attack: z.literal('shooting'),
    /** One ranged attack, or two different ones with Myrddin's Amulet (§8.2). */
    with: z.union([z.enum(RANGED), z.array(z.enum(RANGED)).min(1).max(2)]).default('weapon'),
    order: z.enum(ORDERS).default('halt'),
    /** true, false, or 'unclear' (a D6: 4+ no cover, §1). */
    cover: z.union([z.boolean(), z.literal('unclear')]).default(false),
    /** The target's arc the shooter's leader point is in (Big Shield, A12). */
    arc: z.enum(SIDES).default('front'),
    ...common,
  }),
]);

const scenarioSchema = z.strictObject({
  // Each side is validated by parseUnit, which names its missing or bad fields.
  attacker: z.unknown().optional(),
  target: z.unknown().optional(),
  situation: situationSchema,
});

type RawUnit = z.infer<typeof unitSchema>;

interface Common {
  readonly attackerState: 'ready' | 'disordered' | 'wavered';
  readonly baneChant: number | null;
  readonly inspired: boolean;
  readonly targetRegenerates: boolean;
  readonly targetHealed: number | null;
  readonly nimbleIgnoresMoving: boolean;
  readonly halving: 'after-multiplier' | 'before-multiplier';
  readonly lineOfSight: 'clear' | 'unclear';
}

export interface Melee extends Common {
  readonly attack: 'melee';
  readonly charge: Side | 'counter-charge';
  readonly hindered: Hindrance;
  readonly charger: 'first' | 'later';
}

export interface Shooting extends Common {
  readonly attack: 'shooting';
  /** The ranged attacks made this phase: one, or two different ones with Myrddin's Amulet. */
  readonly with: readonly Ranged[];
  readonly order: Order;
  readonly cover: boolean | 'unclear';
  readonly arc: Side;
}

export type Situation = Melee | Shooting;

export interface Scenario {
  readonly attacker: Unit;
  readonly target: Unit;
  readonly situation: Situation;
}

export function parseUnit(input: unknown, path: string): Unit {
  const raw: RawUnit = validate(unitSchema, input, path);
  const allowed = SIZES_OF[raw.type];
  if (allowed.length === 0 && raw.size !== undefined)
    throw new ScenarioError(`${path}.size`, `type '${raw.type}' is a single model and has no size`);
  if (allowed.length > 0 && (raw.size === undefined || !allowed.includes(raw.size)))
    throw new ScenarioError(`${path}.size`, `type '${raw.type}' needs a size (allowed: ${allowed.join(', ')})`);
  let rules = parseRules(raw.rules, `${path}.rules`);
  // Individual: heroes ("man-sized heroes ... carry the Individual rule", §2) and individual war engines (§5.2).
  if (rules.individual && !(isHero(raw.type) || raw.type === 'war-engine'))
    throw new ScenarioError(
      `${path}.rules[${raw.rules.findIndex((r) => r.trim() === 'individual')}]`,
      `'individual' is a rule of heroes and war engines (§2, §5.2), not of type '${raw.type}'${raw.size ? ` (${raw.size})` : ''}`,
    );
  // Ra "–" means the unit has no ranged attack (§2), so it has no ranged weapon either.
  if (raw.ra === 'none' && raw.weapon !== undefined)
    throw new ScenarioError(`${path}.weapon`, `a unit with ra '-' has no ranged attack (§2): give its Ra, or leave out the weapon '${raw.weapon}'`);
  if (raw.artefact !== undefined) rules = applyArtefact(raw.artefact, raw.type, rules, `${path}.artefact`);
  // Ensorcelled Armour: De +1, max 6+ (§8.2).
  const de = raw.artefact === 'ensorcelled-armour' ? Math.min(6, (raw.de as number) + 1) : (raw.de as number);
  return {
    type: raw.type,
    size: raw.size ?? null,
    me: raw.me as number,
    ra: raw.ra === 'none' ? null : (raw.ra as number),
    de,
    att: raw.att,
    nerve: raw.nerve,
    damage: raw.damage,
    weapon: raw.weapon ?? null,
    artefact: raw.artefact ?? null,
    rules,
  };
}

export function parseScenario(input: unknown): Scenario {
  const raw = validate(scenarioSchema, input);
  const attacker = parseUnit(raw.attacker, 'attacker');
  const target = parseUnit(raw.target, 'target');
  const s = raw.situation;
  const shared: Common = {
    attackerState: s['attacker-state'],
    baneChant: s['bane-chant'] ?? null,
    inspired: s.inspired,
    targetRegenerates: s['target-regenerates'],
    targetHealed: s['target-healed'] ?? null,
    nimbleIgnoresMoving: s['nimble-ignores-moving'],
    halving: s.halving,
    lineOfSight: s['line-of-sight'],
  };
  if (shared.targetRegenerates && target.rules.regeneration === null)
    throw new ScenarioError('situation.target-regenerates', 'the target has no Regeneration (rule regeneration(n+) or medallion-of-life)');
  const situation: Situation =
    s.attack === 'melee'
      ? { ...shared, attack: 'melee', charge: s.charge, hindered: s.hindered, charger: s.charger }
      : { ...shared, attack: 'shooting', with: rangedAttacks(s.with, attacker), order: s.order, cover: s.cover, arc: s.arc };
  if (situation.attack === 'melee') checkMelee(situation, attacker);
  else checkShooting(situation, attacker);
  return { attacker, target, situation };
}

/** War engines never charge; only a Fury unit attacks while Wavered, and then only by counter-charging (§6.3, §7 Fury). */
function checkMelee(s: Melee, attacker: Unit): void {
  if (attacker.type === 'war-engine') throw new ScenarioError('attacker.type', 'a war engine cannot charge (§9), so it never attacks in melee');
  if (s.charge === 'counter-charge' && s.lineOfSight === 'unclear')
    throw new ScenarioError('situation.line-of-sight', 'a counter-charge needs no line of sight (§3)');
  if (s.attackerState === 'wavered' && !(attacker.rules.fury && s.charge === 'counter-charge'))
    throw new ScenarioError('situation.attacker-state', 'a Wavered unit cannot charge (a Fury unit may counter-charge)');
}

/** Who may shoot (§4.1) and which ranged attack the unit owns. */
function checkShooting(s: Shooting, attacker: Unit): void {
  if (s.attackerState !== 'ready')
    throw new ScenarioError('situation.attacker-state', 'a Disordered or Wavered unit cannot shoot or cast spells (§4.1)');
  if (s.order === 'at-the-double' && attacker.artefact !== 'boots-of-levitation')
    throw new ScenarioError('situation.order', 'a unit ordered At the Double cannot shoot (§4.1; only Boots of Levitation allow it)');
  if (s.with.includes('weapon') && attacker.rules.reload && s.order !== 'halt')
    throw new ScenarioError('situation.order', 'a Reload! unit shoots only when ordered to Halt (§4.1)');
}

/**
 * One ranged attack per turn (§4.1); Myrddin's Amulet of the Fire-heart adds a different second
 * one straight after (§8.2).
 */
function rangedAttacks(choice: (typeof RANGED)[number] | Array<(typeof RANGED)[number]>, attacker: Unit): Ranged[] {
  const list = Array.isArray(choice) ? choice : [choice];
  if (list.length === 2) {
    if (attacker.artefact !== 'myrddins-amulet-of-the-fire-heart')
      throw new ScenarioError('situation.with', "a unit makes one ranged attack per turn (§4.1); two need Myrddin's Amulet of the Fire-heart");
    if (list[0] === list[1]) throw new ScenarioError('situation.with', "Myrddin's Amulet adds a different ranged attack, not the same one twice (§8.2)");
  }
  return list.map((c, i) => rangedAttack(c, attacker, Array.isArray(choice) ? `situation.with[${i}]` : 'situation.with'));
}

/** The chosen ranged attack, checked against what the attacker owns. */
function rangedAttack(choice: (typeof RANGED)[number], attacker: Unit, path: string): Ranged {
  const missing = (what: string) => new ScenarioError(path, `the attacker has no ${what}`);
  switch (choice) {
    case 'heal':
    case 'bane-chant':
      throw new ScenarioError(
        path,
        `${choice} targets friendly units and deals no damage: give situation.${choice === 'heal' ? 'target-healed' : 'bane-chant'} on the unit it was cast on`,
      );
    case 'wind-blast':
    case 'surge':
      throw new UnsupportedRuleError(path, choice, 'it moves units and deals no damage');
    case 'weapon':
      if (attacker.ra === null) throw missing('ranged weapon (ra is "-")');
      return choice;
    case 'breath-attack':
      if (attacker.rules.breath === null && attacker.artefact !== 'diadem-of-dragon-kind') throw missing('Breath Attack');
      return choice;
    case 'fireball':
      if (attacker.rules.spells.fireball === null) throw missing('Fireball spell');
      return choice;
    case 'lightning-bolt':
      if (attacker.rules.spells.lightningBolt === null) throw missing('Lightning Bolt spell');
      return choice;
    case 'kevinars-flying-hammer':
    case 'war-bow-of-kaba':
    case 'kabas-holy-hand-grenades':
      if (attacker.artefact !== choice) throw missing(`artefact '${choice}'`);
      return choice;
  }
}

