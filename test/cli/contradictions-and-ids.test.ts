/**
 * Flags that contradict --situation are refused like --flank --rear, one rule for every flag and
 * command; list flags refuse an empty or repeated entry; a user unit's id (its file name) must be
 * one that can be typed back, and a unit file's system must agree with its folder. Each refusal
 * is one line on stderr naming the flag or file, exit 2, nothing on stdout.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refused, warodds } from './helpers.js';


describe('a flag and a --situation key that set the same thing differently are a contradiction', () => {
  const whfb = ['--attacker', 'whfb/knights', '--target', 'whfb/halberdiers'];
  it("--charge with {\"charging\": \"target\"}, in attack, fight and kills", async () => {
    const message = /^warodds: --situation: 'charging': "target" contradicts --charge, which sets it to "attacker": give one or the other$/;
    await refused(['attack', ...whfb, '--charge', '--situation', '{"charging":"target"}'], message);
    await refused(['fight', ...whfb, '--charge', '--situation', '{"charging":"target"}'], message);
    await refused(['kills', 'whfb/halberdiers', '--attacker', 'whfb/knights', '--charge', '--situation', '{"charging":"target"}'], message);
    await refused(['table', 'whfb/knights', '--charge', '--situation', '{"charging":"target"}'], message);
  });
  it("--flank with {\"facing\": \"rear\"}; Kings of War's --flank with {\"charge\": \"rear\"}; AoS --charge with {\"charged\": false}", async () => {
    await refused(['attack', ...whfb, '--flank', '--situation', '{"facing":"rear"}'], /--situation: 'facing': "rear" contradicts --flank/);
    await refused(['attack', '--attacker', 'kow/heavy-cavalry', '--target', 'kow/spear-regiment', '--flank', '--situation', '{"charge":"rear"}'], /--situation: 'charge': "rear" contradicts --flank/);
    await refused(['attack', '--attacker', 'aos/liberators', '--target', 'aos/clawlord', '--charge', '--situation', '{"charged":false}'], /--situation: 'charged': false contradicts --charge/);
  });
  it('--rounds with {"rounds": 3}', async () => {
    await refused(['fight', ...whfb, '--rounds', '4', '--situation', '{"rounds":3}'], /^warodds: --situation: 'rounds': 3 contradicts --rounds 4: give one or the other$/);
    await refused(['kills', 'whfb/halberdiers', '--attacker', 'whfb/knights', '--fight', '--rounds', '4', '--situation', '{"rounds":3}'], /contradicts --rounds 4/);
  });
  it('a flag and a key that agree are no contradiction', async () => {
    const agreed = await warodds(['attack', ...whfb, '--charge', '--situation', '{"charging":"attacker"}', '--json']);
    const flag = await warodds(['attack', ...whfb, '--charge', '--json']);
    expect(agreed.code).toBe(0);
    expect(JSON.parse(agreed.stdout).damage).toEqual(JSON.parse(flag.stdout).damage);
  });
});

describe('list flags: an empty or repeated entry is refused, naming the flag as typed', () => {
  it('kills --attacker / --attackers', async () => {
    await refused(['kills', 'whfb/halberdiers', '--attacker', 'whfb/knights,,whfb/hero'], /^warodds: --attacker: an empty entry/);
    await refused(['kills', 'whfb/halberdiers', '--attacker', 'whfb/knights,'], /^warodds: --attacker: an empty entry/);
    await refused(['kills', 'whfb/halberdiers', '--attackers', 'whfb/knights', '--attackers', 'whfb/knights'], /^warodds: --attackers: 'whfb\/knights' is given twice$/);
    await refused(['kills', 'whfb/halberdiers', '--attacker', 'whfb/knights,warhammer-fantasy/knights'], /^warodds: --attacker: 'warhammer-fantasy\/knights' is given twice$/);
  });
  it('compare --option and --target', async () => {
    await refused(['compare', 'whfb/knights', '--option', 'default,default'], /^warodds: --option: 'default' is given twice$/);
    await refused(['compare', 'whfb/knights', '--option', 'default,,cavalry-spears'], /^warodds: --option: an empty entry/);
    await refused(['compare', 'whfb/knights', '--target', 'whfb/hero,whfb/hero'], /^warodds: --target: 'whfb\/hero' is given twice$/);
    await refused(['compare', 'whfb/knights', '--targets', 'whfb/hero, '], /^warodds: --targets: an empty entry/);
  });
});

describe('user unit files', () => {
  const { name, example: _e, notes: _n, ...body } = JSON.parse(readFileSync(new URL('../../src/data/warhammer-fantasy/units/halberdiers.json', import.meta.url), 'utf8'));
  const unit = { name, ...body };
  /** A bad unit file is skipped with one warning line naming it and why (the library's policy); the other units load. */
  async function skipped(dir: string, message: RegExp): Promise<void> {
    const r = await warodds(['units', 'whfb', '--units', dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warodds: warning: skipped a unit file: /);
    expect(r.stderr).toMatch(message);
  }
  it("a file name that cannot be typed back as an id ('a:front', 'a,b', 'a b') is checked when loading", async () => {
    for (const file of ['a:front.json', 'a,b.json', 'a b.json', '-x.json']) {
      const dir = mkdtempSync(join(tmpdir(), 'warodds-ids-'));
      mkdirSync(join(dir, 'warhammer-fantasy'));
      writeFileSync(join(dir, 'warhammer-fantasy', file), JSON.stringify(unit));
      await skipped(dir, /cannot be typed back: rename it with letters, digits/);
      const flat = mkdtempSync(join(tmpdir(), 'warodds-ids-'));
      writeFileSync(join(flat, file), JSON.stringify({ system: 'whfb', ...unit }));
      await skipped(flat, /cannot be typed back/);
    }
    const dir = mkdtempSync(join(tmpdir(), 'warodds-ids-'));
    mkdirSync(join(dir, 'warhammer-fantasy'));
    writeFileSync(join(dir, 'warhammer-fantasy', 'My_unit.v2.json'), JSON.stringify(unit));
    expect((await warodds(['units', 'whfb', '--units', dir])).stdout).toContain('whfb/My_unit.v2');
  });
  it("a unit file whose system contradicts its folder is refused when used; the folder's own system, in any spelling, is fine", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warodds-ids-'));
    mkdirSync(join(dir, 'warhammer-fantasy'));
    writeFileSync(join(dir, 'warhammer-fantasy', 'mine.json'), JSON.stringify({ system: 't9a', ...unit }));
    await skipped(dir, /mine\.json': system: 't9a' contradicts its folder 'warhammer-fantasy'/);
    await refused(['kills', 'whfb/halberdiers', '--attacker', 'whfb/mine', '--units', dir], /mine\.json': system: 't9a' contradicts its folder 'warhammer-fantasy'/);
    writeFileSync(join(dir, 'warhammer-fantasy', 'mine.json'), JSON.stringify({ system: 'whfb', ...unit }));
    const r = await warodds(['units', 'whfb', '--units', dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});
