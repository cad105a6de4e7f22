/**
 * `--units` with BattleScribe files: a roster zipped by the test, a catalogue with its game
 * system, and bad files. Expected numbers come from the fixture text (points, Att) or from
 * the closed form of a figure warodds reports (removals per 100 points = P(remove) × 100 / points).
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { warodds, wjson } from './helpers.js';

const KOW = 'test/fixtures/bsdata/kings-of-war';
let dir: string;
let rosz: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warodds-bs-'));
  rosz = join(dir, 'army.rosz');
  writeFileSync(rosz, zipSync({ 'army.ros': strToU8(readFileSync(join(KOW, 'army.ros'), 'utf8')) }));
});

describe('a roster', () => {
  it('kills ranks the roster units with their roster points, and names what is not modelled', async () => {
    const out = await wjson(['kills', 'kow/spear-regiment', '--units', rosz]);
    const rows = out.rows as { attacker: string; points: number; pRemove: number; per100Points: { removals: number } }[];
    expect(rows.map((r) => r.attacker).sort()).toEqual(['kings-of-war/my-dwarfs/iron-wall', 'kings-of-war/my-dwarfs/ironclad-horde']);
    const wall = rows.find((r) => r.attacker.endsWith('iron-wall'))!;
    // The roster's costs: the regiment's 110 and the mastiff's 10.
    expect(wall.points).toBe(120);
    expect(wall.per100Points.removals).toBeCloseTo((wall.pRemove * 100) / 120, 12);
    expect(out.run.notModelled).toEqual(['kings-of-war/my-dwarfs/iron-wall: upgrade Dwarven Throwing Mastiff']);
    // The same unit by faction/name, system/faction/name or system/name.
    for (const id of ['my-dwarfs/iron-wall', 'kow/my-dwarfs/iron-wall', 'kow/iron-wall']) {
      const one = await wjson(['kills', 'kow/spear-regiment', '--attacker', id, '--units', rosz]);
      expect(one.rows[0].attacker).toBe('kings-of-war/my-dwarfs/iron-wall');
    }
  });

  it('fight and table take roster units; CSV and Markdown carry the not-modelled line', async () => {
    const fight = await warodds(['fight', '--attacker', 'my-dwarfs/iron-wall', '--target', 'kow/spear-regiment', '--units', rosz, '--turns', '1']);
    expect(fight.code).toBe(0);
    expect(fight.stdout).toContain('Not modelled: kings-of-war/my-dwarfs/iron-wall: upgrade Dwarven Throwing Mastiff');
    const csv = await warodds(['kills', 'kow/spear-regiment', '--units', rosz, '--csv']);
    expect(csv.stdout).toContain('# Not modelled: kings-of-war/my-dwarfs/iron-wall: upgrade Dwarven Throwing Mastiff');
    const md = await warodds(['kills', 'kow/spear-regiment', '--units', rosz, '--markdown']);
    expect(md.stdout).toContain('Not modelled: kings-of-war/my-dwarfs/iron-wall');
    const table = await warodds(['table', 'my-dwarfs/ironclad-horde', '--units', rosz]);
    expect(table.code).toBe(0);
    const html = join(dir, 'kills.html');
    await warodds(['kills', 'kow/spear-regiment', '--units', rosz, '--html', html]);
    expect(readFileSync(html, 'utf8')).toContain('Not modelled: kings-of-war/my-dwarfs/iron-wall: upgrade Dwarven Throwing Mastiff');
  });
});

describe('compare takes a roster unit', () => {
  it('one loadout, as the roster chose it: answered against each target with a note, not refused', async () => {
    const out = await wjson(['compare', 'my-dwarfs/iron-wall', '--target', 'kow/spear-regiment,kow/warrior-horde', '--units', rosz]);
    expect(out.run.notes.some((n: string) => /has one loadout \(default\): nothing to compare/.test(n))).toBe(true);
    expect(out.run.notModelled.join()).toContain('Dwarven Throwing Mastiff');
    // The same unit, the same figures as kills with that attacker pinned.
    const kills = await wjson(['kills', 'kow/spear-regiment', '--attacker', 'my-dwarfs/iron-wall', '--units', rosz]);
    const text = JSON.stringify(out);
    expect(text).toContain(String(kills.rows[0].pRemove));
  });
});

describe('an option that sets points (any unit file)', () => {
  it("per-points figures use the option's own price", async () => {
    const units = join(dir, 'own');
    const kow = join(units, 'kings-of-war');
    (await import('node:fs')).mkdirSync(kow, { recursive: true });
    writeFileSync(
      join(kow, 'spears.json'),
      JSON.stringify({ name: 'Spears', points: 150, type: 'infantry', size: 'regiment', sp: 5, me: '4+', ra: '-', de: '4+', att: 12, nerve: '14/16', options: { horde: { size: 'horde', att: 25, nerve: '21/23', points: 250 } } }),
    );
    const out = await wjson(['kills', 'kow/spear-regiment', '--attacker', 'kow/spears', '--units', units]);
    const row = out.rows[0] as { option: string; points: number; pRemove: number; per100Points: { removals: number } };
    expect(row.option).toBe('horde');
    expect(row.points).toBe(250);
    expect(row.per100Points.removals).toBeCloseTo((row.pRemove * 100) / 250, 12);
    const listed = await wjson(['units', 'kow', '--units', units]);
    expect(listed.find((u: { id: string }) => u.id === 'kings-of-war/spears').optionPoints).toEqual({ horde: 250 });
    writeFileSync(join(kow, 'spears.json'), JSON.stringify({ name: 'Spears', type: 'infantry', size: 'regiment', me: '4+', ra: '-', de: '4+', att: 12, nerve: '14/16', options: { horde: { points: -1 } } }));
    // A folder with a bad unit file lists the others and names the bad one; asking for it is refused.
    const listedWithBad = await warodds(['units', 'kow', '--units', units]);
    expect(listedWithBad.code).toBe(0);
    expect(listedWithBad.stderr).toMatch(/options\.horde\.points: must be a number ≥ 0/);
    const bad = await warodds(['kills', 'kow/spear-regiment', '--attacker', 'kow/spears', '--units', units]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/options\.horde\.points: must be a number ≥ 0/);
  });
});

describe('a catalogue', () => {
  it('units lists points per option; --json gives the record, source and unmodelled rules', async () => {
    const units = await wjson(['units', '--units', `${KOW}/Dwarfs.cat`]);
    const regiment = units.find((u: { id: string }) => u.id === 'kings-of-war/dwarfs/ironclad-regiment');
    expect(regiment).toMatchObject({ points: 110, source: 'Dwarfs.cat: Ironclad - Regiment', notModelled: ['upgrade Dwarven Throwing Mastiff (10 pts)'] });
    expect(regiment.record).toMatchObject({ name: 'Ironclad - Regiment', att: 12, nerve: '14/16', points: 110 });
    // The library's example units join only when asked.
    expect(units.every((u: { id: string }) => u.id.startsWith('kings-of-war/dwarfs/'))).toBe(true);
    const aos = await wjson(['units', '--units', 'test/fixtures/bsdata/age-of-sigmar']);
    expect(aos[0].optionPoints).toEqual({ 'with-grandhammer': 90, reinforced: 180 });
    const text = await warodds(['units', '--units', 'test/fixtures/bsdata/age-of-sigmar'], { env: { COLUMNS: '200' } });
    expect(text.stdout).toContain('reinforced (180 pts)');
    // A unit that cannot be converted is listed with its reason, under the table.
    const kow = await warodds(['units', '--units', `${KOW}/Dwarfs.cat`]);
    expect(kow.stdout).toContain(`refused: Ironbelcher Cannon (${KOW}/Dwarfs.cat): no characteristic profile in the data\n`);
  });

  it('--export writes unit files that load back as the same units', async () => {
    const out = join(dir, 'export');
    const r = await warodds(['units', '--units', `${KOW}/Dwarfs.cat`, '--export', out]);
    expect(r.code).toBe(0);
    expect(readdirSync(join(out, 'kings-of-war')).sort()).toEqual(['dwarfs-ironclad-horde.json', 'dwarfs-ironclad-regiment.json']);
    const back = await wjson(['units', 'kow', '--units', out]);
    const regiment = back.find((u: { id: string }) => u.id === 'kings-of-war/dwarfs-ironclad-regiment');
    expect(regiment).toMatchObject({ points: 110, notModelled: ['upgrade Dwarven Throwing Mastiff (10 pts)'] });
    const again = await warodds(['units', '--units', `${KOW}/Dwarfs.cat`, '--export', out]);
    expect(again.code).toBe(2);
  });
});

describe('bad files: one line naming the file, exit 2', () => {
  it.each([
    ['not.cat', 'hello', /not\.cat': not XML/],
    ['lol.cat', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY a "aaaa">]><catalogue/>', /lol\.cat': XML entity or DOCTYPE declarations are refused/],
  ])('%s', async (name, body, message) => {
    const path = join(dir, name);
    writeFileSync(path, body);
    const r = await warodds(['units', '--units', path]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it('a zip bomb', async () => {
    const path = join(dir, 'bomb.rosz');
    writeFileSync(path, zipSync({ 'a.ros': new Uint8Array(10 * 1024 * 1024).fill(0x20) }, { level: 9 }));
    const r = await warodds(['kills', 'kow/spear-regiment', '--units', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bomb\.rosz': zip member 'a\.ros' (declares|inflates past) .* refused as a zip bomb/);
  });
});
