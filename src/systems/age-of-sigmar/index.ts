/**
 * Warhammer Age of Sigmar, 4th edition core rules (rules/age-of-sigmar.md): the attack and damage
 * sequence with critical hits, mortal damage, wards and allocation with spill-over.
 */
import type { GameSystem } from '../types.js';
import { ageOfSigmarQuestions } from './questions.js';
import { exactOutcome } from './exact.js';
import { parseScenario } from './parse.js';
import type { Scenario } from './schema.js';
import { simulate } from './simulate.js';

export const ageOfSigmar: GameSystem<Scenario> = {
  id: 'age-of-sigmar',
  aliases: ['aos'],
  title: 'Warhammer Age of Sigmar (4th edition core rules)',
  parse: parseScenario,
  exact: exactOutcome,
  categoryOrder: [],
  simulate,
  questions: ageOfSigmarQuestions,
};
