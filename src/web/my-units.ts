/**
 * Units a player brings to the page: warodds unit files (JSON, each naming its "system", as in a
 * flat `--units` folder) and BattleScribe / New Recruit rosters and catalogues (read by the same
 * import as `--units FILE.ros` in the CLI: src/import/), dropped on the page or chosen with the
 * file picker. They travel with the
 * question (its share link) as their JSON, and join the library for every question — "what kills
 * this unit" ranks them with the rest. A file that cannot be read is named with its problem; the
 * others load.
 */
import { parseJsonStrict } from '../core/json.js';
import { InputError } from '../core/errors.js';
import { type Unit, unitFromJson } from '../analysis/unit.js';
import { findSystem } from '../systems/lookup.js';
import type { SystemId } from '../systems/types.js';

/** A dropped unit as the question carries it: its id (from the file name, or faction/name of an import) and its unit file's JSON. */
export interface CarriedUnit {
  id: string;
  json: Record<string, unknown>;
}

/** An id that can be typed back: the file name without .json, lower case, other characters as '-'. */
function idOf(name: string): string {
  return name.replace(/\.json$/i, '').toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'unit';
}

/** An imported unit record checked as a unit file is (the import moves rules it refuses to "not modelled"). */
function check(system: SystemId, record: Record<string, unknown>): void {
  unitFromJson(record, 'import', findSystem(system), 'import');
}

/** The files' units to carry, one line for each file or unit that could not be read, and the import's notes. */
export async function carriedFromFiles(files: ReadonlyArray<{ name: string; bytes: Uint8Array }>): Promise<{ units: CarriedUnit[]; problems: string[]; notes: string[] }> {
  const units: CarriedUnit[] = [];
  const problems: string[] = [];
  const notes: string[] = [];
  // Anything but a .json file goes to the import (loaded only then), which names what it cannot read.
  const isJson = (name: string) => /\.json$/i.test(name);
  const others = files.filter((f) => !isJson(f.name));
  if (others.length) {
    const { importFiles } = await import('../import/index.js');
    const result = importFiles(others, { check });
    for (const bad of result.refusedFiles) problems.push(`${bad.file}: ${bad.problem}`);
    for (const r of result.refused) problems.push(`${r.file}: ${r.entry}: ${r.reason}`);
    notes.push(...result.notes);
    for (const u of result.units) units.push({ id: `${u.faction}/${u.id}`, json: { ...u.record, system: u.system } });
  }
  for (const f of files) {
    if (!isJson(f.name)) continue;
    try {
      const raw = parseJsonStrict(new TextDecoder().decode(f.bytes));
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InputError('a unit must be a JSON object');
      const carried = { id: idOf(f.name), json: raw as Record<string, unknown> };
      unitOf(carried);
      units.push(carried);
    } catch (e) {
      problems.push(`${f.name}: ${(e as Error).message}`);
    }
  }
  return { units, problems, notes };
}

/** A carried unit checked against its rule set (the "system" its JSON names). */
export function unitOf(carried: CarriedUnit): Unit {
  const system = carried.json.system;
  if (typeof system !== 'string') throw new InputError('system: required (the rule set of the unit, e.g. "t9a")');
  return unitFromJson(carried.json, carried.id, findSystem(system, 'system'), `${carried.id}.json`);
}
