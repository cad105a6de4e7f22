/**
 * A chart drawn by Chart.js, with the answer's table as its text alternative. Colours: the
 * Okabe–Ito palette, told apart with any colour vision; line series also differ in dash.
 */
import { useEffect, useRef } from 'preact/hooks';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { AnswerChart } from './answer.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
const DASHES = [[], [6, 4], [2, 3], [8, 3, 2, 3]];

export function ChartView({ chart }: { chart: AnswerChart }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef<Chart | null>(null);
  useEffect(() => {
    const data = {
      labels: chart.labels,
      datasets: chart.series.map((s, i) => ({
        label: s.label,
        data: s.values,
        backgroundColor: PALETTE[i % PALETTE.length],
        borderColor: PALETTE[i % PALETTE.length],
        borderDash: chart.kind === 'line' ? DASHES[i % DASHES.length] : undefined,
        pointRadius: chart.kind === 'line' ? 2 : undefined,
      })),
    };
    if (drawn.current && (drawn.current.config as { type?: string }).type === chart.kind) {
      drawn.current.data = data;
      drawn.current.update('none');
    } else {
      drawn.current?.destroy();
      drawn.current = new Chart(canvas.current!, {
        type: chart.kind,
        data,
        options: {
          animation: false,
          maintainAspectRatio: false,
          plugins: { legend: { display: chart.series.length > 1 } },
          scales: { x: { title: { display: true, text: chart.xLabel } }, y: { beginAtZero: true, max: chart.kind === 'line' ? 1 : undefined, title: { display: true, text: chart.yLabel } } },
        },
      });
    }
  }, [chart]);
  useEffect(() => () => drawn.current?.destroy(), []);
  const summary = chart.series.map((s) => s.values.map((v) => v.toFixed(6)).join(',')).join(';');
  return (
    <figure class="chart" data-series={summary}>
      <figcaption>{chart.title}</figcaption>
      <div class="canvas-box">
        <canvas ref={canvas} role="img" aria-label={`${chart.title}; the numbers are in the table below`} />
      </div>
    </figure>
  );
}
