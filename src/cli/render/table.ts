/**
 * The readable default output: one table per distribution with P(=k), P(≥k) and a unicode
 * histogram, then probabilities and categorical tables.
 */
import { atLeast, mean, sd } from '../../core/dist.js';
import type { AgreementReport } from '../../analysis/agreement.js';
import type { RunResult } from '../answer.js';
import { bar } from './histogram.js';
import { fixed, percent, sig } from '../../questions/format.js';
import { type DistRow, distRows, massOf } from './rows.js';
import { categoriesOf, sectionsOf } from './sections.js';
import { renderTextTable, type TextColumn, fitLine } from './text-table.js';
import { terminalWidth, type TextStyle } from '../terminal.js';
import { type Provenance, provenanceLines } from '../../questions/provenance.js';
import { grouped } from '../../core/budget.js';

const right = (head: string, key = false): TextColumn => ({ head, align: 'right', key });
const left = (head: string, key = false): TextColumn => ({ head, align: 'left', key });

export function renderTable(r: RunResult, style: Pick<TextStyle, 'width'> = { width: terminalWidth() }, p?: Provenance): string {
  const both = Boolean(r.exact && r.monteCarlo);
  const lines = [`${r.scenario.name} — ${r.scenario.system.title}`];
  if (r.scenario.description) lines.push(r.scenario.description);
  for (const s of sectionsOf(r)) {
    lines.push('');
    if (s.kind === 'dist' && s.name === 'slain' && sameAsDamage(r)) {
      lines.push('slain: the same as damage (one wound per model)');
    } else if (s.kind === 'dist') {
      const main = (s.exact ?? s.mc)!;
      const mcNote = both ? `   (Monte Carlo mean ${fixed(mean(s.mc!))})` : '';
      lines.push(`${s.name}: mean ${fixed(mean(main))}, sd ${fixed(sd(main))}${mcNote}`);
      const pooled = pooledFrom(r, s.name);
      if (pooled !== undefined)
        lines.push(`Monte Carlo: ${percent(s.mc![pooled])} of the samples reached ${grouped(pooled)} or more; they are counted at ${grouped(pooled)} (row ≥${pooled}), so the mean and sd are lower bounds`);
      const columns = both ? [right('k', true), right('P(=k)'), right('MC P(=k)'), right('P(≥k)'), left('')] : [right('k', true), right('P(=k)'), right('P(≥k)'), left('')];
      const cells: string[][] = [];
      const rows = distRows(main);
      const peak = Math.max(...rows.map((row) => massOf(main, row)));
      for (const row of rows) {
        const p = massOf(main, row);
        const line = [rowLabel(row, pooled), percent(p)];
        if (both) line.push(percent(massOf(s.mc!, row)));
        line.push(percent(atLeast(main, row.from)), bar(p, peak));
        cells.push(line);
      }
      lines.push(renderTextTable({ columns, rows: cells }, style.width));
    } else if (s.kind === 'prob') {
      lines.push(`${s.name}: ${percent((s.exact ?? s.mc)!)}${both ? `   (Monte Carlo ${percent(s.mc!)})` : ''}`);
    } else {
      lines.push(`${s.name}:`);
      const columns = both ? [left('', true), right('P'), right('MC P'), left('')] : [left('', true), right('P'), left('')];
      const table = (s.exact ?? s.mc)!;
      const cells = categoriesOf(s).map((key) => {
        const p = table[key] ?? 0;
        return both ? [key, percent(p), percent(s.mc?.[key] ?? 0), bar(p, 1)] : [key, percent(p), bar(p, 1)];
      });
      lines.push(renderTextTable({ columns, rows: cells }, style.width));
    }
  }
  if (r.agreement) lines.push('', agreementLine(r.agreement));
  if (p) lines.push('', ...provenanceLines(p));
  return lines.flatMap((l) => fitLine(l, style.width)).join('\n');
}

export function agreementLine(a: AgreementReport): string {
  const parts = a.fields.map((f) => `${f.field} p=${sig(f.pValue)} tvd=${sig(f.tvd)}${f.degreesOfFreedom > 0 && f.zMean !== 0 ? ` z=${fixed(f.zMean, 2)}` : ''}`);
  return `agreement: ${a.pass ? 'PASS' : 'FAIL'} — ${parts.join('; ')}`;
}

/** The value from which the Monte Carlo tally pooled this distribution's samples, if it did. */
export function pooledFrom(r: RunResult, name: string): number | undefined {
  return r.monteCarlo?.outcome.pooledFrom?.[name as 'damage' | 'slain'];
}

function rowLabel(row: DistRow, pooled: number | undefined): string {
  if (pooled === undefined || row.to < pooled) return row.label;
  return row.from === row.to ? `≥${pooled}` : `${row.from}–${pooled}+`;
}

function sameAsDamage(r: RunResult): boolean {
  const o = r.exact ?? r.monteCarlo!.outcome;
  return o.slain !== undefined && o.slain.length === o.damage.length && o.slain.every((p, k) => Math.abs(p - o.damage[k]) < 1e-12);
}
