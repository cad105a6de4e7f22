/**
 * The rows a distribution is shown with: every value between the 0.05% and 99.95% quantiles,
 * grouped into ranges when there would be more than MAX_ROWS.
 */
import { type Dist, quantile } from '../../core/dist.js';

const MAX_ROWS = 30;

export interface DistRow {
  label: string;
  from: number;
  to: number;
}

export function distRows(d: Dist): DistRow[] {
  const lo = quantile(d, 0.0005);
  const hi = Math.max(lo, quantile(d, 0.9995));
  const width = Math.ceil((hi - lo + 1) / MAX_ROWS);
  const rows: DistRow[] = [];
  for (let from = lo; from <= hi; from += width) {
    const to = Math.min(hi, from + width - 1);
    rows.push({ label: from === to ? String(from) : `${from}–${to}`, from, to });
  }
  return rows;
}

/** P(from ≤ X ≤ to). */
export function massOf(d: ArrayLike<number>, row: DistRow): number {
  let s = 0;
  for (let k = row.from; k <= row.to && k < d.length; k++) s += d[k];
  return s;
}

