/**
 * The generic D6 pipeline's scenario: one or more weapon profiles (attacks per model × models,
 * hit / wound targets and modifiers, rend, damage dice, re-rolls, critical effects), and the
 * target's models with health, save, invulnerable save, ward and an allocation rule.
 */
import * as z from 'zod';
import { type DiceExpr, DiceError, diceMax, diceMin, parseDice } from '../../core/dice.js';
import { ScenarioError } from '../../core/errors.js';
import { d6Target, parseRuleRef, validate, type RuleRef } from '../../core/input.js';
import type { Reroll } from '../../core/d6.js';

/**
 * `spill-over`: damage is pooled, the excess of one model goes on to the next. `no-spill-over`:
 * the excess damage of each packet (one hit's damage, or one source of mortal damage) is lost.
 * `mortal-spill-over`: the classic 40k rule, excess normal damage is lost, mortal damage spills over.
 */
export type Allocation = 'spill-over' | 'no-spill-over' | 'mortal-spill-over';

/** Re-roll of the Damage roll: none, each die showing 1, or the whole roll when below `below`. */
export type DamageReroll = { kind: 'none' } | { kind: 'ones' } | { kind: 'below'; below: number };

/** What an unmodified hit roll of `on`+ does. */
export interface HitCrit {
  on: number;
  /** Further ordinary hits (a dice number). */
  extraHits: DiceExpr | null;
  /** Further hit rolls (a dice number); a critical on one of them makes no more hit rolls. */
  extraHitRolls: DiceExpr | null;
  autoWound: boolean;
  /** Mortal damage INSTEAD of the hit: no wound or save roll. */
  mortal: DiceExpr | null;
  /** Mortal damage IN ADDITION to the hit, which goes on to wound as usual. */
  extraMortal: DiceExpr | null;
  /** Added to the rend and the Damage of this hit's own wound. */
  extraRend: number;
  extraDamage: number;
}

/** What an unmodified wound roll of `on`+ does. */
export interface WoundCrit {
  on: number;
  /** Mortal damage INSTEAD of the wound: no save roll. */
  mortal: DiceExpr | null;
  /** Mortal damage IN ADDITION to the wound, which goes on to the save as usual. */
  extraMortal: DiceExpr | null;
  extraRend: number;
  extraDamage: number;
}

export interface Profile {
  name: string;
  models: number;
  attacks: DiceExpr;
  /** 'auto' hits without a roll. */
  hit: number | 'auto';
  wound: number | 'auto';
  /** Net modifier of the hit / wound roll after the ±1 cap. */
  hitModifier: number;
  woundModifier: number;
  rend: number;
  damage: DiceExpr;
  reroll: { hit: Reroll; wound: Reroll; damage: DamageReroll };
  hitCrit: HitCrit | null;
  woundCrit: WoundCrit | null;
}

export interface GenericScenario {
  /** What the parse noted (GameSystem.notes). */
  notes?: readonly string[];
  /** Weapon profiles, resolved in this order. */
  profiles: Profile[];
  target: {
    /** null: as many models as it takes (no cap on damage). */
    models: number | null;
    health: number;
    save: number | 'none';
    /** An invulnerable save: rend does not change it; the better of it and the save is rolled. */
    invulnerable: number | 'none';
    ward: number | 'none';
  };
  situation: { allocation: Allocation };
}

/** The whole-number fields' bounds (the command-line flags quote them too). */
export const GENERIC_LIMITS = {
  attackerModels: { min: 1, max: 1000 },
  rend: { min: 0, max: 6 },
  targetModels: { min: 1, max: 1000 },
  health: { min: 1, max: 1000 },
  /** The sum of a roll's modifiers, before the ±1 cap. */
  modifier: { min: -3, max: 3 },
} as const;
/** Hit and wound modifiers are summed, then capped to ±1 (as in Age of Sigmar and 40k 10th). */
export const MODIFIER_CAP = 1;

const bounded = (limit: { min: number; max: number }) => z.number().int().min(limit.min).max(limit.max);

const dice = () =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    try {
      return parseDice(v);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: e instanceof DiceError ? e.message : String(e), path: [] });
      return z.NEVER;
    }
  });

const reroll = z.enum(['none', 'ones', 'failed', 'all']).default('none');
const critOn = d6Target({ min: 2, max: 6 }).default(6);
const modifier = bounded(GENERIC_LIMITS.modifier).default(0);

const profileShape = {
  name: z.string().optional(),
  models: bounded(GENERIC_LIMITS.attackerModels).default(1),
  attacks: dice(),
  hit: d6Target({ auto: true }),
  wound: d6Target({ auto: true }),
  'hit-modifier': modifier,
  'wound-modifier': modifier,
  rend: bounded(GENERIC_LIMITS.rend).default(0),
  damage: dice().default(parseDice('1')),
  reroll: z
    .strictObject({ hit: reroll, wound: reroll, damage: z.string().default('none') })
    .default({ hit: 'none', wound: 'none', damage: 'none' }),
  'hit-crit': z.strictObject({ on: critOn, effects: z.array(z.string()).min(1) }).optional(),
  'wound-crit': z.strictObject({ on: critOn, effects: z.array(z.string()).min(1) }).optional(),
};
const profileSchema = z.strictObject(profileShape);

const MAX_PROFILES = 20;
const profilesSchema = z.strictObject({ profiles: z.array(z.unknown()).min(1).max(MAX_PROFILES) });

const schema = z.strictObject({
  attacker: z.looseObject({}),
  target: z
    .strictObject({
      models: bounded(GENERIC_LIMITS.targetModels).optional(),
      health: bounded(GENERIC_LIMITS.health).default(1),
      save: d6Target({ none: true }).default('none'),
      invulnerable: d6Target({ none: true }).default('none'),
      ward: d6Target({ none: true }).default('none'),
    })
    .default({ health: 1, save: 'none', invulnerable: 'none', ward: 'none' }),
  situation: z
    .strictObject({ allocation: z.enum(['spill-over', 'no-spill-over', 'mortal-spill-over']).default('spill-over') })
    .default({ allocation: 'spill-over' }),
});

export function parseGeneric(input: unknown): GenericScenario {
  const raw = validate(schema, input);
  // Several profiles: `attacker.profiles`, each one attacker; otherwise the attacker is the profile.
  const many = 'profiles' in raw.attacker;
  const rawProfiles = many ? validate(profilesSchema, raw.attacker, 'attacker').profiles : [raw.attacker];
  const notes: string[] = [];
  const profiles = rawProfiles.map((p, i) => parseProfile(p, many ? `attacker.profiles[${i}]` : 'attacker', i, notes));
  return {
    ...(notes.length ? { notes } : {}),
    profiles,
    target: {
      models: raw.target.models ?? null,
      health: raw.target.health,
      save: raw.target.save as number | 'none',
      invulnerable: raw.target.invulnerable as number | 'none',
      ward: raw.target.ward as number | 'none',
    },
    situation: raw.situation,
  };
}

/** One weapon profile; a fact in it that changes nothing is added to `notes` (GameSystem.notes). */
function parseProfile(input: unknown, root: string, index: number, notes: string[]): Profile {
  const a = validate(profileSchema, input, root);
  // An automatic hit or wound rolls no die: nothing to re-roll or modify, and no critical.
  for (const roll of ['hit', 'wound'] as const) {
    if (a[roll] !== 'auto') continue;
    const why = `changed nothing: an automatic ${roll} ('auto') rolls no die, so`;
    if (a.reroll[roll] !== 'none') {
      notes.push(`${root}.reroll.${roll}: '${a.reroll[roll]}' ${why} there is none to re-roll`);
      a.reroll[roll] = 'none';
    }
    if (a[`${roll}-crit`]) {
      notes.push(`${root}.${roll}-crit: ${why} none can be critical`);
      a[`${roll}-crit`] = undefined;
    }
    if (a[`${roll}-modifier`] !== 0) {
      notes.push(`${root}.${roll}-modifier: ${a[`${roll}-modifier`]} ${why} there is none to modify`);
      a[`${roll}-modifier`] = 0;
    }
  }
  const hitCrit = a['hit-crit'] ? parseHitCrit(a['hit-crit'].on as number, a['hit-crit'].effects, `${root}.hit-crit`) : null;
  const woundCrit = a['wound-crit'] ? parseWoundCrit(a['wound-crit'].on as number, a['wound-crit'].effects, `${root}.wound-crit`) : null;
  return {
    name: a.name ?? `profile ${index + 1}`,
    models: a.models,
    attacks: a.attacks,
    hit: a.hit as number | 'auto',
    wound: a.wound as number | 'auto',
    hitModifier: capModifier(a['hit-modifier']),
    woundModifier: capModifier(a['wound-modifier']),
    rend: a.rend,
    damage: a.damage,
    reroll: {
      // 'all' fishes for criticals (re-rolls every result that is not one); without a critical
      // effect there is nothing to fish for, and it re-rolls every failure, the same as 'failed'.
      hit: a.reroll.hit === 'all' && !hitCrit ? 'failed' : a.reroll.hit,
      wound: a.reroll.wound === 'all' && !woundCrit ? 'failed' : a.reroll.wound,
      damage: parseDamageReroll(a.reroll.damage, a.damage, `${root}.reroll.damage`),
    },
    hitCrit,
    woundCrit,
  };
}

/** Modifiers to the hit and wound rolls are summed, then capped to ±1. */
function capModifier(sum: number): number {
  return Math.max(-MODIFIER_CAP, Math.min(MODIFIER_CAP, sum));
}

/** `none`, `ones` (each damage die showing 1), `below(N)` (the whole roll when under N). */
function parseDamageReroll(text: string, damage: DiceExpr, path: string): DamageReroll {
  const rule = parseRuleRef(text, path);
  if (rule.id === 'none' && rule.param === null) return { kind: 'none' };
  if (damage.count === 0) throw new ScenarioError(path, `the damage '${damage.text}' is fixed: there is no die to re-roll`);
  if (rule.id === 'ones' && rule.param === null) {
    if (damage.discard) throw new ScenarioError(path, `'ones' re-rolls each die of the damage, not supported with '${damage.text}' (use below(N))`);
    return { kind: 'ones' };
  }
  if (rule.id === 'below') {
    const n = Number(rule.param);
    const lo = diceMin(damage) + 1;
    const hi = diceMax(damage);
    if (rule.param === null || !Number.isInteger(n) || n < lo || n > hi)
      throw new ScenarioError(path, `'${text}' needs a whole number from ${lo} to ${hi} for the damage '${damage.text}', e.g. 'below(${Math.min(hi, lo + 1)})'`);
    return { kind: 'below', below: n };
  }
  throw new ScenarioError(path, `'${text}' is not a damage re-roll (allowed: none, ones, below(N))`);
}

/** `rend+(N)` / `damage+(N)`: a bonus from 1 to 6; null when `text` is neither. */
function bonusEffect(text: string, path: string): { kind: 'rend' | 'damage'; value: number } | null {
  const m = /^\s*(rend|damage)\+\(\s*(\d+)\s*\)\s*$/.exec(text);
  if (!m) return null;
  const value = Number(m[2]);
  if (value < 1 || value > 6) throw new ScenarioError(path, `'${text}' needs a bonus from 1 to 6`);
  return { kind: m[1] as 'rend' | 'damage', value };
}

/**
 * Each effect of a critical's list: `rend+(N)` / `damage+(N)` set on `crit`, every other one
 * (parsed as a rule reference) handed to `other`, which sets it or throws naming the allowed ones.
 */
function readEffects(
  effects: string[],
  root: string,
  crit: { extraRend: number; extraDamage: number },
  other: (rule: RuleRef, text: string, path: string) => void,
): void {
  effects.forEach((text, i) => {
    const path = `${root}.effects[${i}]`;
    const bonus = bonusEffect(text, path);
    if (bonus?.kind === 'rend') crit.extraRend = bonus.value;
    else if (bonus?.kind === 'damage') crit.extraDamage = bonus.value;
    else other(parseRuleRef(text, path), text, path);
  });
}

/** Critical hits: `extra-hits(D)`, `extra-hit-rolls(D)`, `auto-wound`, `mortal(D)`, `extra-mortal(D)`, `rend+(N)`, `damage+(N)`. */
function parseHitCrit(on: number, effects: string[], root: string): HitCrit {
  const crit: HitCrit = { on, extraHits: null, extraHitRolls: null, autoWound: false, mortal: null, extraMortal: null, extraRend: 0, extraDamage: 0 };
  readEffects(effects, root, crit, (rule, text, path) => {
    if (rule.id === 'extra-hits') crit.extraHits = countParam(rule.param, text, path, 'extra-hits(1)');
    else if (rule.id === 'extra-hit-rolls') crit.extraHitRolls = countParam(rule.param, text, path, 'extra-hit-rolls(1)');
    else if (rule.id === 'auto-wound' && rule.param === null) crit.autoWound = true;
    else if (rule.id === 'mortal') crit.mortal = diceParam(rule.param, text, path, 'mortal(D3)');
    else if (rule.id === 'extra-mortal') crit.extraMortal = diceParam(rule.param, text, path, 'extra-mortal(1)');
    else
      throw new ScenarioError(
        path,
        `unknown critical-hit effect '${text}' (allowed: extra-hits(D), extra-hit-rolls(D), auto-wound, mortal(D), extra-mortal(D), rend+(N), damage+(N))`,
      );
  });
  if (crit.mortal && (crit.autoWound || crit.extraMortal || crit.extraRend || crit.extraDamage))
    throw new ScenarioError(`${root}.effects`, "'mortal' (instead of the hit) cannot be combined with auto-wound, extra-mortal, rend+ or damage+: the hit does not go on to wound");
  return crit;
}

/** Critical wounds: `mortal(D)`, `extra-mortal(D)`, `rend+(N)`, `damage+(N)`. */
function parseWoundCrit(on: number, effects: string[], root: string): WoundCrit {
  const crit: WoundCrit = { on, mortal: null, extraMortal: null, extraRend: 0, extraDamage: 0 };
  readEffects(effects, root, crit, (rule, text, path) => {
    if (rule.id === 'mortal') crit.mortal = diceParam(rule.param, text, path, 'mortal(D3)');
    else if (rule.id === 'extra-mortal') crit.extraMortal = diceParam(rule.param, text, path, 'extra-mortal(1)');
    else throw new ScenarioError(path, `unknown critical-wound effect '${text}' (allowed: mortal(D), extra-mortal(D), rend+(N), damage+(N))`);
  });
  if (crit.mortal && (crit.extraMortal || crit.extraRend || crit.extraDamage))
    throw new ScenarioError(`${root}.effects`, "'mortal' (instead of the wound) cannot be combined with extra-mortal, rend+ or damage+: the wound does not go on to the save");
  return crit;
}

/** How many extra hits or hit rolls: a number or dice, at most MAX_EXTRA. */
const MAX_EXTRA = 10;
function countParam(param: string | null, text: string, path: string, example: string): DiceExpr {
  const expr = diceParam(param, text, path, example);
  if (diceMax(expr) < 1 || diceMax(expr) > MAX_EXTRA) throw new ScenarioError(path, `'${text}' must be able to give 1 to ${MAX_EXTRA} (a number or dice, e.g. '${example}')`);
  return expr;
}

function diceParam(param: string | null, text: string, path: string, example: string): DiceExpr {
  if (param === null) throw new ScenarioError(path, `'${text}' needs a number or dice in brackets, e.g. '${example}'`);
  try {
    return parseDice(param);
  } catch (e) {
    throw new ScenarioError(path, (e as Error).message);
  }
}
