import { describe, expect, it } from 'vitest';
import { warodds } from './helpers.js';

const SCENARIO = 'src/data/warhammer-fantasy/scenarios/fight-spearmen-vs-ogres.json';

describe('warodds fight', () => {
  it('--json: the rounds up to the cap and both sides, each side\'s fates and the endings summing to 1', async () => {
    const r = await warodds(['fight', '--scenario', SCENARIO, '--rounds', '3', '--json', '--verbose']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.rounds.map((x: { round: number }) => x.round)).toEqual([1, 2, 3]);
    const side = (s: Record<string, number>) => s.brokenEscaped + s.caught + s.destroyed + s.fledAtCharge;
    expect(out.attacker.wins).toBeCloseTo(side(out.target), 12);
    expect(out.attacker.wins + out.target.wins + out.bothDestroyed + out.fighting).toBeCloseTo(1, 12);
    expect(out.rounds[2].ended).toBeCloseTo(1 - out.fighting, 12);
    expect(out.chain.statesPerRound).toHaveLength(3);
  });

  it('bad input: one line on stderr, exit 2, nothing on stdout', async () => {
    for (const args of [
      ['fight', '--scenario', SCENARIO, '--rounds', '51'],
      ['fight', '--scenario', SCENARIO, '--rounds', '0'],
      ['kills', 't9a/halberdiers', '--fight', '--shooting'],
      ['fight', '--attacker', 'aos/liberators', '--target', 'aos/clawlord', '--rounds', '3'],
      ['fight', '--scenario', 'src/data/ninth-age/scenarios/knights-charge-spearmen.json'],
    ]) {
      const r = await warodds(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});
