/**
 * Kings of War, 2nd edition (rules/kings-of-war.md): hits, damage and the nerve test — one
 * attack, or an engagement of several attackers over one or more turns.
 */
import { boundedOutcome } from '../bounded-outcome.js';
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import { type GameSystem, notesOf, type Outcome, sortedNames } from '../types.js';
import { RULE_IDS } from './rules.js';
import { kingsOfWarQuestions } from './questions.js';
import { exactOutcome } from './exact.js';
import { engagementEstimate, exactEngagement } from './engagement.js';
import { type Engagement, isEngagementInput, MAX_TURNS, parseEngagement } from './engagement-schema.js';
import { simulateEngagement } from './engagement-simulate.js';
import { parseScenario, type Scenario, unitSchema } from './schema.js';
import { simulateScenario } from './simulate.js';

export type KingsOfWarInput = Scenario | Engagement;

const isEngagement = (s: KingsOfWarInput): s is Engagement => 'kind' in s && s.kind === 'engagement';

export const kingsOfWar: GameSystem<KingsOfWarInput> = {
  id: 'kings-of-war',
  aliases: ['kow'],
  title: 'Kings of War 2nd edition: damage and nerve tests (steady / wavered / routed)',
  parse: (input: unknown): KingsOfWarInput => (isEngagementInput(input) ? parseEngagement(input) : parseScenario(input)),
  exact: (s: KingsOfWarInput): Outcome => boundedOutcome(isEngagement(s) ? exactEngagement(s) : exactOutcome(s)),
  // One attack's distributions are metered as they are built; an engagement is estimated whole.
  estimate: (s: KingsOfWarInput): number => (isEngagement(s) ? engagementEstimate(s) : 0),
  simulate: (s: KingsOfWarInput, rng: Rng, n: number, tally: Tally): void =>
    isEngagement(s) ? simulateEngagement(s, rng, n, tally) : simulateScenario(s, rng, n, tally),
  // As exact.ts builds them: the outcome tables, then the nerve test's results (damage left: numbers, then 'routed').
  categoryOrder: [
    // An engagement's tables turn by turn (MAX_TURNS).
    ...Array.from({ length: MAX_TURNS }, (_, k) => `end of turn ${k + 1}`),
    'nerve test', 'target damage', 'target next turn', 'attacker damage', 'none', 'not-wavered', 'steady', 'wavered', 'routed'],
  questions: kingsOfWarQuestions,
  unitSchema: { schema: unitSchema, names: { rules: sortedNames(RULE_IDS) } },
  notes: notesOf,
};
