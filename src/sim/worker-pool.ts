/**
 * A fixed set of worker threads that run tasks and answer each with a result or an error (issue
 * 16, thread scaling). It replaces piscina, whose per-thread and per-task costs were measured on
 * this job at about 20 ms of CPU per thread plus 0.2 ms per task — a tenth of the 1 → 2 thread
 * budget. It does only what the Monte Carlo jobs need:
 *
 * - every thread starts at once (while the main thread computes the exact answer) and runs its
 *   tasks one after another, in the order given; a task goes to the thread with the fewest queued;
 * - a task's exception rejects that task with the worker's own message; a thread that dies (an
 *   uncaught error, running out of memory, process.exit, a file that cannot load) rejects every
 *   task queued on it and is replaced by a fresh thread for later tasks;
 * - threads with nothing queued do not keep the process alive; destroy() ends them all.
 *
 * The protocol (worker-entry.cts): the main thread posts `{ id, task }`; the worker answers
 * `{ id, result }` or `{ id, error: { message } }`.
 */
import { setFlagsFromString } from 'node:v8';
import { type ResourceLimits, SHARE_ENV, Worker } from 'node:worker_threads';

/**
 * Worker threads compile their hot loops on their own thread, at once (V8's flag, read when a
 * thread's isolate is created, so it is set before the first one starts). With V8's default
 * background compilation a worker kept rolling dice in its slow first-tier code while its
 * simulator compiled, and often compiled it twice (on-stack replacement, then the function): a
 * worker's first chunk of a scenario cost 2–4 times a later one. Measured on the bundled generic
 * scenarios (a warm-up and four chunks each): 30–50 % less CPU per scenario. Results do not
 * depend on it (the dice are the same).
 */
let compileInPlace = false;
function compileWorkersInPlace(): void {
  if (compileInPlace) return;
  compileInPlace = true;
  setFlagsFromString('--no-concurrent-recompilation');
}

export interface WorkerPoolOptions {
  /** The thread's script, and how to start it. */
  script: string | URL;
  eval?: boolean;
  execArgv?: string[];
  workerData?: unknown;
  resourceLimits?: ResourceLimits;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/** One thread and the tasks queued on it, by id. */
class Thread {
  readonly pending = new Map<number, Pending>();
  readonly worker: Worker;

  constructor(options: WorkerPoolOptions, onDeath: (thread: Thread) => void) {
    this.worker = new Worker(options.script, {
      eval: options.eval,
      execArgv: options.execArgv,
      workerData: options.workerData,
      resourceLimits: options.resourceLimits,
      // Nothing to copy: the thread reads the process environment as it is.
      env: SHARE_ENV,
    });
    this.worker.unref();
    this.worker.on('message', (message: { id: number; result?: unknown; error?: { message: string } }) => {
      const task = this.pending.get(message.id);
      if (!task) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.worker.unref();
      if (message.error) task.reject(new Error(message.error.message));
      else task.resolve(message.result);
    });
    // An uncaught error (a file that cannot load, ERR_WORKER_OUT_OF_MEMORY…) is followed by 'exit'.
    let cause: Error | null = null;
    this.worker.on('error', (error) => {
      cause ??= error;
    });
    this.worker.on('exit', (code) => {
      onDeath(this);
      const error = cause ?? new Error(`worker exited with code: ${code}`);
      for (const task of this.pending.values()) task.reject(error);
      this.pending.clear();
    });
  }

  post(id: number, task: unknown, pending: Pending): void {
    this.pending.set(id, pending);
    this.worker.ref();
    this.worker.postMessage({ id, task });
  }
}

export class WorkerPool {
  private threads: Thread[];
  private nextId = 0;
  private destroyed = false;

  constructor(
    readonly size: number,
    private readonly options: WorkerPoolOptions,
  ) {
    compileWorkersInPlace();
    this.threads = Array.from({ length: size }, () => this.start());
  }

  private start(): Thread {
    return new Thread(this.options, (dead) => {
      // A dead thread is replaced on the next task, not at once: a file that cannot load would
      // otherwise start threads forever.
      this.threads = this.threads.filter((t) => t !== dead);
    });
  }

  /**
   * Run a task on the thread with the fewest queued, or on thread `lane` (0 … size − 1) when given;
   * a task's result or its worker's failure.
   */
  run<T>(task: unknown, lane?: number): Promise<T> {
    if (this.destroyed) return Promise.reject(new Error('the worker pool was destroyed'));
    while (this.threads.length < this.size) this.threads.push(this.start());
    let thread = this.threads[0];
    if (lane !== undefined) thread = this.threads[lane % this.threads.length];
    else for (const t of this.threads) if (t.pending.size < thread.pending.size) thread = t;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => thread.post(id, task, { resolve: resolve as (r: unknown) => void, reject }));
  }

  /** End every thread; tasks still queued reject. */
  async destroy(): Promise<void> {
    this.destroyed = true;
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}
