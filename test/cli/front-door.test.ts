/**
 * The command line's front door: --help fits the terminal, a mistyped id suggests the nearest ids,
 * the rule set's names are accepted in any spelling it has, and --length is one flag for how long
 * a fight or engagement lasts, kept in the rule set's own word in the output.
 */
import { describe, expect, it } from 'vitest';
import { warodds } from './helpers.js';
import { editDistance, nearest } from '../../src/core/nearest.js';
import { wrapHelpText } from '../../src/cli/help-wrap.js';

const COMMANDS = ['', 'attack', 'check', 'demo', 'units', 'scenarios', 'kills', 'compare', 'fight', 'table', 'matchups'];

describe('--help fits the terminal', () => {
  for (const command of COMMANDS)
    it(`COLUMNS=80 warodds ${command} --help`, async () => {
      const r = await warodds([...(command ? [command] : []), '--help'], { env: { COLUMNS: '80' } });
      expect(r.code).toBe(0);
      const widest = Math.max(...r.stdout.split('\n').map((l) => [...l].length));
      expect(widest).toBeLessThanOrEqual(80);
      expect(r.stdout).toContain('Usage: warodds');
    });

  it('an example command line is continued with a backslash; other lines hang under their column', () => {
    expect(wrapHelpText('  $ npx warodds kills hott/knights --attacker hott/blades,hott/spears --csv', 50)).toBe(
      '  $ npx warodds kills hott/knights --attacker \\\n      hott/blades,hott/spears --csv',
    );
    expect(wrapHelpText('  P(remove)   the chance that the target is removed this turn', 40)).toBe('  P(remove)   the chance that the target\n              is removed this turn');
  });
});

describe('unknown ids: did you mean', () => {
  it('kills knights suggests the knights of every rule set', async () => {
    const r = await warodds(['kills', 'knights']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("warodds: target: 'knights' is not a unit id (did you mean t9a/knights, whfb/knights or hott/knights?)\n");
  });

  it('a misspelt id suggests the nearest, its own rule set first', async () => {
    const r = await warodds(['kills', 'whfb/knigts']);
    expect(r.stderr).toMatch(/^warodds: target: unknown unit 'whfb\/knigts' \(did you mean whfb\/knights, /);
  });

  it('ids match in any case', async () => {
    const r = await warodds(['kills', 'WHFB/Knights', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).target).toBe('warhammer-fantasy/knights');
  });

  it('9th-age, t9a and ninth-age name the same rule set', async () => {
    const outputs = [];
    for (const name of ['9th-age', 't9a', 'ninth-age', 'Ninth-Age']) outputs.push(await warodds(['units', name, '--json']));
    for (const r of outputs) expect(r.code).toBe(0);
    const units = outputs.map((r) => JSON.stringify(JSON.parse(r.stdout).map((u: { id: string }) => u.id)));
    expect(new Set(units).size).toBe(1);
    expect(units[0]).toContain('ninth-age/knights');
  });

  it('edit distance and the nearest candidates', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(nearest('knigts', ['whfb/knights', 'whfb/ogres', 'hott/knights'])).toEqual(['whfb/knights', 'hott/knights']);
    expect(nearest('zzzzzz', ['whfb/knights'])).toEqual([]);
  });
});

describe('--length: how long a fight or engagement lasts', () => {
  it('a whole fight: the same answer as --rounds, and the output says rounds', async () => {
    const args = ['fight', '--attacker', 't9a/knights', '--target', 't9a/line-infantry-spears', '--charge', '--json'];
    const byLength = await warodds([...args, '--length', '3']);
    const byRounds = await warodds([...args, '--rounds', '3']);
    expect(byLength.code).toBe(0);
    const a = JSON.parse(byLength.stdout);
    const b = JSON.parse(byRounds.stdout);
    expect(a.rounds).toEqual(b.rounds);
    expect(a.rounds).toHaveLength(3);
    expect(a.run.situation).toContain('rounds: 3');
  });

  it('kills in Kings of War: turns; in HOTT: bounds', async () => {
    const kow = await warodds(['kills', 'kow/spear-regiment', '--length', '2']);
    expect(kow.stdout).toContain('within 2 turns');
    const hott = await warodds(['attack', '--attacker', 'hott/warbands', '--target', 'hott/blades', '--length', '3']);
    expect(hott.stdout).toContain('bounds: 3');
  });

  it('--length with the rule set\'s own flag is one line, exit 2', async () => {
    const r = await warodds(['fight', '--attacker', 't9a/knights', '--target', 't9a/line-infantry-spears', '--length', '3', '--rounds', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('warodds: --length: give --length or --rounds, not both\n');
  });
});
