/**
 * A Report in the terminal (cli-table3, shaded grid cells, unicode charts), as CSV and as
 * Markdown.
 */
import Table from 'cli-table3';
import { atLeast } from '../../core/dist.js';
import { csvCell } from './flat.js';
import { type Chart, formatCell, type Report, type ReportTable } from './report.js';

/** Background colour of a shaded cell: xterm-256 greys to greens by value within the table. */
function shade(text: string, value: number, lo: number, hi: number): string {
  const palette = [236, 22, 28, 34, 40, 76, 112, 148];
  const t = hi > lo ? (value - lo) / (hi - lo) : 1;
  const colour = palette[Math.min(palette.length - 1, Math.floor(t * palette.length))];
  return `\x1b[48;5;${colour}m\x1b[38;5;255m${text}\x1b[0m`;
}

function numbers(t: ReportTable): number[] {
  return t.rows.flatMap((r) => r.filter((c): c is number => typeof c === 'number' && Number.isFinite(c)));
}

export function tableToTerminal(t: ReportTable, colour: boolean): string {
  const table = new Table({
    head: t.columns.map((c) => c.name),
    style: { head: [], border: [] },
    colAligns: t.columns.map((c) => (c.kind === 'text' ? 'left' : 'right')),
  });
  const values = numbers(t);
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  for (const row of t.rows)
    table.push(
      row.map((cell, i) => {
        const text = formatCell(cell, t.columns[i].kind);
        return t.shade && colour && typeof cell === 'number' ? shade(` ${text} `, cell, lo, hi) : text;
      }),
    );
  return `${t.title}\n${table.toString()}`;
}

/** The "at least k" curve of each series as rows of unicode bars, and the histogram of the first. */
export function chartToTerminal(c: Chart): string {
  const lines = [c.title];
  const width = Math.max(...c.series.map((s) => s.dist.length));
  const labelWidth = Math.max(...c.series.map((s) => s.label.length), 'histogram'.length);
  const ks = Array.from({ length: Math.min(width, 40) }, (_, k) => k);
  lines.push(`${' '.repeat(labelWidth)}   P(≥k) for k = 0, 1, 2, ...`);
  for (const s of c.series) lines.push(`${s.label.padEnd(labelWidth)}   ${ks.map((k) => column(atLeast(s.dist, k))).join('')}`);
  const first = c.series[0].dist;
  const peak = Math.max(...first);
  lines.push(`${'histogram'.padEnd(labelWidth)}   ${ks.map((k) => column((first[k] ?? 0) / peak)).join('')}   (${c.series[0].label}, P(=k))`);
  return lines.join('\n');
}

function column(p: number): string {
  const blocks = ' ▁▂▃▄▅▆▇█';
  return blocks[Math.round(Math.max(0, Math.min(1, p)) * 8)];
}

export function reportToTerminal(r: Report, colour: boolean): string {
  const parts = [r.title, ...r.lines];
  for (const t of r.tables) parts.push('', tableToTerminal(t, colour));
  for (const c of r.charts) parts.push('', chartToTerminal(c));
  return parts.join('\n');
}

/** CSV: every table, one after another, each row led by its table's title. */
export function reportToCsv(r: Report): string {
  const lines: string[] = [];
  for (const t of r.tables) {
    lines.push(['table', ...t.columns.map((c) => c.name)].map(csvCell).join(','));
    for (const row of t.rows) lines.push([t.title, ...row.map((c) => (typeof c === 'number' ? String(c) : c))].map(csvCell).join(','));
  }
  return lines.join('\n');
}

export function reportToMarkdown(r: Report): string {
  const parts = [`**${r.title}**`, ...r.lines.map((l) => `${l}  `)];
  for (const t of r.tables) {
    parts.push('', `*${t.title}*`, '', `| ${t.columns.map((c) => c.name).join(' | ')} |`, `|${t.columns.map((c) => (c.kind === 'text' ? '---' : '---:')).join('|')}|`);
    for (const row of t.rows) parts.push(`| ${row.map((cell, i) => formatCell(cell, t.columns[i].kind).replaceAll('|', '\\|')).join(' | ')} |`);
  }
  return parts.join('\n');
}

