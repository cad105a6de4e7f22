/**
 * The rule set a worker needs, loaded on its own: a worker thread imports only the one rule set
 * its job simulates, not the whole registry (each rule set's modules cost a worker start-up, and
 * the registry loads all six — issue 16, thread scaling). Names the table does not list (aliases)
 * go through the registry.
 */
import type { GameSystem } from '../systems/types.js';

type Loader = () => Promise<GameSystem<unknown>>;

/**
 * import(), or require() where import() cannot find the module: running from TypeScript sources
 * (vitest), a worker is CommonJS compiled by tsx's require hook (worker-entry.cts), whose import()
 * does not find the sources but whose require() does.
 */
async function load<T>(path: string, viaImport: () => Promise<T>): Promise<T> {
  try {
    return await viaImport();
  } catch (error) {
    if (typeof require !== 'function') throw error;
    return require(path) as T;
  }
}

/** One entry per rule set of the registry's SYSTEMS, by id (test/sim/system-modules.test.ts checks they match). */
export const SYSTEM_MODULES: Readonly<Record<string, Loader>> = {
  generic: async () => (await load('../systems/generic/index.js', () => import('../systems/generic/index.js'))).generic as GameSystem<unknown>,
  'ninth-age': async () => (await load('../systems/ninth-age/index.js', () => import('../systems/ninth-age/index.js'))).ninthAgeWithFights as GameSystem<unknown>,
  'warhammer-fantasy': async () =>
    (await load('../systems/warhammer-fantasy/index.js', () => import('../systems/warhammer-fantasy/index.js'))).warhammerFantasyWithFights as GameSystem<unknown>,
  'kings-of-war': async () => (await load('../systems/kings-of-war/index.js', () => import('../systems/kings-of-war/index.js'))).kingsOfWar as GameSystem<unknown>,
  'age-of-sigmar': async () => (await load('../systems/age-of-sigmar/index.js', () => import('../systems/age-of-sigmar/index.js'))).ageOfSigmar as GameSystem<unknown>,
  hott: async () => (await load('../systems/hott/index.js', () => import('../systems/hott/index.js'))).hott as GameSystem<unknown>,
};

const loaded = new Map<string, Promise<GameSystem<unknown>>>();

/** The rule set named `name` (an id, or an alias through the registry). */
export function loadSystem(name: string): Promise<GameSystem<unknown>> {
  let system = loaded.get(name);
  if (!system) {
    const loader: Loader = Object.hasOwn(SYSTEM_MODULES, name)
      ? SYSTEM_MODULES[name]
      : async () => (await load('../systems/registry.js', () => import('../systems/registry.js'))).findSystem(name);
    loaded.set(name, (system = loader()));
  }
  return system;
}
