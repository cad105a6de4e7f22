/**
 * Progress of long Monte Carlo runs on stderr: once a run has taken more than a second, one line
 * redrawn in place — a bar, the percentage, samples per second and the time left — that fits the
 * terminal. Only when stderr is a terminal; otherwise silent. A run made of several parts (the
 * pairings of kills / compare / table, the scenarios of check) counts towards one total, and
 * `endPart` can print a line above the bar as each part finishes (check: one line per scenario).
 */
import { escapeControlCharacters } from '../core/json.js';

const DELAY_MS = 1000;
const REDRAW_MS = 100;

export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export interface Progress {
  /** Samples finished so far in the current part (as runMonteCarlo's onProgress reports them). */
  update(doneInPart: number): void;
  /** The current part is finished: its samples count as done; `line` is printed above the bar. */
  endPart(samples: number, line?: string): void;
  /** Clear the bar. */
  done(): void;
}

export interface ProgressOptions {
  stream?: ProgressStream;
  now?: () => number;
}

const SILENT: Progress = { update: () => {}, endPart: () => {}, done: () => {} };

/** 1.2M, 850k, 999. */
export function compactCount(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e4) return `${Math.round(n / 1e3)}k`;
  return String(Math.round(n));
}

/** 45 s, 3 min 20 s, 1 h 05 min. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** The bar line for `done` of `total` samples after `elapsed` seconds, at most `width` wide. */
export function progressLine(label: string, done: number, total: number, elapsed: number, width: number): string {
  const fraction = total > 0 ? Math.min(1, done / total) : 0;
  const rate = elapsed > 0 ? done / elapsed : 0;
  const left = rate > 0 ? duration((total - done) / rate) : '?';
  const tail = ` ${(100 * fraction).toFixed(0).padStart(3)}%  ${compactCount(rate)} samples/s  ${left} left`;
  const room = width - 1 - label.length - 2 - tail.length - 2;
  const barWidth = Math.min(30, room);
  if (barWidth < 5) return `${label}${tail}`.slice(0, Math.max(0, width - 1));
  const filled = Math.round(fraction * barWidth);
  return `${label}  [${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)}]${tail}`;
}

/** Progress over `total` samples (all parts together). */
export function progressReporter(label: string, total: number, options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? Date.now;
  if (!stream.isTTY) return SILENT;
  const started = now();
  let finished = 0;
  let current = 0;
  let shown = false;
  let drawn = -Infinity;
  const width = () => (stream.columns && stream.columns > 0 ? stream.columns : 80);
  const draw = (force: boolean) => {
    const t = now();
    if (t - started < DELAY_MS || (!force && t - drawn < REDRAW_MS)) return;
    drawn = t;
    shown = true;
    stream.write(`\r\x1b[K${progressLine(label, finished + current, Math.max(total, finished + current), (t - started) / 1000, width())}`);
  };
  return {
    update(doneInPart) {
      current = doneInPart;
      draw(false);
    },
    endPart(samples, line) {
      finished += samples;
      current = 0;
      if (line !== undefined) {
        // The line names a scenario from the input: its control characters are escaped.
        stream.write(`\r\x1b[K${escapeControlCharacters(line)}\n`);
        shown = false;
      }
      draw(true);
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
