/**
 * Scenario input of Warhammer Fantasy Battles: validation (zod, strict objects) and the typed
 * scenario that `exact` and `simulate` read. After `parse`, illegal combinations (light with heavy
 * armour, a lance on foot, a shooting phase without a missile weapon, ...) cannot be represented.
 */
import * as z from 'zod';
import { ScenarioError } from '../../core/errors.js';
import { lazySchema, validate } from '../../core/input.js';
import { type Armour, type BetterThanOnePlus, type Facing, type RankSize, type UnitType, type Ws4VsWs9, unitStrengthPerModel } from './tables.js';
import { type UnitRules, NO_RULES, parseRules } from './rules.js';
import { chargeTest } from './melee-plan.js';

/** Weapons — §1 "Weapons" [not on the sheet]; choosing one opts into its rule. */
export const WEAPONS = [
  'hand-weapon',
  'great-weapon',
  'halberd',
  'flail',
  'morning-star',
  'spear',
  'cavalry-spear',
  'lance',
  'additional-hand-weapon',
] as const;
export type Weapon = (typeof WEAPONS)[number];

const ARMOUR_ITEMS = ['none', 'light', 'heavy', 'shield', 'barding', 'mount'] as const;
const UNIT_TYPES = ['infantry', 'cavalry', 'monstrous', 'monster', 'chariot'] as const;

/** Rules a missile weapon may carry (the unit's own rules are for close combat). */
export interface MissileRules {
  readonly poisoned: boolean;
  readonly multipleWounds: UnitRules['multipleWounds'];
}
export interface Missile {
  /** Strength of the shot. */
  readonly s: number;
  /** Shots per shooting model. */
  readonly shots: number;
  readonly rules: MissileRules;
}

/** A cavalry model's mount — §4: its own attacks use its own WS, S and A. */
export interface Mount {
  readonly ws: number;
  readonly s: number;
  readonly a: number;
}

export interface Unit {
  readonly models: number;
  /** Models per rank; the front rank is min(width, models). */
  readonly width: number;
  readonly type: UnitType;
  /** Movement in cm. */
  readonly m: number;
  readonly ws: number;
  readonly bs: number;
  readonly s: number;
  readonly t: number;
  readonly w: number;
  readonly i: number;
  readonly a: number;
  readonly ld: number;
  readonly armour: Armour;
  readonly weapon: Weapon;
  readonly missile: Missile | null;
  /** The mount's attacks (cavalry), or null. */
  readonly mount: Mount | null;
  /** Unit Strength of one model. */
  readonly usPerModel: number;
  readonly rules: UnitRules;
  /**
   * A whole fight's character standing in this unit's front rank while it lives (1, else 0 or
   * absent): it takes a fighting place of the front rank and counts towards its rank (§8, §9).
   */
  readonly joined?: number;
  /** Unit Strength of that character (§9 outnumbering), absent without one. */
  readonly joinedUs?: number;
  /** The joined character fighting in the unit's combat (not in a challenge), striking with the unit (§4); absent when none. */
  readonly joinedBy?: Unit;
}

export type Side = 'attacker' | 'target';

/** Readings of the ambiguities of §16 that the file offers as options (defaults first). */
export interface MeleeOptions {
  /** §16.1 */
  readonly ws4VsWs9: Ws4VsWs9;
  /** §16.2 */
  readonly savesBetterThanOnePlus: BetterThanOnePlus;
  /** §1 "Insane courage" (7th edition): a natural double 1 on a break test holds. */
  readonly insaneCourage: boolean;
  /** §16.8: a side with a musician wins a draw by 1. */
  readonly musicianWinsDraws: boolean;
  /** §16.14 */
  readonly rankSize: RankSize;
  /** §16.6 */
  readonly equalInitiative: 'previous-winner' | 'roll-off';
  /** §16.18 */
  readonly outnumbering: 'after-casualties' | 'starting';
  /** §16.10 */
  readonly stupidity: 'floor' | 'odd-model-4+';
  /** §16.9 */
  readonly hatredOnlySixes: 'reroll' | 'no-reroll';
  /** §1 "Hand weapon + shield (infantry)" [not on the sheet]: +1 save in close combat from the front. */
  readonly shieldParry: boolean;
}

export interface MeleeSituation {
  /** Round of this combat; 1 is the first (charge, hatred, fear, flail). */
  readonly round: number;
  /** Side that charged this turn (round 1 only). */
  readonly charging: Side | 'none';
  /** Where the attacker fights the target: §9 flank / rear bonuses. */
  readonly facing: Facing;
  readonly highGround: Side | 'none';
  /** Side defending a defended obstacle — §4: the enemy hits it only on 6s until it has won a round of this combat. */
  readonly defendedObstacle: Side | 'none';
  /** The side attacking the defended obstacle has won an earlier round of this combat — §4: the to-hit chart applies again. */
  readonly obstacleRoundWon: boolean;
  /** Fear or terror test of a unit charged by a fear- or terror-causer — §11: rolled, or given. */
  readonly fearTest: 'roll' | 'passed' | 'failed';
  /** Winner of the previous round (round 2+), for equal Initiative — §16.6. */
  readonly previousRoundWinner: Side | 'none';
  /** A challenge — §9 Overkill. Rejected by parse until characters can fight from units: it could change nothing. */
  readonly challenge: boolean;
  /** Whether a winner declares a pursuit — §12 (not pursuing needs a passed Ld test). */
  readonly pursue: boolean;
  readonly options: MeleeOptions;
}

export interface ShootingSituation {
  readonly longRange: boolean;
  readonly moved: boolean;
  /** The target is charging the shooters: stand and shoot — §5, §16.5. */
  readonly chargingTarget: boolean;
  readonly cover: 'none' | 'soft' | 'hard';
  /** On raised ground two ranks shoot — §5. */
  readonly raisedGround: boolean;
  readonly savesBetterThanOnePlus: BetterThanOnePlus;
}

export type Scenario =
  | { readonly phase: 'melee'; readonly attacker: Unit; readonly target: Unit; readonly situation: MeleeSituation; readonly notes?: readonly string[] }
  /** The target flees as a charge reaction from the attacker's charge — §3, §12 (simplified test, §16.16). */
  | { readonly phase: 'flee-reaction'; readonly attacker: Unit; readonly target: Unit; readonly gap: number; readonly notes?: readonly string[] }
  /** The target, fleeing, tries to rally — §12 (the attacker plays no part). */
  | { readonly phase: 'rally'; readonly target: Unit; readonly originalModels: number; readonly notes?: readonly string[] }
  | {
      readonly phase: 'shooting';
      readonly attacker: Unit & { readonly missile: Missile };
      readonly target: Unit;
      readonly situation: ShootingSituation;
    };
export type MeleeScenario = Extract<Scenario, { phase: 'melee' }>;
export type ShootingScenario = Extract<Scenario, { phase: 'shooting' }>;
export type FleeReactionScenario = Extract<Scenario, { phase: 'flee-reaction' }>;
export type RallyScenario = Extract<Scenario, { phase: 'rally' }>;

const CHARACTERISTIC = { error: 'a characteristic: a whole number from 1 to 10' };
const characteristic = z.number(CHARACTERISTIC).int(CHARACTERISTIC).min(1, CHARACTERISTIC).max(10, CHARACTERISTIC);

export const unitSchema = z.strictObject({
  models: z.number().int().min(1).max(500),
  width: z.number().int().min(1).max(100).optional(),
  type: z.enum(UNIT_TYPES).default('infantry'),
  m: z.number().int().min(1).max(100),
  ws: characteristic,
  bs: characteristic,
  s: characteristic,
  t: characteristic,
  w: characteristic,
  i: characteristic,
  a: characteristic,
  ld: characteristic,
  // One item may be written alone: "light" is ["light"].
  armour: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.enum(ARMOUR_ITEMS))).default([]),
  'armour-bonus': z.number().int().min(0).max(6).default(0),
  weapon: z.enum(WEAPONS).default('hand-weapon'),
  missile: z
    .strictObject({
      s: characteristic,
      shots: z.number().int().min(1).max(10).default(1),
      rules: z.array(z.string()).default([]),
    })
    .optional(),
  mount: z.strictObject({ ws: characteristic, s: characteristic, a: characteristic }).optional(),
  us: z.number().int().min(1).max(20).optional(),
  rules: z.array(z.string()).default([]),
});

const side = z.enum(['attacker', 'target', 'none']);

// Each phase's situation schema is built on first use (core/input.ts lazySchema): a command
// builds only the phases it parses.
const meleeSchema = lazySchema(() =>
  z.strictObject({
    phase: z.literal('melee'),
    round: z.number().int().min(1).max(100).default(1),
    charging: side.default('none'),
    facing: z.enum(['front', 'flank', 'rear', 'flank-and-rear']).default('front'),
    'high-ground': side.default('none'),
    'defended-obstacle': side.default('none'),
    'obstacle-round-won': z.boolean().optional(),
    'fear-test': z.enum(['roll', 'passed', 'failed']).optional(),
    'previous-round-winner': side.default('none'),
    challenge: z.boolean().default(false),
    pursue: z.boolean().default(true),
    'ws4-vs-ws9': z.enum(['5+', '4+']).default('5+'),
    'saves-better-than-1+': z.enum(['allowed', 'clamp']).default('allowed'),
    'insane-courage': z.boolean().default(false),
    'musician-wins-draws': z.boolean().default(false),
    'rank-size': z.union([z.literal(4), z.literal(5)]).default(4),
    'equal-initiative': z.enum(['previous-winner', 'roll-off']).default('previous-winner'),
    outnumbering: z.enum(['after-casualties', 'starting']).default('after-casualties'),
    stupidity: z.enum(['floor', 'odd-model-4+']).default('floor'),
    'hatred-only-sixes': z.enum(['reroll', 'no-reroll']).default('reroll'),
    'shield-parry': z.boolean().default(false),
  }),
);

const shootingSchema = lazySchema(() =>
  z.strictObject({
    phase: z.literal('shooting'),
    'long-range': z.boolean().default(false),
    moved: z.boolean().default(false),
    'charging-target': z.boolean().default(false),
    cover: z.enum(['none', 'soft', 'hard']).default('none'),
    'raised-ground': z.boolean().default(false),
    'saves-better-than-1+': z.enum(['allowed', 'clamp']).default('allowed'),
  }),
);

const fleeReactionSchema = lazySchema(() =>
  z.strictObject({
    phase: z.literal('flee-reaction'),
    /** Distance between the units when the charge is declared, cm. */
    gap: z.number().int().min(0).max(200),
  }),
);

const rallySchema = lazySchema(() =>
  z.strictObject({
    phase: z.literal('rally'),
    /** The unit's size at the start of the battle (§12: 25% rule). */
    'original-models': z.number().int().min(1).max(500),
  }),
);

const PHASES = ['melee', 'shooting', 'flee-reaction', 'rally'];

const scenarioSchema = z.strictObject({
  attacker: z.unknown().optional(),
  target: z.unknown().optional(),
  situation: z.unknown().optional(),
});

export function parseScenario(input: unknown): Scenario {
  const top = validate(scenarioSchema, input);
  const rawSituation = top.situation ?? {};
  if (typeof rawSituation !== 'object' || rawSituation === null || Array.isArray(rawSituation))
    throw new ScenarioError('situation', 'must be an object');
  const phase = (rawSituation as Record<string, unknown>).phase ?? 'melee';
  if (typeof phase !== 'string' || !PHASES.includes(phase))
    throw new ScenarioError('situation.phase', `must be one of ${PHASES.map((p) => JSON.stringify(p)).join(', ')}`);
  if (top.target === undefined) throw new ScenarioError('target', 'required');
  const notes: string[] = [];
  const target = parseUnit(top.target, 'target', notes);
  if (phase === 'rally') {
    const s = validate(rallySchema(), rawSituation, 'situation');
    if (s['original-models'] < target.models)
      throw new ScenarioError('situation.original-models', `must be at least the target's models (${target.models})`);
    // The attacker plays no part in a rally; when given it must still be a valid unit.
    if (top.attacker !== undefined) parseUnit(top.attacker, 'attacker', []);
    return withNotes({ phase: 'rally', target, originalModels: s['original-models'] }, notes);
  }
  if (top.attacker === undefined) throw new ScenarioError('attacker', 'required');
  const attacker = parseUnit(top.attacker, 'attacker', notes);
  if (phase === 'flee-reaction') {
    const s = validate(fleeReactionSchema(), rawSituation, 'situation');
    return withNotes({ phase: 'flee-reaction', attacker, target, gap: s.gap }, notes);
  }
  if (phase === 'shooting') {
    const s = validate(shootingSchema(), rawSituation, 'situation');
    if (!attacker.missile) throw new ScenarioError('attacker.missile', "required when situation.phase is 'shooting' (e.g. {\"s\": 4})");
    return withNotes({
      phase: 'shooting',
      attacker: { ...attacker, missile: attacker.missile },
      target,
      situation: {
        longRange: s['long-range'],
        moved: s.moved,
        chargingTarget: s['charging-target'],
        cover: s.cover,
        raisedGround: s['raised-ground'],
        savesBetterThanOnePlus: s['saves-better-than-1+'],
      },
    }, notes);
  }
  const s = validate(meleeSchema(), { ...rawSituation, phase }, 'situation');
  // Chargers strike first only in the round they charged (§4): a later round has no charger.
  if (s.round > 1 && s.charging !== 'none') {
    notes.push(`situation.charging: '${s.charging}' changed nothing: only the first round of a combat has a charger (§4), and this is round ${s.round}`);
    s.charging = 'none';
  }
  if (s.round === 1 && s['previous-round-winner'] !== 'none')
    throw new ScenarioError('situation.previous-round-winner', 'the first round has no previous round');
  // A charger meets its enemy with its front (§3): only the charged unit can be fought in the flank or rear.
  if (s.charging === 'target' && s.facing !== 'front')
    throw new ScenarioError('situation.facing', `the target charged, so it fights the attacker with its front; '${s.facing}' needs charging "attacker" or "none"`);
  // Overkill — §9: it counts only for combat resolution, and in one round between two single models
  // the over-killed model is slain, so its side loses whatever the scores.
  if (s.challenge) {
    notes.push(
      'situation.challenge: true changed nothing: a challenge matters only through Overkill (§9), which adds to combat resolution, and in one round between two single models the over-killed model is slain, so its side loses whatever the scores; a whole fight (--fight, or situation phase "fight") carries characters in units and their challenges',
    );
    s.challenge = false;
  }
  const obstacleRoundWon = parseObstacleRoundWon(s);
  const scenario: MeleeScenario = {
    phase: 'melee',
    attacker,
    target,
    situation: {
      round: s.round,
      charging: s.charging,
      facing: s.facing,
      highGround: s['high-ground'],
      defendedObstacle: s['defended-obstacle'],
      obstacleRoundWon,
      fearTest: s['fear-test'] ?? 'roll',
      previousRoundWinner: s['previous-round-winner'],
      challenge: s.challenge,
      pursue: s.pursue,
      options: {
        ws4VsWs9: s['ws4-vs-ws9'],
        savesBetterThanOnePlus: s['saves-better-than-1+'],
        insaneCourage: s['insane-courage'],
        musicianWinsDraws: s['musician-wins-draws'],
        rankSize: s['rank-size'],
        equalInitiative: s['equal-initiative'],
        outnumbering: s.outnumbering,
        stupidity: s.stupidity,
        hatredOnlySixes: s['hatred-only-sixes'],
        shieldParry: s['shield-parry'],
      },
    },
  };
  // Fear and terror when charged — §11: tested only by a unit charged, in round 1, by a fear- or terror-causer.
  if (s['fear-test'] !== undefined && chargeTest(scenario) === null)
    notes.push(
      `situation.fear-test: '${s['fear-test']}' changed nothing: a fear or terror test is taken only in round 1 by a unit charged by a fear- or terror-causer that is not immune to psychology (§11)`,
    );
  return withNotes(scenario, notes);
}

/** The scenario with the notes its parse gathered (none: the scenario as it is). */
function withNotes<T extends Scenario>(scenario: T, notes: readonly string[]): T {
  return notes.length ? { ...scenario, notes } : scenario;
}

/**
 * Defended obstacle — §4: "once the attackers win a round of that combat, the following rounds use
 * the chart normally". A win in the previous round implies it; an earlier win is given with
 * `obstacle-round-won`, which must agree with `round` and `previous-round-winner`.
 */
function parseObstacleRoundWon(s: z.infer<ReturnType<typeof meleeSchema>>): boolean {
  const given = s['obstacle-round-won'];
  const defender = s['defended-obstacle'];
  const path = 'situation.obstacle-round-won';
  if (defender === 'none') {
    if (given !== undefined) throw new ScenarioError(path, "needs 'defended-obstacle' (the side behind the obstacle)");
    return false;
  }
  const attackers = defender === 'attacker' ? 'target' : 'attacker';
  const wonLastRound = s['previous-round-winner'] === attackers;
  if (given === undefined) return wonLastRound;
  if (given && s.round === 1) throw new ScenarioError(path, 'the first round has no earlier round to have won');
  if (given && s.round === 2 && !wonLastRound)
    throw new ScenarioError(path, `in round 2 the only earlier round is round 1: set 'previous-round-winner' to "${attackers}"`);
  if (!given && wonLastRound) throw new ScenarioError(path, `'previous-round-winner' says the ${attackers} (attacking the obstacle) won the last round`);
  return given;
}

/** One unit; a fact in it that changes nothing is added to `notes` (GameSystem.notes). */
export function parseUnit(input: unknown, path: string, notes: string[]): Unit {
  const u = validate(unitSchema, input, path);
  const armour = parseArmour(u.armour, u['armour-bonus'], u.type, `${path}.armour`);
  checkWeapon(u.weapon, u.type, `${path}.weapon`);
  if (u.mount && u.type !== 'cavalry') throw new ScenarioError(`${path}.mount`, `only cavalry has a mount's attacks (this unit is '${u.type}')`);
  const parsedRules = parseRules(u.rules, `${path}.rules`);
  let rules = parsedRules;
  // General — §1: a unit *may* use the General's Ld; one below its own is never used.
  if (parsedRules.generalLd !== null && parsedRules.generalLd < u.ld) {
    const at = u.rules.findIndex((text) => /^\s*general\b/.test(text));
    notes.push(`${path}.rules[${at}]: '${u.rules[at]}' changed nothing: a unit uses its General's Ld only when it is higher than its own (§1), and this unit's Ld is ${u.ld}`);
    rules = { ...parsedRules, generalLd: null };
  }
  return {
    models: u.models,
    width: u.width ?? u.models,
    type: u.type,
    m: u.m,
    ws: u.ws,
    bs: u.bs,
    s: u.s,
    t: u.t,
    w: u.w,
    i: u.i,
    a: u.a,
    ld: u.ld,
    armour,
    weapon: u.weapon,
    missile: u.missile
      ? { s: u.missile.s, shots: u.missile.shots, rules: missileRules(u.missile.rules, `${path}.missile.rules`) }
      : null,
    mount: u.mount ?? null,
    usPerModel: u.us ?? unitStrengthPerModel(u.type, u.w),
    rules,
  };
}

/** Armour — §7: one body armour at most, shield, and barding only on a mount (cavalry). */
function parseArmour(items: readonly (typeof ARMOUR_ITEMS)[number][], bonus: number, type: UnitType, path: string): Armour {
  const set = new Set(items);
  if (set.size !== items.length) throw new ScenarioError(path, 'an armour item is listed twice');
  if (set.has('none') && set.size > 1) throw new ScenarioError(path, "'none' cannot be combined with other armour");
  if (set.has('light') && set.has('heavy')) throw new ScenarioError(path, "'light' and 'heavy' armour cannot be worn together");
  if (set.has('barding') && !set.has('mount')) throw new ScenarioError(path, "'barding' needs 'mount' (barding is worn by the mount)");
  if (set.has('mount') && type !== 'cavalry') throw new ScenarioError(path, `'mount' needs type 'cavalry' (this unit is '${type}')`);
  if (type === 'cavalry' && !set.has('mount')) throw new ScenarioError(path, "cavalry rides a mount: list 'mount' (+1 save, §7)");
  return {
    body: set.has('heavy') ? 'heavy' : set.has('light') ? 'light' : 'none',
    shield: set.has('shield'),
    mount: set.has('barding') ? 'barded-mount' : set.has('mount') ? 'mount' : 'none',
    bonus,
  };
}

/** Weapons — §1: the infantry spear and additional hand weapon are infantry's; cavalry spear and lance cavalry's. */
function checkWeapon(weapon: Weapon, type: UnitType, path: string): void {
  const infantryOnly = weapon === 'spear' || weapon === 'additional-hand-weapon';
  const cavalryOnly = weapon === 'cavalry-spear' || weapon === 'lance';
  if (infantryOnly && type !== 'infantry') throw new ScenarioError(path, `'${weapon}' is an infantry weapon (this unit is '${type}')`);
  if (cavalryOnly && type !== 'cavalry') throw new ScenarioError(path, `'${weapon}' is a cavalry weapon (this unit is '${type}')`);
}

/** The rules a missile weapon may carry (the unit's own rules are for close combat). */
export const MISSILE_RULE_IDS = ['poisoned-attacks', 'multiple-wounds'] as const;

function missileRules(texts: readonly string[], path: string): MissileRules {
  const rules = parseRules(texts, path);
  const allowed: UnitRules = { ...NO_RULES, poisoned: rules.poisoned, multipleWounds: rules.multipleWounds };
  const extra = (Object.keys(rules) as (keyof UnitRules)[]).find((k) => rules[k] !== allowed[k]);
  if (extra) throw new ScenarioError(path, "a missile weapon takes only 'poisoned-attacks' and 'multiple-wounds(...)'");
  return { poisoned: rules.poisoned, multipleWounds: rules.multipleWounds };
}
