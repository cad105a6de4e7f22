/**
 * Exact nerve test (§6): the 36 equally likely 2D6 rolls classified by the §6.2 table, then the
 * Inspiring re-roll of a Routed result (§6.4): routed' = r², wavered' = w(1+r), steady' = s(1+r).
 */
import type { Engagement } from './engagement-schema.js';
import type { NervePlan } from './plan.js';
import { nerveResult, type NerveResult } from './tables.js';

export type NerveOdds = Record<NerveResult, number>;

/** One roll, no re-roll, for a unit carrying `damage` in total. */
function singleTest(damage: number, plan: NervePlan): NerveOdds {
  const odds: NerveOdds = { steady: 0, wavered: 0, routed: 0 };
  for (let d1 = 1; d1 <= 6; d1++) for (let d2 = 1; d2 <= 6; d2++) odds[nerveResult(d1, d2, damage, plan.modifier, plan.nerve)] += 1 / 36;
  return odds;
}

/** The test with the Routed re-roll when the plan has one (only one re-roll ever, §6.4). */
export function nerveTest(damage: number, plan: NervePlan): NerveOdds {
  const once = singleTest(damage, plan);
  if (!plan.rerollRout) return once;
  const r = once.routed;
  return { steady: once.steady * (1 + r), wavered: once.wavered * (1 + r), routed: r * r };
}

/**
 * The nerve test of a phase (§6.2): Brutal +1 when a Brutal unit is in the combat — melee only,
 * once however many (§7 Brutal, A18); Brew of Courage −1.
 */
export function phaseNerve(e: Engagement, brutalInCombat: boolean): NervePlan {
  return {
    nerve: e.target.nerve,
    modifier: (brutalInCombat ? 1 : 0) + (e.target.artefact === 'brew-of-courage' ? -1 : 0),
    rerollRout: e.target.rules.inspiring || e.target.artefact === 'helm-of-confidence' || e.inspired,
  };
}
