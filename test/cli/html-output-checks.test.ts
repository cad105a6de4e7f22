/**
 * `--html FILE` is checked before any work and never destroys an input: an empty path, a folder
 * that does not exist, or one of the command's own inputs (the scenario, a unit file) is refused
 * in one line with nothing on stdout; a Ctrl-C or SIGTERM during the write leaves no temporary file.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { refused } from './helpers.js';


const fightArgs = ['fight', '--attacker', 'whfb/knights', '--target', 'whfb/halberdiers', '--rounds', '2'];

describe('--html is checked before the work', () => {
  it("--html '' is refused (it used to be ignored)", async () => {
    await refused([...fightArgs, '--html', ''], /^warodds: --html: give a file name/);
    await refused(['kills', 'whfb/halberdiers', '--attacker', 'whfb/knights', '--html', ''], /^warodds: --html: give a file name/);
  });
  it('a folder that does not exist is refused before the answer is printed (fight, kills, compare, table)', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'warodds-html-')), 'no', 'such', 'page.html');
    const message = /^warodds: --html: cannot write .*page\.html.*: its folder .* does not exist$/;
    await refused([...fightArgs, '--html', missing], message);
    await refused(['kills', 'whfb/halberdiers', '--attacker', 'whfb/knights', '--html', missing], message);
    await refused(['compare', 'whfb/knights', '--target', 'whfb/halberdiers', '--html', missing], message);
    await refused(['table', 'whfb/knights', '--html', missing], message);
    const file = join(mkdtempSync(join(tmpdir(), 'warodds-html-')), 'plain');
    writeFileSync(file, 'x');
    await refused([...fightArgs, '--html', join(file, 'page.html')], /its folder .* is not a folder$/);
  });
  it("the command's own scenario file is refused, and left as it was", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warodds-html-'));
    const scenario = join(dir, 'fight.json');
    const { name: _n, example: _e, notes: _x, ...body } = JSON.parse(readFileSync(new URL('../../src/data/warhammer-fantasy/units/halberdiers.json', import.meta.url), 'utf8'));
    const text = JSON.stringify({ system: 'whfb', attacker: body, target: body, situation: { phase: 'fight', rounds: 2 } });
    writeFileSync(scenario, text);
    await refused(['fight', '--scenario', scenario, '--html', scenario], /^warodds: --html: .*fight\.json.* is one of this command's own inputs/);
    // The same file by another spelling of its path.
    await refused(['fight', '--scenario', scenario, '--html', join(dir, '.', '..', dir.split('/').pop()!, 'fight.json')], /own inputs/);
    expect(readFileSync(scenario, 'utf8')).toBe(text);
  });
  it('a unit file of --units is refused, and left as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warodds-html-'));
    mkdirSync(join(dir, 'warhammer-fantasy'));
    const unit = join(dir, 'warhammer-fantasy', 'mine.json');
    const text = readFileSync(new URL('../../src/data/warhammer-fantasy/units/halberdiers.json', import.meta.url), 'utf8');
    writeFileSync(unit, text);
    await refused(['kills', 'whfb/halberdiers', '--units', dir, '--attacker', 'whfb/mine', '--html', unit], /^warodds: --html: .*mine\.json.* is in the unit folder this command reads/);
    await refused([...fightArgs, '--units', dir, '--html', unit], /unit folder/);
    expect(readFileSync(unit, 'utf8')).toBe(text);
  });
});

describe('a signal during the write leaves no temporary file', () => {
  const module = fileURLToPath(new URL('../../dist/src/cli/file-output.js', import.meta.url));
  // A child that writes a page and sends itself the signal once the temporary file is open.
  const script = `
    const m = await import(${JSON.stringify(module)});
    m.writeHooks.afterOpen = () => process.kill(process.pid, process.argv[2]);
    m.writeOutputFile(process.argv[1], 'x'.repeat(100000), '--html');
    await new Promise((r) => setTimeout(r, 2000));
    process.stdout.write('not ended by the signal');
  `;
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const)
    it(`${signal}: the process ends with ${code}, and the folder holds no temporary file`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'warodds-signal-'));
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, join(dir, 'page.html'), signal], { encoding: 'utf8' });
      expect(r.status).toBe(code);
      expect(r.stdout).toBe('');
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
});
