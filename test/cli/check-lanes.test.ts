import { describe, expect, it } from 'vitest';
import { checkInLanes } from '../../src/cli/commands/check.js';
import type { Progress } from '../../src/cli/progress.js';

/** A Progress that records what it is told. */
function recorder() {
  const events: string[] = [];
  const progress: Progress = {
    update: (d) => events.push(`update ${d}`),
    endPart: (samples, line) => events.push(`end ${samples} ${line}`),
    done: () => events.push('done'),
  };
  return { events, progress };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('checkInLanes', () => {
  it('runs every scenario once, two at a time, each lane on its own thread number', async () => {
    const { progress } = recorder();
    const seen: Array<[number, number | undefined]> = [];
    let running = 0;
    let most = 0;
    await checkInLanes(5, 2, async (index, lane) => {
      running++;
      most = Math.max(most, running);
      seen.push([index, lane]);
      for (let i = 0; i <= index % 3; i++) await tick();
      running--;
    }, progress);
    expect(seen.map(([index]) => index).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(seen.map(([, lane]) => lane))).toEqual(new Set([0, 1]));
    expect(most).toBe(2);
  });

  it('with one lane runs them in order on no particular thread', async () => {
    const { progress } = recorder();
    const seen: Array<[number, number | undefined]> = [];
    await checkInLanes(3, 1, async (index, lane) => {
      seen.push([index, lane]);
    }, progress);
    expect(seen).toEqual([[0, undefined], [1, undefined], [2, undefined]]);
  });

  it('shows the lanes\' samples as one total, a finished scenario counted once', async () => {
    const { events, progress } = recorder();
    await checkInLanes(2, 2, async (index, _lane, p) => {
      p.update(10 * (index + 1));
      await tick();
      if (index === 0) {
        p.endPart(100, 'first');
        return;
      }
      await tick();
      p.update(50);
      p.endPart(100, 'second');
    }, progress);
    // lane 0 reports 10, lane 1 20 (total 30); lane 0 ends; lane 1's 50 is then the only part running
    expect(events).toEqual(['update 10', 'update 30', 'end 100 first', 'update 50', 'end 100 second']);
  });

  it('stops taking scenarios at the first failure and throws it once the other lane is done', async () => {
    const { progress } = recorder();
    const started: number[] = [];
    let otherFinished = false;
    const failure = new Error('worker failed');
    await expect(
      checkInLanes(6, 2, async (index) => {
        started.push(index);
        if (index === 0) throw failure;
        await tick();
        await tick();
        otherFinished = true;
      }, progress),
    ).rejects.toBe(failure);
    expect(otherFinished).toBe(true);
    expect(started).toEqual([0, 1]);
  });
});
