/**
 * Import BattleScribe / New Recruit files — game systems (`.gst`), catalogues (`.cat`, `.catz`)
 * and rosters (`.ros`, `.rosz`) — as warodds units. Front-end neutral: files come in as names and
 * bytes (the CLI reads them from disk, the web page from the browser), nothing is fetched, and
 * links are followed only among the files given together.
 *
 *   importFiles([{ name, bytes }], { check }) → { units, refused, refusedFiles, notes }
 */
import type { SystemId } from '../systems/types.js';
import { xmlText } from './bytes.js';
import { type BsDocument, bsDocument, IdIndex } from './documents.js';
import { type Entry, EntryReader, rosterEntry, rosterSelections } from './entries.js';
import { systemOfId, systemOfName } from './game-systems.js';
import { ImportProblem } from './problem.js';
import { ageOfSigmar } from './systems/age-of-sigmar.js';
import type { Converter, Origin } from './systems/common.js';
import { kingsOfWar } from './systems/kings-of-war.js';
import { ninthAge, warhammerFantasy } from './systems/rank-and-file.js';
import { type ImportedUnit, type ImportResult, type RefusedFile, type RefusedUnit, slug } from './unit.js';
import { listed, parseXml, type XNode } from './xml.js';

export type { ImportedUnit, ImportResult, RefusedFile, RefusedUnit } from './unit.js';
export { ImportProblem } from './problem.js';
export { MAX_FILE_BYTES } from './bytes.js';

export interface ImportFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface ImportOptions {
  /**
   * Checks a converted unit record against its rule set (throws an Error whose message says what
   * is wrong). Rules the check refuses are moved to "not modelled" and the unit checked again;
   * a unit still refused is listed with the reason.
   */
  readonly check?: (system: SystemId, record: Record<string, unknown>) => void;
}

/** File name endings the import reads. */
export const BATTLESCRIBE_EXTENSIONS = ['.gst', '.cat', '.catz', '.ros', '.rosz'] as const;

export function isBattleScribeFile(name: string): boolean {
  const lower = name.toLowerCase();
  return BATTLESCRIBE_EXTENSIONS.some((e) => lower.endsWith(e));
}

const CONVERTERS: Readonly<Record<string, Converter>> = {
  'age-of-sigmar': ageOfSigmar,
  'kings-of-war': kingsOfWar,
  'warhammer-fantasy': warhammerFantasy,
  'ninth-age': ninthAge,
};

/** Read one file into a document, or throw an ImportProblem. */
export function readDocument(file: ImportFile): BsDocument {
  return bsDocument(file.name, parseXml(xmlText(file.bytes)));
}

export function importFiles(files: readonly ImportFile[], options: ImportOptions = {}): ImportResult {
  const refusedFiles: RefusedFile[] = [];
  const docs: BsDocument[] = [];
  for (const f of files) {
    try {
      docs.push(readDocument(f));
    } catch (e) {
      if (!(e instanceof ImportProblem)) throw e;
      refusedFiles.push({ file: f.name, problem: e.problem });
    }
  }
  const index = new IdIndex(docs);
  const reader = new EntryReader(index);
  const units: ImportedUnit[] = [];
  const refused: RefusedUnit[] = [];
  const notes: string[] = [];
  const usedIds = new Set<string>();
  // Library entries a catalogue links to are imported through that link (with its points).
  const linkedFromCatalogues = new Set<string>();
  for (const doc of docs) if (doc.kind === 'catalogue' && !doc.library) for (const l of [...listed(doc.root, 'entryLinks', 'entryLink')]) linkedFromCatalogues.add(l.attrs.targetId ?? '');

  for (const doc of docs) {
    if (doc.kind === 'gameSystem') continue;
    let system: SystemId;
    try {
      system = systemOf(doc, docs);
    } catch (e) {
      if (!(e instanceof ImportProblem)) throw e;
      refusedFiles.push({ file: doc.file, problem: e.problem });
      continue;
    }
    for (const missing of missingCatalogues(doc, docs)) notes.push(`${doc.file}: links to catalogue '${missing}', which is not among the files; units that need it are refused with the link named`);
    const converter = CONVERTERS[system];
    const faction = slug(doc.name.replace(/\s*-\s*library\s*$/i, '').replace(/\s*-\s*\d+th(BRB|AB)_.*$/i, ''));
    const candidates: { node: XNode; origin: Origin }[] =
      doc.kind === 'roster'
        ? rosterSelections(doc.root).filter((s) => /^(unit|model)$/.test(s.attrs.type ?? '')).map((node) => ({ node, origin: 'roster' as const }))
        : catalogueUnits(doc, linkedFromCatalogues).map((node) => ({ node, origin: 'catalogue' as const }));
    for (const { node, origin } of candidates) {
      const name = node.attrs.customName || node.attrs.name || '(unnamed)';
      const where: RefusedUnit = { file: doc.file, entry: name, reason: '' };
      let entry: Entry;
      try {
        entry = origin === 'roster' ? rosterEntry(node, index) : reader.entry(node);
      } catch (e) {
        if (!(e instanceof ImportProblem)) throw e;
        refused.push({ ...where, reason: e.problem });
        continue;
      }
      if (entry.type === 'broken-link') {
        refused.push({ ...where, reason: `broken link: ${entry.brokenLinks[0]} names an entry that is not among the files` });
        continue;
      }
      if (!converter.hasProfile(entry)) {
        refused.push({ ...where, reason: entry.brokenLinks.length ? `no characteristic profile; broken links: ${entry.brokenLinks.slice(0, 3).join('; ')}` : 'no characteristic profile in the data' });
        continue;
      }
      try {
        const unit = convertUnit(converter, entry, origin, options, name);
        let id = slug(name);
        for (let k = 2; usedIds.has(`${system}/${faction}/${id}`); k++) id = `${slug(name)}-${k}`;
        usedIds.add(`${system}/${faction}/${id}`);
        units.push({ ...unit, id, faction, system, source: { file: doc.file, entry: name } });
      } catch (e) {
        if (!(e instanceof ImportProblem)) throw e;
        refused.push({ ...where, reason: e.problem });
      }
    }
  }
  return { units, refused, refusedFiles, notes };
}

function systemOf(doc: BsDocument, docs: readonly BsDocument[]): SystemId {
  const gst = docs.find((d) => d.kind === 'gameSystem' && d.id === doc.gameSystemId);
  const name = gst?.name || doc.gameSystemName;
  if (name) {
    const s = systemOfName(name);
    if (!s) throw new ImportProblem(`game system '${name}' is not one warodds models (Age of Sigmar 4, Kings of War 2nd edition, Warhammer Fantasy, The 9th Age)`);
    return s;
  }
  const byId = systemOfId(doc.gameSystemId);
  if (byId) return byId;
  throw new ImportProblem(`its game system (id ${doc.gameSystemId || 'none'}) is not among the files: add its .gst`);
}

/** The names of the catalogues `doc` links to that are not among the files. */
function missingCatalogues(doc: BsDocument, docs: readonly BsDocument[]): string[] {
  return listed(doc.root, 'catalogueLinks', 'catalogueLink')
    .filter((link) => !docs.some((d) => d.id === link.attrs.targetId))
    .map((link) => link.attrs.name ?? link.attrs.targetId ?? '');
}

/** A catalogue's units: its root entries (and links) of type unit or model; a library's shared units not linked from a catalogue. */
function catalogueUnits(doc: BsDocument, linkedFromCatalogues: ReadonlySet<string>): XNode[] {
  const root = doc.root;
  const isUnit = (n: XNode) => /^(unit|model)$/.test(n.attrs.type ?? '');
  const own = [...listed(root, 'selectionEntries', 'selectionEntry'), ...listed(root, 'entries', 'entry')].filter(isUnit);
  const links = listed(root, 'entryLinks', 'entryLink').filter((l) => l.attrs.type === 'selectionEntry');
  const shared = doc.library ? [...listed(root, 'sharedSelectionEntries', 'selectionEntry'), ...listed(root, 'sharedEntries', 'entry')].filter((n) => isUnit(n) && !linkedFromCatalogues.has(n.attrs.id ?? '')) : [];
  return [...own, ...links, ...shared];
}

function convertUnit(converter: Converter, entry: Entry, origin: Origin, options: ImportOptions, name: string): Omit<ImportedUnit, 'id' | 'faction' | 'system' | 'source'> {
  const c = converter.convert(entry, origin);
  const notModelled = [...c.notModelled];
  const body = { ...c.body };
  const opts = { ...c.options };
  const record = () => ({
    name,
    ...(c.points !== null ? { points: c.points } : {}),
    ...(c.notes.length ? { notes: c.notes.join('; ') } : {}),
    ...body,
    ...(notModelled.length ? { 'not-modelled': [...notModelled] } : {}),
    ...(Object.keys(opts).length ? { options: opts } : {}),
  });
  if (options.check) {
    // A rule the rule set refuses is not modelled; an option it refuses is dropped and named.
    for (let attempt = 0; ; attempt++) {
      try {
        options.check(converter.system, record());
        break;
      } catch (e) {
        const message = (e as Error).message;
        const rule = /rules\[(\d+)\]/.exec(message);
        const option = /options\.([a-z0-9-]+)/.exec(message);
        if (attempt < 40 && option && Object.hasOwn(opts, option[1])) {
          notModelled.push(`option ${option[1]} (${message.replace(/^.*?options\.[a-z0-9-]+:\s*/, '')})`);
          delete opts[option[1]];
        } else if (attempt < 40 && rule && Array.isArray(body.rules) && !option) {
          const [dropped] = (body.rules as string[]).splice(Number(rule[1]), 1);
          notModelled.push(`${dropped} (${message.replace(/^.*?rules\[\d+\]:\s*/, '')})`);
          for (const o of Object.values(opts)) if (Array.isArray(o.rules)) o.rules = (o.rules as string[]).filter((r) => r !== dropped);
        } else throw new ImportProblem(message.replace(/^[^:]*:\s*/, ''));
      }
    }
  }
  return { record: record(), points: c.points, notModelled };
}
