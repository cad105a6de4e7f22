/**
 * The 9th Age: Fantasy Battles (rulebook 0.11.1 beta) — close combat from attack to break test,
 * and shooting with its Panic test.
 */
import type { GameSystem } from '../types.js';
import { exactOutcome } from './exact.js';
import type { Scenario } from './model.js';
import { ninthAgeQuestions } from './questions.js';
import { parseScenario } from './schema.js';
import { simulateScenario } from './simulate.js';
import { MELEE_CATEGORIES, SHOOTING_CATEGORIES } from './categories.js';

export const ninthAge: GameSystem<Scenario> = {
  id: 'ninth-age',
  aliases: ['t9a'],
  title: 'The 9th Age: Fantasy Battles 0.11.1 — melee rounds with break tests, shooting with panic',
  parse: parseScenario,
  exact: exactOutcome,
  // Shooting's categories, then melee's (categories.ts): each keeps its own order.
  categoryOrder: [...SHOOTING_CATEGORIES, ...MELEE_CATEGORIES],
  simulate: simulateScenario,
  questions: ninthAgeQuestions,
};
