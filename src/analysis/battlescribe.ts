/**
 * `--units PATH` for BattleScribe / New Recruit files: a `.gst`, `.cat`, `.catz`, `.ros` or
 * `.rosz` file, or a folder holding them, read from disk and handed to the front-end-neutral
 * import (src/import). A catalogue is read with the other BattleScribe files of its folder, so
 * its links to the game system and library catalogues resolve. Any file that cannot be read
 * stops the command with one line naming it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../core/errors.js';
import { findSystem } from '../systems/lookup.js';
import type { SystemId } from '../systems/types.js';
import { type ImportedUnit, importFiles, type ImportFile, type ImportResult, isBattleScribeFile, MAX_FILE_BYTES } from '../import/index.js';
import { shownPath } from '../json-file.js';
import { type Unit, unitFromJson } from './units.js';

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => !f.startsWith('.') && isBattleScribeFile(f))
      .sort()
      .map((f) => join(dir, f));
  } catch (e) {
    throw new InputError(`--units: cannot read ${shownPath(dir)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** Is PATH a BattleScribe file, or a folder that holds some (directly or one folder down)? */
export function isBattleScribePath(path: string): boolean {
  if (!isDir(path)) return isBattleScribeFile(path);
  if (filesIn(path).length) return true;
  return readdirSync(path).some((d) => !d.startsWith('.') && isDir(join(path, d)) && filesIn(join(path, d)).length > 0);
}

function readBytes(path: string): ImportFile {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (e) {
    throw new InputError(`--units: cannot read ${shownPath(path)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  // Refused before reading: a 50 MB file is not parsed for minutes.
  if (size > MAX_FILE_BYTES) throw new InputError(`${shownPath(path)}: ${Math.round(size / 1024 / 1024)} MB is larger than the ${MAX_FILE_BYTES / 1024 / 1024} MB limit`);
  return { name: path, bytes: new Uint8Array(readFileSync(path)) };
}

/** Check a converted unit record as a unit file is checked. */
function check(system: SystemId, record: Record<string, unknown>): void {
  unitFromJson(record, 'import', findSystem(system), 'import');
}

/** The import of PATH's files (a file: it and the game system and catalogue files beside it). */
export function importPath(path: string): ImportResult {
  let files: string[];
  let asked: Set<string> | null = null;
  if (isDir(path)) {
    files = filesIn(path);
    for (const d of readdirSync(path).sort()) if (!d.startsWith('.') && isDir(join(path, d))) files.push(...filesIn(join(path, d)));
  } else {
    if (!isBattleScribeFile(path)) throw new InputError(`--units: ${shownPath(path)} is not a folder or a BattleScribe file (.gst, .cat, .catz, .ros, .rosz)`);
    // A roster needs nothing else; a catalogue reads its neighbours for its links.
    const roster = /\.rosz?$/i.test(path);
    files = roster ? [path] : filesIn(dirname(path)).filter((f) => !/\.rosz?$/i.test(f));
    if (!files.includes(path)) files.push(path);
    asked = new Set([path]);
  }
  const result = importFiles(files.map(readBytes), { check });
  const bad = result.refusedFiles[0];
  if (bad) throw new InputError(`${shownPath(bad.file)}: ${bad.problem}`);
  if (!asked) return result;
  return { ...result, units: result.units.filter((u) => asked!.has(u.source.file)), refused: result.refused.filter((r) => asked!.has(r.file)) };
}

/** An imported unit as a library unit: id `faction/name`, its record read as a unit file. */
export function libraryUnit(u: ImportedUnit): Unit {
  const unit = unitFromJson(u.record, `${u.faction}/${u.id}`, findSystem(u.system), u.source.file);
  return { ...unit, source: `${basename(u.source.file)}: ${u.source.entry}` };
}
