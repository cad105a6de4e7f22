/**
 * One step of a Markov chain over states named by a key (DESIGN.md, "Whole fights and
 * engagements"): every state's mass is spread over its successors, and equal states are merged.
 * The two-sided fight chain (chain.ts) records its round tables as it goes; engagements of several
 * units step with this.
 */
import { chargeWork, grouped } from '../core/budget.js';
import { TooLargeError } from '../core/errors.js';
import { MAX_CHAIN_STATES } from './chain.js';
import { CompensatedSum } from '../core/compensated.js';

/**
 * Meter units (core/budget.ts, about a nanosecond each) of carrying one state's mass to one
 * successor: making the successor, its key, and merging it into the next distribution.
 */
export const TRANSITION_UNITS = 1500;

const transitionWhat = () => `an engagement whose states hold up to ${grouped(MAX_CHAIN_STATES)} states at once`;

export interface Weighted<S> {
  p: number;
  readonly state: S;
}

/** A distribution over states, keyed. */
export type StateDist<S> = Map<string, Weighted<S>>;

export function certain<S>(state: S, key: (s: S) => string): StateDist<S> {
  return new Map([[key(state), { p: 1, state }]]);
}

/** Add mass p of `state` into `into`, merging it with an equal state. */
export function addState<S>(into: StateDist<S>, state: S, p: number, key: (s: S) => string): void {
  if (p === 0) return;
  const k = key(state);
  const old = into.get(k);
  if (old) old.p += p;
  else {
    if (into.size >= MAX_CHAIN_STATES)
      throw new TooLargeError(`the exact chain would hold more than ${MAX_CHAIN_STATES.toLocaleString('en')} states at once; use --mc for this engagement`);
    into.set(k, { p, state });
  }
}

/** The distribution after one step: `step(state)` lists each successor with its probability. */
export function advance<S>(live: StateDist<S>, step: (state: S) => Iterable<readonly [S, number]>, key: (s: S) => string): StateDist<S> {
  const next: StateDist<S> = new Map();
  for (const { p, state } of live.values())
    for (const [to, q] of step(state)) {
      chargeWork(TRANSITION_UNITS, transitionWhat);
      addState(next, to, p * q, key);
    }
  return next;
}

/** The total probability of a distribution over states (compensated, conservation.ts). */
export function massOf<S>(dist: StateDist<S>): number {
  const total = new CompensatedSum();
  for (const { p } of dist.values()) total.add(p);
  return total.value;
}
