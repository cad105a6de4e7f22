/**
 * How a check of many scenarios (`warodds check`) spreads them over its worker threads. With one lane the scenarios run
 * in turn, each spread over every thread. With more, each lane runs whole scenarios on its own
 * thread (lane k on thread k), so a scenario is prepared and warmed up on one thread, not on each.
 *
 * A lane starts on its own contiguous share of the list — the bundled scenarios come sorted by
 * rule set, so a thread meets few rule sets and V8 compiles each simulator on few threads (each
 * thread compiles every simulator it meets, and recompiles as a new scenario's feedback arrives).
 * A lane whose share is done takes scenarios from the far end of the share with the most left,
 * which keeps the thief on one rule set too. The results do not depend on any of this: a
 * scenario's chunks and their seeds are the same whichever thread rolls them.
 */

/** Progress over many scenarios: samples done of the current one; one finished (with a line to show). */
export interface Progress {
  update(doneInPart: number): void;
  endPart(samples: number, line?: string): void;
}

/** The scenarios not yet taken, as one contiguous share per lane. */
export class LaneShares {
  /** Share k is indices from[k] … to[k] − 1. */
  private readonly from: number[];
  private readonly to: number[];

  constructor(count: number, lanes: number) {
    this.from = Array.from({ length: lanes }, (_, k) => Math.floor((k * count) / lanes));
    this.to = Array.from({ length: lanes }, (_, k) => Math.floor(((k + 1) * count) / lanes));
  }

  /** The next scenario for lane k: the front of its own share, else the back of the largest share left; null when none is. */
  take(k: number): number | null {
    if (this.from[k] < this.to[k]) return this.from[k]++;
    let largest = -1;
    for (let j = 0; j < this.from.length; j++) if (this.to[j] - this.from[j] > 0 && (largest < 0 || this.to[j] - this.from[j] > this.to[largest] - this.from[largest])) largest = j;
    return largest < 0 ? null : --this.to[largest];
  }
}

/**
 * Run scenarios 0 … count − 1 on `lanes` lanes (see above). The first failure stops the lanes
 * from taking more scenarios and is thrown once the others end.
 */
export async function checkInLanes(count: number, lanes: number, run: (index: number, lane: number | undefined, progress: Progress) => Promise<void>, progress: Progress): Promise<void> {
  if (lanes <= 1) {
    for (let index = 0; index < count; index++) await run(index, undefined, progress);
    return;
  }
  // Each lane's samples done so far, shown as one part of the shared bar.
  const done = new Array<number>(lanes).fill(0);
  const shares = new LaneShares(count, lanes);
  let failure: { error: unknown } | null = null;
  const lane = async (k: number): Promise<void> => {
    const laneProgress: Progress = {
      update: (d) => {
        done[k] = d;
        progress.update(done.reduce((a, b) => a + b, 0));
      },
      endPart: (samples, line) => {
        done[k] = 0;
        progress.endPart(samples, line);
      },
    };
    while (!failure) {
      const index = shares.take(k);
      if (index === null) return;
      try {
        await run(index, k, laneProgress);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, (_, k) => lane(k)));
  if (failure) throw (failure as { error: unknown }).error;
}
