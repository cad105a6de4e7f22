/**
 * Kings of War, 2nd edition (rules/kings-of-war.md): hits, damage and the nerve test — one
 * attack, or an engagement of several attackers over one or more turns.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import type { GameSystem, Outcome } from '../types.js';
import { kingsOfWarQuestions } from './questions.js';
import { exactOutcome } from './exact.js';
import { exactEngagement } from './engagement.js';
import { type Engagement, isEngagementInput, parseEngagement } from './engagement-schema.js';
import { simulateEngagement } from './engagement-simulate.js';
import { parseScenario, type Scenario } from './schema.js';
import { simulateScenario } from './simulate.js';

export type KingsOfWarInput = Scenario | Engagement;

const isEngagement = (s: KingsOfWarInput): s is Engagement => 'kind' in s && s.kind === 'engagement';

export const kingsOfWar: GameSystem<KingsOfWarInput> = {
  id: 'kings-of-war',
  aliases: ['kow'],
  title: 'Kings of War 2nd edition: damage and nerve tests (steady / wavered / routed)',
  parse: (input: unknown): KingsOfWarInput => (isEngagementInput(input) ? parseEngagement(input) : parseScenario(input)),
  exact: (s: KingsOfWarInput): Outcome => (isEngagement(s) ? exactEngagement(s) : exactOutcome(s)),
  simulate: (s: KingsOfWarInput, rng: Rng, n: number, tally: Tally): void =>
    isEngagement(s) ? simulateEngagement(s, rng, n, tally) : simulateScenario(s, rng, n, tally),
  questions: kingsOfWarQuestions,
};
