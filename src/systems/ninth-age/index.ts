/**
 * The 9th Age: Fantasy Battles (rulebook 0.11.1 beta) — close combat from attack to break test,
 * whole fights round after round, and shooting with its Panic test.
 */
import { boundedOutcome } from '../bounded-outcome.js';
import { withFights } from '../../fight/with-fights.js';
import { type GameSystem, sortedNames } from '../types.js';
import { EQUIPMENT, ITEMS, NO_DICE_ITEMS, NO_DICE_RULES, RULES } from './catalog.js';
import { exactOutcome } from './exact.js';
import { fightModel } from './fight.js';
import { type FightScenario, isFightInput, parseFight } from './fight-schema.js';
import { simulateFight } from './fight-simulate.js';
import type { Scenario } from './model.js';
import { ninthAgeQuestions } from './questions.js';
import { parseScenario, unitSchema } from './schema.js';
import { simulateScenario } from './simulate.js';
import { MELEE_CATEGORIES, SHOOTING_CATEGORIES } from './categories.js';

const RULE_NAMES = sortedNames(Object.keys(RULES), NO_DICE_RULES);

/** One round of melee, or one unit's shooting. */
export const ninthAge: GameSystem<Scenario> = {
  id: 'ninth-age',
  aliases: ['t9a', '9th-age'],
  title: 'The 9th Age: Fantasy Battles 0.11.1 — melee rounds with break tests, whole fights, shooting with panic',
  parse: parseScenario,
  exact: (s) => boundedOutcome(exactOutcome(s)),
  // Shooting's categories, then melee's (categories.ts): each keeps its own order.
  categoryOrder: [...SHOOTING_CATEGORIES, ...MELEE_CATEGORIES],
  simulate: simulateScenario,
  questions: ninthAgeQuestions,
  unitSchema: {
    schema: unitSchema,
    names: { equipment: sortedNames(Object.keys(EQUIPMENT)), items: sortedNames(Object.keys(ITEMS), NO_DICE_ITEMS), rules: RULE_NAMES, 'mount.rules': RULE_NAMES },
  },
};

/** The rule set as the registry serves it: a round as above, or a whole fight (src/fight). */
export const ninthAgeWithFights: GameSystem<Scenario | FightScenario> = withFights(ninthAge, {
  isFightInput,
  parseFight,
  isFight: (s): s is FightScenario => 'kind' in s && s.kind === 'fight',
  fightModel,
  simulateFight,
});
