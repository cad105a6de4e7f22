/**
 * Warhammer Fantasy Battles (6th/7th edition era quick reference), rules/warhammer-fantasy.md.
 */
import type { GameSystem } from '../types.js';
import { warhammerFantasyQuestions } from './questions.js';
import { exact } from './exact.js';
import { type Scenario, parseScenario } from './schema.js';
import { simulate } from './simulate.js';
import { COMBAT_RESULTS } from './outcome-keys.js';

export const warhammerFantasy: GameSystem<Scenario> = {
  id: 'warhammer-fantasy',
  aliases: ['whfb'],
  title: 'Warhammer Fantasy Battles (6th/7th edition quick reference): a close-combat round from charge to pursuit, shooting and panic, fleeing from a charge, rallying',
  parse: parseScenario,
  exact,
  simulate,
  // outcome-keys.ts: the outcome tables, the combat results, then the target's fates in the order
  // of each phase (panic after shooting, the close-combat fates, fleeing from a charge, rallying).
  categoryOrder: [
    'combat',
    'attacker',
    ...COMBAT_RESULTS,
    'no-test',
    'passes-panic-test',
    'panics',
    'holds',
    'breaks',
    'escapes',
    'caught',
    'wiped-out',
    'flees-at-charge',
    'rallies',
    'keeps-fleeing',
    'cannot-rally',
  ],
  questions: warhammerFantasyQuestions,
};
