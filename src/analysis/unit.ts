/**
 * A unit as every front end holds it, checked against its rule set; the library interface. The
 * command line reads units from folders (units.ts); the web page has the package's units bundled
 * and the ones a player brings. A unit file is the scenario's attacker/target shape plus meta
 * keys: name, example, points, notes, options (named alternatives whose fields replace the unit's).
 */
import { InputError, ScenarioError } from '../core/errors.js';
import { findSystem } from '../systems/lookup.js';
import type { GameSystem, SituationFlags, SystemId, UnitBody, UnitQuestions } from '../systems/types.js';
import { escapeForTerminal } from '../core/json.js';
import type { RefusedUnit } from '../import/index.js';

export interface Unit {
  id: string;
  system: SystemId;
  name: string;
  example: boolean;
  points: number | null;
  notes: string;
  body: UnitBody;
  options: Record<string, UnitBody>;
  /** Each option's own points, where the option gives them (the unit's points otherwise). */
  optionPoints: Record<string, number>;
  /** Rules of the unit's source that warodds does not model, by name. */
  notModelled: string[];
  /** 'built-in' or the file it came from. */
  source: string;
}

/** The points of a unit with one of its options: the option's own price, else the unit's. */
export function pointsOf(unit: Unit, option: string): number | null {
  return Object.hasOwn(unit.optionPoints, option) ? unit.optionPoints[option] : unit.points;
}

/** The loadout a unit uses, named: 'default' is the unit as written. */
export const DEFAULT_OPTION = 'default';

const META_KEYS = ['name', 'example', 'points', 'notes', 'not-modelled', 'options', 'system'] as const;

export function questionsOf(system: GameSystem<unknown>, field = 'system'): UnitQuestions {
  if (!system.questions) throw new InputError(`${field}: the ${system.id} pipeline has no units (use 'warodds attack' with its flags)`);
  return system.questions;
}

/** Split a unit file's JSON into meta and body, checking the meta keys. */
export function unitFromJson(raw: unknown, id: string, system: GameSystem<unknown>, source: string): Unit {
  const where = source === 'built-in' ? `${system.id}/${id}` : `'${escapeForTerminal(source)}'`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InputError(`${where}: a unit must be a JSON object`);
  const r = raw as Record<string, unknown>;
  if (typeof r.name !== 'string' || !r.name) throw new InputError(`${where}: name: required, a non-empty string`);
  if (r.points !== undefined && (typeof r.points !== 'number' || !(r.points >= 0))) throw new InputError(`${where}: points: must be a number ≥ 0`);
  if (r.example !== undefined && typeof r.example !== 'boolean') throw new InputError(`${where}: example: must be true or false`);
  if (r.notes !== undefined && typeof r.notes !== 'string') throw new InputError(`${where}: notes: must be a string`);
  const notModelled = r['not-modelled'] ?? [];
  if (!Array.isArray(notModelled) || notModelled.some((n) => typeof n !== 'string')) throw new InputError(`${where}: not-modelled: must be a list of rule names`);
  const rawOptions = r.options ?? {};
  if (typeof rawOptions !== 'object' || rawOptions === null || Array.isArray(rawOptions)) throw new InputError(`${where}: options: must be an object of named alternatives`);
  const options: Record<string, UnitBody> = {};
  const optionPoints: Record<string, number> = {};
  for (const [name, option] of Object.entries(rawOptions)) {
    if (typeof option !== 'object' || option === null || Array.isArray(option))
      throw new InputError(`${where}: options.${escapeForTerminal(name)}: must be an object of the fields this option replaces`);
    // An option's points are its price, not a field of the unit.
    const { points, ...fields } = option as Record<string, unknown>;
    if (points !== undefined) {
      if (typeof points !== 'number' || !(points >= 0)) throw new InputError(`${where}: options.${escapeForTerminal(name)}.points: must be a number ≥ 0`);
      optionPoints[name] = points;
    }
    options[name] = fields;
  }
  const body = Object.fromEntries(Object.entries(r).filter(([k]) => !(META_KEYS as readonly string[]).includes(k)));
  const unit: Unit = {
    id,
    system: system.id,
    name: r.name,
    example: r.example === true,
    points: typeof r.points === 'number' ? r.points : null,
    notes: typeof r.notes === 'string' ? r.notes : '',
    body,
    options,
    optionPoints,
    notModelled: notModelled as string[],
    source,
  };
  // The package's own units are checked by the test suite (test/analysis/built-in-units.test.ts),
  // not at every start: parsing each of a rule set's units on each side costs a command
  // 15–40 ms of CPU (start-up). A user's unit is checked when it is read.
  if (source !== 'built-in') validateUnit(unit, where);
  return unit;
}

/** A unit is valid when its system accepts it (with each option) on whichever side it can take. */
export function validateUnit(unit: Unit, where: string): void {
  const system = findSystem(unit.system);
  const q = questionsOf(system);
  for (const option of [DEFAULT_OPTION, ...Object.keys(unit.options)]) {
    const body = withOption(unit, option);
    const label = option === DEFAULT_OPTION ? where : `${where}: options.${option}`;
    const modes = [NO_FLAGS, { ...NO_FLAGS, shooting: true }].filter((flags) => q.canAttack(body, flags));
    const asTarget = q.canBeTarget(body);
    if (!modes.length && !asTarget) throw new InputError(`${label}: this unit can neither attack nor be a target`);
    // Parse it on each side it can take, against (or attacked by) the rule set's standard target.
    const standard = q.defaultGrid.target;
    try {
      for (const flags of modes) system.parse(q.scenario(body, standard, flags));
      if (asTarget) system.parse(q.scenario(q.canAttack(standard, NO_FLAGS) ? standard : body, body, NO_FLAGS));
    } catch (e) {
      if (e instanceof ScenarioError) throw new InputError(`${label}: ${e.path.replace(/^(attacker|target)\.?/, '') || '(unit)'}: ${e.problem}`.replace(': (unit): ', ': '));
      throw e;
    }
  }
}

export const NO_FLAGS: SituationFlags = { charge: false, flank: false, rear: false, shooting: false, extra: {} };

/** Units whose bodies this process has used, with the rules of their source warodds does not model. */
const unmodelledInUse = new Map<string, readonly string[]>();

/** "kow/dwarfs/ironclad-regiment: Dwarven Throwing Mastiff, …" for each unit used so far that has unmodelled rules. */
/** Forget the units used so far (checking units while reading them is not using them). */
export function clearUnmodelledInUse(): void {
  unmodelledInUse.clear();
}

export function unmodelledInUseLines(): string[] {
  return [...unmodelledInUse].map(([id, names]) => `${id}: ${names.join(', ')}`);
}

/** The unit's body with one of its options applied ('default': as written). */
export function withOption(unit: Unit, option: string, flag = '--option'): UnitBody {
  // Every answer that uses the unit names what it leaves out (provenance's "Not modelled").
  if (unit.notModelled?.length) unmodelledInUse.set(`${unit.system}/${unit.id}`, unit.notModelled);
  if (option === DEFAULT_OPTION) return unit.body;
  // Own properties only: an option called 'constructor' or '__proto__' is unknown unless the unit defines it.
  const o = Object.hasOwn(unit.options, option) ? unit.options[option] : undefined;
  if (!o) {
    const known = [DEFAULT_OPTION, ...Object.keys(unit.options)].join(', ');
    throw new InputError(`${flag}: '${unit.system}/${unit.id}' has no option '${escapeForTerminal(option)}' (it has: ${known})`);
  }
  return { ...unit.body, ...o };
}

export interface Library {
  /** Every unit (reading every rule set's built-in units): built-in ones, then the user's new ones. */
  readonly units: Unit[];
  find(ref: string, field: string): Unit;
  ofSystem(system: SystemId): Unit[];
  /** BattleScribe files read (`--units` naming them): the units refused, with reasons, and notes. */
  readonly imported?: { readonly refused: readonly RefusedUnit[]; readonly notes: readonly string[] };
}

/**
 * A library of units already read (the web page's bundled units and the ones a player brings):
 * a unit later in `units` with the same system/id replaces an earlier one. `listed` are the units
 * a question goes through when it names none (kills' candidates); by default all of them. With an
 * imported army they are the army's, as with the CLI's `--units ARMY.ros`.
 */
export function libraryOf(units: readonly Unit[], listed: readonly Unit[] = units): Library {
  const byKey = (list: readonly Unit[]) => {
    const map = new Map<string, Unit>();
    for (const u of list) map.set(`${u.system}/${u.id}`, u);
    return map;
  };
  const all = byKey(units);
  const shown = byKey(listed);
  return {
    get units() {
      return [...shown.values()];
    },
    ofSystem: (system) => [...shown.values()].filter((u) => u.system === system),
    find(ref, field) {
      // An imported unit's id is faction/name: kow/dwarfs/ironclad-regiment.
      const m = /^([^/]+)\/(.+)$/.exec(ref.trim());
      if (!m) throw new InputError(`${field}: '${ref}' is not a unit id (write system/id, e.g. aos/clawlord)`);
      const system = findSystem(m[1], field);
      const unit = all.get(`${system.id}/${m[2]}`);
      if (!unit) throw new InputError(`${field}: unknown unit '${ref}'`);
      return unit;
    },
  };
}
