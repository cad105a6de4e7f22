import { describe, expect, it } from 'vitest';
import { checkInLanes, LaneShares } from '../../src/questions/check-lanes.js';
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
    // lane 0 starts on its share (0, 1, 2), lane 1 on its own (3, 4, 5)
    expect(started).toEqual([0, 3]);
  });

  it('gives each lane its own contiguous share, then lends it the back of the largest share left', () => {
    const shares = new LaneShares(10, 2);
    // shares 0–4 and 5–9; lane 1 is slow and takes only 5 and 6 meanwhile
    const lane0 = [0, 1, 2, 3, 4].map(() => shares.take(0));
    expect(lane0).toEqual([0, 1, 2, 3, 4]);
    expect([shares.take(1), shares.take(1)]).toEqual([5, 6]);
    // lane 0 is out of its share: it takes lane 1's from the back, 9 then 8; lane 1 goes on with 7
    expect([shares.take(0), shares.take(0), shares.take(1)]).toEqual([9, 8, 7]);
    expect([shares.take(0), shares.take(1)]).toEqual([null, null]);
  });

  it('with three lanes a finished lane helps the lane with the most left', () => {
    const shares = new LaneShares(9, 3); // 0–2, 3–5, 6–8
    expect([shares.take(0), shares.take(0), shares.take(0)]).toEqual([0, 1, 2]);
    expect(shares.take(2)).toBe(6); // share 2 has 7, 8 left; share 1 has 3, 4, 5
    expect(shares.take(0)).toBe(5);
    expect(shares.take(0)).toBe(4); // shares 1 (3, 4) and 2 (7, 8) tie: the lower lane's share
  });
});
