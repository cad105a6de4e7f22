/**
 * The Age of Sigmar scenario: the raw JSON shape (zod) and the typed scenario `parse` returns.
 * Field names are the English characteristic names of rules/age-of-sigmar.md §3 in lower case.
 * Attacker and target share one unit shape; the role-specific requirements (a target needs
 * health and save, an attacker needs weapons for its ability) are checked in parse.ts.
 */
import * as z from 'zod';
import { d6Target } from '../../core/input.js';
import { type DiceExpr, diceDist, parseDice } from '../../core/dice.js';

/** Largest characteristic modifier a scenario may state (the caps of 17.1 apply afterwards). */
const MAX_GENERIC_MODIFIER = 3;

/**
 * A dice characteristic (Attacks, Damage): '2', 'D3', 'D3+1', 2D6 ... A characteristic cannot be
 * below 1 (27.0, ambiguity A6), so an expression that can roll 0 is refused.
 */
const diceCharacteristic = z.union([z.number(), z.string()]).transform((value, ctx): DiceExpr => {
  try {
    const expr = parseDice(value);
    if (diceDist(expr)[0] > 0) {
      ctx.addIssue({ code: 'custom', message: `'${value}' can be 0, but a characteristic is never below 1 (27.0)` });
      return z.NEVER;
    }
    return expr;
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

/** Rend: a whole number, with '-' for 0 as printed on unit sheets (§3). */
const rend = z.union([z.number(), z.string()]).transform((value, ctx): number => {
  const text = String(value).trim();
  if (text === '-' || text === '–') return 0;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= 0 && n <= 6)) {
    ctx.addIssue({ code: 'custom', message: `'${value}' is not allowed (allowed: '-' or 0..6)` });
    return z.NEVER;
  }
  return n;
});

const weaponSchema = z.strictObject({
  name: z.string().min(1),
  /** ARMAS DE COMBATE / ARMAS A DISTANCIA (§3). */
  type: z.enum(['melee', 'ranged']).default('melee'),
  /** Range in inches (ranged weapons only); informative, targeting is the player's call. */
  range: z.union([z.number().int().min(1), z.string().regex(/^\d+"?$/, 'expected inches, e.g. 10"')]).optional(),
  attacks: diceCharacteristic,
  hit: d6Target(),
  wound: d6Target(),
  rend: rend.default(0),
  damage: diceCharacteristic,
  abilities: z.array(z.string()).default([]),
  /** How many models carry this weapon (default: every model of the unit). */
  models: z.number().int().min(1).optional(),
  /** Whether the unit's Champion(s) fight with this weapon (default: when every model carries it). */
  champion: z.boolean().optional(),
});

export const unitSchema = z.strictObject({
  models: z.number().int().min(1).max(1000),
  health: z.number().int().min(1).max(100).optional(),
  save: d6Target({ none: true }).optional(),
  ward: d6Target({ none: true }).optional(),
  keywords: z.array(z.string()).default([]),
  /** Damage already on the unit's damage counter (18.2), below its Health. */
  damaged: z.number().int().min(0).default(0),
  abilities: z.array(z.string()).default([]),
  weapons: z.array(weaponSchema).default([]),
});

/** A re-roll policy of one roll (§2.1). */
const reroll = z.enum(['none', 'ones', 'failed']).default('none');
export type AosReroll = z.infer<typeof reroll>;

const modifier = z.number().int().min(-MAX_GENERIC_MODIFIER).max(MAX_GENERIC_MODIFIER).default(0);

export const situationSchema = z
  .strictObject({
    /** The ATTACK ability used, or a source of mortal damage only (§4.4, §6, §7). */
    ability: z.enum(['fight', 'shoot', 'power-through', 'boing-boing-boing', 'retreat', 'place-of-power', 'miscast']).default('fight'),
    /** The attacking unit charged this turn (Charge (+1 Damage), Power Through). */
    charged: z.boolean().default(false),
    /** The target unit charged this turn (Anti-charge; no cover). */
    'target-charged': z.boolean().default(false),
    /** The shooting unit is engaged: only Shoot in Combat weapons may shoot (14.2). */
    engaged: z.boolean().default(false),
    cover: z.boolean().default(false),
    'guarded-hero': z.boolean().default(false),
    'all-out-attack': z.boolean().default(false),
    'all-out-defence': z.boolean().default(false),
    'covering-fire': z.boolean().default(false),
    /** Mystic Shield (example spell, §6): the target has WARD (6+) this turn; only its best ward counts. */
    'mystic-shield': z.boolean().default(false),
    /** Modifiers from the attacker's own abilities (e.g. Spearhead cards); Companion rules apply. */
    'hit-modifier': modifier,
    'wound-modifier': modifier,
    /** Modifiers to the target's save rolls from its own side's abilities. */
    'save-modifier': modifier,
    /**
     * Re-rolls (§2.1): at most one per die, before modifiers; the new face counts as the unmodified
     * roll (so it can be a 1 or a critical 6). 'ones' re-rolls an unmodified 1, 'failed' a roll that
     * fails. Hit and wound re-rolls are the attacker's (Companion weapons ignore them), save
     * re-rolls the target's.
     */
    'reroll-hit': reroll,
    'reroll-wound': reroll,
    'reroll-save': reroll,
    /** Ambiguity A1: an unmodified 6 is a critical, successful hit even if the modified roll fails. */
    'six-always-hits': z.boolean().default(true),
    /** Ambiguity A2: Rend is part of the save modifier sum capped at +1. */
    'rend-in-save-cap': z.boolean().default(true),
    /** Ambiguity A3: with Crit (2 Hits) each hit rolls its own random Damage, or both share one roll. */
    'crit-2-hits-damage': z.enum(['per-hit', 'shared']).default('per-hit'),
    /** Ambiguity A4: which Companion wording (and which command rules) apply. */
    pack: z.enum(['core', 'spearhead']).default('core'),
  })
  .prefault({});

export const scenarioSchema = z.strictObject({
  attacker: unitSchema,
  target: unitSchema,
  situation: situationSchema,
});

export type RawUnit = z.infer<typeof unitSchema>;
export type RawWeapon = RawUnit['weapons'][number];
export type RawSituation = z.infer<typeof situationSchema>;

// ---- The typed scenario after parse ----

/** The one Crit ability a weapon uses (20.0: with several, the controller picks one). */
export type Crit = 'none' | 'mortal' | 'two-hits' | 'auto-wound';

export interface Weapon {
  readonly name: string;
  readonly type: 'melee' | 'ranged';
  readonly attacks: DiceExpr;
  readonly hit: number;
  readonly wound: number;
  readonly rend: number;
  readonly damage: DiceExpr;
  readonly crit: Crit;
  /** Anti-X abilities: keywords of the target, or 'charge' (target charged). */
  readonly anti: readonly string[];
  /** Charge (+1 Damage). */
  readonly chargeDamage: boolean;
  readonly companion: boolean;
  readonly shootInCombat: boolean;
  /** Cornered Rat (Clawlord sheet): +3 Attacks while the unit is damaged. */
  readonly corneredRat: boolean;
  /** Models carrying the weapon. */
  readonly models: number;
  /** Champions among them (each gets +1 Attacks). */
  readonly champions: number;
}

export interface Attacker {
  readonly models: number;
  /** Damage counter on the attacking unit (Cornered Rat looks at it when the ability is declared, A10). */
  readonly damaged: number;
  /** The weapons the situation's ability uses (melee for Fight, ranged for Shoot). */
  readonly weapons: readonly Weapon[];
}

export interface Target {
  readonly models: number;
  readonly health: number;
  /** Save target, or null when the unit has no save. */
  readonly save: number | null;
  /** Ward target, or null when the unit has no ward. */
  readonly ward: number | null;
  readonly keywords: ReadonlySet<string>;
  /** Damage counter already on the unit, 0 ≤ damaged < health. */
  readonly damaged: number;
}

export type Ability = RawSituation['ability'];

export interface Situation {
  readonly ability: Ability;
  readonly charged: boolean;
  readonly targetCharged: boolean;
  readonly cover: boolean;
  readonly guardedHero: boolean;
  readonly allOutAttack: boolean;
  readonly allOutDefence: boolean;
  readonly coveringFire: boolean;
  readonly hitModifier: number;
  readonly woundModifier: number;
  readonly saveModifier: number;
  readonly hitReroll: AosReroll;
  readonly woundReroll: AosReroll;
  readonly saveReroll: AosReroll;
  readonly sixAlwaysHits: boolean;
  readonly rendInSaveCap: boolean;
  readonly crit2HitsDamage: 'per-hit' | 'shared';
  readonly pack: 'core' | 'spearhead';
}

export interface Scenario {
  readonly attacker: Attacker;
  readonly target: Target;
  readonly situation: Situation;
  /** What the parse noted (GameSystem.notes). */
  readonly notes?: readonly string[];
}
