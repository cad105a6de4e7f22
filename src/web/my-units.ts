/**
 * Units a player brings to the page: warodds unit files (JSON, each naming its "system", as in a
 * flat `--units` folder) dropped on the page or chosen with the file picker. They travel with the
 * question (its share link) as their JSON, and join the library for every question — "what kills
 * this unit" ranks them with the rest. A file that cannot be read is named with its problem; the
 * others load.
 */
import { parseJsonStrict } from '../core/json.js';
import { InputError } from '../core/errors.js';
import { type Unit, unitFromJson } from '../analysis/unit.js';
import { findSystem } from '../systems/lookup.js';

/** A dropped unit as the question carries it: its id (from the file name) and the file's JSON. */
export interface CarriedUnit {
  id: string;
  json: Record<string, unknown>;
}

/** BattleScribe / New Recruit files, which this page does not read (the CLI's import does). */
const BATTLESCRIBE = /\.(gst|cat|catz|ros|rosz)$/i;

/** An id that can be typed back: the file name without .json, lower case, other characters as '-'. */
function idOf(name: string): string {
  return name.replace(/\.json$/i, '').toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'unit';
}

/** The files' units to carry, and one line for each file that could not be read. */
export function carriedFromFiles(files: ReadonlyArray<{ name: string; text: string }>): { units: CarriedUnit[]; problems: string[] } {
  const units: CarriedUnit[] = [];
  const problems: string[] = [];
  for (const f of files) {
    if (BATTLESCRIBE.test(f.name)) {
      problems.push(`${f.name}: BattleScribe and New Recruit files are not read by this page; give it warodds unit files (JSON)`);
      continue;
    }
    try {
      const raw = parseJsonStrict(f.text);
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InputError('a unit must be a JSON object');
      const carried = { id: idOf(f.name), json: raw as Record<string, unknown> };
      unitOf(carried);
      units.push(carried);
    } catch (e) {
      problems.push(`${f.name}: ${(e as Error).message}`);
    }
  }
  return { units, problems };
}

/** A carried unit checked against its rule set (the "system" its JSON names). */
export function unitOf(carried: CarriedUnit): Unit {
  const system = carried.json.system;
  if (typeof system !== 'string') throw new InputError('system: required (the rule set of the unit, e.g. "t9a")');
  return unitFromJson(carried.json, carried.id, findSystem(system, 'system'), `${carried.id}.json`);
}
