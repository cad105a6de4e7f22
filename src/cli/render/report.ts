/**
 * The answer to kills / compare / table as a document: a title, verdict lines, tables and
 * charts. Each output format (terminal, CSV, Markdown, HTML) renders the same document; JSON
 * prints the command's own data.
 */
import type { Dist } from '../../core/dist.js';

export type ColumnKind = 'text' | 'percent' | 'number';

export interface Column {
  name: string;
  kind: ColumnKind;
}

export interface ReportTable {
  title: string;
  columns: Column[];
  rows: Array<Array<string | number>>;
  /** Shade numeric cells by value (the table grid). */
  shade?: boolean;
}

export interface Chart {
  title: string;
  series: Array<{ label: string; dist: Dist }>;
}

export interface Report {
  title: string;
  lines: string[];
  tables: ReportTable[];
  charts: Chart[];
}

export function formatCell(value: string | number, kind: ColumnKind): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '–';
  if (kind === 'percent') {
    if (value === 0) return '0%';
    if (value < 0.0005) return '<0.1%';
    if (value >= 0.9995 && value < 1) return '>99.9%';
    return `${(100 * value).toFixed(1)}%`;
  }
  return value.toFixed(value >= 100 ? 1 : 2);
}
