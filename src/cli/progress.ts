/**
 * Progress of long Monte Carlo runs on stderr, only when stderr is a terminal and only once a
 * run has taken more than a second.
 */
const DELAY_MS = 1000;

export function progressReporter(label: string): { update: (done: number, total: number) => void; done: () => void } {
  const started = Date.now();
  let shown = false;
  if (!process.stderr.isTTY) return { update: () => {}, done: () => {} };
  return {
    update(done, total) {
      if (Date.now() - started < DELAY_MS) return;
      shown = true;
      process.stderr.write(`\r${label}: ${((100 * done) / total).toFixed(0)}% (${done.toLocaleString('en')} / ${total.toLocaleString('en')})`);
    },
    done() {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}
