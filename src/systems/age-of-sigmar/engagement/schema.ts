/**
 * An Age of Sigmar engagement: units of two sides attacking each other over one or more
 * turns — shooting phases, and combat phases in which both players' engaged units fight in turn
 * (13.1, 19.0). The raw JSON shape (zod) and the typed engagement `parse` returns.
 */
import * as z from 'zod';
import { lazySchema } from '../../../core/input.js';
import type { Scenario, Weapon } from '../schema.js';

/** Most units one side may bring to an engagement. */
export const MAX_UNITS_PER_SIDE = 10;
/** Most player turns an engagement may last (two turns make a battle round). */
export const MAX_TURNS = 20;

export const SIDES = ['attacker', 'defender'] as const;
export type Side = (typeof SIDES)[number];
export const PHASES = ['shooting', 'combat'] as const;
export type Phase = (typeof PHASES)[number];

const engagementUnitSchema = () =>
  z.strictObject({
    /** Unique within the engagement; `targets` and `engagement.target` refer to it. */
    name: z.string().trim().min(1),
    side: z.enum(SIDES),
    /** The unit as a single-attack scenario takes it (models, health, save, ward, weapons, ...). */
    unit: z.record(z.string(), z.unknown()),
    /** Enemy units it attacks, in order: each ATTACK ability goes to the first one still on the table. */
    targets: z.array(z.string()).default([]),
    /** In combat with its targets: it fights in every combat phase, and shoots only with Shoot in Combat weapons (14.2). */
    engaged: z.boolean().default(true),
    /** It charged in the first turn (Charge (+1 Damage), Anti-charge, no cover against it). */
    charged: z.boolean().default(false),
    /** It is behind or on a terrain feature: −1 to hit against it (Terreno 1.2). */
    cover: z.boolean().default(false),
  });

/** Built on first use (core/input.ts lazySchema): single-attack commands never build it. */
export const engagementSchema = lazySchema(() =>
  z.strictObject({
    engagement: z.strictObject({
      /** Player turns, alternating; two make a battle round. */
      turns: z.number().int().min(1).max(MAX_TURNS).default(1),
      /** Whose turn comes first: that player is the active player of turns 1, 3, 5, ... */
      first: z.enum(SIDES).default('attacker'),
      /** The phases of each turn that are played, in turn order. */
      phases: z.array(z.enum(PHASES)).min(1).default(['shooting', 'combat']),
      /** The unit the headline answers (damage, slain, destroyed) are about; default the first defender. */
      target: z.string().optional(),
    }),
    units: z.array(engagementUnitSchema()).min(2),
    /** The ambiguity switches of the rules file (A1–A4), for every attack of the engagement. */
    situation: z
      .strictObject({
        'six-always-hits': z.boolean().optional(),
        'rend-in-save-cap': z.boolean().optional(),
        'crit-2-hits-damage': z.enum(['per-hit', 'shared']).optional(),
        pack: z.enum(['core', 'spearhead']).optional(),
      })
      .default({}),
  }),
);

export type RawEngagement = z.infer<ReturnType<typeof engagementSchema>>;

// ---- The typed engagement after parse ----

export type AttackAbility = 'fight' | 'shoot';

/** One ATTACK ability of a unit against one enemy unit, as single-attack scenarios at full strength. */
export interface AttackPlan {
  readonly target: number;
  /** The first turn (charges count) and every later turn. */
  readonly firstTurn: Scenario;
  readonly laterTurns: Scenario;
  /** Index in the unit's full weapon list of each weapon of the scenarios. */
  readonly weaponIndex: readonly number[];
}

/** A model of a unit: the weapons only some models carry, and whether it is a Champion. */
export interface Model {
  /** Index of the weapon of fewer than all models it carries, or -1. */
  readonly special: number;
  readonly champion: boolean;
}

export interface EngagementUnit {
  readonly name: string;
  readonly side: Side;
  readonly models: number;
  /** Health per model; null for a unit no one attacks (its sheet may have none). */
  readonly health: number | null;
  /** Damage counter at the start (18.2). */
  readonly damaged: number;
  readonly engaged: boolean;
  /** Strike-first / Strike-last (19.0); a unit with both has neither. */
  readonly strikeFirst: boolean;
  readonly strikeLast: boolean;
  /** Every weapon of the unit, melee and ranged, at full strength. */
  readonly weapons: readonly Weapon[];
  /** Unit indices it attacks, in order. */
  readonly targets: readonly number[];
  /** Melee attacks (Fight), one plan per target; empty when it has no melee weapon or is not engaged. */
  readonly fight: readonly AttackPlan[];
  /** Ranged attacks (Shoot), one plan per target; empty when it has no usable ranged weapon. */
  readonly shoot: readonly AttackPlan[];
  /**
   * Its models in the order the owner removes them (18.2: the owner picks which model is slain):
   * with k models left, the last k of this list are on the table.
   */
  readonly removalOrder: readonly Model[];
}

export interface Engagement {
  readonly kind: 'engagement';
  readonly turns: number;
  readonly first: Side;
  readonly phases: readonly Phase[];
  /** Index of the unit the headline answers are about. */
  readonly focus: number;
  readonly units: readonly EngagementUnit[];
  /** What the parse noted about its attacks (GameSystem.notes). */
  readonly notes?: readonly string[];
}
