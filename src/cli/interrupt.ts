/**
 * Ctrl-C: abort the running Monte Carlo job (piscina cancels its tasks and the pool is
 * destroyed), then exit 130.
 */
export const INTERRUPTED_EXIT_CODE = 130;

export function interruptSignal(): AbortSignal {
  const controller = new AbortController();
  process.once('SIGINT', () => {
    controller.abort();
    process.stderr.write('\nwarodds: interrupted\n');
    // If the workers do not stop promptly, leave anyway.
    setTimeout(() => process.exit(INTERRUPTED_EXIT_CODE), 2000).unref();
  });
  return controller.signal;
}
