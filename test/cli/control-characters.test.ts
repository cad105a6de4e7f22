/**
 * Control characters from the input (a scenario, unit or option name, a unit file name) never
 * reach the terminal raw through fight, attack, units or kills: they are shown escaped (\u001b),
 * so an input cannot set the window title or clear the screen. Colours warodds adds are kept.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { warodds } from './helpers.js';
import { terminalSafe } from '../../src/cli/stdout.js';

const EVIL = '\u001b]0;owned\u0007\u001b[2J\u009b';
/** Any control character but the newline, and any escape sequence that is not a colour. */
const RAW = /\u001b(?!\[[0-9;]*m)|[\u0000-\u0009\u000b-\u001a\u001c-\u001f\u007f-\u009f]/;

const dir = mkdtempSync(join(tmpdir(), 'warodds-escape-'));
mkdirSync(join(dir, 'warhammer-fantasy'));
const { name: _n, example: _e, notes: _x, ...halberdiers } = JSON.parse(readFileSync(new URL('../../src/data/warhammer-fantasy/units/halberdiers.json', import.meta.url), 'utf8'));
writeFileSync(join(dir, 'warhammer-fantasy', 'evil.json'), JSON.stringify({ name: `Evil${EVIL}`, ...halberdiers, options: { [`opt${EVIL}`]: { ld: 8 } } }));
const files = mkdtempSync(join(tmpdir(), 'warodds-escape-files-'));
const scenario = join(files, 'scenario.json');
writeFileSync(scenario, JSON.stringify({ name: `Scenario${EVIL}`, system: 'whfb', attacker: halberdiers, target: halberdiers }));
const fightFile = join(files, 'fight.json');
writeFileSync(fightFile, JSON.stringify({ name: `Fight${EVIL}`, system: 'whfb', attacker: halberdiers, target: halberdiers, situation: { phase: 'fight', rounds: 2 } }));

describe('control characters from the input are escaped in every terminal output', () => {
  const runs: Array<[string, string[]]> = [
    ['units', ['units', 'whfb', '--units', dir]],
    ['kills', ['kills', 'whfb/spearmen', '--units', dir, '--attacker', 'whfb/evil,whfb/knights']],
    ['kills --csv', ['kills', 'whfb/spearmen', '--units', dir, '--attacker', 'whfb/evil', '--csv']],
    ['kills --markdown', ['kills', 'whfb/spearmen', '--units', dir, '--attacker', 'whfb/evil', '--markdown']],
    ['attack (units)', ['attack', '--attacker', 'whfb/evil', '--target', 'whfb/spearmen', '--units', dir]],
    ['attack --scenario', ['attack', '--scenario', scenario]],
    ['attack --scenario --csv', ['attack', '--scenario', scenario, '--csv']],
    ['fight (units)', ['fight', '--attacker', 'whfb/evil', '--target', 'whfb/spearmen', '--units', dir, '--rounds', '2']],
    ['fight --scenario', ['fight', '--scenario', fightFile]],
  ];
  for (const [what, args] of runs)
    it(what, async () => {
      const r = await warodds(args, { env: { FORCE_COLOR: '1', COLUMNS: '300' } });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(RAW);
      if (!args.includes('--csv')) expect(r.stdout).toContain('\\u001b]0;owned\\u0007\\u001b[2J\\u009b');
    });

  it("a table's colours are kept: only the input's escape sequences are escaped", async () => {
    const r = await warodds(['table', 'whfb/evil', '--units', dir], { env: { FORCE_COLOR: '1', COLUMNS: '300' } });
    expect(r.stdout).toMatch(/\u001b\[48;5;\d+m/);
    expect(r.stdout).not.toMatch(RAW);
  });

  it('terminalSafe keeps newlines and colours, and escapes everything else', () => {
    expect(terminalSafe('a\n\u001b[1;31mred\u001b[0m\t\r\u001b]0;x\u0007')).toBe('a\n\u001b[1;31mred\u001b[0m\\u0009\\u000d\\u001b]0;x\\u0007');
  });
});
