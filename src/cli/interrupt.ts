/**
 * Ctrl-C and SIGTERM. Outside Monte Carlo work warodds keeps the system's default action for
 * both: a long exact computation runs synchronously and never yields to the event loop, so only
 * the default action stops it at once (the shell sees 130 or 143). While a Monte Carlo job runs,
 * a handler ends the process itself — its worker threads end with it — with exit code 130 (after
 * one line on stderr) or 143.
 */
export const INTERRUPTED_EXIT_CODE = 130;
export const TERMINATED_EXIT_CODE = 143;

function onSignal(signal: NodeJS.Signals): void {
  if (signal === 'SIGINT') {
    // A newline first: the progress line may be showing.
    process.stderr.write('\nwarodds: interrupted\n');
    process.exit(INTERRUPTED_EXIT_CODE);
  }
  process.exit(TERMINATED_EXIT_CODE);
}

/** Run asynchronous work (a Monte Carlo job) with SIGINT and SIGTERM ending the process. */
export async function interruptible<T>(work: () => Promise<T>): Promise<T> {
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await work();
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
