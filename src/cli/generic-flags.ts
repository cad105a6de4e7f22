/**
 * Building a generic scenario from `warodds attack` flags; errors name the flag, not the field.
 */
import { InputError, ScenarioError } from '../core/errors.js';
import { escapeForTerminal } from '../core/json.js';
import { generic } from '../systems/generic/index.js';
import { GENERIC_LIMITS } from '../systems/generic/schema.js';
import type { LoadedScenario } from './scenario-file.js';

export interface GenericFlags {
  attacks?: string;
  attackerModels?: string;
  hit?: string;
  wound?: string;
  rend?: string;
  damage?: string;
  rerollHit?: string;
  rerollWound?: string;
  hitCrit?: string;
  hitCritOn?: string;
  woundCrit?: string;
  woundCritOn?: string;
  save?: string;
  ward?: string;
  models?: string;
  health?: string;
  spill?: boolean;
}

/** The flags of the generic pipeline (`warodds attack` without --scenario or units). */
export const GENERIC_FLAG_KEYS = [
  'attacks', 'attackerModels', 'hit', 'wound', 'rend', 'damage', 'rerollHit', 'rerollWound', 'hitCrit', 'hitCritOn', 'woundCrit', 'woundCritOn', 'save', 'ward', 'models', 'health', 'spill',
] as const satisfies ReadonlyArray<keyof GenericFlags>;

const FLAG_OF_FIELD: Record<string, string> = {
  'attacker.attacks': '--attacks',
  'attacker.models': '--attacker-models',
  'attacker.hit': '--hit',
  'attacker.wound': '--wound',
  'attacker.rend': '--rend',
  'attacker.damage': '--damage',
  'attacker.reroll.hit': '--reroll-hit',
  'attacker.reroll.wound': '--reroll-wound',
  'attacker.hit-crit.on': '--hit-crit-on',
  'attacker.hit-crit.effects': '--hit-crit',
  'attacker.wound-crit.on': '--wound-crit-on',
  'attacker.wound-crit.effects': '--wound-crit',
  'target.save': '--save',
  'target.ward': '--ward',
  'target.models': '--models',
  'target.health': '--health',
};

/** A whole-number flag within its field's bounds; any other text names the bounds. */
function integer(value: string | undefined, flag: string, limit: { min: number; max: number }): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\s*-?\d+\s*$/.test(value) || n < limit.min || n > limit.max)
    throw new InputError(`${flag}: expected a whole number from ${limit.min} to ${limit.max.toLocaleString('en')}, got '${escapeForTerminal(value)}'`);
  return n;
}

const list = (v: string | undefined) => (v === undefined ? undefined : v.split(/,(?![^(]*\))/).map((s) => s.trim()));

export function genericInputFromFlags(f: GenericFlags): Record<string, unknown> {
  if (f.attacks === undefined) throw new InputError('--attacks: required (attacks per model, a dice expression such as 20 or 2D6), or give --scenario FILE');
  if (f.hit === undefined) throw new InputError("--hit: required (2..6, or 'auto')");
  if (f.wound === undefined) throw new InputError("--wound: required (2..6, or 'auto')");
  const attacker: Record<string, unknown> = {
    attacks: f.attacks,
    hit: f.hit,
    wound: f.wound,
    models: integer(f.attackerModels, '--attacker-models', GENERIC_LIMITS.attackerModels),
    rend: integer(f.rend, '--rend', GENERIC_LIMITS.rend),
    damage: f.damage,
    reroll: f.rerollHit || f.rerollWound ? { hit: f.rerollHit ?? 'none', wound: f.rerollWound ?? 'none' } : undefined,
  };
  if (f.hitCrit) attacker['hit-crit'] = { on: f.hitCritOn ?? 6, effects: list(f.hitCrit) };
  else if (f.hitCritOn) throw new InputError('--hit-crit-on: needs --hit-crit EFFECTS');
  if (f.woundCrit) attacker['wound-crit'] = { on: f.woundCritOn ?? 6, effects: list(f.woundCrit) };
  else if (f.woundCritOn) throw new InputError('--wound-crit-on: needs --wound-crit EFFECTS');
  const target = {
    save: f.save,
    ward: f.ward,
    models: integer(f.models, '--models', GENERIC_LIMITS.targetModels),
    health: integer(f.health, '--health', GENERIC_LIMITS.health),
  };
  return {
    attacker: dropUndefined(attacker),
    target: dropUndefined(target),
    situation: { allocation: f.spill === false ? 'no-spill-over' : 'spill-over' },
  };
}

export function genericScenarioFromFlags(f: GenericFlags): LoadedScenario {
  const input = genericInputFromFlags(f);
  try {
    return { name: 'generic attack', description: '', system: generic, input, parsed: generic.parse(input), file: null };
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    const field = Object.keys(FLAG_OF_FIELD).find((k) => e.path === k || e.path.startsWith(`${k}[`) || e.path.startsWith(`${k}.`));
    throw field ? new InputError(`${FLAG_OF_FIELD[field]}: ${e.problem}`) : e;
  }
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
