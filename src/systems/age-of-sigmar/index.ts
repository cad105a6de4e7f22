/**
 * Warhammer Age of Sigmar, 4th edition core rules (rules/age-of-sigmar.md): the attack and damage
 * sequence with critical hits, mortal damage, wards and allocation with spill-over; and whole
 * engagements of several units over turns (engagement/).
 */
import { boundedOutcome } from '../bounded-outcome.js';
import { type GameSystem, notesOf, sortedNames } from '../types.js';
import { InputError } from '../../core/errors.js';
import { ageOfSigmarQuestions } from './questions.js';
import { exactOutcome } from './exact.js';
import { UNIT_ABILITIES, WEAPON_ABILITIES, parseScenario } from './parse.js';
import { type Scenario, unitSchema } from './schema.js';
import { simulate } from './simulate.js';
import { aosStages } from './stages.js';
import { engagementEstimate, engagementExact } from './engagement/exact.js';
import { isEngagementInput, parseEngagement } from './engagement/parse.js';
import type { Engagement } from './engagement/schema.js';
import { simulateEngagement } from './engagement/simulate.js';
import { ENGAGEMENT_CATEGORY_ORDER } from './engagement/tables.js';

/** One ATTACK ability (or mortal damage) on one unit, or a whole engagement. */
export type AgeOfSigmarScenario = Scenario | Engagement;

const isEngagement = (s: AgeOfSigmarScenario): s is Engagement => 'kind' in s && s.kind === 'engagement';

export const ageOfSigmar: GameSystem<AgeOfSigmarScenario> = {
  id: 'age-of-sigmar',
  aliases: ['aos'],
  title: 'Warhammer Age of Sigmar (4th edition core rules)',
  parse: (input) => (isEngagementInput(input) ? parseEngagement(input) : parseScenario(input)),
  exact: (s) => boundedOutcome(isEngagement(s) ? engagementExact(s) : exactOutcome(s)),
  // One ATTACK ability's distributions are metered as they are built; an engagement is estimated whole.
  estimate: (s) => (isEngagement(s) ? engagementEstimate(s) : 0),
  stages: (s) => {
    if (isEngagement(s)) throw new InputError('--stages: an engagement is many attacks over turns; --stages takes one ATTACK ability');
    return aosStages(s);
  },
  // An engagement's tables: the turn its focus unit was destroyed, then each unit's models left (ascending).
  categoryOrder: ENGAGEMENT_CATEGORY_ORDER,
  simulate: (s, rng, n, tally) => (isEngagement(s) ? simulateEngagement(s, rng, n, tally) : simulate(s, rng, n, tally)),
  questions: ageOfSigmarQuestions,
  unitSchema: { schema: unitSchema, names: { abilities: sortedNames(UNIT_ABILITIES), 'weapons.abilities': WEAPON_ABILITIES } },
  notes: notesOf,
};
