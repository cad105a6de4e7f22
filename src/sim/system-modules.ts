/**
 * The rule set a worker needs, loaded on its own: a worker thread imports only the one rule set
 * its job simulates, not the whole registry (each rule set's modules cost a worker start-up, and
 * the registry loads all six — issue 16, thread scaling). The loaders are the catalog's
 * (systems/lookup.ts), the same table the command-line start-up uses.
 */
import type { GameSystem } from '../systems/types.js';
import { findSystem, loadSystems, systemIdOf } from '../systems/lookup.js';

/** The rule set named `name` (an id or an alias). */
export async function loadSystem(name: string): Promise<GameSystem<unknown>> {
  await loadSystems([systemIdOf(name)]);
  return findSystem(name);
}
