/**
 * The one simulator a worker needs, loaded on its own (thread scaling): a worker gets
 * the scenario already parsed and validated by the main thread, so it loads neither the
 * validation library nor the rule set's schema, exact engine or unit library — only the
 * simulator module of the scenario's kind (a whole fight, an engagement, or one round).
 *
 * Each rule set's `simulate` (its index.ts) picks among the same modules by the same tag of the
 * parsed scenario; test/sim/system-modules.test.ts checks that both pick alike on every bundled
 * scenario.
 */
import { importOrRequireFrom } from '../core/import-or-require.js';
import type { Rng } from '../core/rng.js';
import type { SystemId } from '../systems/types.js';
import type { Tally } from './tally.js';

export type Simulate = (scenario: any, rng: Rng, n: number, tally: Tally) => void;

/** A tagged kind of parsed scenario and the simulator module that rolls it. */
interface Kind {
  matches(scenario: any): boolean;
  load(): Promise<Simulate>;
}

const load = importOrRequireFrom(import.meta.url);

const tagged = (s: any, kind: string) => typeof s === 'object' && s !== null && 'kind' in s && s.kind === kind;
const always = () => true;

/** Per rule set, its kinds in the order they are tried (the last one matches anything). */
const KINDS: Record<SystemId, readonly Kind[]> = {
  generic: [{ matches: always, load: async () => (await load('../systems/generic/simulate.js', () => import('../systems/generic/simulate.js'))).simulateGeneric }],
  'ninth-age': [
    { matches: (s) => tagged(s, 'fight'), load: async () => (await load('../systems/ninth-age/fight-simulate.js', () => import('../systems/ninth-age/fight-simulate.js'))).simulateFight },
    { matches: always, load: async () => (await load('../systems/ninth-age/simulate.js', () => import('../systems/ninth-age/simulate.js'))).simulateScenario },
  ],
  'warhammer-fantasy': [
    { matches: (s) => s?.phase === 'fight', load: async () => (await load('../systems/warhammer-fantasy/fight-simulate.js', () => import('../systems/warhammer-fantasy/fight-simulate.js'))).simulateFight },
    { matches: always, load: async () => (await load('../systems/warhammer-fantasy/simulate.js', () => import('../systems/warhammer-fantasy/simulate.js'))).simulate },
  ],
  'kings-of-war': [
    { matches: (s) => tagged(s, 'engagement'), load: async () => (await load('../systems/kings-of-war/engagement-simulate.js', () => import('../systems/kings-of-war/engagement-simulate.js'))).simulateEngagement },
    { matches: always, load: async () => (await load('../systems/kings-of-war/simulate.js', () => import('../systems/kings-of-war/simulate.js'))).simulateScenario },
  ],
  'age-of-sigmar': [
    { matches: (s) => tagged(s, 'engagement'), load: async () => (await load('../systems/age-of-sigmar/engagement/simulate.js', () => import('../systems/age-of-sigmar/engagement/simulate.js'))).simulateEngagement },
    { matches: always, load: async () => (await load('../systems/age-of-sigmar/simulate.js', () => import('../systems/age-of-sigmar/simulate.js'))).simulate },
  ],
  // A HOTT engagement (repeated combat, assault) has a `kind`; a single combat has none.
  hott: [
    { matches: (s) => typeof s === 'object' && s !== null && 'kind' in s, load: async () => (await load('../systems/hott/engagement-simulate.js', () => import('../systems/hott/engagement-simulate.js'))).simulateHottEngagement },
    { matches: always, load: async () => (await load('../systems/hott/simulate.js', () => import('../systems/hott/simulate.js'))).simulateHott },
  ],
};

/** The simulator of a parsed scenario of rule set `system` (its id, as the main thread resolved it). */
export async function loadSimulator(system: string, scenario: unknown): Promise<Simulate> {
  const kinds = KINDS[system as SystemId];
  if (!kinds) throw new Error(`no simulator for rule set '${system}'`);
  return kinds.find((k) => k.matches(scenario))!.load();
}
