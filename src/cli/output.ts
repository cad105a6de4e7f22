/** Picks the renderer for a run result. */
import type { Format } from './options.js';
import type { RunResult } from './run.js';
import { renderCsv, renderMarkdown } from './render/flat.js';
import { resultJson } from './render/json.js';
import { renderTable } from './render/table.js';

export function renderResult(r: RunResult, format: Format): string {
  if (format === 'json') return JSON.stringify(resultJson(r), null, 2);
  if (format === 'csv') return renderCsv(r);
  if (format === 'markdown') return renderMarkdown(r);
  return renderTable(r);
}
