/**
 * The answer to kills / compare / table as a document: a title, verdict lines, tables and
 * charts. Each output format (terminal, CSV, Markdown, HTML) renders the same document; JSON
 * prints the command's own data.
 */
import type { Dist } from '../core/dist.js';
import { percent } from './format.js';
import type { Provenance } from './provenance.js';

export type ColumnKind = 'text' | 'percent' | 'number';

export interface Column {
  name: string;
  kind: ColumnKind;
  /** An id the user types (unit, option, row label): never wrapped or cut, repeated in every panel. */
  key?: boolean;
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
  /** What the answer assumed (printed last in every format). */
  provenance?: Provenance;
}

export function formatCell(value: string | number, kind: ColumnKind): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '–';
  if (kind === 'percent') return percent(value);
  return value.toFixed(value >= 100 ? 1 : 2);
}
