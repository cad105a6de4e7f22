/**
 * What happens before the first round of a fight, as a distribution: the charged unit's Stand and
 * Shoot (9th Age §5, §13; Warhammer Fantasy §3, §5) leaves the charger with fewer models, or ends
 * the fight before a blow is struck (wiped out, or fled after a failed Panic test). The chain sees
 * it as round 1's steps from the start: every opening, followed by round 1 fought from it.
 */
import { type Ending, type FightModel, type RoundSteps, WHOLE, endId, forEachNext } from './types.js';

/** One way the opening can go: the fight starts from `state`, or ended in it (`ending`) before round 1. */
export interface Opening {
  readonly p: number;
  readonly state: number;
  readonly ending: Ending | null;
}

/** The fight with `openings` played before round 1 (their probabilities sum to 1). */
export function openedBy(model: FightModel, openings: readonly Opening[]): FightModel {
  const firstRound = (): RoundSteps => {
    const out = { next: [] as number[], nextP: [] as number[], ends: [] as number[], endP: [] as number[], endParts: [] as number[] };
    const margins = new Map<number | null, number>();
    const overkills = new Map<string, number>();
    for (const o of openings) {
      if (o.p === 0) continue;
      if (o.ending !== null) {
        // Ended before any blow: no combat result this round
        out.ends.push(endId(o.ending, o.state, null));
        out.endP.push(o.p);
        out.endParts.push(WHOLE);
        margins.set(null, (margins.get(null) ?? 0) + o.p);
        overkills.set('none', (overkills.get('none') ?? 0) + o.p);
        continue;
      }
      const round = model.steps(o.state, 1);
      forEachNext(round, (state, p) => {
        out.next.push(state);
        out.nextP.push(p * o.p);
      });
      for (let j = 0; j < round.ends.length; j++) {
        out.ends.push(round.ends[j]);
        out.endP.push(round.endP[j] * o.p);
        out.endParts.push(round.endParts?.[j] ?? WHOLE);
      }
      for (const [m, q] of round.margins) margins.set(m, (margins.get(m) ?? 0) + q * o.p);
      for (const [k, q] of round.overkills ?? [['none', 1] as const]) overkills.set(k, (overkills.get(k) ?? 0) + q * o.p);
    }
    return { ...out, margins: [...margins], overkills: [...overkills] };
  };
  return {
    ...model,
    steps: (state, round) => (round === 1 && state === model.start ? firstRound() : model.steps(state, round)),
  };
}
