/**
 * The rule sets by id or alias, loaded on demand (start-up): `warodds kills hott/blades`
 * loads the HOTT rule set alone. `loadSystems` loads some; `findSystem` returns a loaded one.
 * Importing `registry.ts` loads every rule set (what the Monte Carlo workers, the bench, the tests
 * and every command but kills, compare and table do).
 */
import { InputError } from '../core/errors.js';
import { importOrRequireFrom } from '../core/import-or-require.js';
import type { GameSystem, SystemId } from './types.js';

interface Entry {
  id: SystemId;
  aliases: readonly string[];
  load: () => Promise<GameSystem<any>>;
}

const load = importOrRequireFrom(import.meta.url);

/**
 * Every rule set, in the order they are listed; each entry's id and aliases are its index.ts's.
 * Each loader imports its rule set alone: the start-up of a command and of a Monte Carlo worker
 * (sim/system-modules.ts) loads only the rule sets it needs.
 */
const CATALOG: readonly Entry[] = [
  { id: 'generic', aliases: ['d6'], load: async () => (await load('./generic/index.js', () => import('./generic/index.js'))).generic },
  { id: 'ninth-age', aliases: ['t9a', '9th-age'], load: async () => (await load('./ninth-age/index.js', () => import('./ninth-age/index.js'))).ninthAgeWithFights },
  {
    id: 'warhammer-fantasy',
    aliases: ['whfb'],
    load: async () => (await load('./warhammer-fantasy/index.js', () => import('./warhammer-fantasy/index.js'))).warhammerFantasyWithFights,
  },
  { id: 'kings-of-war', aliases: ['kow'], load: async () => (await load('./kings-of-war/index.js', () => import('./kings-of-war/index.js'))).kingsOfWar },
  { id: 'age-of-sigmar', aliases: ['aos'], load: async () => (await load('./age-of-sigmar/index.js', () => import('./age-of-sigmar/index.js'))).ageOfSigmar },
  { id: 'hott', aliases: [], load: async () => (await load('./hott/index.js', () => import('./hott/index.js'))).hott },
];

const loaded = new Map<SystemId, GameSystem<any>>();

/** Record rule sets already imported; each must be the catalog's entry of that id, with its aliases. */
export function registerSystems(systems: ReadonlyArray<GameSystem<any>>): void {
  for (const system of systems) {
    const entry = CATALOG.find((e) => e.id === system.id);
    if (!entry || entry.aliases.join() !== system.aliases.join()) throw new Error(`rule set '${system.id}': its id or aliases differ from the catalog in systems/lookup.ts`);
    loaded.set(system.id, system);
  }
}

/** The id of the rule set called `name` (an id or an alias, any case); unknown: an InputError naming `field`. */
export function systemIdOf(name: string, field = 'system'): SystemId {
  const key = name.trim().toLowerCase();
  const entry = CATALOG.find((e) => e.id === key || e.aliases.includes(key));
  if (!entry) {
    const allowed = CATALOG.map((e) => [e.id, ...e.aliases].join('/')).join(', ');
    throw new InputError(`${field}: unknown rule set '${name}' (allowed: ${allowed})`);
  }
  return entry.id;
}

/** Every rule set's id, in the catalog's order (none loaded). */
export function systemIds(): SystemId[] {
  return CATALOG.map((e) => e.id);
}

/** The short name of a rule set as ids are shown (`kow` for kings-of-war), without loading it. */
export function shortNameOf(id: SystemId): string {
  const entry = CATALOG.find((e) => e.id === id)!;
  return entry.aliases.find((a) => a !== 'd6') ?? entry.id;
}

/** Is `name` a rule set's id or alias? */
export function isSystemName(name: string): boolean {
  const key = name.trim().toLowerCase();
  return CATALOG.some((e) => e.id === key || e.aliases.includes(key));
}

/** Load the rule sets `ids` (every one when omitted). */
export async function loadSystems(ids: Iterable<SystemId> = CATALOG.map((e) => e.id)): Promise<void> {
  const wanted = new Set(ids);
  const entries = CATALOG.filter((e) => wanted.has(e.id) && !loaded.has(e.id));
  registerSystems(await Promise.all(entries.map((e) => e.load())));
}

export function findSystem(name: string, field = 'system'): GameSystem<unknown> {
  const id = systemIdOf(name, field);
  const system = loaded.get(id);
  // A caller that reaches a rule set it did not load is a bug, not the user's input.
  if (!system) throw new Error(`rule set '${id}' was not loaded (import systems/registry.js, or await loadSystems first)`);
  return system;
}

/** The loaded rule sets, in the catalog's order. */
export function loadedSystems(): Array<GameSystem<any>> {
  return CATALOG.flatMap((e) => loaded.get(e.id) ?? []);
}
