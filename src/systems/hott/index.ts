/**
 * Hordes of the Things III "Edición para Amiguetes" (rules/hott.md): one element against one
 * element in close combat, shooting or a magic attack.
 */
import type { GameSystem } from '../types.js';
import { hottQuestions } from './questions.js';
import { exactHott } from './exact.js';
import type { HottScenario } from './scenario.js';
import { parseHott } from './schema.js';
import { simulateHott } from './simulate.js';

export const hott: GameSystem<HottScenario> = {
  id: 'hott',
  aliases: [],
  title: 'Hordes of the Things III (Edición para Amiguetes): combat outcomes of one element against another',
  parse: parseHott,
  exact: exactHott,
  simulate: simulateHott,
  questions: hottQuestions,
  warnings: (s) => (s.mode === 'close-combat' ? s.warnings : []),
};
