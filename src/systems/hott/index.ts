/**
 * Hordes of the Things III "Edición para Amiguetes" (rules/hott.md): one element against one
 * element in close combat, shooting or a magic attack; and combats that go on bound after bound,
 * including assaults on a Stronghold (issue 15).
 */
import type { GameSystem } from '../types.js';
import { hottQuestions } from './questions.js';
import { exactHott } from './exact.js';
import { exactHottEngagement } from './engagement.js';
import { type HottEngagement, isHottEngagementInput, parseHottEngagement } from './engagement-schema.js';
import { simulateHottEngagement } from './engagement-simulate.js';
import type { HottScenario } from './scenario.js';
import { parseHott } from './schema.js';
import { simulateHott } from './simulate.js';

export type HottInput = HottScenario | HottEngagement;

const isEngagement = (s: HottInput): s is HottEngagement => 'kind' in s;

export const hott: GameSystem<HottInput> = {
  id: 'hott',
  aliases: [],
  title: 'Hordes of the Things III (Edición para Amiguetes): combat outcomes of one element against another',
  parse: (input) => (isHottEngagementInput(input) ? parseHottEngagement(input) : parseHott(input)),
  exact: (s) => (isEngagement(s) ? exactHottEngagement(s) : exactHott(s)),
  simulate: (s, rng, n, tally) => (isEngagement(s) ? simulateHottEngagement(s, rng, n, tally) : simulateHott(s, rng, n, tally)),
  questions: hottQuestions,
  warnings: (s) => (isEngagement(s) ? (s.kind === 'repeated-combat' ? s.first.warnings : []) : s.mode === 'close-combat' ? s.warnings : []),
};
