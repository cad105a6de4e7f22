/**
 * Tables for the terminal that fit its width and never cut a cell.
 *
 * At COMPACT_BELOW columns or more: a box (no rule between rows unless a row spans several
 * lines). Narrower: the compact layout, columns two spaces apart under underlined headings.
 * To fit, in this order: headings wrap at their spaces (each column as wide as its longest
 * heading word or cell); free-text columns (names, summaries) wrap at their spaces; then the
 * other columns are split into panels, each repeating the key columns (the ids); if even the key
 * columns do not fit, each row becomes a block of "heading: value" lines. A key column (an id,
 * the text a user types) is never wrapped or cut.
 *
 * The fitting is warodds' own; cli-table3 draws the box around the cells it lays out (each cell
 * given at its final width, padded and coloured here, so cli-table3 neither wraps nor cuts one).
 */
import Table from 'cli-table3';
import { COMPACT_BELOW } from '../terminal.js';
import { escapeControlCharacters } from '../../core/json.js';

export interface TextColumn {
  head: string;
  align: 'left' | 'right';
  /** An id: repeated in every panel, never wrapped. */
  key?: boolean;
  /** Free text that may wrap at its spaces. */
  wrap?: boolean;
}

/** A cell: its text, and optionally a colouring applied to the padded text (zero width). */
export type TextCell = string | { text: string; paint: (padded: string) => string };

export interface TextTable {
  columns: TextColumn[];
  rows: TextCell[][];
}

/** Display width: code points (every character warodds prints is one column wide). */
export function displayWidth(text: string): number {
  const plain = text.includes('\x1b') ? text.replace(/\x1b\[[0-9;]*m/g, '') : text;
  // Without a surrogate pair, each UTF-16 unit is one code point.
  if (!/[\uD800-\uDBFF]/.test(plain)) return plain.length;
  let n = 0;
  for (const _ of plain) n++;
  return n;
}

const textOf = (c: TextCell) => (typeof c === 'string' ? c : c.text);

function padTo(text: string, width: number, align: 'left' | 'right'): string {
  const gap = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'left' ? text + gap : gap + text;
}

/** Wrap text at spaces into lines of at most `width` (a word longer than that keeps its own line). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    // The line's width is kept as words join it (a space is one column, an escape never spans one).
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/ +/)) {
      const wordWidth = displayWidth(word);
      if (line && lineWidth + 1 + wordWidth > width) {
        lines.push(line);
        line = word;
        lineWidth = wordWidth;
      } else if (line) {
        line = `${line} ${word}`;
        lineWidth += 1 + wordWidth;
      } else {
        line = word;
        lineWidth = wordWidth;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A line of free text on the terminal: kept as it is (spacing too) when it fits, else wrapped at spaces. */
export function fitLine(line: string, width: number): string[] {
  return line.includes('\n') || displayWidth(line) <= width ? [line] : wrapWords(line, width);
}

const longestWord = (text: string) => Math.max(0, ...text.split(/[ \n]+/).map(displayWidth));

/** The narrowest width at which a heading wraps onto at most `lines` lines. */
function headingWidth(head: string, lines: number): number {
  let w = longestWord(head);
  while (wrapWords(head, w).length > lines) w++;
  return w;
}

interface Layout {
  boxed: boolean;
  widths: number[];
}

/** The width a layout of these column widths takes. */
function totalWidth(widths: number[], boxed: boolean): number {
  const sum = widths.reduce((a, b) => a + b, 0);
  return boxed ? sum + 3 * widths.length + 1 : sum + 2 * (widths.length - 1);
}

/** Column widths for the columns `cols` within `width`, or null when they cannot fit. */
function fitWidths(t: TextTable, cols: number[], width: number, boxed: boolean): number[] | null {
  const cellWidth = (i: number) => Math.max(0, ...t.rows.map((r) => displayWidth(textOf(r[i]))));
  const natural = cols.map((i) => Math.max(cellWidth(i), displayWidth(t.columns[i].head)));
  if (totalWidth(natural, boxed) <= width) return natural;
  // Headings wrap at spaces: onto two lines first, then as narrow as their longest word; the
  // heading that gains most first.
  const widths = [...natural];
  for (const lines of [2, Infinity]) {
    const wrapped = cols.map((i) => Math.max(cellWidth(i), headingWidth(t.columns[i].head, lines)));
    while (totalWidth(widths, boxed) > width) {
      let most = -1;
      for (let j = 0; j < cols.length; j++) if (widths[j] > wrapped[j] && (most < 0 || widths[j] - wrapped[j] > widths[most] - wrapped[most])) most = j;
      if (most < 0) break;
      widths[most] = wrapped[most];
    }
  }
  if (totalWidth(widths, boxed) <= width) return widths;
  // Free-text columns shrink, widest first, down to their longest word.
  const floor = cols.map((i, j) => (t.columns[i].wrap ? Math.max(longestWord(t.columns[i].head), ...t.rows.map((r) => longestWord(textOf(r[i])))) : widths[j]));
  let excess = totalWidth(widths, boxed) - width;
  while (excess > 0) {
    let widest = -1;
    for (let j = 0; j < cols.length; j++) if (widths[j] > floor[j] && (widest < 0 || widths[j] > widths[widest])) widest = j;
    if (widest < 0) return null;
    widths[widest]--;
    excess--;
  }
  return widths;
}

/** Each cell's lines padded to its column's width (and painted), every cell of a row as tall as the row. */
function paddedBlock(t: TextTable, cols: number[], widths: number[], cells: string[][], paint?: Array<TextCell | undefined>): string[][] {
  const height = Math.max(...cells.map((c) => c.length));
  return cells.map((c, j) =>
    Array.from({ length: height }, (_, k) => {
      const padded = padTo(c[k] ?? '', widths[j], t.columns[cols[j]].align);
      const cell = paint?.[j];
      return cell && typeof cell !== 'string' && k === 0 ? cell.paint(padded) : padded;
    }),
  );
}

/** The boxed layout, drawn by cli-table3: a rule under the headings, and between rows only when one spans several lines. */
function renderBox(t: TextTable, cols: number[], widths: number[], headLines: string[][], rowLines: string[][][], multiLine: boolean): string {
  const table = new Table({
    head: paddedBlock(t, cols, widths, headLines).map((lines) => lines.join('\n')),
    colWidths: widths.map((w) => w + 2),
    wordWrap: false,
    style: { head: [], border: [], 'padding-left': 1, 'padding-right': 1, compact: !multiLine },
  });
  rowLines.forEach((cells, r) => table.push(paddedBlock(t, cols, widths, cells, cols.map((i) => t.rows[r][i])).map((lines) => lines.join('\n'))));
  return table.toString();
}

function renderLayout(t: TextTable, cols: number[], layout: Layout): string {
  const { boxed, widths } = layout;
  const headLines = cols.map((i, j) => (displayWidth(t.columns[i].head) <= widths[j] ? [t.columns[i].head] : wrapWords(t.columns[i].head, widths[j])));
  const rowLines = t.rows.map((r) => cols.map((i, j) => (t.columns[i].wrap && displayWidth(textOf(r[i])) > widths[j] ? wrapWords(textOf(r[i]), widths[j]) : [textOf(r[i])])));
  const multiLine = rowLines.some((cells) => cells.some((lines) => lines.length > 1));
  const headHeight = Math.max(...headLines.map((h) => h.length));
  // Headings sit on their last line, like the cells under them.
  const headings = headLines.map((h) => [...Array<string>(headHeight - h.length).fill(''), ...h]);
  if (boxed) return renderBox(t, cols, widths, headings, rowLines, multiLine);
  const out: string[] = [];
  // The compact layout: columns two spaces apart, the headings underlined, no box.
  const block = (cells: string[][], paint?: Array<TextCell | undefined>) => {
    const padded = paddedBlock(t, cols, widths, cells, paint);
    for (let k = 0; k < padded[0].length; k++) out.push(padded.map((c) => c[k]).join('  ').replace(/\s+$/, ''));
  };
  block(headings);
  out.push(widths.map((w) => '─'.repeat(w)).join('  '));
  rowLines.forEach((cells, r) => {
    if (multiLine && r > 0) out.push('');
    block(cells, cols.map((i) => t.rows[r][i]));
  });
  return out.join('\n');
}

/** Each row as a block: its key cells on one line, then "heading: value" lines. */
function renderRecords(t: TextTable, width: number): string {
  const keys = t.columns.map((c, i) => (c.key ? i : -1)).filter((i) => i >= 0);
  const others = t.columns.map((_, i) => i).filter((i) => !keys.includes(i));
  const blocks = t.rows.map((r) => {
    const ids = keys.map((i) => textOf(r[i]));
    // The ids on one line if they fit, else one per line (an id is never cut).
    const lines = ids.length === 0 ? [textOf(r[0])] : displayWidth(ids.join('  ')) <= width ? [ids.join('  ')] : ids;
    for (const i of keys.length ? others : others.slice(1)) lines.push(...wrapWords(`${t.columns[i].head}: ${textOf(r[i])}`, width - 2).map((l) => `  ${l}`));
    return lines.join('\n');
  });
  return blocks.join('\n\n');
}

export function renderTextTable(table: TextTable, width: number): string {
  // Text from the input (names, ids, file names) may hold control characters: escaped, they are
  // shown as written and measured as they are shown; a cell's colouring is applied after.
  const t = escapedTable(table);
  const all = t.columns.map((_, i) => i);
  const boxed = width >= COMPACT_BELOW;
  const whole = fitWidths(t, all, width, boxed);
  if (whole) return renderLayout(t, all, { boxed, widths: whole });
  // Panels: the key columns, then as many further columns as fit.
  const keys = all.filter((i) => t.columns[i].key);
  const rest = all.filter((i) => !t.columns[i].key);
  const panels: Array<{ cols: number[]; widths: number[] }> = [];
  let start = 0;
  while (start < rest.length) {
    let best: { cols: number[]; widths: number[] } | null = null;
    for (let end = start + 1; end <= rest.length; end++) {
      const cols = [...keys, ...rest.slice(start, end)];
      const widths = fitWidths(t, cols, width, boxed);
      if (!widths) break;
      best = { cols, widths };
    }
    if (!best) return renderRecords(t, width);
    panels.push(best);
    start += best.cols.length - keys.length;
  }
  return panels
    .map((p, n) => {
      const shown = p.cols.filter((i) => !t.columns[i].key).map((i) => i + 1);
      const note = `(columns ${shown[0]}–${shown[shown.length - 1]} of ${t.columns.length}, part ${n + 1} of ${panels.length})`;
      return `${note}\n${renderLayout(t, p.cols, { boxed, widths: p.widths })}`;
    })
    .join('\n\n');
}

function escapedTable(t: TextTable): TextTable {
  const cell = (c: TextCell): TextCell => (typeof c === 'string' ? escapeControlCharacters(c) : { ...c, text: escapeControlCharacters(c.text) });
  return { columns: t.columns.map((c) => ({ ...c, head: escapeControlCharacters(c.head) })), rows: t.rows.map((r) => r.map(cell)) };
}
