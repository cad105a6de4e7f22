/**
 * The charts of an HTML report as inline SVG: for each chart, a histogram of P(exactly k) for
 * every series (grouped bars, on an axis scaled to the tallest bar and labelled so), and the
 * "at least k" curves of every series on a 0–100 % axis. Both plots share one band scale of k,
 * so every bar stays inside its plot however few values there are. The k axis ends where the
 * last series' P(at least k) drops below 0.05 % (the caption says so). Series with identical
 * distributions are drawn dashed over each other and the legend says "identical to X".
 */
import type { Dist } from '../../core/dist.js';
import { percent } from '../../questions/format.js';
import type { Chart } from '../../questions/report.js';

export const SERIES_COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];
/** Dash patterns for the 2nd, 3rd, ... series identical to an earlier one. */
const DASHES = ['8 6', '3 5', '12 4 2 4'];
/** Values of k whose P(at least k) is below this, in every series, are left off the axis. */
export const TAIL_CUT = 0.0005;
const SAME = 1e-12;

const [WIDTH, HEIGHT] = [560, 220];
const PLOT = { left: 56, right: 16, top: 12, bottom: 34 };

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** P(at least k) for k = 0 .. length − 1. */
function tails(d: Dist): number[] {
  const t = new Array<number>(d.length);
  let s = 0;
  for (let k = d.length - 1; k >= 0; k--) t[k] = s += d[k];
  return t;
}

/** The largest k shown: P(at least k) ≥ TAIL_CUT in some series (at least 0). */
export function lastShownK(series: readonly Dist[]): number {
  let last = 0;
  for (const d of series) {
    const t = tails(d);
    for (let k = t.length - 1; k > last; k--)
      if (t[k] >= TAIL_CUT) {
        last = k;
        break;
      }
  }
  return last;
}

function identical(a: Dist, b: Dist): boolean {
  const n = Math.max(a.length, b.length);
  for (let k = 0; k < n; k++) if (Math.abs((a[k] ?? 0) - (b[k] ?? 0)) > SAME) return false;
  return true;
}

/** For each series, the index of the first earlier series with the same distribution, or -1. */
export function identicalTo(series: readonly Dist[]): number[] {
  return series.map((d, i) => series.slice(0, i).findIndex((e) => identical(d, e)));
}

/** A "nice" top of a probability axis at or above `peak`, and its tick step. */
export function niceAxis(peak: number): { top: number; step: number } {
  const steps = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25];
  for (const step of steps) {
    const top = Math.ceil(Math.max(peak, 1e-9) / step - 1e-9) * step;
    if (top / step <= 5) return { top: Math.min(1, top), step };
  }
  return { top: 1, step: 0.25 };
}

const fmt = (v: number) => (Math.round(v * 10) / 10).toString();

function tickLabel(p: number): string {
  return `${Number((100 * p).toFixed(1))}%`;
}

interface Frame {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  band: number;
  /** Centre of the band of k. */
  cx: (k: number) => number;
  /** Pixel y of probability p on this plot's axis. */
  y: (p: number) => number;
}

function frame(maxK: number, top: number): Frame {
  const [x0, x1, y0, y1] = [PLOT.left, WIDTH - PLOT.right, HEIGHT - PLOT.bottom, PLOT.top];
  const band = (x1 - x0) / (maxK + 1);
  return { x0, x1, y0, y1, band, cx: (k) => x0 + band * (k + 0.5), y: (p) => y0 - ((y0 - y1) * p) / top };
}

function axes(f: Frame, maxK: number, top: number, step: number, yTitle: string): string {
  const ticks: string[] = [];
  for (let i = 0; i * step <= top + 1e-9; i++) {
    const p = Math.min(top, i * step);
    const y = fmt(f.y(p));
    ticks.push(`<line x1="${f.x0}" x2="${f.x1}" y1="${y}" y2="${y}" stroke="#e3e3e3"/><text class="y-tick" data-value="${p}" x="${f.x0 - 6}" y="${y}" dy="0.32em" text-anchor="end">${tickLabel(p)}</text>`);
  }
  const every = Math.max(1, Math.ceil((maxK + 1) / Math.max(1, Math.floor((f.x1 - f.x0) / 28))));
  for (let k = 0; k <= maxK; k += every) ticks.push(`<text class="x-tick" x="${fmt(f.cx(k))}" y="${f.y0 + 15}" text-anchor="middle">${k}</text>`);
  return `<rect class="plot-area" x="${f.x0}" y="${f.y1}" width="${f.x1 - f.x0}" height="${f.y0 - f.y1}" fill="none" stroke="#bbb"/>
${ticks.join('')}
<text x="14" y="${fmt((f.y0 + f.y1) / 2)}" transform="rotate(-90 14 ${fmt((f.y0 + f.y1) / 2)})" text-anchor="middle">${escapeHtml(yTitle)}</text>
<text x="${fmt((f.x0 + f.x1) / 2)}" y="${HEIGHT - 4}" text-anchor="middle">k</text>`;
}

function svg(kind: string, label: string, body: string): string {
  return `<svg class="${kind}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" font-size="12" font-family="sans-serif" role="img" aria-label="${escapeHtml(label)}">
${body}
</svg>`;
}

function histogram(c: Chart, maxK: number): string {
  const peak = Math.max(...c.series.flatMap((s) => Array.from(s.dist.subarray(0, maxK + 1))));
  const { top, step } = niceAxis(peak);
  const f = frame(maxK, top);
  const n = c.series.length;
  const groupWidth = f.band * 0.8;
  const barWidth = groupWidth / n;
  const bars: string[] = [];
  c.series.forEach((s, i) => {
    for (let k = 0; k <= maxK; k++) {
      const p = s.dist[k] ?? 0;
      if (p <= 0) continue;
      const x = f.cx(k) - groupWidth / 2 + i * barWidth;
      const y = f.y(p);
      bars.push(
        `<rect class="bar" data-series="${i}" data-k="${k}" data-p="${p}" x="${fmt(x)}" y="${y.toFixed(2)}" width="${fmt(Math.max(0.5, barWidth - (n > 1 ? 1 : 0)))}" height="${(f.y0 - y).toFixed(2)}" fill="${SERIES_COLOURS[i % SERIES_COLOURS.length]}" fill-opacity="${n > 1 ? 0.8 : 0.6}"><title>${escapeHtml(s.label)}: P(${k}) = ${percent(p)}</title></rect>`,
      );
    }
  });
  return svg('histogram', `${c.title}: P(exactly k)`, `${axes(f, maxK, top, step, 'P(exactly k)')}\n${bars.join('\n')}`);
}

function curves(c: Chart, maxK: number, same: number[]): string {
  const f = frame(maxK, 1);
  const dashOf = new Map<number, number>();
  const lines = c.series.map((s, i) => {
    // A step line: P(at least k) is flat across the band of k.
    const points: string[] = [];
    const t = tails(s.dist);
    for (let k = 0; k <= maxK; k++) {
      const y = fmt(f.y(Math.min(1, t[k] ?? 0)));
      points.push(`${fmt(f.x0 + f.band * k)},${y}`, `${fmt(f.x0 + f.band * (k + 1))},${y}`);
    }
    let dash = '';
    if (same[i] >= 0) {
      const d = dashOf.get(same[i]) ?? 0;
      dashOf.set(same[i], d + 1);
      dash = ` stroke-dasharray="${DASHES[d % DASHES.length]}"`;
    }
    return `<polyline class="curve" data-series="${i}" fill="none" stroke="${SERIES_COLOURS[i % SERIES_COLOURS.length]}" stroke-width="2.5"${dash} points="${points.join(' ')}"><title>${escapeHtml(s.label)}</title></polyline>`;
  });
  return svg('curves', `${c.title}: P(at least k)`, `${axes(f, maxK, 1, 0.25, 'P(at least k)')}\n${lines.join('\n')}`);
}

function legend(c: Chart, same: number[]): string {
  const items = c.series.map((s, i) => {
    const dashIndex = same.slice(0, i + 1).filter((v) => v === same[i] && v >= 0).length - 1;
    const dash = same[i] >= 0 ? ` stroke-dasharray="${DASHES[dashIndex % DASHES.length]}"` : '';
    const swatch = `<svg width="28" height="10" aria-hidden="true"><line x1="0" x2="28" y1="5" y2="5" stroke="${SERIES_COLOURS[i % SERIES_COLOURS.length]}" stroke-width="3"${dash}/></svg>`;
    const note = same[i] >= 0 ? ` <em>(identical to ${escapeHtml(c.series[same[i]].label)})</em>` : '';
    return `<li data-series="${i}">${swatch} ${escapeHtml(s.label)}${note}</li>`;
  });
  return `<ul class="legend">${items.join('')}</ul>`;
}

export function chartHtml(c: Chart): string {
  const dists = c.series.map((s) => s.dist);
  const maxK = lastShownK(dists);
  const same = identicalTo(dists);
  const cut = dists.some((d) => d.length - 1 > maxK) ? ` Values above ${maxK} (together less than ${100 * TAIL_CUT}% in every series) are not drawn.` : '';
  return `<figure class="chart">
<figcaption><strong>${escapeHtml(c.title)}</strong> — bars: P(exactly k); lines: P(at least k).${cut}</figcaption>
${legend(c, same)}
<div class="plots">
${histogram(c, maxK)}
${curves(c, maxK, same)}
</div>
</figure>`;
}
