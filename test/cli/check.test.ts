import { describe, expect, it } from 'vitest';
import { relative, sep } from 'node:path';
import { warodds } from './helpers.js';
import { bundledScenarioFiles } from '../../src/cli/bundled.js';
import { DATA_DIR } from '../../src/paths.js';
import { agreementOf } from '../../src/analysis/agreement.js';
import { generic } from '../../src/systems/generic/index.js';
import { chunkRng, masterState } from '../../src/core/rng.js';
import { Tally } from '../../src/sim/tally.js';

describe('warodds check', () => {
  it('every bundled generic scenario passes with 2·10^5 samples; --json gives one object per scenario', async () => {
    const r = await warodds(['check', '--system', 'generic', '--json', '--samples', '200000']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout).scenarios;
    expect(out.length).toBeGreaterThanOrEqual(3);
    for (const s of out) {
      expect(s).toMatchObject({ system: 'generic', verdict: 'pass', samples: 200_000, seed: 'warodds' });
      expect(typeof s.name).toBe('string');
      expect(s.agreement[0]).toMatchObject({ field: 'damage', pass: true });
    }
  });

  it('gives byte-identical output with one thread and with two (two scenarios at once, one per thread)', async () => {
    const args = ['check', '--system', 'generic', '--json', '--samples', '70000', '--seed', 'lanes'];
    const one = await warodds([...args, '--threads', '1']);
    const two = await warodds([...args, '--threads', '2']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout).scenarios.length).toBeGreaterThanOrEqual(3);
    expect(two.stdout).toBe(one.stdout);
  });

  // Every bundled scenario goes through `warodds check` here, at 5·10^4 samples: a probability the
  // simulator and the exact engine put about a percentage point apart (4.5 standard errors at
  // p = 1/2) fails. The
  // 10^6-sample run of every scenario is `npm run check-all`. The scenarios another test already
  // simulates against the exact engine are left out of this run, not out of the suite:
  //   generic/*                 the test above (2·10^5 samples);
  //   whfb/ (not eNN-*)         test/systems/warhammer-fantasy/data.test.ts (10^5 samples);
  //   hott/ (not engagement-*)  test/systems/hott/data.test.ts (2·10^4 samples; single combats).
  const CHECKED_ELSEWHERE: Record<string, (file: string) => boolean> = {
    generic: () => true,
    'warhammer-fantasy': (f) => !/^e\d\d/.test(f),
    hott: (f) => !f.startsWith('engagement-'),
  };
  it('every other bundled scenario of every rule set agrees with 5·10^4 samples', async () => {
    const files = bundledScenarioFiles().filter((file) => {
      const [system, , name] = relative(DATA_DIR, file).split(sep);
      return !CHECKED_ELSEWHERE[system]?.(name);
    });
    const r = await warodds(['check', ...files, '--json', '--samples', '50000']);
    const out = JSON.parse(r.stdout).scenarios;
    const failed = out.filter((s: { verdict: string }) => s.verdict !== 'pass').map((s: { id: string }) => s.id);
    expect(failed).toEqual([]);
    expect(r.code).toBe(0);
    expect(out).toHaveLength(files.length);
    const systems = new Set(out.map((s: { system: string }) => s.system));
    for (const system of ['ninth-age', 'warhammer-fantasy', 'kings-of-war', 'age-of-sigmar', 'hott']) expect(systems).toContain(system);
    expect(out.every((s: { samples: number }) => s.samples === 50_000)).toBe(true);
  }, 600_000);

  it('a scenario file given on the command line is checked at 10^6 samples by default and the table says pass', async () => {
    const r = await warodds(['check', 'src/data/generic/scenarios/plain.json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("1 of 1 scenarios agree (1,000,000 samples each, seed 'warodds')");
  });

  it('a deliberately wrong exact distribution fails the check', () => {
    // Fixture: the exact answer of the plain scenario computed with hit 4+ instead of 3+.
    const right = { attacker: { attacks: 20, hit: 3, wound: 4 }, target: { save: 4 } };
    const wrongExact = generic.exact(generic.parse({ ...right, attacker: { ...right.attacker, hit: 4 } }));
    // 10^5 samples of the right scenario, simulated in this thread (the pool has its own tests):
    // the means (20·2/3·1/4 = 10/3 against 20·1/2·1/4 = 5/2) differ by about 160 standard errors.
    const tally = new Tally();
    generic.simulate(generic.parse(right), chunkRng(masterState('warodds'), 0), 100_000, tally);
    const report = agreementOf(wrongExact, tally.toJSON());
    expect(report.pass).toBe(false);
    expect(report.fields[0].pValue).toBeLessThan(1e-10);
  });

  it('unknown --system is bad input', async () => {
    const r = await warodds(['check', '--system', 'chess']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^warodds: --system: unknown rule set 'chess' \(allowed: .*generic/);
  });
});
