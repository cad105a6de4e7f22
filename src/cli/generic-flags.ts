/**
 * Building a generic scenario from `warodds attack` flags; errors name the flag, not the field.
 * The flags describe one weapon profile; each `--profile JSON` adds one more, in order.
 */
import { InputError, ScenarioError } from '../core/errors.js';
import { escapeForTerminal, JsonSyntaxError, parseJsonStrict } from '../core/json.js';
import { generic } from '../systems/generic/index.js';
import { GENERIC_LIMITS } from '../systems/generic/schema.js';
import type { LoadedScenario } from './scenario-file.js';
import { grouped } from '../core/budget.js';

export interface GenericFlags {
  attacks?: string;
  attackerModels?: string;
  hit?: string;
  wound?: string;
  hitModifier?: string;
  woundModifier?: string;
  rend?: string;
  damage?: string;
  rerollHit?: string;
  rerollWound?: string;
  rerollDamage?: string;
  hitCrit?: string;
  hitCritOn?: string;
  woundCrit?: string;
  woundCritOn?: string;
  profile?: string[];
  save?: string;
  invulnerable?: string;
  ward?: string;
  models?: string;
  health?: string;
  spill?: boolean;
  mortalSpill?: boolean;
}

/** The flags of the generic pipeline (`warodds attack` without --scenario or units). */
export const GENERIC_FLAG_KEYS = [
  'attacks', 'attackerModels', 'hit', 'wound', 'hitModifier', 'woundModifier', 'rend', 'damage', 'rerollHit', 'rerollWound', 'rerollDamage',
  'hitCrit', 'hitCritOn', 'woundCrit', 'woundCritOn', 'profile', 'save', 'invulnerable', 'ward', 'models', 'health', 'spill', 'mortalSpill',
] as const satisfies ReadonlyArray<keyof GenericFlags>;

const FLAG_OF_FIELD: Record<string, string> = {
  attacks: '--attacks',
  models: '--attacker-models',
  hit: '--hit',
  wound: '--wound',
  'hit-modifier': '--hit-modifier',
  'wound-modifier': '--wound-modifier',
  rend: '--rend',
  damage: '--damage',
  'reroll.hit': '--reroll-hit',
  'reroll.wound': '--reroll-wound',
  'reroll.damage': '--reroll-damage',
  'hit-crit.on': '--hit-crit-on',
  'hit-crit.effects': '--hit-crit',
  'hit-crit': '--hit-crit',
  'wound-crit.on': '--wound-crit-on',
  'wound-crit.effects': '--wound-crit',
  'wound-crit': '--wound-crit',
};
const TARGET_FLAG: Record<string, string> = {
  'target.save': '--save',
  'target.invulnerable': '--invulnerable',
  'target.ward': '--ward',
  'target.models': '--models',
  'target.health': '--health',
};

/** A whole-number flag within its field's bounds; any other text names the bounds. */
function integer(value: string | undefined, flag: string, limit: { min: number; max: number }): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\s*[-+]?\d+\s*$/.test(value) || n < limit.min || n > limit.max)
    throw new InputError(`${flag}: expected a whole number from ${limit.min} to ${grouped(limit.max)}, got '${escapeForTerminal(value)}'`);
  return n;
}

const list = (v: string | undefined) => (v === undefined ? undefined : v.split(/,(?![^(]*\))/).map((s) => s.trim()));

/** The weapon profile the flags describe, or null when they describe none (only --profile). */
function flagProfile(f: GenericFlags): Record<string, unknown> | null {
  const given = [f.attacks, f.hit, f.wound].some((v) => v !== undefined);
  if (!given && f.profile?.length) return null;
  if (f.attacks === undefined) throw new InputError('--attacks: required (attacks per model, a dice expression such as 20 or 2D6), or give --scenario FILE');
  if (f.hit === undefined) throw new InputError("--hit: required (2..6, or 'auto')");
  if (f.wound === undefined) throw new InputError("--wound: required (2..6, or 'auto')");
  const profile: Record<string, unknown> = {
    attacks: f.attacks,
    hit: f.hit,
    wound: f.wound,
    models: integer(f.attackerModels, '--attacker-models', GENERIC_LIMITS.attackerModels),
    'hit-modifier': integer(f.hitModifier, '--hit-modifier', GENERIC_LIMITS.modifier),
    'wound-modifier': integer(f.woundModifier, '--wound-modifier', GENERIC_LIMITS.modifier),
    rend: integer(f.rend, '--rend', GENERIC_LIMITS.rend),
    damage: f.damage,
    reroll:
      f.rerollHit || f.rerollWound || f.rerollDamage
        ? { hit: f.rerollHit ?? 'none', wound: f.rerollWound ?? 'none', damage: f.rerollDamage ?? 'none' }
        : undefined,
  };
  if (f.hitCrit) profile['hit-crit'] = { on: f.hitCritOn ?? 6, effects: list(f.hitCrit) };
  else if (f.hitCritOn) throw new InputError('--hit-crit-on: needs --hit-crit EFFECTS');
  if (f.woundCrit) profile['wound-crit'] = { on: f.woundCritOn ?? 6, effects: list(f.woundCrit) };
  else if (f.woundCritOn) throw new InputError('--wound-crit-on: needs --wound-crit EFFECTS');
  return dropUndefined(profile);
}

/** `--profile JSON`: one more weapon profile, the same fields as a scenario file's profile. */
function jsonProfile(text: string, n: number): unknown {
  try {
    return parseJsonStrict(text);
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    throw new InputError(`--profile #${n}: not valid JSON (e.g. '{"attacks": 2, "hit": "3+", "wound": "4+", "rend": 1}')`);
  }
}

export function genericInputFromFlags(f: GenericFlags): Record<string, unknown> {
  const first = flagProfile(f);
  const extra = (f.profile ?? []).map((text, i) => jsonProfile(text, i + 1));
  const target = {
    save: f.save,
    invulnerable: f.invulnerable,
    ward: f.ward,
    models: integer(f.models, '--models', GENERIC_LIMITS.targetModels),
    health: integer(f.health, '--health', GENERIC_LIMITS.health),
  };
  const allocation = f.mortalSpill ? 'mortal-spill-over' : f.spill === false ? 'no-spill-over' : 'spill-over';
  return {
    attacker: extra.length === 0 ? first! : { profiles: first ? [first, ...extra] : extra },
    target: dropUndefined(target),
    situation: { allocation },
  };
}

export function genericScenarioFromFlags(f: GenericFlags): LoadedScenario {
  const input = genericInputFromFlags(f);
  try {
    const parsed = generic.parse(input);
    // A note names its field as typed: the flag it came from.
    const notes = parsed.notes?.map((note) => note.replace(/^([^:\s]+):/, (_, path: string) => `${flagOf(path, f)}:`));
    return { name: 'generic attack', description: '', system: generic, input, parsed: notes ? { ...parsed, notes } : parsed, file: null };
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    throw new InputError(`${flagOf(e.path, f)}: ${e.problem}`);
  }
}

/** The flag a scenario field came from: a flag of the first profile, `--profile #n`, or a target flag. */
function flagOf(path: string, f: GenericFlags): string {
  const target = Object.keys(TARGET_FLAG).find((k) => path === k || path.startsWith(`${k}.`));
  if (target) return TARGET_FLAG[target];
  const m = /^attacker(?:\.profiles\[(\d+)\])?(?:\.(.*))?$/.exec(path);
  if (!m) return path;
  const index = m[1] === undefined ? 0 : Number(m[1]);
  const field = m[2] ?? '';
  const fromFlags = [f.attacks, f.hit, f.wound].some((v) => v !== undefined);
  if (fromFlags && index === 0) {
    const key = Object.keys(FLAG_OF_FIELD).find((k) => field === k || field.startsWith(`${k}[`) || field.startsWith(`${k}.`));
    return key ? FLAG_OF_FIELD[key] : path;
  }
  const n = fromFlags ? index : index + 1;
  return field ? `--profile #${n} ${field}` : `--profile #${n}`;
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
