/**
 * A Report in the terminal (tables that fit the width, shaded grid cells when colour is wanted,
 * unicode charts), as CSV and as Markdown.
 */
import { atLeast } from '../../core/dist.js';
import { csvCell } from './flat.js';
import { type Chart, formatCell, type Report, type ReportTable } from '../../questions/report.js';
import { lastShownK } from './svg-chart.js';
import { displayWidth, renderTextTable, type TextCell, wrapWords } from './text-table.js';
import type { TextStyle } from '../terminal.js';
import { csvComments, markdownFootnote, provenanceLines } from '../../questions/provenance.js';

/** Background colour of a shaded cell: xterm-256 greys to greens by value within the table. */
function shade(value: number, lo: number, hi: number): (padded: string) => string {
  const palette = [236, 22, 28, 34, 40, 76, 112, 148];
  const t = hi > lo ? (value - lo) / (hi - lo) : 1;
  const colour = palette[Math.min(palette.length - 1, Math.floor(t * palette.length))];
  return (padded) => `\x1b[48;5;${colour}m\x1b[38;5;255m${padded}\x1b[0m`;
}

function numbers(t: ReportTable): number[] {
  return t.rows.flatMap((r) => r.filter((c): c is number => typeof c === 'number' && Number.isFinite(c)));
}

/** Prose wrapped at spaces to the width. */
export function wrapProse(text: string, width: number): string {
  return wrapWords(text, width).join('\n');
}

export function tableToTerminal(t: ReportTable, style: TextStyle): string {
  const values = numbers(t);
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const rows = t.rows.map((row) =>
    row.map((cell, i): TextCell => {
      const text = formatCell(cell, t.columns[i].kind);
      return t.shade && style.colour && typeof cell === 'number' && Number.isFinite(cell) ? { text, paint: shade(cell, lo, hi) } : text;
    }),
  );
  const columns = t.columns.map((c) => ({ head: c.name, align: c.kind === 'text' ? ('left' as const) : ('right' as const), key: c.key, wrap: c.kind === 'text' && !c.key }));
  return `${wrapProse(t.title, style.width)}\n${renderTextTable({ columns, rows }, style.width)}`;
}

/** The "at least k" curve of each series as a row of unicode blocks, and the histogram of the first. */
export function chartToTerminal(c: Chart, width: number): string {
  const lines = [wrapProse(c.title, width)];
  const maxK = lastShownK(c.series.map((s) => s.dist));
  const labels = [...c.series.map((s) => s.label), 'histogram'];
  const labelWidth = Math.max(...labels.map(displayWidth));
  // Labels beside the blocks when both fit, else each label on its own line above its blocks.
  const beside = labelWidth + 3 + Math.min(maxK + 1, 12) <= width;
  const indent = beside ? labelWidth + 3 : 2;
  const ks = Array.from({ length: Math.min(maxK + 1, Math.max(1, width - indent)) }, (_, k) => k);
  const row = (label: string, blocks: string, note = '') => (beside ? [`${label.padEnd(labelWidth)}   ${blocks}${note}`] : [label, `  ${blocks}${note}`]);
  lines.push(`${beside ? ' '.repeat(indent) : ''}P(≥k), k = 0 to ${ks.length - 1}`);
  for (const s of c.series) lines.push(...row(s.label, ks.map((k) => column(atLeast(s.dist, k))).join('')));
  const first = c.series[0].dist;
  const peak = Math.max(...first);
  const histogram = ks.map((k) => column((first[k] ?? 0) / peak)).join('');
  const note = `   (${c.series[0].label}, P(=k))`;
  lines.push(...row('histogram', histogram, indent + ks.length + displayWidth(note) <= width ? note : ''));
  return lines.join('\n');
}

function column(p: number): string {
  const blocks = ' ▁▂▃▄▅▆▇█';
  return blocks[Math.round(Math.max(0, Math.min(1, p)) * 8)];
}

export function reportToTerminal(r: Report, style: TextStyle): string {
  const parts = [r.title, ...r.lines].map((l) => wrapProse(l, style.width));
  for (const t of r.tables) parts.push('', tableToTerminal(t, style));
  for (const c of r.charts) parts.push('', chartToTerminal(c, style.width));
  if (r.provenance) parts.push('', ...provenanceLines(r.provenance).map((l) => wrapProse(l, style.width)));
  return parts.join('\n');
}

/** CSV: the record as "# " comment lines, then every table, each row led by its table's title. */
export function reportToCsv(r: Report): string {
  const lines: string[] = csvComments(r.provenance);
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
  parts.push(...markdownFootnote(r.provenance));
  return parts.join('\n');
}
