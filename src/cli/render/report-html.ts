/**
 * A Report as one self-contained HTML page: inline CSS and SVG, no scripts, no network.
 */
import { atLeast } from '../../core/dist.js';
import { type Chart, formatCell, type Report, type ReportTable } from './report.js';

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function tableHtml(t: ReportTable): string {
  const values = t.rows.flatMap((r) => r.filter((c): c is number => typeof c === 'number' && Number.isFinite(c)));
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const head = t.columns.map((c) => `<th>${escapeHtml(c.name)}</th>`).join('');
  const rows = t.rows
    .map((row) => {
      const cells = row.map((cell, i) => {
        const text = escapeHtml(formatCell(cell, t.columns[i].kind));
        if (!(t.shade && typeof cell === 'number')) return `<td class="${t.columns[i].kind}">${text}</td>`;
        const x = hi > lo ? (cell - lo) / (hi - lo) : 1;
        return `<td class="num" style="background: hsl(140, 55%, ${Math.round(95 - 60 * x)}%)">${text}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<h2>${escapeHtml(t.title)}</h2>\n<table><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

/** The cumulative "at least k" curves (steps) of every series, and the first series' histogram. */
function chartSvg(c: Chart): string {
  const [w, h, pad] = [640, 260, 40];
  const maxK = Math.max(1, ...c.series.map((s) => s.dist.length - 1));
  const x = (k: number) => pad + ((w - 2 * pad) * k) / maxK;
  const y = (p: number) => h - pad - (h - 2 * pad) * p;
  const first = c.series[0].dist;
  const peak = Math.max(...first);
  const barWidth = Math.max(1, (w - 2 * pad) / (maxK + 1) - 2);
  const bars = Array.from(first, (p, k) => `<rect x="${(x(k) - barWidth / 2).toFixed(1)}" y="${y(p / peak).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(h - pad - y(p / peak)).toFixed(1)}" fill="#cfd8e3"><title>P(${k}) = ${formatCell(p, 'percent')}</title></rect>`).join('');
  const curves = c.series
    .map((s, i) => {
      const points = Array.from({ length: maxK + 1 }, (_, k) => `${x(k).toFixed(1)},${y(atLeast(s.dist, k)).toFixed(1)}`).join(' ');
      return `<polyline fill="none" stroke="${COLOURS[i % COLOURS.length]}" stroke-width="2" points="${points}"><title>${escapeHtml(s.label)}</title></polyline>`;
    })
    .join('');
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((p) => `<text x="${pad - 6}" y="${y(p) + 4}" text-anchor="end">${p * 100}%</text><line x1="${pad}" x2="${w - pad}" y1="${y(p)}" y2="${y(p)}" stroke="#eee"/>`).join('');
  const step = Math.max(1, Math.ceil(maxK / 12));
  const kTicks = Array.from({ length: Math.floor(maxK / step) + 1 }, (_, i) => i * step).map((k) => `<text x="${x(k)}" y="${h - pad + 16}" text-anchor="middle">${k}</text>`).join('');
  const legend = c.series.map((s, i) => `<text x="${w - pad}" y="${pad + 14 * i}" text-anchor="end" fill="${COLOURS[i % COLOURS.length]}">${escapeHtml(s.label)}</text>`).join('');
  return `<h2>${escapeHtml(c.title)}</h2>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" font-size="11" font-family="sans-serif" role="img">
${ticks}${bars}${curves}${kTicks}${legend}
<text x="${w / 2}" y="${h - 6}" text-anchor="middle">k — lines: P(at least k); bars: P(exactly k) for ${escapeHtml(c.series[0].label)}</text>
</svg>`;
}

export function reportToHtml(r: Report): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(r.title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
td.percent, td.number, td.num { text-align: right; font-variant-numeric: tabular-nums; }
h2 { font-size: 1.1em; margin-top: 1.5em; }
</style>
</head>
<body>
<h1>${escapeHtml(r.title)}</h1>
${r.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${r.tables.map(tableHtml).join('\n')}
${r.charts.map(chartSvg).join('\n')}
<p><small>warodds — exact probability distributions.</small></p>
</body>
</html>
`;
}
