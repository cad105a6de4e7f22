/**
 * The readable default output: one table per distribution with P(=k), P(≥k) and a unicode
 * histogram, then probabilities and categorical tables.
 */
import Table from 'cli-table3';
import { atLeast, mean, sd } from '../../core/dist.js';
import type { AgreementReport } from '../../analysis/agreement.js';
import type { RunResult } from '../run.js';
import { bar } from './histogram.js';
import { fixed, percent, sig } from './format.js';
import { type DistRow, distRows, massOf } from './rows.js';
import { categoriesOf, sectionsOf } from './sections.js';

const plain = { chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' }, style: { head: [], border: [] } };

export function renderTable(r: RunResult): string {
  const both = Boolean(r.exact && r.monteCarlo);
  const engine = both ? 'exact and Monte Carlo' : r.exact ? 'exact' : 'Monte Carlo';
  const lines = [`${r.scenario.name} — ${r.scenario.system.title} (${engine})`];
  if (r.scenario.description) lines.push(r.scenario.description);
  if (r.monteCarlo) lines.push(`Monte Carlo: ${r.monteCarlo.samples.toLocaleString('en')} samples, seed '${r.monteCarlo.seed}'`);
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
        lines.push(`Monte Carlo: ${percent(s.mc![pooled])} of the samples reached ${pooled.toLocaleString('en')} or more; they are counted at ${pooled.toLocaleString('en')} (row ≥${pooled}), so the mean and sd are lower bounds`);
      const head = both ? ['k', 'P(=k)', 'MC P(=k)', 'P(≥k)', ''] : ['k', 'P(=k)', 'P(≥k)', ''];
      const t = new Table({ head, ...plain, colAligns: [...head.slice(0, -1).map(() => 'right' as const), 'left' as const] });
      const rows = distRows(main);
      const peak = Math.max(...rows.map((row) => massOf(main, row)));
      for (const row of rows) {
        const p = massOf(main, row);
        const cells = [rowLabel(row, pooledFrom(r, s.name)), percent(p)];
        if (both) cells.push(percent(massOf(s.mc!, row)));
        cells.push(percent(atLeast(main, row.from)), bar(p, peak));
        t.push(cells);
      }
      lines.push(t.toString());
    } else if (s.kind === 'prob') {
      lines.push(`${s.name}: ${percent((s.exact ?? s.mc)!)}${both ? `   (Monte Carlo ${percent(s.mc!)})` : ''}`);
    } else {
      lines.push(`${s.name}:`);
      const t = new Table({ head: both ? ['', 'P', 'MC P', ''] : ['', 'P', ''], ...plain });
      const table = (s.exact ?? s.mc)!;
      for (const key of categoriesOf(s)) {
        const p = table[key] ?? 0;
        t.push(both ? [key, percent(p), percent(s.mc?.[key] ?? 0), bar(p, 1)] : [key, percent(p), bar(p, 1)]);
      }
      lines.push(t.toString());
    }
  }
  if (r.agreement) lines.push('', agreementLine(r.agreement));
  return lines.join('\n');
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
