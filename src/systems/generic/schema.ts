/**
 * The generic D6 pipeline's scenario: attacks per model × models, hit / wound / save targets,
 * rend, ward per point of damage, damage dice, re-rolls, critical effects, and the target's
 * models with health and an allocation rule.
 */
import { z } from 'zod';
import { type DiceExpr, DiceError, parseDice } from '../../core/dice.js';
import { ScenarioError } from '../../core/errors.js';
import { d6Target, intParam, parseRuleRef, validate } from '../../core/input.js';
import type { Reroll } from '../../core/d6.js';

export type Allocation = 'spill-over' | 'no-spill-over';

/** What an unmodified hit roll of `on`+ does. `mortal` ends the attack with mortal damage. */
export interface HitCrit {
  on: number;
  extraHits: number;
  autoWound: boolean;
  mortal: DiceExpr | null;
}

/** What an unmodified wound roll of `on`+ does. */
export interface WoundCrit {
  on: number;
  mortal: DiceExpr | null;
  extraRend: number;
}

export interface GenericScenario {
  attacker: {
    models: number;
    attacks: DiceExpr;
    /** 'auto' hits without a roll. */
    hit: number | 'auto';
    wound: number | 'auto';
    rend: number;
    damage: DiceExpr;
    reroll: { hit: Reroll; wound: Reroll };
    hitCrit: HitCrit | null;
    woundCrit: WoundCrit | null;
  };
  target: {
    /** null: as many models as it takes (no cap on damage). */
    models: number | null;
    health: number;
    save: number | 'none';
    ward: number | 'none';
  };
  situation: { allocation: Allocation };
}

/** The whole-number fields' bounds (the command-line flags quote them too). */
export const GENERIC_LIMITS = {
  attackerModels: { min: 1, max: 1000 },
  rend: { min: 0, max: 6 },
  targetModels: { min: 1, max: 1000 },
  health: { min: 1, max: 100 },
} as const;

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

const schema = z.strictObject({
  attacker: z.strictObject({
    models: bounded(GENERIC_LIMITS.attackerModels).default(1),
    attacks: dice(),
    hit: d6Target({ auto: true }),
    wound: d6Target({ auto: true }),
    rend: bounded(GENERIC_LIMITS.rend).default(0),
    damage: dice().default(parseDice('1')),
    reroll: z.strictObject({ hit: reroll, wound: reroll }).default({ hit: 'none', wound: 'none' }),
    'hit-crit': z.strictObject({ on: critOn, effects: z.array(z.string()).min(1) }).optional(),
    'wound-crit': z.strictObject({ on: critOn, effects: z.array(z.string()).min(1) }).optional(),
  }),
  target: z
    .strictObject({
      models: bounded(GENERIC_LIMITS.targetModels).optional(),
      health: bounded(GENERIC_LIMITS.health).default(1),
      save: d6Target({ none: true }).default('none'),
      ward: d6Target({ none: true }).default('none'),
    })
    .default({ health: 1, save: 'none', ward: 'none' }),
  situation: z
    .strictObject({ allocation: z.enum(['spill-over', 'no-spill-over']).default('spill-over') })
    .default({ allocation: 'spill-over' }),
});

export function parseGeneric(input: unknown): GenericScenario {
  const raw = validate(schema, input);
  const a = raw.attacker;
  // An automatic hit or wound rolls no die: nothing to re-roll, and no critical.
  for (const roll of ['hit', 'wound'] as const) {
    if (a[roll] !== 'auto') continue;
    if (a.reroll[roll] !== 'none') throw new ScenarioError(`attacker.reroll.${roll}`, `attacker.${roll} is 'auto': no die is rolled, so there is none to re-roll`);
    if (a[`${roll}-crit`]) throw new ScenarioError(`attacker.${roll}-crit`, `attacker.${roll} is 'auto': no die is rolled, so none can be critical`);
  }
  // 'all' fishes for criticals: it re-rolls every result that is not a critical, so it needs one.
  if (a.reroll.hit === 'all' && !a['hit-crit']) throw new ScenarioError('attacker.reroll.hit', "'all' re-rolls every non-critical result and needs attacker.hit-crit");
  if (a.reroll.wound === 'all' && !a['wound-crit']) throw new ScenarioError('attacker.reroll.wound', "'all' re-rolls every non-critical result and needs attacker.wound-crit");
  return {
    attacker: {
      models: a.models,
      attacks: a.attacks,
      hit: a.hit as number | 'auto',
      wound: a.wound as number | 'auto',
      rend: a.rend,
      damage: a.damage,
      reroll: a.reroll,
      hitCrit: a['hit-crit'] ? parseHitCrit(a['hit-crit'].on as number, a['hit-crit'].effects) : null,
      woundCrit: a['wound-crit'] ? parseWoundCrit(a['wound-crit'].on as number, a['wound-crit'].effects) : null,
    },
    target: {
      models: raw.target.models ?? null,
      health: raw.target.health,
      save: raw.target.save as number | 'none',
      ward: raw.target.ward as number | 'none',
    },
    situation: raw.situation,
  };
}

/** Critical hits: `extra-hits(N)`, `auto-wound`, `mortal(D)`. */
function parseHitCrit(on: number, effects: string[]): HitCrit {
  const crit: HitCrit = { on, extraHits: 0, autoWound: false, mortal: null };
  effects.forEach((text, i) => {
    const path = `attacker.hit-crit.effects[${i}]`;
    const rule = parseRuleRef(text, path);
    if (rule.id === 'extra-hits') crit.extraHits = intParam(rule, path, 1, 10);
    else if (rule.id === 'auto-wound' && rule.param === null) crit.autoWound = true;
    else if (rule.id === 'mortal') crit.mortal = diceParam(rule.param, text, path);
    else throw new ScenarioError(path, `unknown critical-hit effect '${text}' (allowed: extra-hits(N), auto-wound, mortal(D))`);
  });
  if (crit.autoWound && crit.mortal)
    throw new ScenarioError('attacker.hit-crit.effects', "'auto-wound' and 'mortal' cannot be combined: mortal damage skips the wound roll");
  return crit;
}

/** Critical wounds: `mortal(D)`, `rend+(N)`. */
function parseWoundCrit(on: number, effects: string[]): WoundCrit {
  const crit: WoundCrit = { on, mortal: null, extraRend: 0 };
  effects.forEach((text, i) => {
    const path = `attacker.wound-crit.effects[${i}]`;
    const m = /^\s*rend\+\((\d+)\)\s*$/.exec(text);
    if (m) {
      crit.extraRend = Number(m[1]);
      if (crit.extraRend < 1 || crit.extraRend > 6) throw new ScenarioError(path, `'${text}' needs a rend from 1 to 6`);
      return;
    }
    const rule = parseRuleRef(text, path);
    if (rule.id === 'mortal') crit.mortal = diceParam(rule.param, text, path);
    else throw new ScenarioError(path, `unknown critical-wound effect '${text}' (allowed: mortal(D), rend+(N))`);
  });
  if (crit.mortal && crit.extraRend)
    throw new ScenarioError('attacker.wound-crit.effects', "'mortal' and 'rend+' cannot be combined: mortal damage skips the save");
  return crit;
}

function diceParam(param: string | null, text: string, path: string): DiceExpr {
  if (param === null) throw new ScenarioError(path, `'${text}' needs a damage in brackets, e.g. 'mortal(D3)'`);
  try {
    return parseDice(param);
  } catch (e) {
    throw new ScenarioError(path, (e as Error).message);
  }
}
