/**
 * A whole fight as one self-contained HTML page (`warodds fight --html FILE`): both sides, the
 * per-round table and an SVG chart of the cumulative probabilities by round — the terminal's
 * report, drawn. Inline CSS and SVG, no scripts, no network.
 */
import type { FightReport, SideReport } from '../../fight/report.js';
import type { FightHeader } from './fight.js';
import { fixed, percent } from './format.js';
import { escapeHtml } from './report-html.js';

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

/** P(target broken by then) and P(attacker broken by then), round by round, as two stepped lines. */
function chartSvg(r: FightReport): string {
  const [w, h, pad] = [640, 280, 44];
  const n = r.rounds.length;
  const x = (round: number) => pad + ((w - 2 * pad) * round) / Math.max(1, n);
  const y = (p: number) => h - pad - (h - 2 * pad) * p;
  const line = (pick: (i: number) => number, colour: string, label: string) => {
    const points = [`${x(0).toFixed(1)},${y(0).toFixed(1)}`];
    r.rounds.forEach((rd, i) => points.push(`${x(rd.round - 1).toFixed(1)},${y(pick(i)).toFixed(1)}`, `${x(rd.round).toFixed(1)},${y(pick(i)).toFixed(1)}`));
    const dots = r.rounds
      .map((rd, i) => `<circle cx="${x(rd.round).toFixed(1)}" cy="${y(pick(i)).toFixed(1)}" r="3" fill="${colour}"><title>${escapeHtml(`${label}, round ${rd.round}: ${percent(pick(i))}`)}</title></circle>`)
      .join('');
    return `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points.join(' ')}"/>${dots}`;
  };
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((p) => `<text x="${pad - 6}" y="${y(p) + 4}" text-anchor="end">${p * 100}%</text><line x1="${pad}" x2="${w - pad}" y1="${y(p)}" y2="${y(p)}" stroke="#eee"/>`).join('');
  const step = Math.max(1, Math.ceil(n / 12));
  const rTicks = r.rounds.filter((rd) => rd.round % step === 0 || rd.round === 1).map((rd) => `<text x="${x(rd.round)}" y="${h - pad + 16}" text-anchor="middle">${rd.round}</text>`).join('');
  return `<h2>Cumulative P(broken, caught or destroyed) by round</h2>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" font-size="11" font-family="sans-serif" role="img">
${ticks}${line((i) => r.rounds[i].targetBroken, TARGET, 'target')}${line((i) => r.rounds[i].attackerBroken, ATTACKER, 'attacker')}${rTicks}
<text x="${w - pad}" y="${pad - 16}" text-anchor="end" fill="${TARGET}">target</text>
<text x="${w - pad}" y="${pad - 2}" text-anchor="end" fill="${ATTACKER}">attacker</text>
<text x="${w / 2}" y="${h - 6}" text-anchor="middle">round — P(this side broke and escaped, was caught or destroyed, or fled, by the end of the round)</text>
</svg>`;
}

export function fightToHtml(h: FightHeader, r: FightReport): string {
  const title = `${h.name} — ${h.system}, whole fight (${h.engine}), up to ${r.cap} round${r.cap === 1 ? '' : 's'}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
td { text-align: right; font-variant-numeric: tabular-nums; }
td:first-child { text-align: left; }
h2 { font-size: 1.1em; margin-top: 1.5em; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(`both destroyed ${percent(r.bothDestroyed)}, still fighting after round ${r.cap} ${percent(r.fighting)}`)}</p>
${sidesTable(r)}
<h2>Round by round</h2>
${roundsTable(r)}
${chartSvg(r)}
<p><small>warodds — exact probability distributions.</small></p>
</body>
</html>
`;
}
