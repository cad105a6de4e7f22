/**
 * The generic D6 pipeline: for any wargame that rolls to hit, to wound and to save on D6s.
 */
import { boundedOutcome } from '../bounded-outcome.js';
import { type GameSystem, notesOf } from '../types.js';
import { exactGeneric, stagesGeneric } from './exact.js';
import { type GenericScenario, parseGeneric } from './schema.js';
import { simulateGeneric } from './simulate.js';

export const generic: GameSystem<GenericScenario> = {
  id: 'generic',
  aliases: ['d6'],
  title: 'Generic D6 pipeline: hit, wound, save, ward, damage',
  parse: parseGeneric,
  exact: (s) => boundedOutcome(exactGeneric(s)),
  stages: stagesGeneric,
  categoryOrder: [],
  simulate: simulateGeneric,
  notes: notesOf,
};
