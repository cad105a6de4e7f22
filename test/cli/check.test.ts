import { describe, expect, it } from 'vitest';
import { warodds } from './helpers.js';
import { agreementOf } from '../../src/analysis/agreement.js';
import { generic } from '../../src/systems/generic/index.js';
import { runMonteCarlo } from '../../src/sim/pool.js';

describe('warodds check', () => {
  it('every bundled generic scenario passes with 10^6 samples; --json gives one object per scenario', () => {
    const r = warodds(['check', '--system', 'generic', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout).scenarios;
    expect(out.length).toBeGreaterThanOrEqual(3);
    for (const s of out) {
      expect(s).toMatchObject({ system: 'generic', verdict: 'pass', samples: 1_000_000, seed: 'warodds' });
      expect(typeof s.name).toBe('string');
      expect(s.agreement[0]).toMatchObject({ field: 'damage', pass: true });
    }
  });

  // The suite checks every bundled scenario at 2·10^5 samples to stay within its time budget;
  // `npm run check-all` (warodds check, 10^6 samples) is the full run quoted in the README.
  it('every bundled scenario of every rule set agrees with 2·10^5 samples', () => {
    const r = warodds(['check', '--json', '--samples', '200000']);
    const out = JSON.parse(r.stdout).scenarios;
    const failed = out.filter((s: { verdict: string }) => s.verdict !== 'pass').map((s: { name: string }) => s.name);
    expect(failed).toEqual([]);
    expect(r.code).toBe(0);
    const systems = new Set(out.map((s: { system: string }) => s.system));
    for (const system of ['generic', 'ninth-age', 'warhammer-fantasy', 'kings-of-war', 'age-of-sigmar', 'hott']) expect(systems).toContain(system);
    expect(out.every((s: { samples: number }) => s.samples === 200_000)).toBe(true);
  }, 600_000);

  it('a scenario file given on the command line is checked and the table says pass', () => {
    const r = warodds(['check', 'src/data/generic/scenarios/plain.json', '--samples', '100000']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 of 1 scenarios agree');
  });

  it('a deliberately wrong exact distribution fails the check', async () => {
    // Fixture: the exact answer of the plain scenario computed with hit 4+ instead of 3+.
    const right = { attacker: { attacks: 20, hit: 3, wound: 4 }, target: { save: 4 } };
    const wrongExact = generic.exact(generic.parse({ ...right, attacker: { ...right.attacker, hit: 4 } }));
    const tally = await runMonteCarlo({ system: 'generic', input: right, samples: 1_000_000, seed: 'warodds', threads: 2 });
    const report = agreementOf(wrongExact, tally);
    expect(report.pass).toBe(false);
    expect(report.fields[0].pValue).toBeLessThan(1e-10);
  });

  it('unknown --system is bad input', () => {
    const r = warodds(['check', '--system', 'chess']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^warodds: --system: unknown rule set 'chess' \(allowed: .*generic/);
  });
});

describe('warodds demo', () => {
  it('computes a built-in scenario both ways and they agree', () => {
    const r = warodds(['demo']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('exact and Monte Carlo');
    expect(r.stdout).toMatch(/agreement: PASS/);
  });
});
