/**
 * Does a Monte Carlo tally agree with the exact Outcome? Every field the two share is tested:
 * distributions by pooled chi-square and the mean's z-score, single probabilities by a binomial
 * z-test, categorical tables (morale, HOTT results) by chi-square.
 */
import { type Agreement, compareCategories, compareCounts, compareProbability } from '../core/stats.js';
import { cap, type Dist } from '../core/dist.js';
import { POOLED_FROM, type TallyData } from '../sim/tally.js';
import type { Outcome } from '../systems/types.js';

export interface FieldAgreement extends Agreement {
  field: string;
}

export interface AgreementReport {
  pass: boolean;
  fields: FieldAgreement[];
}

const missing = (field: string): FieldAgreement => ({
  field,
  chiSquare: Infinity,
  degreesOfFreedom: 0,
  pValue: 0,
  tvd: 1,
  zMean: Infinity,
  impossible: true,
  pass: false,
});

/** The exact distribution with its tail pooled as the tally pooled it (sim/tally.ts, POOLED_FROM). */
function asTallied(d: Dist, counts: number[]): Dist {
  return counts.length > POOLED_FROM ? cap(d, POOLED_FROM) : d;
}

export function agreementOf(exact: Outcome, tally: TallyData): AgreementReport {
  const fields: FieldAgreement[] = [{ field: 'damage', ...compareCounts(asTallied(exact.damage, tally.damage), tally.damage) }];
  if (exact.slain || tally.slain)
    fields.push(exact.slain && tally.slain ? { field: 'slain', ...compareCounts(asTallied(exact.slain, tally.slain), tally.slain) } : missing('slain'));
  if (exact.destroyed !== undefined || tally.destroyed !== null)
    fields.push(
      exact.destroyed !== undefined && tally.destroyed !== null
        ? { field: 'destroyed', ...compareProbability(exact.destroyed, tally.destroyed, tally.samples) }
        : missing('destroyed'),
    );
  if (exact.morale || Object.keys(tally.morale).length)
    fields.push(exact.morale ? { field: 'morale', ...compareCategories(exact.morale, tally.morale) } : missing('morale'));
  const elements = new Set([...Object.keys(exact.outcomes ?? {}), ...Object.keys(tally.outcomes)]);
  for (const element of elements) {
    const e = exact.outcomes?.[element];
    const t = tally.outcomes[element];
    fields.push(e && t ? { field: `outcomes.${element}`, ...compareCategories(e, t) } : missing(`outcomes.${element}`));
  }
  return { pass: fields.every((f) => f.pass), fields };
}
