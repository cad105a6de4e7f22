/**
 * --charge, --flank and --rear beside --shooting: one rule per rule set, the same in attack,
 * kills, compare and table. A flag the rule set's shooting does not read is noted "changed
 * nothing" with its reason (terminal and JSON); a flag that contradicts shooting is refused in one
 * line (exit 2, nothing on stdout); Kings of War reads --flank/--rear as the target's arc the
 * shooter stands in (Big Shield, A12). The table of flags is in docs/notes.md.
 */
import { describe, expect, it } from 'vitest';
import { warodds, wjson } from './helpers.js';

/** The four commands, each asking about this shooter (and target) with the extra flags. */
function commands(shooter: string, target: string, flags: string[]): string[][] {
  return [
    ['attack', '--attacker', shooter, '--target', target, '--shooting', ...flags],
    ['kills', target, '--attacker', shooter, '--shooting', ...flags],
    ['compare', shooter, '--target', target, '--shooting', ...flags],
    // HOTT's default columns (overlaps) are a close-combat fact: its table varies the general of two troop types instead.
    ['table', shooter, '--shooting', ...flags, ...(shooter.startsWith('hott/') ? ['--rows', 'type=blades,spears', '--cols', 'general=no,yes'] : [])],
  ];
}

const noted: Array<[string, string, string, RegExp]> = [
  ['t9a/archers', 't9a/archers', 'flank', /§5\.2/],
  ['t9a/archers', 't9a/archers', 'rear', /§5\.2/],
  ['whfb/crossbowmen', 'whfb/halberdiers', 'charge', /charging-target/],
  ['whfb/crossbowmen', 'whfb/halberdiers', 'flank', /§5/],
  ['hott/shooters', 'hott/shooters', 'charge', /§6\.4/],
  ['hott/shooters', 'hott/shooters', 'rear', /§6\.4/],
];

describe('a flag that shooting does not read is noted, in every command', () => {
  it.each(noted)('%s --shooting --%s', async (shooter, target, flag, reason) => {
    for (const args of commands(shooter, target, [`--${flag}`])) {
      const r = await warodds(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(new RegExp(`Note: --${flag}: changed nothing: `));
      const notes: string[] = (await wjson(args)).run.notes;
      const note = notes.find((n) => n.startsWith(`--${flag}: changed nothing: `));
      expect(note, args.join(' ')).toMatch(reason);
    }
  });
  it('the answer is the one without the flag', async () => {
    const args = ['attack', '--attacker', 'whfb/crossbowmen', '--target', 'whfb/halberdiers', '--shooting'];
    const plain = await wjson(args);
    const flanked = await wjson([...args, '--flank', '--charge']);
    expect(flanked.exact).toEqual(plain.exact);
  });
});

describe('a flag that contradicts shooting is refused, in every command', () => {
  it.each([
    ['t9a/archers', 't9a/archers', /^warodds: --charge: cannot be combined with --shooting: a unit that declared a charge cannot shoot \(9th Age §5\.1\)/],
    ['kow/elf-archers', 'kow/dragon', /^warodds: --charge: cannot be combined with --shooting: .*\(§4\.1\)$/],
  ])('%s --shooting --charge', async (shooter, target, message) => {
    for (const args of commands(shooter, target, ['--charge'])) {
      const r = await warodds(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(message);
    }
  });
});

describe('Kings of War reads --flank and --rear with --shooting as the arc the shooter is in', () => {
  it('attack records the arc; --situation naming another arc contradicts it', async () => {
    const args = ['attack', '--attacker', 'kow/dragon', '--target', 'kow/dragon', '--shooting'];
    expect((await wjson([...args, '--flank'])).run.situation).toContain('arc: flank');
    expect((await wjson([...args, '--rear'])).run.situation).toContain('arc: rear');
    const r = await warodds([...args, '--flank', '--situation', '{"arc":"rear"}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/'arc': "rear" contradicts --flank/);
  });
});
