/**
 * Every probability an exact engine hands out lies in [0, 1] (docs/reliability.md): sums of many
 * products can round a certainty to 1.0000000000000002 or a zero to −1e-17. The engines' outcomes
 * pass through here, so no distribution entry, P(destroyed), morale or table entry is printed
 * outside [0, 1]; the means of report.ts and dist.ts stay within the values they average.
 */
import { clampProbability, clampedPmf } from '../core/dist.js';
import type { Outcome } from './types.js';

function clampedTable(table: Record<string, number>): Record<string, number> {
  for (const p of Object.values(table)) if (p < 0 || p > 1) return Object.fromEntries(Object.entries(table).map(([k, q]) => [k, clampProbability(q)]));
  return table;
}

/** `o` with every probability clamped to [0, 1]; the same object when nothing needed it. */
export function boundedOutcome(o: Outcome): Outcome {
  const damage = clampedPmf(o.damage);
  const slain = o.slain && clampedPmf(o.slain);
  const destroyed = o.destroyed === undefined ? undefined : clampProbability(o.destroyed);
  const morale = o.morale && clampedTable(o.morale);
  let outcomes = o.outcomes;
  if (outcomes) {
    const tables = Object.entries(outcomes).map(([name, t]) => [name, clampedTable(t)] as const);
    if (tables.some(([name, t]) => t !== outcomes![name])) outcomes = Object.fromEntries(tables);
  }
  if (damage === o.damage && slain === o.slain && destroyed === o.destroyed && morale === o.morale && outcomes === o.outcomes) return o;
  return {
    ...o,
    damage,
    ...(slain ? { slain } : {}),
    ...(destroyed === undefined ? {} : { destroyed }),
    ...(morale ? { morale } : {}),
    ...(outcomes ? { outcomes } : {}),
  };
}
