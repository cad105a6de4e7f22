/**
 * Age of Sigmar engagements on the command line: kills --turns K (K battle rounds),
 * --pairs, several --attacker; bad input is one line on stderr, exit 2, nothing on stdout.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/in-process.js';

describe('Age of Sigmar engagements through the shared CLI', () => {
  it('kills --turns 2 --pairs: P(destroyed) by battle round, rising, the best pair first', async () => {
    const r = await runCli(['kills', 'aos/example-monster', '--turns', '2', '--pairs', '--charge', '--attackers', 'aos/example-cavalry,aos/example-elite-infantry,aos/example-horde', '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout).rows as Array<{ removedBy: number[]; pRemove: number }>;
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.removedBy).toHaveLength(2);
      expect(row.removedBy[1]).toBeGreaterThan(row.removedBy[0]);
      expect(row.pRemove).toBe(row.removedBy[1]);
    }
    expect(rows[0].pRemove).toBeGreaterThanOrEqual(rows[1].pRemove);
  });
  const cases: Array<[string, string[], RegExp]> = [
    ['an attacker of another rule set in kills', ['kills', 'aos/example-monster', '--turns', '2', '--attackers', 'aos/example-cavalry,kow/heavy-cavalry'], /^warodds: --attackers: 'kings-of-war\/heavy-cavalry' is a kings-of-war unit/],
    ['an attacker of another rule set in attack', ['attack', '--attacker', 'kow/heavy-cavalry', '--target', 'aos/example-monster', '--turns', '1'], /is a kings-of-war unit, and the target is from age-of-sigmar/],
    ['more than 10 attackers', ['attack', ...Array.from({ length: 11 }, () => ['--attacker', 'aos/example-horde']).flat(), '--target', 'aos/example-monster', '--turns', '1'], /11 attackers: at most 10/],
    ['a facing', ['attack', '--attacker', 'aos/example-cavalry:flank', '--target', 'aos/example-monster', '--turns', '1'], /':flank' does not exist in Age of Sigmar/],
  ];
  for (const [what, args, message] of cases)
    it(`bad input: ${what}`, async () => {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    });
});
