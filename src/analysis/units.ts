/**
 * The unit library: built-in units (src/data/<system>/units/<id>.json) and the user's own
 * (`--units DIR` or WARODDS_UNITS, laid out the same way or flat with a "system" field).
 * A unit file is the scenario's attacker/target shape plus meta keys: name, example, points,
 * notes, not-modelled (rules of the unit's source that warodds does not model, reported wherever
 * the unit is used), options (named alternatives whose fields replace the unit's; an option's
 * `points` is its price). `--units` also takes BattleScribe files (src/import, read by
 * ./battlescribe.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../core/errors.js';
import { DATA_DIR } from '../paths.js';
import { findSystem, isSystemName, loadedSystems, shortNameOf, systemIdOf, systemIds } from '../systems/lookup.js';
import { didYouMean } from '../core/nearest.js';
import { importPath, isBattleScribePath, libraryUnit } from './battlescribe.js';
import type { GameSystem, SystemId } from '../systems/types.js';
import { clearUnmodelledInUse, type Library, type Unit, unitFromJson } from './unit.js';

export { DEFAULT_OPTION, type Library, NO_FLAGS, pointsOf, questionsOf, type Unit, unitFromJson, unmodelledInUseLines, validateUnit, withOption } from './unit.js';
import { parseJsonText, readJsonFile, shownPath } from '../json-file.js';
import { escapeForTerminal } from '../core/json.js';

/**
 * The characters of a unit id (its file name less `.json`): what can be typed back as `system/id`,
 * in a comma-separated list, or before `:how` — letters, digits, '.', '_' and '-'.
 */
const UNIT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A user unit's file: its id must be one that can be typed back. */
function checkUnitId(id: string, file: string): void {
  if (!UNIT_ID.test(id))
    throw new InputError(`${shownPath(file)}: the file name gives the unit id '${escapeForTerminal(id)}', which cannot be typed back: rename it with letters, digits, '.', '_' and '-' only`);
}

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
 * rule set's units this way costs `kills` a few milliseconds less (start-up). Invalid
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

/** A unit file in a <system>/ folder may name its system; another rule set than the folder's is a contradiction. */
function checkFolderSystem(raw: unknown, folder: GameSystem<unknown>, file: string): void {
  if (typeof raw !== 'object' || raw === null || !Object.hasOwn(raw, 'system')) return;
  const named = (raw as Record<string, unknown>).system;
  const system = findSystem(typeof named === 'string' ? named : String(named), `${shownPath(file)}: system`);
  if (system.id !== folder.id) throw new InputError(`${shownPath(file)}: system: '${escapeForTerminal(String(named))}' contradicts its folder '${folder.id}': move the file, or correct its system`);
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
/**
 * A unit file of the user's folder that could not be read: the others are loaded. `ids` are the
 * ids it may have been meant to define (`system/id`, or the bare id when its rule set is unknown):
 * asking for one of them is refused with `error`; listing a rule set's units names the file.
 */
export interface SkippedUnitFile {
  readonly ids: readonly string[];
  readonly error: InputError;
}

/**
 * Where a skipped unit file is named when a rule set's units are listed: by default a warning
 * line on stderr, as the command line shows it; another front end gives its own.
 */
let noteSkipped: (line: string) => void = (line) => void process.stderr.write(`warodds: warning: ${line}\n`);
export function onSkippedUnitFile(note: (line: string) => void): void {
  noteSkipped = note;
}

function loadUserDir(dir: string, flag: string, skipped: SkippedUnitFile[]): Unit[] {
  if (!isDirectory(dir)) throw new InputError(`${flag}: ${shownPath(dir)} is not a directory`);
  const units: Unit[] = [];
  const read = (file: string) => readJsonFile(file, flag);
  // One bad file is set aside with its error; the others load.
  const attempt = (ids: string[], load: () => void) => {
    try {
      load();
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      skipped.push({ ids, error: e });
    }
  };
  try {
    for (const entry of visibleEntries(dir)) {
      const path = join(dir, entry);
      if (isDirectory(path)) {
        for (const file of jsonFiles(path)) {
          const id = basename(file, '.json');
          attempt([isSystemName(entry) ? `${systemIdOf(entry)}/${id}` : id], () => {
            const system = findSystem(entry, `${flag}: folder ${shownPath(entry)}`);
            checkUnitId(id, file);
            const raw = read(file);
            checkFolderSystem(raw, system, file);
            units.push(unitFromJson(raw, id, system, file));
          });
        }
      } else if (entry.endsWith('.json')) {
        const id = basename(entry, '.json');
        attempt([id], () => {
          checkUnitId(id, path);
          const raw = read(path);
          const systemName = typeof raw === 'object' && raw !== null && Object.hasOwn(raw, 'system') ? (raw as Record<string, unknown>).system : undefined;
          if (typeof systemName !== 'string') throw new InputError(`${shownPath(path)}: system: required for a unit file outside a <system>/ folder`);
          units.push(unitFromJson(raw, id, findSystem(systemName, `${shownPath(path)}: system`), path));
        });
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
 * it runs) and only when asked for: `kills hott/blades` reads the HOTT units alone (start-up).
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

/** Every unit id the user can type, short names first (`t9a/knights`), read from the folders alone. */
function allUnitIds(user: ReadonlyMap<string, Unit>): string[] {
  const ids = systemIds().flatMap((s) => builtInFiles(s).map((f) => `${shortNameOf(s)}/${basename(f, '.json')}`));
  for (const u of user.values()) ids.push(`${shortNameOf(u.system)}/${u.id}`);
  return [...new Set(ids)];
}

/** Every unit: built-in first, then the user's (a user unit with the same id replaces the built-in one). */
export function loadLibrary(userDir?: string): Library {
  const dir = userDir ?? process.env.WARODDS_UNITS;
  const user = new Map<string, Unit>();
  const skipped: SkippedUnitFile[] = [];
  // BattleScribe files (an army): the library's example units join only when named.
  const imported = dir !== undefined && isBattleScribePath(dir);
  const report = imported ? importPath(dir) : undefined;
  if (dir) for (const u of report ? report.units.map(libraryUnit) : loadUserDir(dir, userDir ? '--units' : 'WARODDS_UNITS', skipped)) user.set(`${u.system}/${u.id}`, u);
  // Checking the units while reading them is not using them.
  clearUnmodelledInUse();
  const named = new Set<SkippedUnitFile>();
  // Listing units: each skipped file is named once, with why it was skipped.
  const nameSkipped = () => {
    for (const s of skipped) if (!named.has(s)) named.add(s), noteSkipped(`skipped a unit file: ${s.error.message}`);
  };
  // Asking for a unit that a skipped file meant to define: that file's error.
  const refuseSkipped = (systemId: SystemId, id: string) => {
    const s = skipped.find((x) => x.ids.some((k) => k.toLowerCase() === `${systemId}/${id}`.toLowerCase() || k.toLowerCase() === id.toLowerCase()));
    if (s) throw s.error;
  };
  // A rule set's units: its built-in ones in file order, a user unit with the same id in the
  // built-in one's place, then the user's new ones in the order they were read.
  const ofSystem = (system: SystemId): Unit[] => {
    nameSkipped();
    const byKey = new Map<string, Unit>();
    if (!imported) for (const u of builtInUnits(system)) byKey.set(`${u.system}/${u.id}`, u);
    for (const [key, u] of user) if (u.system === system) byKey.set(key, u);
    return [...byKey.values()];
  };
  return {
    ...(report ? { imported: { refused: report.refused, notes: report.notes } } : {}),
    get units() {
      nameSkipped();
      const byKey = new Map<string, Unit>();
      if (!imported) for (const s of loadedSystems()) for (const u of builtInUnits(s.id)) byKey.set(`${u.system}/${u.id}`, u);
      for (const [key, u] of user) byKey.set(key, u);
      return [...byKey.values()];
    },
    ofSystem,
    find(ref, field) {
      // An imported unit: faction/name (dwarfs/ironclad-regiment) or system/faction/name.
      const parts = ref.trim().split('/');
      const importedUnit =
        parts.length === 3 && isSystemName(parts[0])
          ? user.get(`${systemIdOf(parts[0])}/${parts[1]}/${parts[2]}`)
          : parts.length === 2 && !isSystemName(parts[0])
            ? [...user.values()].find((u) => u.id === `${parts[0]}/${parts[1]}`)
            : undefined;
      if (importedUnit) return importedUnit;
      const m = /^([^/]+)\/([^/]+)$/.exec(ref.trim());
      if (!m || !isSystemName(m[1])) {
        const hint = didYouMean(ref, allUnitIds(user)) || " (write system/id, e.g. aos/clawlord; 'warodds units' lists them)";
        throw new InputError(`${field}: '${escapeForTerminal(ref)}' is not a unit id${hint}`);
      }
      const system = findSystem(m[1], field);
      // Ids match in any case: a built-in unit is its own file (`compare aos/clawlord` reads that one file alone).
      const builtInId = system.questions === undefined ? undefined : builtInFiles(system.id).map((f) => basename(f, '.json')).find((id) => id.toLowerCase() === m[2].toLowerCase());
      const userKey = [...user.keys()].find((k) => k.toLowerCase() === `${system.id}/${m[2]}`.toLowerCase());
      if (userKey === undefined) refuseSkipped(system.id, m[2]);
      // system/name of an imported unit (kow/ironclad-regiment), when one faction alone has that name.
      const byName = [...user.values()].filter((u) => u.system === system.id && u.id.toLowerCase().endsWith(`/${m[2].toLowerCase()}`));
      const unit = (userKey ? user.get(userKey) : undefined) ?? (builtInId !== undefined ? builtInUnit(system, builtInId) : byName.length === 1 ? byName[0] : undefined);
      if (!unit) {
        const hint = didYouMean(`${shortNameOf(system.id)}/${m[2]}`, allUnitIds(user)) || ` ('warodds units ${system.id}' lists them)`;
        throw new InputError(`${field}: unknown unit '${escapeForTerminal(ref)}'${hint}`);
      }
      return unit;
    },
  };
}
