/**
 * Progress on stderr: silent unless stderr is a terminal, nothing in the first second, then a bar
 * with the percentage, the rate and the time left that fits the terminal; check's one line per
 * scenario. The clock and the stream are fakes, so the expected figures are plain arithmetic.
 */
import { describe, expect, it } from 'vitest';
import { compactCount, duration, progressLine, progressReporter } from '../../src/cli/progress.js';

function fakeTerminal(columns: number, isTTY = true) {
  const writes: string[] = [];
  return { stream: { isTTY, columns, write: (t: string) => writes.push(t) }, writes };
}

/** The visible line after the last carriage return and erase. */
const lastLine = (writes: string[]) => writes.join('').split('\r').pop()!.replace('\x1b[K', '');

describe('progress on stderr', () => {
  it('is silent when stderr is not a terminal', () => {
    const { stream, writes } = fakeTerminal(80, false);
    let t = 0;
    const p = progressReporter('Monte Carlo', 1000, { stream, now: () => t });
    t = 5000;
    p.update(500);
    p.endPart(1000, 'pass  generic/plain  (1 of 1)');
    p.done();
    expect(writes).toEqual([]);
  });

  it('shows nothing in the first second, then the bar: 2,000,000 of 8,000,000 samples in 4 s is 25%, 500k/s, 12 s left', () => {
    const { stream, writes } = fakeTerminal(80);
    let t = 0;
    const p = progressReporter('Monte Carlo', 8_000_000, { stream, now: () => t });
    t = 900;
    p.update(100_000);
    expect(writes).toEqual([]);
    t = 4000;
    p.update(2_000_000);
    const line = lastLine(writes);
    expect(line).toMatch(/^Monte Carlo {2}\[█+░+\] {2}25% {2}500k samples\/s {2}12 s left$/);
    expect([...line].length).toBeLessThan(80);
    p.done();
    expect(writes[writes.length - 1]).toBe('\r\x1b[K'); // the bar is erased
  });

  it('counts parts towards one total and prints a line per finished part (check)', () => {
    const { stream, writes } = fakeTerminal(60);
    let t = 0;
    const p = progressReporter('check', 3 * 1000, { stream, now: () => t });
    t = 2000;
    p.update(500);
    p.endPart(1000, 'pass  kow/knights-charge  (1 of 3)');
    t = 3000;
    p.update(500);
    const text = writes.join('');
    expect(text).toContain('pass  kow/knights-charge  (1 of 3)\n');
    // 1,000 + 500 of 3,000 after 3 s: 50%, 500 samples/s, 3 s left.
    expect(lastLine(writes)).toMatch(/ 50% {2}500 samples\/s {2}3 s left$/);
    for (const l of text.split(/[\r\n]/)) expect([...l.replace('\x1b[K', '')].length).toBeLessThan(60);
  });

  it('the line fits narrow terminals: the bar shrinks, then goes', () => {
    for (const width of [30, 40, 50, 80, 200]) expect([...progressLine('Monte Carlo', 1, 3, 1, width)].length).toBeLessThan(width);
    expect(progressLine('Monte Carlo', 1, 3, 1, 200)).toContain('[');
  });

  it('numbers: compact counts and durations', () => {
    expect([compactCount(999), compactCount(12_345), compactCount(1_250_000)]).toEqual(['999', '12k', '1.3M']);
    expect([duration(45), duration(200), duration(3900)]).toEqual(['45 s', '3 min 20 s', '1 h 05 min']);
  });
});
