/**
 * Engagements on the command line: several --attacker on one target, --turns and
 * --bounds, kills --pairs; bad input is one line on stderr, exit 2, nothing on stdout.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/in-process.js';
import { attackerSpec, stepsOf } from '../../src/cli/engagement-flags.js';
import { rankEngagements } from '../../src/analysis/engagements.js';
import { loadLibrary } from '../../src/analysis/units.js';
import { kingsOfWar } from '../../src/systems/kings-of-war/index.js';
import { hott } from '../../src/systems/hott/index.js';

describe('bad engagement input: one line, exit 2', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['an attacker of another rule set', ['attack', '--attacker', 'kow/heavy-cavalry', '--attacker', 'aos/clawlord', '--target', 'kow/spear-regiment'], /^warodds: --attacker: 'age-of-sigmar\/clawlord' is an age-of-sigmar unit, and the target is from kings-of-war$/m],
    ['an attacker of another rule set in kills', ['kills', 'kow/spear-regiment', '--turns', '1', '--attackers', 'kow/heavy-cavalry,aos/clawlord'], /^warodds: --attackers: 'age-of-sigmar\/clawlord' is an age-of-sigmar unit, and the target is from kings-of-war$/m],
    ['a Wavered unit charging', ['attack', '--attacker', 'kow/heavy-cavalry', '--target', 'kow/spear-regiment', '--turns', '2', '--situation', '{"attacker-state":"wavered"}'], /a Wavered unit cannot charge/],
    ['more than 10 attackers', ['attack', ...Array.from({ length: 11 }, () => ['--attacker', 'kow/heavy-cavalry']).flat(), '--target', 'kow/spear-regiment'], /^warodds: --attacker: 11 attackers: at most 10/],
  ];
  for (const [what, args, message] of cases)
    it(what, async () => {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    });
});

describe('engagements that run', () => {
  it('kills --bounds --pairs on a Stronghold: assaulting pairs, Worked example 15 in the first bound', async () => {
    const r = await runCli(['kills', 'hott/stronghold', '--bounds', '1', '--pairs', '--attackers', 'hott/blades,hott/spears', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    // Blades fight (d6+4), Spears support (Stronghold d6+6−1): captured when Blades win.
    let wins = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + 4 > b + 5) wins++;
    expect(out.rows[0].pRemove).toBeCloseTo(wins / 36, 12);
  });
});

describe('the shared engagement flags (in process)', () => {
  it('--turns for Kings of War, --bounds for HOTT, and the other way round is refused', () => {
    expect(stepsOf({ turns: '3' }, 'kings-of-war')).toBe(3);
    expect(stepsOf({ bounds: '4' }, 'hott')).toBe(4);
    expect(stepsOf({}, 'hott')).toBeNull();
    expect(() => stepsOf({ bounds: '2' }, 'kings-of-war')).toThrow(/^--bounds: kings-of-war counts an engagement in turns/);
    expect(() => stepsOf({ turns: '2' }, 'ninth-age')).toThrow(/^--turns: engagements of several attackers exist for kings-of-war, age-of-sigmar and hott, not ninth-age/);
    expect(() => stepsOf({ pairs: true }, 'hott')).toThrow(/^--pairs: only with --turns/);
    expect(() => stepsOf({ turns: '21' }, 'kings-of-war')).toThrow(/^--turns: '21' must be a whole number from 1 to 20/);
  });
  it('ID:how', () => {
    expect(attackerSpec('kow/heavy-cavalry:flank')).toEqual({ ref: 'kow/heavy-cavalry', how: 'flank' });
    expect(attackerSpec('kow/elf-archers')).toEqual({ ref: 'kow/elf-archers', how: null });
    expect(() => attackerSpec('kow/heavy-cavalry:sideways')).toThrow(/^--attacker: 'kow\/heavy-cavalry:sideways': write ID or ID:how/);
  });
  it('kills --turns ranks by P(routed within the turns), which never falls from one turn to the next', async () => {
    const lib = loadLibrary();
    const target = { unit: lib.find('kow/spear-regiment', 'target'), option: 'default' };
    const candidates = ['kow/heavy-cavalry', 'kow/dragon', 'kow/elf-archers'].map((id) => lib.find(id, 'attackers'));
    const flags = { charge: false, flank: false, rear: false, shooting: false, extra: {} };
    const { rows } = await rankEngagements(target, candidates, 3, false, flags, async (_system, input) => kingsOfWar.exact(kingsOfWar.parse(input)));
    expect(rows).toHaveLength(3);
    for (const row of rows) for (let k = 1; k < 3; k++) expect(row.removedBy[k]).toBeGreaterThanOrEqual(row.removedBy[k - 1] - 1e-15);
    expect(rows[0].pRemove).toBeGreaterThanOrEqual(rows[1].pRemove);
  });
  it('several HOTT elements fight one element only to assault a Stronghold', async () => {
    const lib = loadLibrary();
    const target = { unit: lib.find('hott/warbands', 'target'), option: 'default' };
    const candidates = ['hott/blades', 'hott/spears'].map((id) => lib.find(id, 'attackers'));
    const flags = { charge: false, flank: false, rear: false, shooting: false, extra: {} };
    const { rows, refused } = await rankEngagements(target, candidates, 2, true, flags, async (_s, input) => hott.exact(hott.parse(input)));
    expect(rows).toHaveLength(0);
    expect(refused[0]).toMatch(/one element against one/);
  });
});
