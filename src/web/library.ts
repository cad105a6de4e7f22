/**
 * The package's units, bundled into the page (the same files `warodds units` lists), as a library.
 */
import '../systems/registry.js';
import { findSystem, loadedSystems } from '../systems/lookup.js';
import { type Library, libraryOf, type Unit, unitFromJson } from '../analysis/unit.js';
import type { SystemId } from '../systems/types.js';

const files = import.meta.glob('../data/*/units/*.json', { eager: true, import: 'default' }) as Record<string, unknown>;

export const BUILT_IN_UNITS: readonly Unit[] = Object.keys(files)
  .sort()
  .map((path) => {
    const [, system, id] = /data\/([^/]+)\/units\/([^/]+)\.json$/.exec(path)!;
    return unitFromJson(files[path], id, findSystem(system), 'built-in');
  });

export const LIBRARY: Library = libraryOf(BUILT_IN_UNITS);

/** The rule sets that have units to pick, in the catalogue's order. */
export function systemsWithUnits(): Array<{ id: SystemId; name: string }> {
  return loadedSystems()
    .filter((s) => BUILT_IN_UNITS.some((u) => u.system === s.id))
    .map((s) => ({ id: s.id, name: s.title.split(/[:—(]/)[0].trim() }));
}
