/** Picks the renderer for a run result. */
import type { Format } from './options.js';
import type { RunResult } from './answer.js';
import { renderCsv, renderMarkdown } from './render/flat.js';
import { resultJson } from '../questions/json.js';
import { renderTable } from './render/table.js';
import { stdoutStyle } from './terminal.js';
import type { Provenance } from '../questions/provenance.js';

export function renderResult(r: RunResult, format: Format, p?: Provenance): string {
  if (format === 'json') return JSON.stringify(resultJson(r, p), null, 2);
  if (format === 'csv') return renderCsv(r, p);
  if (format === 'markdown') return renderMarkdown(r, p);
  return renderTable(r, stdoutStyle(), p);
}
