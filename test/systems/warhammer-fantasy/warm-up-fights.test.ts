import { describe, expect, it } from 'vitest';
import type { FightScenario } from '../../../src/systems/warhammer-fantasy/fight-schema.js';
import { warmUpOnce } from '../../../src/sim/warm-up.js';
import { warmUpFights } from '../../../src/systems/warhammer-fantasy/warm-up-fights.js';

describe('Warhammer Fantasy warm-up fights (JIT cost)', () => {
  // The made-up fights are valid input, rolled alike call after call, and take the branches
  // the module's comment names: a challenge, a stand and shoot, a character without a challenge, none.
  const calls: Array<{ f: FightScenario; n: number }> = [];
  const warmUp = warmUpOnce(() => warmUpFights((f, _rng, n) => calls.push({ f, n })));
  warmUp();
  warmUp(); // once per thread: a second call rolls nothing
  const fights = [...new Set(calls.map((c) => c.f))];

  it('rolls each made-up fight the same number of times, a few samples each', () => {
    expect(fights).toHaveLength(4);
    // V8 allocates a function's feedback after its first 8 calls: each fight is rolled more often than that, and only once over
    for (const f of fights) expect(calls.filter((c) => c.f === f).length).toBeGreaterThanOrEqual(9);
    for (const f of fights) expect(calls.filter((c) => c.f === f).length).toBeLessThanOrEqual(16);
    for (const c of calls) expect(c.n).toBeGreaterThan(0);
  });

  it('covers a challenge, a stand and shoot, a character without a challenge, and a fight with no rule', () => {
    expect(fights.some((f) => f.challenge && f.attacker.character && f.target.character && f.attacker.calm && f.situation.defendedObstacle !== 'none')).toBe(true);
    expect(fights.some((f) => f.standAndShoot !== null && f.attacker.unit.w > 1 && f.attacker.unit.rules.causesFear)).toBe(true);
    expect(fights.some((f) => !f.challenge && f.attacker.character?.general && f.attacker.character.battleStandard)).toBe(true);
    expect(fights.some((f) => !f.challenge && !f.attacker.character && !f.target.character && f.standAndShoot === null && f.situation.charging === 'none')).toBe(true);
  });
});
