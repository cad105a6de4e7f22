/**
 * A whole fight on the terminal (both sides, a per-round table, a unicode chart of the cumulative
 * probabilities) and as JSON.
 */
import Table from 'cli-table3';
import type { FightReport, SideReport } from '../../fight/report.js';
import type { Outcome } from '../../systems/types.js';
import { bar } from './histogram.js';
import { fixed, percent } from './format.js';

export interface FightHeader {
  readonly name: string;
  readonly system: string;
  readonly engine: string;
}

const style = { head: [], border: [] };

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

export function fightToTerminal(h: FightHeader, r: FightReport, chain: Outcome['chain'] | undefined, verbose: boolean): string {
  const lines = [`${h.name} — ${h.system}, whole fight (${h.engine}), up to ${r.cap} round${r.cap === 1 ? '' : 's'}`, ''];
  const sides = new Table({ head: ['', 'attacker', 'target'], style, colAligns: ['left', 'right', 'right'] });
  for (const [label, f] of sideRows(r)) sides.push([label, f(r.attacker), f(r.target)]);
  lines.push(sides.toString());
  const tail = [`both destroyed ${percent(r.bothDestroyed)}`, `still fighting after round ${r.cap} ${percent(r.fighting)}`];
  lines.push(tail.join(', '), '');
  const rounds = new Table({
    head: ['round', 'ends', 'target broken by then', 'attacker broken by then', 'E[margin]', 'attacker left', 'target left'],
    style,
    colAligns: ['right', 'right', 'right', 'right', 'right', 'right', 'right'],
  });
  for (const x of r.rounds)
    rounds.push([
      String(x.round),
      percent(x.ends),
      percent(x.targetBroken),
      percent(x.attackerBroken),
      x.expectedMargin === null ? '—' : fixed(x.expectedMargin, 2),
      fixed(x.attackerLeft, 2),
      fixed(x.targetLeft, 2),
    ]);
  lines.push(rounds.toString(), '');
  if (r.rounds.some((x) => x.challenge?.fought)) {
    // Fights with a challenge: how often one was fought, and each fighter's expected Overkill when it was
    const opt = (v: number | null | undefined) => (v === null || v === undefined ? '—' : fixed(v, 2));
    const duel = new Table({ head: ['round', 'challenge fought', 'E[Overkill] attacker', 'E[Overkill] target'], style, colAligns: ['right', 'right', 'right', 'right'] });
    for (const x of r.rounds) if (x.challenge?.fought) duel.push([String(x.round), percent(x.challenge.fought), opt(x.challenge.attackerOverkill), opt(x.challenge.targetOverkill)]);
    lines.push(duel.toString(), '');
  }
  lines.push('cumulative P(broken, caught or destroyed) by round: █ target  ▒ attacker');
  for (const x of r.rounds) {
    lines.push(`${String(x.round).padStart(3)} █ ${bar(x.targetBroken, 1, 40).padEnd(40)} ${percent(x.targetBroken)}`);
    lines.push(`    ▒ ${bar(x.attackerBroken, 1, 40).replace(/[█▏▎▍▌▋▊▉]/g, '▒').padEnd(40)} ${percent(x.attackerBroken)}`);
  }
  if (verbose && chain) {
    lines.push('', `exact chain: live states per round ${chain.statesPerRound.join(', ')}; bound ${chain.bound.toLocaleString('en')} states a round`);
  }
  return lines.join('\n');
}

export function fightToJson(h: FightHeader, r: FightReport, chain: Outcome['chain'] | undefined): unknown {
  return {
    name: h.name,
    system: h.system,
    engine: h.engine,
    cap: r.cap,
    fighting: r.fighting,
    bothDestroyed: r.bothDestroyed,
    rounds: r.rounds,
    attacker: r.attacker,
    target: r.target,
    ...(chain ? { chain } : {}),
  };
}
