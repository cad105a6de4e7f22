/**
 * `npm run conformance -- DIR`: import every BattleScribe file of DIR (each folder of files
 * read together, as `--units FOLDER` reads it) and print, per file, the units imported and
 * refused (with reasons), the rule names not modelled with their counts, and whether each
 * imported unit's characteristics equal its profile's text in the XML.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadSystems } from '../src/systems/lookup.js';
import { importFiles, isBattleScribeFile, readDocument } from '../src/import/index.js';
import { unitFromJson } from '../src/analysis/units.js';
import { findSystem } from '../src/systems/lookup.js';
import { IdIndex } from '../src/import/documents.js';
import { EntryReader, rosterEntry, type Entry, type Profile } from '../src/import/entries.js';
import type { ImportedUnit } from '../src/import/unit.js';

const root = process.argv[2];
if (!root) {
  process.stderr.write('usage: npm run conformance -- DIR\n');
  process.exit(2);
}

function folders(dir: string): string[] {
  const here = readdirSync(dir).filter((f) => isBattleScribeFile(f)).length ? [dir] : [];
  return [...here, ...readdirSync(dir).sort().filter((d) => !d.startsWith('.') && statSync(join(dir, d)).isDirectory()).flatMap((d) => folders(join(dir, d)))];
}

/** The profile characteristics a unit's record must equal, per rule set: record field → profile names. */
const FIELDS: Record<string, [string, string[]][]> = {
  'age-of-sigmar': [['health', ['Health']], ['save', ['Save']]],
  'kings-of-war': [['me', ['Me']], ['de', ['De']], ['att', ['Att']], ['nerve', ['Nerve']], ['sp', ['Sp']]],
  'warhammer-fantasy': [['ws', ['WS', 'Weapon Skill']], ['bs', ['BS', 'Ballistic Skill']], ['s', ['S', 'Strength']], ['t', ['T', 'Toughness']], ['w', ['W', 'Wounds']], ['i', ['I', 'Initiative']], ['a', ['A', 'Attacks']], ['ld', ['LD', 'Ld', 'Leadership']]],
  'ninth-age': [['m', ['M']], ['ws', ['WS']], ['bs', ['BS']], ['s', ['S']], ['t', ['T']], ['w', ['W']], ['i', ['I']], ['a', ['A']], ['ld', ['LD', 'Ld']]],
};

function profilesOf(e: Entry): Profile[] {
  return [...e.profiles, ...e.children.flatMap(profilesOf)];
}

/**
 * Does every characteristic of the record equal that characteristic's text in the unit's profiles:
 * all in one profile, or (a war machine: crew and machine) each in one of its profiles?
 */
function matches(u: ImportedUnit, entry: Entry): boolean {
  const fields = FIELDS[u.system];
  const profiles = profilesOf(entry);
  const combined = /war-machine/.test(String(u.record.troop ?? ''));
  const equalIn = (p: Profile, [field, names]: [string, string[]]) => {
      const name = names.find((n) => p.characteristics[n] !== undefined);
      if (name === undefined) return false;
      const text = p.characteristics[name].trim();
      const value = u.record[field];
      if (value === undefined) return text === '-' || text === '';
      if (field === 'save' && value === 'none') return text === '-';
      return String(value) === text;
  };
  if (combined) return fields.every((f) => profiles.some((p) => equalIn(p, f)));
  return profiles.some((p) => fields.every((f) => equalIn(p, f)));
}

await loadSystems();
const check = (system: Parameters<typeof findSystem>[0], record: Record<string, unknown>) => void unitFromJson(record, 'import', findSystem(system), 'import');
let withProfile = 0;
let imported = 0;
let equal = 0;
const totals = new Map<string, number>();
for (const folder of folders(root)) {
  const paths = readdirSync(folder).filter(isBattleScribeFile).sort().map((f) => join(folder, f));
  const files = paths.map((p) => ({ name: relative(root, p), bytes: new Uint8Array(readFileSync(p)) }));
  const result = importFiles(files, { check });
  const docs = files.flatMap((f) => {
    try {
      return [readDocument(f)];
    } catch {
      return [];
    }
  });
  const index = new IdIndex(docs);
  const reader = new EntryReader(index);
  const entryOf = (u: ImportedUnit): Entry | undefined => {
    const doc = docs.find((d) => d.file === u.source.file)!;
    const stack = [doc.root];
    while (stack.length) {
      const n = stack.pop()!;
      if ((n.attrs.customName || n.attrs.name) === u.source.entry && /^(selectionEntry|entry|entryLink|selection)$/.test(n.tag) && /^(unit|model|selectionEntry)$/.test(n.attrs.type ?? ''))
        return doc.kind === 'roster' ? rosterEntry(n, index) : reader.entry(n);
      stack.push(...n.children);
    }
    return undefined;
  };
  for (const f of result.refusedFiles) console.log(`${f.file}: refused: ${f.problem}`);
  for (const file of files.map((f) => f.name)) {
    const units = result.units.filter((u) => u.source.file === file);
    const refused = result.refused.filter((r) => r.file === file);
    if (!units.length && !refused.length) continue;
    const noProfile = refused.filter((r) => /no characteristic profile|no Unit profile|no unit profile/.test(r.reason)).length;
    const same = units.filter((u) => {
      const e = entryOf(u);
      return e !== undefined && matches(u, e);
    });
    withProfile += units.length + refused.length - noProfile;
    imported += units.length;
    equal += same.length;
    console.log(`\n${file}: ${units.length} imported, ${refused.length} refused (${noProfile} without a characteristic profile); characteristics equal to the XML: ${same.length}/${units.length}`);
    const reasons = new Map<string, string[]>();
    for (const r of refused) reasons.set(r.reason, [...(reasons.get(r.reason) ?? []), r.entry]);
    for (const [reason, entries] of reasons) console.log(`  refused ${entries.length}: ${reason} (${entries.slice(0, 4).join(', ')}${entries.length > 4 ? ', …' : ''})`);
    for (const u of units.filter((x) => !same.includes(x))) console.log(`  characteristics differ from the XML: ${u.source.entry}`);
    const counts = new Map<string, number>();
    for (const u of units) for (const n of u.notModelled) counts.set(n.replace(/ \(.*$/, ''), (counts.get(n.replace(/ \(.*$/, '')) ?? 0) + 1);
    for (const [n, c] of counts) totals.set(n, (totals.get(n) ?? 0) + c);
    const list = [...counts].sort((a, b) => b[1] - a[1]);
    if (list.length) console.log(`  not modelled (${list.length} names): ${list.map(([n, c]) => `${n} ×${c}`).join(', ')}`);
  }
}
console.log(`\nTotal: ${imported} of ${withProfile} units with a characteristic profile imported (${withProfile ? ((100 * imported) / withProfile).toFixed(1) : '0'} %); characteristics equal to the XML: ${equal}/${imported}`);
