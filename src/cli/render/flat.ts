/**
 * CSV and Markdown: one row per (quantity, value) with the exact and/or Monte Carlo probability
 * and, for distributions, P(≥k).
 */
import { atLeast } from '../../core/dist.js';
import type { RunResult } from '../run.js';
import { categoriesOf, sectionsOf } from './sections.js';
import { csvComments, markdownFootnote, type Provenance } from '../provenance.js';

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
      for (let k = 0; k < length; k++)
        rows.push({ quantity: s.name, value: String(k), exact: s.exact ? s.exact[k] ?? 0 : undefined, mc: s.mc ? s.mc[k] ?? 0 : undefined, exactAtLeast: atLeast((s.exact ?? s.mc)!, k) });
    } else if (s.kind === 'prob') rows.push({ quantity: s.name, value: '', exact: s.exact, mc: s.mc });
    else for (const key of categoriesOf(s)) rows.push({ quantity: s.name, value: key, exact: s.exact ? s.exact[key] ?? 0 : undefined, mc: s.mc ? s.mc[key] ?? 0 : undefined });
  }
  return rows;
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
