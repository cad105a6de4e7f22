/**
 * Warhammer Fantasy Battles (6th/7th edition era quick reference), rules/warhammer-fantasy.md.
 */
import { boundedOutcome } from '../bounded-outcome.js';
import { withFights } from '../../fight/with-fights.js';
import { type GameSystem, notesOf, sortedNames } from '../types.js';
import { RULE_IDS } from './rules.js';
import { warhammerFantasyQuestions } from './questions.js';
import { exact } from './exact.js';
import { fightModel } from './fight.js';
import { type FightScenario, isFightInput, parseFight } from './fight-schema.js';
import { simulateFight } from './fight-simulate.js';
import { MISSILE_RULE_IDS, type Scenario, parseScenario, unitSchema } from './schema.js';
import { simulate } from './simulate.js';
import { COMBAT_RESULTS } from './outcome-keys.js';

/** A close-combat round, a shooting phase, fleeing from a charge, or a rally test. */
export const warhammerFantasy: GameSystem<Scenario> = {
  id: 'warhammer-fantasy',
  aliases: ['whfb'],
  title:
    'Warhammer Fantasy Battles (6th/7th edition quick reference): a close-combat round from charge to pursuit, whole fights, shooting and panic, fleeing from a charge, rallying',
  parse: parseScenario,
  exact: (s) => boundedOutcome(exact(s)),
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
  unitSchema: { schema: unitSchema, names: { rules: sortedNames(RULE_IDS), 'missile.rules': MISSILE_RULE_IDS } },
  notes: notesOf,
};

/** The rule set as the registry serves it: everything above, or a whole fight (src/fight). */
export const warhammerFantasyWithFights: GameSystem<Scenario | FightScenario> = withFights(warhammerFantasy, {
  isFightInput,
  parseFight,
  isFight: (s): s is FightScenario => s.phase === 'fight',
  fightModel,
  simulateFight,
});
