/**
 * Kings of War, 2nd edition (rules/kings-of-war.md): hits, damage and the nerve test.
 */
import type { GameSystem } from '../types.js';
import { kingsOfWarQuestions } from './questions.js';
import { exactOutcome } from './exact.js';
import { parseScenario, type Scenario } from './schema.js';
import { simulateScenario } from './simulate.js';

export const kingsOfWar: GameSystem<Scenario> = {
  id: 'kings-of-war',
  aliases: ['kow'],
  title: 'Kings of War 2nd edition: damage and nerve tests (steady / wavered / routed)',
  parse: parseScenario,
  exact: exactOutcome,
  simulate: simulateScenario,
  // As exact.ts builds them: the outcome tables, then the nerve test's results (damage left: numbers, then 'routed').
  categoryOrder: ['nerve test', 'target damage', 'target next turn', 'attacker damage', 'none', 'not-wavered', 'steady', 'wavered', 'routed'],
  questions: kingsOfWarQuestions,
};
