/**
 * The unit library: built-in units (src/data/<system>/units/<id>.json) and the user's own
 * (`--units DIR` or WARODDS_UNITS, laid out the same way or flat with a "system" field).
 * A unit file is the scenario's attacker/target shape plus meta keys: name, example, points,
 * notes, options (named alternatives whose fields replace the unit's).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../core/errors.js';
import { DATA_DIR } from '../paths.js';
import { findSystem, loadedSystems } from '../systems/lookup.js';
import type { GameSystem, SystemId } from '../systems/types.js';
import { type Library, type Unit, unitFromJson } from './unit.js';

export { DEFAULT_OPTION, type Library, NO_FLAGS, questionsOf, type Unit, unitFromJson, validateUnit, withOption } from './unit.js';
import { parseJsonText, readJsonFile, shownPath } from '../json-file.js';
import { escapeForTerminal } from '../core/json.js';

/** The `.json` files of a folder, sorted; hidden files are skipped. */
function jsonFiles(dir: string): string[] {
  return visibleEntries(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f));
}

/** A folder's entries, sorted, without hidden ones (`.git`, `.DS_Store`, editor files). */
function visibleEntries(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => !f.startsWith('.'))
    .sort();
}

function loadBuiltIn(system: GameSystem<unknown>): Unit[] {
  return builtInFiles(system.id).map((file) => builtInUnit(system, basename(file, '.json')));
}

/** The package's unit files of a rule set (none for a rule set without a units folder). */
const builtInFileLists = new Map<SystemId, string[]>();
function builtInFiles(system: SystemId): string[] {
  let files = builtInFileLists.get(system);
  if (!files) {
    const dir = join(DATA_DIR, system, 'units');
    files = existsSync(dir) ? jsonFiles(dir) : [];
    builtInFileLists.set(system, files);
  }
  return files;
}

/**
 * One package unit, read once per process. The package's own JSON is read with the native
 * parser (no repeated keys in it is checked by test/analysis/built-in-units.test.ts): reading a
 * rule set's units this way costs `kills` a few milliseconds less (start-up, issue 16). Invalid
 * JSON still gets the strict parser's message.
 */
const builtInById = new Map<string, Unit>();
function builtInUnit(system: GameSystem<unknown>, id: string): Unit {
  const key = `${system.id}/${id}`;
  let unit = builtInById.get(key);
  if (!unit) {
    const file = join(DATA_DIR, system.id, 'units', `${id}.json`);
    const text = readFileSync(file, 'utf8');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = parseJsonText(text, `unit: ${shownPath(file)}`);
    }
    unit = unitFromJson(raw, id, system, 'built-in');
    builtInById.set(key, unit);
  }
  return unit;
}

/** Is `path` a directory (following symlinks)? A dangling link or an unreadable entry is not. */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The user's units: DIR/<system>/*.json, or DIR/*.json each naming its "system". Hidden entries
 * are skipped. Two files defining the same system/id are an error naming both.
 */
function loadUserDir(dir: string, flag: string): Unit[] {
  if (!isDirectory(dir)) throw new InputError(`${flag}: ${shownPath(dir)} is not a directory`);
  const units: Unit[] = [];
  const read = (file: string) => readJsonFile(file, flag);
  try {
    for (const entry of visibleEntries(dir)) {
      const path = join(dir, entry);
      if (isDirectory(path)) {
        const system = findSystem(entry, `${flag}: folder ${shownPath(entry)}`);
        for (const file of jsonFiles(path)) units.push(unitFromJson(read(file), basename(file, '.json'), system, file));
      } else if (entry.endsWith('.json')) {
        const raw = read(path);
        const systemName = typeof raw === 'object' && raw !== null && Object.hasOwn(raw, 'system') ? (raw as Record<string, unknown>).system : undefined;
        if (typeof systemName !== 'string') throw new InputError(`${shownPath(path)}: system: required for a unit file outside a <system>/ folder`);
        units.push(unitFromJson(raw, basename(entry, '.json'), findSystem(systemName, `${shownPath(path)}: system`), path));
      }
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${flag}: cannot read ${shownPath(dir)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const seen = new Map<string, Unit>();
  for (const u of units) {
    const key = `${u.system}/${u.id}`;
    const first = seen.get(key);
    if (first) throw new InputError(`${flag}: unit '${escapeForTerminal(key)}' is defined twice: ${shownPath(first.source)} and ${shownPath(u.source)}`);
    seen.set(key, u);
  }
  return units;
}

const builtIn = new Map<SystemId, readonly Unit[]>();

/**
 * One rule set's package units, read and validated once per process (they do not change while
 * it runs) and only when asked for: `kills hott/blades` reads the HOTT units alone (start-up,
 * issue 16).
 */
function builtInUnits(system: SystemId): readonly Unit[] {
  let units = builtIn.get(system);
  if (!units) {
    const s = findSystem(system);
    units = s.questions ? loadBuiltIn(s) : [];
    builtIn.set(system, units);
  }
  return units;
}

/** Every unit: built-in first, then the user's (a user unit with the same id replaces the built-in one). */
export function loadLibrary(userDir?: string): Library {
  const dir = userDir ?? process.env.WARODDS_UNITS;
  const user = new Map<string, Unit>();
  if (dir) for (const u of loadUserDir(dir, userDir ? '--units' : 'WARODDS_UNITS')) user.set(`${u.system}/${u.id}`, u);
  // A rule set's units: its built-in ones in file order, a user unit with the same id in the
  // built-in one's place, then the user's new ones in the order they were read.
  const ofSystem = (system: SystemId): Unit[] => {
    const byKey = new Map<string, Unit>();
    for (const u of builtInUnits(system)) byKey.set(`${u.system}/${u.id}`, u);
    for (const [key, u] of user) if (u.system === system) byKey.set(key, u);
    return [...byKey.values()];
  };
  return {
    get units() {
      const byKey = new Map<string, Unit>();
      for (const s of loadedSystems()) for (const u of builtInUnits(s.id)) byKey.set(`${u.system}/${u.id}`, u);
      for (const [key, u] of user) byKey.set(key, u);
      return [...byKey.values()];
    },
    ofSystem,
    find(ref, field) {
      const m = /^([^/]+)\/([^/]+)$/.exec(ref.trim());
      if (!m) throw new InputError(`${field}: '${ref}' is not a unit id (write system/id, e.g. aos/clawlord; 'warodds units' lists them)`);
      const system = findSystem(m[1], field);
      const key = `${system.id}/${m[2]}`;
      // A built-in unit is its own file: `compare aos/clawlord` reads that one file alone.
      const isBuiltIn = system.questions !== undefined && builtInFiles(system.id).some((f) => basename(f, '.json') === m[2]);
      const unit = user.get(key) ?? (isBuiltIn ? builtInUnit(system, m[2]) : undefined);
      if (!unit) throw new InputError(`${field}: unknown unit '${ref}' ('warodds units ${system.id}' lists them)`);
      return unit;
    },
  };
}
