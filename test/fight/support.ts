/** What the whole-fight tests share: reading a report's tables and checking the simulator against the exact chain. */
import { expect } from 'vitest';
import { chunkRng, masterState } from '../../src/core/rng.js';
import { Tally } from '../../src/sim/tally.js';
import type { GameSystem } from '../../src/systems/types.js';

export { binomialPmf as binomial } from '../support/binomial.js';

/** One named table of an outcome's report, or {} when it has none. */
export const table = (o: { outcomes?: Record<string, Record<string, number>> }, name: string) => o.outcomes?.[name] ?? {};

/**
 * `n` seeded simulated fights agree with the exact chain on table `name`: every entry within 4.5
 * standard errors of a binomial proportion (a wrong answer off by more fails), and no sample lands
 * on an entry the exact chain gives no probability.
 */
export function expectSimulatorMatches<S>(system: GameSystem<S>, s: S, seed: string, n: number, name: string): void {
  const tally = new Tally();
  system.simulate(s, chunkRng(masterState(seed), 0), n, tally);
  const exact = table(system.exact(s), name);
  const counts = tally.outcomes.get(name)!;
  for (const [k, p] of Object.entries(exact)) {
    const se = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs((counts.get(k) ?? 0) / n - p)).toBeLessThan(4.5 * se + 1e-12);
  }
  for (const [k, c] of counts) if (c > 0) expect(exact[k] ?? 0, `${name}: '${k}' simulated ${c} times`).toBeGreaterThan(0);
}
