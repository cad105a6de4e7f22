/**
 * Hordes of the Things III "Edición para Amiguetes" (rules/hott.md): one element against one
 * element in close combat, shooting or a magic attack; and combats that go on bound after bound,
 * including assaults on a Stronghold.
 */
import { boundedOutcome } from '../bounded-outcome.js';
import type { GameSystem } from '../types.js';
import { hottQuestions } from './questions.js';
import { COMBAT_CASES, exactHott } from './exact.js';
import { RESULTS } from './results.js';
import { exactHottEngagement, IN_CONTACT } from './engagement.js';
import { type HottEngagement, isHottEngagementInput, MAX_BOUNDS, parseHottEngagement } from './engagement-schema.js';
import { simulateHottEngagement } from './engagement-simulate.js';
import type { HottScenario } from './scenario.js';
import { parseHott, unitSchema } from './schema.js';
import { TROOP_IDS } from './tables.js';
import { simulateHott } from './simulate.js';

export type HottInput = HottScenario | HottEngagement;

const isEngagement = (s: HottInput): s is HottEngagement => 'kind' in s;

export const hott: GameSystem<HottInput> = {
  id: 'hott',
  aliases: [],
  title: 'Hordes of the Things III (Edición para Amiguetes): combat outcomes of one element against another',
  parse: (input) => (isHottEngagementInput(input) ? parseHottEngagement(input) : parseHott(input)),
  exact: (s) => boundedOutcome(isEngagement(s) ? exactHottEngagement(s) : exactHott(s)),
  simulate: (s, rng, n, tally) => (isEngagement(s) ? simulateHottEngagement(s, rng, n, tally) : simulateHott(s, rng, n, tally)),
  // The exact engine's tables: attacker, target, combat; results in rules order (results.ts), then the combat cases.
  categoryOrder: [
    // A combat that goes on, bound by bound, then an assault's bounds (MAX_BOUNDS).
    ...Array.from({ length: MAX_BOUNDS }, (_, k) => `within bound ${k + 1}`),
    ...Array.from({ length: MAX_BOUNDS }, (_, k) => `bound ${k + 1}`),
    'attacker',
    'target',
    'combat',
    ...RESULTS,
    ...COMBAT_CASES,
    IN_CONTACT,
    'holds',
  ],
  questions: hottQuestions,
  unitSchema: { schema: unitSchema, names: { type: TROOP_IDS, supports: TROOP_IDS } },
  notes: (s) => (isEngagement(s) ? (s.kind === 'repeated-combat' ? s.first.notes : []) : (s.notes ?? [])),
};
