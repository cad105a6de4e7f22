/**
 * Hordes of the Things III "Edición para Amiguetes" (rules/hott.md): one element against one
 * element in close combat, shooting or a magic attack.
 */
import type { GameSystem } from '../types.js';
import { hottQuestions } from './questions.js';
import { COMBAT_CASES, exactHott } from './exact.js';
import { RESULTS } from './results.js';
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
  // The exact engine's tables: attacker, target, combat; results in rules order (results.ts), then the combat cases.
  categoryOrder: ['attacker', 'target', 'combat', ...RESULTS, ...COMBAT_CASES],
  questions: hottQuestions,
  warnings: (s) => (s.mode === 'close-combat' ? s.warnings : []),
};
