/**
 * The whole work of a question over many pairings (`kills`, `compare`, `table`), estimated before
 * its first pairing runs: each pairing's scenario is built and parsed, and its rule set's
 * `estimate` (the work its exact engine would do, without doing it) is added up. A question whose
 * estimate passes the meter's limit is refused in one line before any pairing is computed.
 */
import { grouped, scientific, WORK_LIMIT, WorkAccount } from '../core/budget.js';
import { InputError, TooLargeError } from '../core/errors.js';
import { findSystem } from '../systems/lookup.js';

/** One pairing of a question, built only when asked for: its rule set and its scenario input. */
export type Planned = () => { system: string; input: unknown };

/**
 * The estimated work of the question's pairings, or a TooLargeError naming the question, the
 * estimate and the limit. Stops adding as soon as the limit is passed, and then states the whole
 * question's work at the same average a pairing. A pairing the rules do not
 * allow (an InputError while building or parsing it) adds nothing here: the question lists or
 * refuses it when it runs. Building the pairings' plans is metered on `account`.
 */
export function expectQuestionWork(question: string, plan: readonly Planned[], account = new WorkAccount(), limit = WORK_LIMIT): number {
  let total = 0;
  let counted = 0;
  for (const pairing of plan) {
    total += account.run(() => {
      let built: ReturnType<Planned>;
      let parsed: unknown;
      const system = (() => {
        try {
          built = pairing();
          const s = findSystem(built.system);
          parsed = s.parse(built.input);
          return s;
        } catch (e) {
          if (e instanceof InputError && !(e instanceof TooLargeError)) return null;
          throw e;
        }
      })();
      return system?.estimate?.(parsed) ?? 0;
    });
    counted++;
    if (total > limit)
      throw new TooLargeError(
        `too large for the exact engine: ${question} (${grouped(plan.length)} pairings) needs about ${scientific((total * plan.length) / counted)} steps${counted < plan.length ? ` (${scientific(total)} in its first ${grouped(counted)})` : ''} (at most ${scientific(limit)}, about 5 s); use --mc, or fewer candidates, options, turns or rounds`,
      );
  }
  return total;
}
