import { describe, expect, it } from 'vitest';
import { warodds, wjson } from './helpers.js';
import { binomialPmf } from '../support/binomial.js';

const PLAIN = ['attack', '--attacks', '20', '--hit', '3', '--wound', '4', '--save', '4'];


describe('warodds attack (generic flags)', () => {
  it('20 attacks, 3+/4+/4+: damage pmf is Binomial(20, 1/6) within 1e-12, mean 10/3', () => {
    const out = wjson(PLAIN);
    const expected = binomialPmf(20, 1 / 6);
    expect(out.damage.pmf).toHaveLength(21);
    expected.forEach((p, k) => expect(Math.abs(out.damage.pmf[k] - p)).toBeLessThan(1e-12));
    expect(out.damage.mean.toFixed(4)).toBe('3.3333');
  });

  it('--mc with the same seed prints identical JSON for 1 and 2 threads; mean within 4 SE of 10/3', () => {
    const args = [...PLAIN, '--mc', '--samples', '2000000', '--seed', 'abc'];
    const one = warodds([...args, '--threads', '1', '--json']);
    const two = warodds([...args, '--threads', '2', '--json']);
    expect(one.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const out = JSON.parse(one.stdout);
    expect(out.seed).toBe('abc');
    expect(out.samples).toBe(2_000_000);
    const se = Math.sqrt((20 * (1 / 6) * (5 / 6)) / 2_000_000);
    expect(Math.abs(out.damage.mean - 10 / 3)).toBeLessThan(4 * se);
  });

  it('three threads give the same bits as one', () => {
    const args = ['attack', '--attacks', 'D6', '--attacker-models', '5', '--hit', '4', '--wound', '3', '--damage', 'D3', '--models', '5', '--health', '2', '--mc', '--samples', '300000', '--json'];
    expect(warodds([...args, '--threads', '3']).stdout).toBe(warodds([...args, '--threads', '1']).stdout);
  });

  it('two unsaved D3 wounds vs 2-health models: slain [0, 1/3, 5/9, 1/9] spilling over, [0, 5/9, 4/9] without', () => {
    const args = ['attack', '--attacks', '2', '--hit', 'auto', '--wound', 'auto', '--save', 'none', '--damage', 'D3', '--health', '2', '--models', '5'];
    const spill = wjson(args).slain.pmf;
    [0, 1 / 3, 5 / 9, 1 / 9].forEach((p, k) => expect(spill[k]).toBeCloseTo(p, 12));
    const lost = wjson([...args, '--no-spill']).slain.pmf;
    expect(lost).toHaveLength(3);
    [0, 5 / 9, 4 / 9].forEach((p, k) => expect(lost[k]).toBeCloseTo(p, 12));
  });

  it('re-rolls and critical hits from flags: 7/18, 5/9 and 2/3, 1/6, 1/6', () => {
    const base = ['attack', '--attacks', '1', '--hit', '5', '--wound', 'auto'];
    expect(wjson([...base, '--reroll-hit', 'ones']).damage.pmf[1]).toBeCloseTo(7 / 18, 14);
    expect(wjson([...base, '--reroll-hit', 'failed']).damage.pmf[1]).toBeCloseTo(5 / 9, 14);
    const crit = wjson([...base, '--hit-crit', 'extra-hits(1)']).damage.pmf;
    [2 / 3, 1 / 6, 1 / 6].forEach((p, k) => expect(crit[k]).toBeCloseTo(p, 14));
  });

  it('--both reports the agreement; --csv and --markdown have one row per value', () => {
    const both = wjson([...PLAIN, '--both', '--samples', '100000']);
    expect(both.engine).toBe('both');
    expect(both.agreement.pass).toBe(true);
    const csv = warodds([...PLAIN, '--csv']).stdout.trim().split('\n').filter((l) => !l.startsWith('# '));
    expect(csv[0]).toBe('system,scenario,quantity,value,p_exact,p_at_least');
    expect(csv).toHaveLength(1 + 21);
    const md = warodds([...PLAIN, '--markdown']).stdout.trim().split('\n');
    expect(md[2]).toBe('| quantity | value | p_exact | p_at_least |');
    expect(md.filter((l) => l.startsWith('| damage | '))).toHaveLength(21);
  });

  it('the readable table shows mean, sd, P(≥k) and a histogram', () => {
    const r = warodds(PLAIN);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('damage: mean 3.333, sd 1.667');
    expect(r.stdout).toContain('P(≥k)');
    expect(r.stdout).toMatch(/[█▏▎▍▌▋▊▉]/);
  });
});

describe('bad input: one line naming the problem, exit code 2', () => {
  const cases: Array<[string[], RegExp]> = [
    [['--hit', '0'], /^warodds: --hit: '0' is not allowed/],
    [['--attacks', '-1'], /^warodds: --attacks: malformed dice expression '-1'/],
    [['--damage', 'D7x'], /^warodds: --damage: malformed dice expression 'D7x'/],
    [['--frobnicate'], /unknown option '--frobnicate'/],
    [['--scenario', 'no/such/file.json'], /^warodds: --scenario: cannot read 'no\/such\/file.json' \(no such file\)/],
    [['--scenario', 'test/cli/fixtures/invalid.json'], /^warodds: --scenario: 'test\/cli\/fixtures\/invalid.json' is not valid JSON/],
    [['--samples', '0', '--mc'], /^warodds: --samples: expected a whole number/],
  ];
  for (const [extra, message] of cases) {
    it(extra.join(' '), () => {
      const base = extra[0] === '--scenario' ? ['attack'] : extra[0] === '--attacks' ? ['attack', '--hit', '3', '--wound', '4'] : ['attack', '--attacks', '3', '--hit', '3', '--wound', '4'];
      const r = warodds([...base, ...extra]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(message);
    });
  }
});

describe('help shows a real example', () => {
  for (const cmd of [[], ['attack'], ['check'], ['demo']]) {
    it(`warodds ${cmd.join(' ')} --help`, () => {
      const r = warodds([...cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/\$ npx warodds /);
    });
  }
});
