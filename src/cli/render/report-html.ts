/**
 * A Report as one self-contained HTML page: inline CSS and SVG, no scripts, no network. Fits a
 * 1280-pixel window: ids never wrap, and a wide grid (the matchups matrix) sets its headings
 * vertically. Shaded cells carry black or white text, whichever contrasts more with the shade
 * (at least 4.5:1, WCAG AA).
 */
import { chartHtml, escapeHtml } from './svg-chart.js';
import { formatCell, type Report, type ReportTable } from '../../questions/report.js';
import { provenanceLines } from '../../questions/provenance.js';


/** A grid with more value columns than this sets its headings vertically. */
const VERTICAL_HEADINGS_FROM = 10;

/** sRGB of an HSL colour (h in degrees, s and l in 0..1). */
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)].map((v) => Math.round(255 * v)) as [number, number, number];
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: readonly number[], b: readonly number[]): number {
  const [la, lb] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (la + 0.05) / (lb + 0.05);
}

/** Background of a shaded cell (pale to deep green by its place between lo and hi) and its text colour. */
export function shadeColours(value: number, lo: number, hi: number): { background: string; text: string } {
  const x = hi > lo ? (value - lo) / (hi - lo) : 1;
  const rgb = hslToRgb(140, 0.55, 0.95 - 0.65 * x);
  const text = contrast(rgb, [0, 0, 0]) >= contrast(rgb, [255, 255, 255]) ? '#000' : '#fff';
  return { background: `rgb(${rgb.join(', ')})`, text };
}

function tableHtml(t: ReportTable): string {
  const values = t.rows.flatMap((r) => r.filter((c): c is number => typeof c === 'number' && Number.isFinite(c)));
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const vertical = t.columns.length - 1 > VERTICAL_HEADINGS_FROM;
  const head = t.columns.map((c, i) => (vertical && i > 0 ? `<th class="v"><span>${escapeHtml(c.name)}</span></th>` : `<th>${escapeHtml(c.name)}</th>`)).join('');
  const rows = t.rows
    .map((row) => {
      const cells = row.map((cell, i) => {
        const text = escapeHtml(formatCell(cell, t.columns[i].kind));
        if (!(t.shade && typeof cell === 'number' && Number.isFinite(cell))) return `<td class="${t.columns[i].kind}">${text}</td>`;
        const colours = shadeColours(cell, lo, hi);
        return `<td class="num" style="background: ${colours.background}; color: ${colours.text}">${text}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<h2>${escapeHtml(t.title)}</h2>\n<table${vertical ? ' class="matrix"' : ''}><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

export function reportToHtml(r: Report): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(r.title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; max-width: 1200px; }
h1 { font-size: 1.4em; }
h2 { font-size: 1.1em; margin-top: 1.5em; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
td.text { white-space: nowrap; }
td.percent, td.number, td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.matrix { font-size: 0.8em; }
table.matrix th, table.matrix td { padding: 0.2em 0.3em; }
th.v { vertical-align: bottom; }
th.v span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
figure.chart { margin: 1.5em 0; }
figcaption { margin-bottom: 0.4em; }
ul.legend { list-style: none; padding: 0; margin: 0.3em 0; }
ul.legend li { display: inline-block; margin-right: 1.5em; }
div.plots { display: flex; flex-wrap: wrap; gap: 1em; }
footer { margin-top: 2em; color: #444; font-size: 0.9em; }
</style>
</head>
<body>
<h1>${escapeHtml(r.title)}</h1>
${r.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${r.tables.map(tableHtml).join('\n')}
${r.charts.map(chartHtml).join('\n')}
<footer>${(r.provenance ? provenanceLines(r.provenance) : ['warodds']).map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}</footer>
</body>
</html>
`;
}
