/**
 * The exact engine of a whole fight: a Markov chain over the states a rule set carries between
 * rounds. Each round maps the distribution over live states to the next one, merging equal states;
 * endings are absorbing. Steps from a state are computed once per phase (round 1, later rounds).
 */
import { InputError } from '../core/errors.js';
import type { Outcome } from '../systems/types.js';
import { FightTables } from './tables.js';
import type { FightModel, RoundSteps, Units } from './types.js';

/** Most states one round of the exact chain may hold before the Monte Carlo engine is the answer. */
export const MAX_CHAIN_STATES = 60_000;

/** Refuse a fight whose state space is too large for the exact chain — one line, pointing to --mc. */
export function checkChainSize(bound: number): void {
  if (bound > MAX_CHAIN_STATES)
    throw new InputError(
      `fight: the exact chain could hold up to ${bound.toLocaleString('en')} states a round (limit ${MAX_CHAIN_STATES.toLocaleString('en')}); use --mc for this fight`,
    );
}

export function runChain<K extends number | string>(model: FightModel<K>): Outcome {
  checkChainSize(model.bound);
  const tables = new FightTables(model.rounds, model.challenge ?? false);
  const cache = new Map<string, RoundSteps<K>>();
  const stepsOf = (state: K, round: number) => {
    const key = `${model.phase(round)}|${state}`;
    let steps = cache.get(key);
    if (!steps) cache.set(key, (steps = model.steps(state, round)));
    return steps;
  };
  let live = new Map<K, { p: number; units: Units }>([[model.start, { p: 1, units: model.startUnits }]]);
  // Mass that already ended, by the units it ended with.
  const ended = new Map<number, { p: number; units: Units }>();
  const statesPerRound: number[] = [];
  for (let round = 1; round <= model.rounds && live.size > 0; round++) {
    statesPerRound.push(live.size);
    for (const { p, units } of ended.values()) tables.afterEnd(round, units, p);
    const next = new Map<K, { p: number; units: Units }>();
    for (const [state, { p }] of live) {
      const { steps, margins, overkills } = stepsOf(state, round);
      for (const [margin, q] of margins) tables.margin(round, margin, p * q);
      for (const [key, q] of overkills ?? [['none', 1] as const]) tables.overkill(round, key, p * q);
      for (const step of steps) {
        const q = p * step.p;
        if (q === 0) continue;
        tables.left(round, step.units, q);
        if (step.next === null) {
          tables.end(round, step.ending, step.units, q);
          const key = step.units.attackerLeft * 1_000_000 + step.units.targetLeft;
          const e = ended.get(key);
          if (e) e.p += q;
          else ended.set(key, { p: q, units: step.units });
        } else {
          const n = next.get(step.next);
          if (n) n.p += q;
          else next.set(step.next, { p: q, units: step.units });
        }
      }
    }
    live = next;
  }
  // Rounds after every fight ended (a short fight under a long cap) still have their tables.
  for (let round = statesPerRound.length + 1; round <= model.rounds; round++)
    for (const { p, units } of ended.values()) tables.afterEnd(round, units, p);
  for (const { p, units } of live.values()) tables.end(model.rounds, null, units, p);
  return { ...tables.outcome(), chain: { statesPerRound, bound: model.bound } };
}
