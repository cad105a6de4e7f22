/**
 * The error of a Monte Carlo job whose worker threw, exited or ran out of memory, in a module of
 * its own so that the command line can recognise it without loading the pool (start-up).
 */

/** A worker that threw, exited or ran out of memory: the message is one line naming the cause. */
export class WorkerFailure extends Error {
  override name = 'WorkerFailure';
}
