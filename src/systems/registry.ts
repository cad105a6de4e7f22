/**
 * Every rule set warodds knows, loaded, and looked up by id or alias (`lookup.ts` loads them on
 * demand instead).
 */
import { ninthAgeWithFights } from './ninth-age/index.js';
import type { GameSystem } from './types.js';
import { generic } from './generic/index.js';
import { warhammerFantasyWithFights } from './warhammer-fantasy/index.js';
import { kingsOfWar } from './kings-of-war/index.js';
import { ageOfSigmar } from './age-of-sigmar/index.js';
import { hott } from './hott/index.js';
import { registerSystems } from './lookup.js';

// One entry per rule set (each folder's index.ts exports its GameSystem).
export const SYSTEMS: ReadonlyArray<GameSystem<any>> = [generic, ninthAgeWithFights, warhammerFantasyWithFights, kingsOfWar, ageOfSigmar, hott];
registerSystems(SYSTEMS);

export { findSystem } from './lookup.js';
