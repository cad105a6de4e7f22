/**
 * Every kind of HTML page (each command with --html) rendered in one headless Chromium session
 * (test/support/chromium.ts, Debian's /usr/bin/chromium over the DevTools protocol). For each
 * page: a screenshot under test-output/screenshots/ (git-ignored), and checks of what a reader
 * sees against the command's own JSON (printed by the same run that wrote the page):
 *  - the page is no wider than a 1280-pixel window;
 *  - every histogram bar lies inside its plot, stands on the axis's 0 % line, and its height is
 *    its probability from the JSON on the axis as labelled (the tick labels' text, "20%");
 *  - every "at least k" curve runs at the height of the tail sum of the JSON pmf, inside its plot;
 *  - the k axis ends where every series' P(at least k) drops below 0.05 % (not at the array's end);
 *  - series with the same distribution are dashed and the legend says "identical to";
 *  - every text has a contrast of at least 4.5:1 with its background (WCAG AA);
 *  - a fight page: each side's stepped line runs at P(broken by then) of each round from the JSON on
 *    the 0–100 % axis as labelled, inside its plot; the legend names both sides; the run record.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, CHROMIUM, chromiumAvailable, type Page } from '../support/chromium.js';
import { runCli } from '../support/in-process.js';
import { program } from '../../src/cli/program.js';

const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');
const WINDOW = { width: 1280, height: 900 };
/** One pixel of rounding in the SVG coordinates (they are written to 0.01–0.1 px). */
const PX = 0.6;

interface Series {
  label: string;
  pmf: number[];
}

interface PageCase {
  name: string;
  args: string[];
  /** The charts' series, from the command's JSON. */
  charts: (json: any) => Series[][];
  /** A fight page: P(target / attacker broken by then) of each round, from the JSON. */
  fight?: (json: any) => { target: number[]; attacker: number[] };
}

const PAGES: PageCase[] = [
  { name: 'kills-kow', args: ['kills', 'kow/spear-regiment'], charts: (j) => [j.rows.slice(0, 4).map((r: any) => ({ label: r.name, pmf: r.damage.pmf }))] },
  { name: 'kills-hott', args: ['kills', 'hott/knights'], charts: (j) => [j.rows.slice(0, 4).map((r: any) => ({ label: r.name, pmf: r.damage.pmf }))] },
  {
    name: 'compare-whfb',
    args: ['compare', 'whfb/spearmen', '--charge', '--target', 'whfb/spearmen,whfb/knights'],
    charts: (j) => j.targets.map((t: any) => t.results.map((r: any) => ({ label: r.option, pmf: r.damage.pmf }))),
  },
  { name: 'table-kow', args: ['table', 'kow/dragon'], charts: () => [] },
  { name: 'matchups-all', args: ['matchups', 'all'], charts: () => [] },
  { name: 'matchups-knights', args: ['matchups', 'knights'], charts: () => [] },
  {
    name: 'fight-whfb',
    args: ['fight', '--scenario', 'whfb/fight-spearmen-vs-ogres', '--rounds', '4'],
    charts: () => [],
    fight: (j) => ({ target: j.rounds.map((r: any) => r.targetBroken), attacker: j.rounds.map((r: any) => r.attackerBroken) }),
  },
];

const tail = (pmf: number[], k: number) => pmf.slice(k).reduce((a, b) => a + b, 0);
const sameDist = (a: number[], b: number[]) => Array.from({ length: Math.max(a.length, b.length) }, (_, k) => Math.abs((a[k] ?? 0) - (b[k] ?? 0))).every((d) => d <= 1e-12);

/** What the page shows, measured in the browser (screen pixels). */
interface Measured {
  scrollWidth: number;
  charts: Array<{
    legend: Array<{ text: string }>;
    plots: Array<{
      kind: string;
      area: { left: number; right: number; top: number; bottom: number };
      ticks: Array<{ label: string; y: number }>;
      xTicks: number[];
      bars: Array<{ series: number; k: number; p: number; left: number; right: number; top: number; bottom: number }>;
      curves: Array<{ series: number; dashed: boolean; points: Array<{ x: number; y: number }> }>;
    }>;
  }>;
  fightCharts: Array<{
    legend: string[];
    area: { left: number; right: number; top: number; bottom: number };
    ticks: Array<{ label: string; y: number }>;
    curves: Array<{ side: string; points: Array<{ x: number; y: number }> }>;
  }>;
  footer: string;
  lowContrast: string[];
}

const MEASURE = `(() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
  const toScreen = (svg, x, y) => { const p = svg.createSVGPoint(); p.x = x; p.y = y; return p.matrixTransform(svg.getScreenCTM()); };
  const charts = [...document.querySelectorAll('figure.chart')].map((fig) => ({
    legend: [...fig.querySelectorAll('ul.legend li')].map((li) => ({ text: li.textContent.trim() })),
    plots: [...fig.querySelectorAll('svg.histogram, svg.curves')].map((svg) => ({
      kind: svg.getAttribute('class'),
      area: box(svg.querySelector('rect.plot-area')),
      ticks: [...svg.querySelectorAll('text.y-tick')].map((t) => ({ label: t.textContent, y: toScreen(svg, 0, Number(t.getAttribute('y'))).y })),
      xTicks: [...svg.querySelectorAll('text.x-tick')].map((t) => Number(t.textContent)),
      bars: [...svg.querySelectorAll('rect.bar')].map((b) => ({ series: Number(b.dataset.series), k: Number(b.dataset.k), p: Number(b.dataset.p), ...box(b) })),
      curves: [...svg.querySelectorAll('polyline.curve')].map((c) => ({
        series: Number(c.dataset.series),
        dashed: c.hasAttribute('stroke-dasharray'),
        points: [...c.points].map((pt) => toScreen(svg, pt.x, pt.y)).map((pt) => ({ x: pt.x, y: pt.y })),
      })),
    })),
  }));
  const fightCharts = [...document.querySelectorAll('figure.fight-chart')].map((fig) => {
    const svg = fig.querySelector('svg.fight-curves');
    return {
      legend: [...fig.querySelectorAll('ul.legend li')].map((li) => li.textContent.trim()),
      area: box(svg.querySelector('rect.plot-area')),
      ticks: [...svg.querySelectorAll('text.y-tick')].map((t) => ({ label: t.textContent, y: toScreen(svg, 0, Number(t.getAttribute('y'))).y })),
      curves: [...svg.querySelectorAll('polyline.curve')].map((c) => ({ side: c.dataset.side, points: [...c.points].map((pt) => toScreen(svg, pt.x, pt.y)).map((pt) => ({ x: pt.x, y: pt.y })) })),
    };
  });
  const footer = document.querySelector('footer')?.textContent ?? '';
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; }).reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);
  const background = (e) => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.length === 3 || c[3] > 0) return c; } return [255, 255, 255]; };
  const lowContrast = [];
  for (const e of document.querySelectorAll('h1, h2, p, th, td, li, figcaption, footer')) {
    if (!e.textContent.trim()) continue;
    const [a, b] = [lum(rgb(getComputedStyle(e).color)), lum(background(e))].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) lowContrast.push(e.tagName + ' "' + e.textContent.trim().slice(0, 30) + '" ' + ratio.toFixed(2));
  }
  return { scrollWidth: document.documentElement.scrollWidth, charts, fightCharts, footer, lowContrast };
})()`;

/** The labelled axis: value of a tick label ("20%" → 0.2) against its screen y. */
function axisOf(ticks: Array<{ label: string; y: number }>) {
  const values = ticks.map((t) => ({ value: Number(t.label.replace('%', '')) / 100, y: t.y }));
  const [lo, hi] = [values[0], values[values.length - 1]];
  const pxPerUnit = (lo.y - hi.y) / (hi.value - lo.value);
  return { zeroY: lo.y + lo.value * pxPerUnit, pxPerUnit, values };
}

const available = chromiumAvailable();
const title = available
  ? 'every kind of HTML page in headless Chromium: geometry against the labelled axes, width, contrast, screenshots'
  : `every kind of HTML page in headless Chromium — SKIPPED: ${CHROMIUM} is not installed (apt-get install chromium)`;

it('the pages below cover every command that has --html', async () => {
  const withHtml = (await program()).commands.filter((c) => c.options.some((o) => o.long === '--html')).map((c) => c.name());
  expect(withHtml.length).toBeGreaterThanOrEqual(4);
  for (const name of withHtml) expect(PAGES.some((p) => p.args[0] === name), name).toBe(true);
});

describe.skipIf(!available)(title, () => {
  let browser: Browser;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'warodds-html-'));

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await Browser.launch();
    page = await browser.newPage(WINDOW.width, WINDOW.height);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(PAGES)('$name: $args', async (c) => {
    const file = join(dir, `${c.name}.html`);
    const r = await runCli([...c.args, '--json', '--html', file]);
    expect(r.stderr).toBe('');
    const json = JSON.parse(r.stdout);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    await page.goto(`file://${file}`);
    writeFileSync(join(SCREENSHOTS, `${c.name}.png`), await page.screenshot());
    const m = await page.evaluate<Measured>(MEASURE);

    expect(m.scrollWidth).toBeLessThanOrEqual(WINDOW.width);
    expect(m.lowContrast).toEqual([]);

    expect(m.footer).toContain(`Command: warodds ${[...c.args, '--json', '--html', file].join(' ')}`);
    const fight = c.fight?.(json);
    expect(m.fightCharts).toHaveLength(fight ? 1 : 0);
    if (fight) {
      const [chart] = m.fightCharts;
      expect(chart.legend).toEqual(['target', 'attacker']); // the two lines differ here: none "identical to"
      const axis = axisOf(chart.ticks);
      expect(axis.values.map((v) => v.value)).toEqual([0, 0.25, 0.5, 0.75, 1]);
      expect(chart.curves.map((cv) => cv.side)).toEqual(['target', 'attacker']);
      for (const curve of chart.curves) {
        const ps = fight[curve.side as 'target' | 'attacker'];
        // From 0 at round 0, then two points per round (the step across it) at P(broken by then).
        expect(curve.points).toHaveLength(1 + 2 * ps.length);
        expect(Math.abs(curve.points[0].y - axis.zeroY)).toBeLessThan(PX);
        curve.points.slice(1).forEach((pt, i) => {
          expect(Math.abs(axis.zeroY - pt.y - ps[Math.floor(i / 2)] * axis.pxPerUnit)).toBeLessThan(PX);
          expect(pt.x).toBeGreaterThanOrEqual(chart.area.left - PX);
          expect(pt.x).toBeLessThanOrEqual(chart.area.right + PX);
          expect(pt.y).toBeGreaterThanOrEqual(chart.area.top - PX);
          expect(pt.y).toBeLessThanOrEqual(chart.area.bottom + PX);
        });
      }
    }

    const expected = c.charts(json);
    expect(m.charts).toHaveLength(expected.length);
    m.charts.forEach((chart, ci) => {
      const series = expected[ci];
      const lastK = Math.max(0, ...series.map((s) => s.pmf.reduce((last, _, k) => (tail(s.pmf, k) >= 0.0005 ? k : last), 0)));
      // Legend: every series, and "identical to" exactly for repeats of an earlier distribution.
      expect(chart.legend).toHaveLength(series.length);
      const repeats = series.map((s, i) => series.slice(0, i).some((e) => sameDist(e.pmf, s.pmf)));
      chart.legend.forEach((item, i) => expect(item.text.includes('identical to')).toBe(repeats[i]));
      const [hist, curves] = chart.plots;
      expect(hist.kind).toBe('histogram');
      expect(curves.kind).toBe('curves');
      for (const plot of chart.plots) {
        expect(Math.max(...plot.xTicks)).toBeLessThanOrEqual(lastK);
        expect(lastK - Math.max(...plot.xTicks)).toBeLessThan(Math.max(1, plot.xTicks[1] - plot.xTicks[0]));
      }

      const axis = axisOf(hist.ticks);
      expect(axis.values[0].value).toBe(0);
      const tallest = Math.max(...series.flatMap((s) => s.pmf.slice(0, lastK + 1)));
      expect(axis.values[axis.values.length - 1].value).toBeGreaterThanOrEqual(tallest); // the top label is above the tallest bar
      expect(axis.values[axis.values.length - 1].value).toBeLessThan(tallest + 0.26);
      const nonZero = series.reduce((n, s) => n + s.pmf.slice(0, lastK + 1).filter((p) => p > 0).length, 0);
      expect(hist.bars).toHaveLength(nonZero);
      for (const bar of hist.bars) {
        const p = series[bar.series].pmf[bar.k];
        expect(bar.p).toBe(p);
        expect(bar.left).toBeGreaterThanOrEqual(hist.area.left - PX);
        expect(bar.right).toBeLessThanOrEqual(hist.area.right + PX);
        expect(bar.top).toBeGreaterThanOrEqual(hist.area.top - PX);
        expect(bar.bottom).toBeLessThanOrEqual(hist.area.bottom + PX);
        expect(Math.abs(bar.bottom - axis.zeroY)).toBeLessThan(PX);
        expect(Math.abs(bar.bottom - bar.top - p * axis.pxPerUnit)).toBeLessThan(PX);
      }

      const lines = axisOf(curves.ticks);
      expect(lines.values.map((v) => v.value)).toEqual([0, 0.25, 0.5, 0.75, 1]);
      expect(curves.curves).toHaveLength(series.length);
      for (const curve of curves.curves) {
        expect(curve.dashed).toBe(repeats[curve.series]);
        const pmf = series[curve.series].pmf;
        curve.points.forEach((pt, i) => {
          const k = Math.floor(i / 2); // two points per k: the step across its band
          expect(pt.x).toBeGreaterThanOrEqual(curves.area.left - PX);
          expect(pt.x).toBeLessThanOrEqual(curves.area.right + PX);
          expect(Math.abs(lines.zeroY - pt.y - Math.min(1, tail(pmf, k)) * lines.pxPerUnit)).toBeLessThan(PX);
        });
      }
    });
  });
});
