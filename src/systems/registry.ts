/**
 * Every rule set warodds knows, looked up by id or alias.
 */
import { InputError } from '../core/errors.js';
import { ninthAgeWithFights } from './ninth-age/index.js';
import type { GameSystem } from './types.js';
import { generic } from './generic/index.js';
import { warhammerFantasyWithFights } from './warhammer-fantasy/index.js';
import { kingsOfWar } from './kings-of-war/index.js';
import { ageOfSigmar } from './age-of-sigmar/index.js';
import { hott } from './hott/index.js';

// One entry per rule set (each folder's index.ts exports its GameSystem).
export const SYSTEMS: ReadonlyArray<GameSystem<any>> = [generic, ninthAgeWithFights, warhammerFantasyWithFights, kingsOfWar, ageOfSigmar, hott];

export function findSystem(name: string, field = 'system'): GameSystem<unknown> {
  const key = name.trim().toLowerCase();
  const system = SYSTEMS.find((s) => s.id === key || s.aliases.includes(key));
  if (!system) {
    const allowed = SYSTEMS.map((s) => [s.id, ...s.aliases].join('/')).join(', ');
    throw new InputError(`${field}: unknown rule set '${name}' (allowed: ${allowed})`);
  }
  return system;
}

