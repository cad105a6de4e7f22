/**
 * CSV and Markdown: one row per (quantity, value) with the exact and/or Monte Carlo probability
 * and, for distributions, P(≥k).
 */
import type { Dist } from '../../core/dist.js';
import type { RunResult } from '../answer.js';
import { categoriesOf, sectionsOf } from './sections.js';
import { csvComments, markdownFootnote, type Provenance } from '../../questions/provenance.js';
import { pooledFrom } from './table.js';

interface FlatRow {
  quantity: string;
  value: string;
  exact?: number;
  mc?: number;
  exactAtLeast?: number;
}

function flatRows(r: RunResult): FlatRow[] {
  const rows: FlatRow[] = [];
  for (const s of sectionsOf(r)) {
    if (s.kind === 'dist') {
      const length = Math.max(s.exact?.length ?? 0, s.mc?.length ?? 0);
      const pooled = pooledFrom(r, s.name);
      const tails = atLeastAll((s.exact ?? s.mc)!, length);
      for (let k = 0; k < length; k++)
        rows.push({ quantity: s.name, value: k === pooled ? `>=${k}` : String(k), exact: s.exact ? s.exact[k] ?? 0 : undefined, mc: s.mc ? s.mc[k] ?? 0 : undefined, exactAtLeast: tails[k] });
    } else if (s.kind === 'prob') rows.push({ quantity: s.name, value: '', exact: s.exact, mc: s.mc });
    else for (const key of categoriesOf(s)) rows.push({ quantity: s.name, value: key, exact: s.exact ? s.exact[key] ?? 0 : undefined, mc: s.mc ? s.mc[key] ?? 0 : undefined });
  }
  return rows;
}

/** P(X ≥ k) for every k < length, summed once from the top (k by k it would be quadratic). */
function atLeastAll(d: Dist, length: number): number[] {
  const tails = new Array<number>(length).fill(0);
  let sum = 0;
  for (let k = Math.min(length, d.length) - 1; k >= 0; k--) {
    sum += d[k];
    tails[k] = k === 0 ? 1 : Math.min(1, sum);
  }
  return tails;
}

function columns(r: RunResult): Array<[string, (row: FlatRow) => string]> {
  const num = (x: number | undefined) => (x === undefined ? '' : String(x));
  const cols: Array<[string, (row: FlatRow) => string]> = [
    ['system', () => r.scenario.system.id],
    ['scenario', () => r.scenario.name],
    ['quantity', (row) => row.quantity],
    ['value', (row) => row.value],
  ];
  if (r.exact) cols.push(['p_exact', (row) => num(row.exact)]);
  if (r.monteCarlo) cols.push(['p_monte_carlo', (row) => num(row.mc)]);
  cols.push(['p_at_least', (row) => num(row.exactAtLeast)]);
  return cols;
}

export function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function renderCsv(r: RunResult, p?: Provenance): string {
  const cols = columns(r);
  const lines = [...csvComments(p), cols.map(([h]) => h).join(',')];
  for (const row of flatRows(r)) lines.push(cols.map(([, f]) => csvCell(f(row))).join(','));
  return lines.join('\n');
}

export function renderMarkdown(r: RunResult, p?: Provenance): string {
  const cols = columns(r).slice(2);
  const lines = [`**${r.scenario.name}** (${r.scenario.system.id})`, '', `| ${cols.map(([h]) => h).join(' | ')} |`, `|${cols.map(() => '---').join('|')}|`];
  for (const row of flatRows(r)) lines.push(`| ${cols.map(([, f]) => f(row).replaceAll('|', '\\|')).join(' | ')} |`);
  lines.push(...markdownFootnote(p));
  return lines.join('\n');
}
