/**
 * Warhammer Fantasy Battles (6th/7th edition era quick reference), rules/warhammer-fantasy.md.
 */
import type { GameSystem } from '../types.js';
import { warhammerFantasyQuestions } from './questions.js';
import { exact } from './exact.js';
import { type Scenario, parseScenario } from './schema.js';
import { simulate } from './simulate.js';

export const warhammerFantasy: GameSystem<Scenario> = {
  id: 'warhammer-fantasy',
  aliases: ['whfb'],
  title: 'Warhammer Fantasy Battles (6th/7th edition quick reference): a close-combat round from charge to pursuit, shooting and panic, fleeing from a charge, rallying',
  parse: parseScenario,
  exact,
  simulate,
  questions: warhammerFantasyQuestions,
};
