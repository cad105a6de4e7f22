/**
 * What happens before the first round of a fight, as a distribution: the charged unit's Stand and
 * Shoot (9th Age §5, §13; Warhammer Fantasy §3, §5) leaves the charger with fewer models, or ends
 * the fight before a blow is struck (wiped out, or fled after a failed Panic test). The chain sees
 * it as round 1's steps from the start: every opening, followed by round 1 fought from it.
 */
import type { Ending, FightModel, RoundSteps, Step, Units } from './types.js';

/** One way the opening can go: the fight starts from `state`, or ended (`ending`) before round 1. */
export type Opening<K> =
  | { readonly p: number; readonly state: K; readonly ending: null; readonly units: Units }
  | { readonly p: number; readonly state: null; readonly ending: Ending; readonly units: Units };

/** The fight with `openings` played before round 1 (their probabilities sum to 1). */
export function openedBy<K extends number | string>(model: FightModel<K>, openings: readonly Opening<K>[]): FightModel<K> {
  const firstRound = (): RoundSteps<K> => {
    const steps: Step<K>[] = [];
    const margins = new Map<number | null, number>();
    const overkills = new Map<string, number>();
    for (const o of openings) {
      if (o.p === 0) continue;
      if (o.state === null) {
        // Ended before any blow: no combat result this round
        steps.push({ p: o.p, units: o.units, next: null, ending: o.ending });
        margins.set(null, (margins.get(null) ?? 0) + o.p);
        overkills.set('none', (overkills.get('none') ?? 0) + o.p);
        continue;
      }
      const round = model.steps(o.state, 1);
      for (const s of round.steps) steps.push({ ...s, p: s.p * o.p });
      for (const [m, q] of round.margins) margins.set(m, (margins.get(m) ?? 0) + q * o.p);
      for (const [k, q] of round.overkills ?? [['none', 1] as const]) overkills.set(k, (overkills.get(k) ?? 0) + q * o.p);
    }
    return { steps, margins: [...margins], overkills: [...overkills] };
  };
  return {
    ...model,
    steps: (state, round) => (round === 1 && state === model.start ? firstRound() : model.steps(state, round)),
  };
}
