/**
 * A whole fight as one self-contained HTML page (`warodds fight --html FILE`): both sides, the
 * per-round table and an SVG chart of the cumulative probabilities by round — the terminal's
 * report, drawn. Inline CSS and SVG, no scripts, no network.
 */
import type { FightReport, SideReport } from '../../fight/report.js';
import type { FightHeader } from '../../questions/fight-json.js';
import { fixed, percent } from '../../questions/format.js';
import { escapeHtml } from './svg-chart.js';
import { type Provenance, provenanceLines } from '../../questions/provenance.js';

const TARGET = '#1f77b4';
const ATTACKER = '#d62728';

function row(cells: string[], tag = 'td'): string {
  return `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
}

function sidesTable(r: FightReport): string {
  const rows: Array<[string, (s: SideReport) => string]> = [
    ['wins', (s) => percent(s.wins)],
    ['broken and escaped', (s) => percent(s.brokenEscaped)],
    ['caught in pursuit', (s) => percent(s.caught)],
    ['destroyed in combat', (s) => percent(s.destroyed)],
    ['fled from the charge', (s) => percent(s.fledAtCharge)],
    ['models left (mean)', (s) => fixed(s.modelsLeft.mean, 2)],
  ];
  return `<table><thead>${row(['', 'attacker', 'target'], 'th')}</thead><tbody>\n${rows.map(([label, f]) => row([label, f(r.attacker), f(r.target)])).join('\n')}\n</tbody></table>`;
}

function roundsTable(r: FightReport): string {
  const challenge = r.rounds.some((x) => x.challenge);
  const head = ['round', 'ends', 'target broken by then', 'attacker broken by then', 'E[margin]', 'attacker left', 'target left'];
  if (challenge) head.push('challenge fought', 'E[Overkill] attacker', 'E[Overkill] target');
  const opt = (v: number | null | undefined) => (v === null || v === undefined ? '—' : fixed(v, 2));
  const body = r.rounds.map((x) => {
    const cells = [String(x.round), percent(x.ends), percent(x.targetBroken), percent(x.attackerBroken), opt(x.expectedMargin), fixed(x.attackerLeft, 2), fixed(x.targetLeft, 2)];
    if (challenge) cells.push(x.challenge ? percent(x.challenge.fought) : '—', opt(x.challenge?.attackerOverkill), opt(x.challenge?.targetOverkill));
    return row(cells);
  });
  return `<table><thead>${row(head, 'th')}</thead><tbody>\n${body.join('\n')}\n</tbody></table>`;
}

/**
 * P(target broken by then) and P(attacker broken by then), round by round, as two stepped lines on
 * a 0–100 % axis (every point at its probability on the labelled axis). When the two
 * lines are the same the attacker's is dashed and the legend says so, so neither hides the other.
 */
function chartSvg(r: FightReport): string {
  const [w, h, pad] = [640, 280, 44];
  const n = r.rounds.length;
  const x = (round: number) => pad + ((w - 2 * pad) * round) / Math.max(1, n);
  const y = (p: number) => h - pad - (h - 2 * pad) * p;
  const identical = r.rounds.every((rd) => Math.abs(rd.targetBroken - rd.attackerBroken) <= 1e-12);
  const line = (pick: (i: number) => number, side: string, colour: string, dash: string) => {
    const points = [`${x(0).toFixed(2)},${y(0).toFixed(2)}`];
    r.rounds.forEach((rd, i) => points.push(`${x(rd.round - 1).toFixed(2)},${y(pick(i)).toFixed(2)}`, `${x(rd.round).toFixed(2)},${y(pick(i)).toFixed(2)}`));
    const dots = r.rounds
      .map((rd, i) => `<circle cx="${x(rd.round).toFixed(2)}" cy="${y(pick(i)).toFixed(2)}" r="3" fill="${colour}"><title>${escapeHtml(`${side}, round ${rd.round}: ${percent(pick(i))}`)}</title></circle>`)
      .join('');
    return `<polyline class="curve" data-side="${side}" fill="none" stroke="${colour}" stroke-width="2"${dash} points="${points.join(' ')}"/>${dots}`;
  };
  const dash = identical ? ' stroke-dasharray="6 4"' : '';
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map((p) => `<line x1="${pad}" x2="${w - pad}" y1="${y(p)}" y2="${y(p)}" stroke="#e3e3e3"/><text class="y-tick" x="${pad - 6}" y="${y(p)}" dy="0.32em" text-anchor="end">${p * 100}%</text>`)
    .join('');
  const step = Math.max(1, Math.ceil(n / 12));
  const rTicks = r.rounds.filter((rd) => rd.round % step === 0 || rd.round === 1).map((rd) => `<text class="x-tick" x="${x(rd.round)}" y="${h - pad + 16}" text-anchor="middle">${rd.round}</text>`).join('');
  const swatch = (colour: string, d: string) => `<svg width="28" height="10" aria-hidden="true"><line x1="0" x2="28" y1="5" y2="5" stroke="${colour}" stroke-width="3"${d}/></svg>`;
  return `<h2>Cumulative P(broken, caught or destroyed) by round</h2>
<figure class="fight-chart">
<svg class="fight-curves" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" font-size="11" font-family="sans-serif" role="img">
<rect class="plot-area" x="${pad}" y="${y(1)}" width="${w - 2 * pad}" height="${y(0) - y(1)}" fill="none"/>
${ticks}${line((i) => r.rounds[i].targetBroken, 'target', TARGET, '')}${line((i) => r.rounds[i].attackerBroken, 'attacker', ATTACKER, dash)}${rTicks}
<text x="${w / 2}" y="${h - 6}" text-anchor="middle">round — P(this side broke and escaped, was caught or destroyed, or fled, by the end of the round)</text>
</svg>
<ul class="legend"><li>${swatch(TARGET, '')} target</li><li>${swatch(ATTACKER, dash)} attacker${identical ? ' <em>(identical to target)</em>' : ''}</li></ul>
</figure>`;
}

export function fightToHtml(h: FightHeader, r: FightReport, p?: Provenance): string {
  const title = `${h.name} — ${h.system}, whole fight (${h.engine}), up to ${r.cap} round${r.cap === 1 ? '' : 's'}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 1200px; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
td { text-align: right; font-variant-numeric: tabular-nums; }
td:first-child { text-align: left; }
h2 { font-size: 1.1em; margin-top: 1.5em; }
figure { margin: 0; }
ul.legend { list-style: none; padding: 0; display: flex; gap: 1.5em; }
footer { margin-top: 2em; color: #444; font-size: 0.9em; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(`both destroyed ${percent(r.bothDestroyed)}, still fighting after round ${r.cap} ${percent(r.fighting)}`)}</p>
${sidesTable(r)}
<h2>Round by round</h2>
${roundsTable(r)}
${chartSvg(r)}
<footer>${(p ? provenanceLines(p) : ['warodds']).map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}</footer>
</body>
</html>
`;
}
