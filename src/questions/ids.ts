/** Ids as the user types them. */
import { findSystem } from '../systems/lookup.js';

/** `kow/dragon` for kings-of-war/dragon: the rule set's short name, then the unit's (or scenario's) id. */
export function shortId(system: string, id: string): string {
  const s = findSystem(system);
  return `${s.aliases.find((a) => a !== 'd6') ?? s.id}/${id}`;
}
