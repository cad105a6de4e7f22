import { describe, expect, it } from 'vitest';
import { machineCpu, otherProcesses } from '../../bench/other-processes.js';

describe("the bench's share of other processes", () => {
  it('subtracts the bench\'s own ticks from the machine\'s busy ticks (100 ticks a second)', () => {
    const before = { busy: 1000, steal: 5, total: 4000, own: 100 };
    const after = { busy: 1600, steal: 25, total: 6000, own: 500 };
    // 600 busy ticks, 400 of them the bench's: 200 ticks = 2 s of 2000 ticks of the cores' time.
    expect(otherProcesses(before, after)).toEqual({ seconds: 2, share: 0.1, steal: 0.2 });
  });

  it('never reports less than nothing (the two files are read a moment apart)', () => {
    const before = { busy: 1000, steal: 0, total: 4000, own: 100 };
    const after = { busy: 1100, steal: 0, total: 4200, own: 203 };
    expect(otherProcesses(before, after).seconds).toBe(0);
  });

  it.skipIf(process.platform !== 'linux')('reads counters that only grow, busy within the total', () => {
    const a = machineCpu()!;
    let spin = 0;
    for (let i = 0; i < 5e7; i++) spin += i & 1;
    const b = machineCpu()!;
    expect(spin).toBeGreaterThan(0);
    expect(b.busy).toBeGreaterThanOrEqual(a.busy);
    expect(b.own).toBeGreaterThanOrEqual(a.own);
    expect(b.total).toBeGreaterThan(b.busy);
  });
});
