/**
 * A whole fight on the terminal (both sides, a per-round table, a unicode chart of the cumulative
 * probabilities); its JSON is questions/fight-json.ts.
 */
import type { FightReport, SideReport } from '../../fight/report.js';
import type { Outcome } from '../../systems/types.js';
import { bar } from './histogram.js';
import { fixed, percent } from '../../questions/format.js';
import { renderTextTable, type TextColumn, fitLine } from './text-table.js';
import { type Provenance, provenanceLines } from '../../questions/provenance.js';
import type { FightHeader } from '../../questions/fight-json.js';
import { grouped } from '../../core/budget.js';

const right = (head: string): TextColumn => ({ head, align: 'right' });

function sideRows(r: FightReport): Array<[string, (s: SideReport) => string]> {
  const rows: Array<[string, (s: SideReport) => string]> = [
    ['wins', (s) => percent(s.wins)],
    ['broken and escaped', (s) => percent(s.brokenEscaped)],
    ['caught in pursuit', (s) => percent(s.caught)],
    ['destroyed in combat', (s) => percent(s.destroyed)],
  ];
  if (r.attacker.fledAtCharge > 0 || r.target.fledAtCharge > 0) rows.push(['fled from the charge', (s) => percent(s.fledAtCharge)]);
  rows.push(['models left (mean)', (s) => fixed(s.modelsLeft.mean, 2)]);
  return rows;
}

export function fightToTerminal(h: FightHeader, r: FightReport, chain: Outcome['chain'] | undefined, verbose: boolean, width: number, p?: Provenance): string {
  const lines = [`${h.name} — ${h.system}, whole fight (${h.engine}), up to ${r.cap} round${r.cap === 1 ? '' : 's'}`, ''];
  const sides = sideRows(r).map(([label, f]) => [label, f(r.attacker), f(r.target)]);
  lines.push(renderTextTable({ columns: [{ head: '', align: 'left', key: true }, right('attacker'), right('target')], rows: sides }, width));
  const tail = [`both destroyed ${percent(r.bothDestroyed)}`, `still fighting after round ${r.cap} ${percent(r.fighting)}`];
  lines.push(tail.join(', '), '');
  const columns: TextColumn[] = [{ head: 'round', align: 'right', key: true }, right('ends'), right('target broken by then'), right('attacker broken by then'), right('E[margin]'), right('attacker left'), right('target left')];
  const rows = r.rounds.map((x) => [
    String(x.round),
    percent(x.ends),
    percent(x.targetBroken),
    percent(x.attackerBroken),
    x.expectedMargin === null ? '—' : fixed(x.expectedMargin, 2),
    fixed(x.attackerLeft, 2),
    fixed(x.targetLeft, 2),
  ]);
  lines.push(renderTextTable({ columns, rows }, width), '');
  if (r.rounds.some((x) => x.challenge?.fought)) {
    // Fights with a challenge: how often one was fought, and each fighter's expected Overkill when it was
    const opt = (v: number | null | undefined) => (v === null || v === undefined ? '—' : fixed(v, 2));
    const duel = r.rounds.filter((x) => x.challenge?.fought).map((x) => [String(x.round), percent(x.challenge!.fought), opt(x.challenge!.attackerOverkill), opt(x.challenge!.targetOverkill)]);
    lines.push(renderTextTable({ columns: [{ head: 'round', align: 'right', key: true }, right('challenge fought'), right('E[Overkill] attacker'), right('E[Overkill] target')], rows: duel }, width), '');
  }
  lines.push('cumulative P(broken, caught or destroyed) by round: █ target  ▒ attacker');
  // Bars of up to 40 cells, narrower on a narrow terminal (round, marker, bar, percentage).
  const barWidth = Math.max(10, Math.min(40, width - 14));
  for (const x of r.rounds) {
    lines.push(`${String(x.round).padStart(3)} █ ${bar(x.targetBroken, 1, barWidth).padEnd(barWidth)} ${percent(x.targetBroken)}`);
    lines.push(`    ▒ ${bar(x.attackerBroken, 1, barWidth).replace(/[█▏▎▍▌▋▊▉]/g, '▒').padEnd(barWidth)} ${percent(x.attackerBroken)}`);
  }
  if (verbose && chain) {
    lines.push('', `exact chain: live states per round ${chain.statesPerRound.join(', ')}; bound ${grouped(chain.bound)} states a round`);
  }
  if (p) lines.push('', ...provenanceLines(p));
  return lines.flatMap((l) => fitLine(l, width)).join('\n');
}

