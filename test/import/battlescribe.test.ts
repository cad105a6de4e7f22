/**
 * BattleScribe import: fixtures written in the BattleScribe format (test/fixtures/bsdata), one
 * game system + catalogue (+ library catalogue) + roster per rule set. Expected characteristics
 * are read from the fixture text here, not from warodds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { importFiles, type ImportFile } from '../../src/import/index.js';
import { unitFromJson, pointsOf } from '../../src/analysis/units.js';
import { findSystem, loadSystems } from '../../src/systems/lookup.js';
import type { SystemId } from '../../src/systems/types.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'bsdata');
/** A fixture folder's game system and catalogues (the rosters are read on their own). */
const folder = (system: string): ImportFile[] =>
  readdirSync(join(FIXTURES, system))
    .filter((f) => !f.endsWith('.ros'))
    .sort()
    .map((f) => ({ name: f, bytes: new Uint8Array(readFileSync(join(FIXTURES, system, f))) }));
const check = (system: SystemId, record: Record<string, unknown>) => void unitFromJson(record, 'import', findSystem(system), 'import');
const text = (system: string, file: string) => readFileSync(join(FIXTURES, system, file), 'utf8');
/** A characteristic's value in the fixture's XML text (attribute or element text) after `after`. */
function characteristic(xml: string, after: string, name: string): string {
  const from = xml.indexOf(after);
  const m = new RegExp(`name="${name}"[^>]*?(?:value="([^"]*)"\\s*/>|>([^<]*)<)`).exec(xml.slice(from));
  return (m?.[1] ?? m?.[2] ?? '').trim();
}

beforeAll(async () => {
  await loadSystems();
});

describe('Kings of War (2.x catalogue, roster zipped by the test)', () => {
  it('converts each unit size with the profile, points and Special rules of the catalogue', () => {
    const r = importFiles(folder('kings-of-war').filter((f) => f.name.endsWith('.gst') || f.name.endsWith('.cat')), { check });
    const xml = text('kings-of-war', 'Dwarfs.cat');
    const regiment = r.units.find((u) => u.id === 'ironclad-regiment')!;
    expect(regiment.faction).toBe('dwarfs');
    for (const [field, name] of [['me', 'Me'], ['de', 'De'], ['nerve', 'Nerve']] as const)
      expect(regiment.record[field]).toBe(characteristic(xml, 'name="Ironclad - Regiment"', name));
    expect(regiment.record.att).toBe(Number(characteristic(xml, 'name="Ironclad - Regiment"', 'Att')));
    expect(regiment.points).toBe(110);
    expect(regiment.record.size).toBe('regiment');
    expect(regiment.record.rules).toEqual(['headstrong']);
    expect(regiment.notModelled).toEqual(['upgrade Dwarven Throwing Mastiff (10 pts)']);
    const horde = r.units.find((u) => u.id === 'ironclad-horde')!;
    expect(horde.record.rules).toEqual(['crushing-strength(1)', 'headstrong']);
    expect(horde.notModelled).toEqual(['Light Crossbows (Range 24")']);
    expect(r.refused).toEqual([{ file: 'Dwarfs.cat', entry: 'Ironbelcher Cannon', reason: 'no characteristic profile in the data' }]);
  });

  it('reads a zipped roster alone: its own unit names, the chosen upgrades and the roster costs', () => {
    const ros = text('kings-of-war', 'army.ros');
    const rosz = zipSync({ 'army.ros': strToU8(ros) });
    const r = importFiles([{ name: 'army.rosz', bytes: rosz }], { check });
    expect(r.refusedFiles).toEqual([]);
    const wall = r.units.find((u) => u.id === 'iron-wall')!;
    expect(wall.faction).toBe('my-dwarfs');
    expect(wall.points).toBe(110 + 10);
    expect(wall.record.att).toBe(12);
    expect(wall.notModelled).toEqual(['upgrade Dwarven Throwing Mastiff']);
    expect(r.units.find((u) => u.id === 'ironclad-horde')!.points).toBe(185);
  });
});

describe('Age of Sigmar (2.03 catalogue linking a library catalogue)', () => {
  it('takes the warscroll from the library and the points from the linking catalogue', () => {
    const r = importFiles(folder('age-of-sigmar'), { check });
    expect(r.units).toHaveLength(1);
    const lib = r.units[0];
    const xml = text('age-of-sigmar', 'Stormcast Eternals - Library.cat');
    expect(lib.id).toBe('liberators');
    expect(lib.points).toBe(90);
    expect(lib.record.models).toBe(5);
    expect(lib.record.health).toBe(Number(characteristic(xml, 'name="Liberators"', 'Health')));
    expect(lib.record.save).toBe(characteristic(xml, 'name="Liberators"', 'Save'));
    expect(lib.record.weapons).toEqual([{ name: 'Warhammer', attacks: 2, hit: '3+', wound: '3+', rend: 1, damage: 1, abilities: ['crit-mortal', 'anti-infantry(+1 rend)'] }]);
    const options = lib.record.options as Record<string, Record<string, unknown>>;
    expect(options.reinforced).toMatchObject({ models: 10, points: 180 });
    expect((options['with-grandhammer'].weapons as unknown[])[1]).toMatchObject({ name: 'Grandhammer', damage: 2, models: 1 });
    expect(lib.notModelled).toEqual(['ability Stalwart Defenders']);
    // The option's own price is what per-points figures use.
    const unit = unitFromJson(lib.record, 'liberators', findSystem('age-of-sigmar'), 'x');
    expect(pointsOf(unit, 'reinforced')).toBe(180);
    expect(pointsOf(unit, 'default')).toBe(90);
  });

  it('a catalogue whose library is missing: its linked units are refused naming the link', () => {
    const r = importFiles(folder('age-of-sigmar').filter((f) => !f.name.includes('Library')), { check });
    expect(r.units).toEqual([]);
    expect(r.refused[0].reason).toMatch(/^broken link: selectionEntry Liberators e914-877f-21fe-8db9/);
    expect(r.notes[0]).toMatch(/Stormcast Eternals - Library/);
  });
});

describe('The 9th Age and Warhammer Fantasy (1.x entries and links)', () => {
  it('9th Age: model count from the model entry, equipment from mandatory upgrades, options priced', () => {
    const r = importFiles(folder('ninth-age'), { check });
    const u = r.units[0];
    const xml = text('ninth-age', 'Dwarven Holds.cat');
    for (const c of ['WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'M']) expect(u.record[c.toLowerCase()]).toBe(Number(characteristic(xml, 'name="Greybeard"', c)));
    expect(u.record.ld).toBe(Number(characteristic(xml, 'name="Greybeard"', 'LD')));
    expect(u.record.models).toBe(10);
    expect(u.points).toBe(10 + 10 * 11);
    expect(u.record.equipment).toEqual(['heavy-armour']);
    expect(u.record.rules).toEqual(['stubborn']);
    expect(u.notModelled).toEqual(['Sturdy']);
    expect(u.record.options).toEqual({ 'great-weapons': { equipment: ['heavy-armour', 'great-weapon'], points: 122 }, 'standard-bearer': { standard: true, points: 130 } });
  });

  it('Warhammer Fantasy: a mount from a linked profile, M in cm, per-model upgrade points', () => {
    const r = importFiles(folder('warhammer-fantasy'), { check });
    const u = r.units[0];
    const xml = text('warhammer-fantasy', 'High Elves - 8thBRB_7thAB.cat');
    expect(u.faction).toBe('high-elves');
    expect(u.record.ws).toBe(Number(characteristic(xml, 'name="Silver Helm"', 'WS')));
    expect(u.record.m).toBe(Math.round(Number(characteristic(xml, 'name="Silver Helm"', 'M')) * 2.5));
    expect(u.record.mount).toEqual({ ws: 3, s: 3, a: 1 });
    expect(u.record.type).toBe('cavalry');
    expect(u.record.weapon).toBe('lance');
    expect(u.points).toBe(5 * 21);
    expect((u.record.options as Record<string, { points: number }>).shields.points).toBe(105 + 5 * 2);
    expect(u.notModelled).toEqual(['Valour of Ages']);
  });
});

describe('rosters of every rule set: the chosen loadouts, model counts and costs', () => {
  const roster = (system: string, zipped: boolean) => {
    const ros = text(system, 'army.ros');
    const bytes = zipped ? zipSync({ 'army.ros': strToU8(ros) }) : strToU8(ros);
    const r = importFiles([{ name: zipped ? 'army.rosz' : 'army.ros', bytes }], { check });
    expect(r.refusedFiles).toEqual([]);
    expect(r.refused).toEqual([]);
    return r.units;
  };
  it('Age of Sigmar (.rosz): nested model selections give each weapon its number of models', () => {
    const [u] = roster('age-of-sigmar', true);
    expect(u.id).toBe('liberators');
    expect(u.points).toBe(180);
    expect(u.record.models).toBe(9 + 1);
    expect(u.record.weapons).toEqual([
      { name: 'Warhammer', attacks: 2, hit: '3+', wound: '3+', rend: 1, damage: 1, abilities: ['crit-mortal'], models: 9 },
      { name: 'Grandhammer', attacks: 2, hit: '3+', wound: '3+', rend: 1, damage: 2, abilities: ['crit-mortal'], models: 1 },
    ]);
  });
  it('The 9th Age (.rosz, 1.x points attributes): chosen weapon and standard', () => {
    const [u] = roster('ninth-age', true);
    expect(u.points).toBe(10 + 165 + 30 + 10);
    expect(u.record).toMatchObject({ models: 15, ws: 5, equipment: ['heavy-armour', 'great-weapon'], standard: true });
    expect(u.notModelled).toEqual(['Sturdy']);
  });
  it("Warhammer Fantasy (.ros): the mount from the roster's profile, the chosen shields and musician", () => {
    const [u] = roster('warhammer-fantasy', false);
    expect(u.points).toBe(168 + 16 + 8);
    expect(u.record).toMatchObject({ models: 8, armour: ['shield', 'heavy', 'mount'], weapon: 'lance', mount: { ws: 3, s: 3, a: 1 }, rules: ['always-strikes-first', 'musician'] });
  });
});

describe('bad files: one problem naming the file, quickly', () => {
  const one = (name: string, body: string | Uint8Array) => importFiles([{ name, bytes: typeof body === 'string' ? strToU8(body) : body }]).refusedFiles;
  it('not XML, not BattleScribe, malformed', () => {
    expect(one('a.cat', 'hello')[0].problem).toMatch(/not XML/);
    expect(one('a.cat', '<?xml version="1.0"?><html/>')[0].problem).toMatch(/not a BattleScribe file/);
    expect(one('a.cat', '<catalogue><a></catalogue>')[0].problem).toMatch(/malformed XML/);
  });
  it('entity expansion is refused before parsing', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><catalogue name="&lol2;"/>`;
    expect(one('bomb.cat', lol)).toEqual([{ file: 'bomb.cat', problem: 'XML entity or DOCTYPE declarations are refused (BattleScribe files have none)' }]);
  });
  it('a zip bomb is refused without inflating it all', () => {
    // 10 MB of spaces zip to about 10 kB: over 200 times its size, past the 1 MB floor.
    const bomb = zipSync({ 'army.ros': new Uint8Array(10 * 1024 * 1024).fill(0x20) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(one('army.rosz', bomb)[0].problem).toMatch(/zip bomb/);
  });
  it('a zip whose header understates its size is stopped by the bytes it inflates to', () => {
    const zip = zipSync({ 'a.ros': new Uint8Array(10 * 1024 * 1024).fill(0x20) }, { level: 9 });
    // The local header's uncompressed size (offset 22, little-endian) rewritten to 100 bytes.
    new DataView(zip.buffer, zip.byteOffset).setUint32(22, 100, true);
    expect(one('liar.rosz', zip)[0].problem).toMatch(/inflates past .* refused as a zip bomb|declares/);
  });
  it("XML nested beyond the parser's limit, and a link loop", () => {
    const deep = `<catalogue>${'<a>'.repeat(50000)}${'</a>'.repeat(50000)}</catalogue>`;
    expect(one('deep.cat', deep)[0].problem).toMatch(/^malformed or oversized XML/);
    const gst = `<gameSystem id="g" name="Kings of War" battleScribeVersion="2.01" xmlns="http://www.battlescribe.net/schema/gameSystemSchema"/>`;
    const loop = `<catalogue id="c" name="Loop" gameSystemId="g" battleScribeVersion="2.01" xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries><selectionEntry id="u" name="Ouroboros" type="unit"><entryLinks><entryLink id="l" name="again" targetId="u" type="selectionEntry"/></entryLinks></selectionEntry></selectionEntries></catalogue>`;
    const r = importFiles([{ name: 'k.gst', bytes: strToU8(gst) }, { name: 'loop.cat', bytes: strToU8(loop) }]);
    expect(r.refused).toEqual([{ file: 'loop.cat', entry: 'Ouroboros', reason: "a link loop at 'Ouroboros' (an entry that contains itself)" }]);
  });
  it('over 50 MB', () => {
    expect(one('huge.ros', new Uint8Array(50 * 1024 * 1024 + 1))[0].problem).toMatch(/larger than the 50 MB limit/);
  });
  it('another game system', () => {
    const cat = `<?xml version="1.0"?><catalogue id="x" name="Orks" gameSystemId="40k" battleScribeVersion="2.03" xmlns="http://www.battlescribe.net/schema/catalogueSchema"/>`;
    const gst = `<?xml version="1.0"?><gameSystem id="40k" name="Warhammer 40,000 10th Edition" battleScribeVersion="2.03" xmlns="http://www.battlescribe.net/schema/gameSystemSchema"/>`;
    const r = importFiles([{ name: 'Orks.cat', bytes: strToU8(cat) }, { name: '40k.gst', bytes: strToU8(gst) }]);
    expect(r.refusedFiles).toEqual([{ file: 'Orks.cat', problem: expect.stringMatching(/^game system 'Warhammer 40,000 10th Edition' is not one warodds models/) }]);
  });
});
