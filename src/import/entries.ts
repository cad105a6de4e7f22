/**
 * Catalogue entries and roster selections in one shape: an `Entry` tree with its profiles, rule
 * names, points, model counts and children, links resolved. Both format generations:
 * 2.x `selectionEntry` / `selectionEntryGroup` / `entryLink` / `infoLink` / `costs`, and
 * 1.x `entry` / `entryGroup` / `link` with a `points` attribute.
 * Modifiers (conditional changes to characteristics, costs or constraints) are not read.
 */
import type { IdIndex } from './documents.js';
import { ImportProblem } from './problem.js';
import { listed, type XNode } from './xml.js';

export interface Profile {
  readonly name: string;
  /** The profile type's name (`Unit`, `Melee Weapon`, `Inf`, `Model`), '' when the file does not say. */
  readonly typeName: string;
  readonly characteristics: Readonly<Record<string, string>>;
}

export interface Entry {
  readonly id: string;
  readonly name: string;
  /** `unit`, `model`, `upgrade`, `group` (a choice of entries), or the file's own word. */
  readonly type: string;
  /** Points of one selection of this entry (its own cost, children not included); null when the file gives none. */
  readonly points: number | null;
  /** Catalogue: selections allowed per parent (min, max; max null when unlimited). Roster: both are the chosen number. */
  readonly min: number;
  readonly max: number | null;
  readonly profiles: readonly Profile[];
  readonly rules: readonly string[];
  readonly categories: readonly string[];
  readonly children: readonly Entry[];
  /** The links this entry could not follow (target not among the imported files). */
  readonly brokenLinks: readonly string[];
}

/** Nesting followed before a link loop is assumed. */
const MAX_LINK_DEPTH = 40;

function num(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** A profile, its characteristics by name (2.03 puts the value in the text, older files in `value`). */
export function readProfile(node: XNode, index: IdIndex | null): Profile {
  const characteristics: Record<string, string> = {};
  for (const c of listed(node, 'characteristics', 'characteristic')) {
    const name = c.attrs.name;
    if (name) characteristics[name] = (c.attrs.value ?? c.text ?? '').trim();
  }
  const typeId = node.attrs.typeId ?? node.attrs.profileTypeId ?? '';
  const typeName = node.attrs.typeName ?? node.attrs.profileTypeName ?? index?.profileTypeNames.get(typeId) ?? '';
  return { name: node.attrs.name ?? '', typeName, characteristics };
}

function pointsOf(node: XNode): number | null {
  const costs = listed(node, 'costs', 'cost');
  if (costs.length) {
    const pts = costs.find((c) => c.attrs.typeId === 'points' || c.attrs.costTypeId === 'points' || /^pts$|^points$/i.test(c.attrs.name ?? ''));
    return pts ? num(pts.attrs.value) : null;
  }
  return num(node.attrs.points);
}

/** min/max selections per parent: 1.x attributes, 2.x `constraint`s on `selections` scoped to the parent. */
function limitsOf(node: XNode): { min: number; max: number | null } {
  if (node.attrs.minSelections !== undefined || node.attrs.maxSelections !== undefined) {
    const max = num(node.attrs.maxSelections);
    return { min: Math.max(0, num(node.attrs.minSelections) ?? 0), max: max === null || max < 0 ? null : max };
  }
  let min = 0;
  let max: number | null = null;
  for (const c of listed(node, 'constraints', 'constraint')) {
    if (c.attrs.field !== 'selections' || c.attrs.scope !== 'parent') continue;
    const v = num(c.attrs.value);
    if (v === null || v < 0) continue;
    if (c.attrs.type === 'min') min = Math.max(min, v);
    if (c.attrs.type === 'max') max = max === null ? v : Math.min(max, v);
  }
  return { min, max };
}

/** Reads catalogue entries, following links through the index. */
export class EntryReader {
  /** Each element read once: a shared group linked from every unit is not read again for each. */
  private readonly read = new WeakMap<XNode, Entry>();
  private readonly reading = new Set<XNode>();

  constructor(private readonly index: IdIndex) {}

  /** A `selectionEntry` / `entry` / group element, or a link to one, as an Entry. */
  entry(node: XNode, depth = 0): Entry {
    const done = this.read.get(node);
    if (done) return done;
    if (depth > MAX_LINK_DEPTH || this.reading.has(node)) throw new ImportProblem(`a link loop at '${node.attrs.name ?? node.attrs.id ?? node.tag}' (an entry that contains itself)`);
    this.reading.add(node);
    try {
      const entry = this.uncached(node, depth);
      this.read.set(node, entry);
      return entry;
    } finally {
      this.reading.delete(node);
    }
  }

  private uncached(node: XNode, depth: number): Entry {
    if (node.tag === 'entryLink' || (node.tag === 'link' && /^entry/.test(node.attrs.linkType ?? ''))) return this.linked(node, depth);
    const isGroup = /Group$/.test(node.tag);
    const children: Entry[] = [];
    const profiles: Profile[] = [];
    const rules: string[] = [];
    const broken: string[] = [];
    for (const c of [...listed(node, 'selectionEntries', 'selectionEntry'), ...listed(node, 'entries', 'entry')]) children.push(this.entry(c, depth + 1));
    for (const c of [...listed(node, 'selectionEntryGroups', 'selectionEntryGroup'), ...listed(node, 'entryGroups', 'entryGroup')]) children.push(this.entry(c, depth + 1));
    for (const c of [...listed(node, 'entryLinks', 'entryLink')]) children.push(this.entry(c, depth + 1));
    for (const p of listed(node, 'profiles', 'profile')) profiles.push(readProfile(p, this.index));
    for (const r of listed(node, 'rules', 'rule')) if (r.attrs.name) rules.push(r.attrs.name);
    for (const link of [...listed(node, 'infoLinks', 'infoLink'), ...listed(node, 'links', 'link')]) {
      const type = link.attrs.type ?? link.attrs.linkType ?? '';
      if (link.tag === 'link' && /^entry/.test(type)) {
        children.push(this.entry(link, depth + 1));
        continue;
      }
      const target = this.index.get(link.attrs.targetId ?? '');
      if (!target) {
        broken.push(`${type} ${link.attrs.name ?? ''} ${link.attrs.targetId ?? ''}`.replace(/\s+/g, ' ').trim());
        continue;
      }
      if (type === 'profile') profiles.push(readProfile(target.node, this.index));
      else if (type === 'rule') rules.push(target.node.attrs.name ?? link.attrs.name ?? '');
      else if (type === 'infoGroup') {
        for (const p of listed(target.node, 'profiles', 'profile')) profiles.push(readProfile(p, this.index));
        for (const r of listed(target.node, 'rules', 'rule')) if (r.attrs.name) rules.push(r.attrs.name);
      } else if (type === 'selectionEntry' || type === 'selectionEntryGroup') children.push(this.entry(target.node, depth + 1));
    }
    const categories = [...listed(node, 'categoryLinks', 'categoryLink')].map((c) => this.index.get(c.attrs.targetId ?? '')?.node.attrs.name ?? c.attrs.name ?? '');
    const { min, max } = limitsOf(node);
    return {
      id: node.attrs.id ?? '',
      name: node.attrs.name ?? '',
      type: isGroup ? 'group' : (node.attrs.type ?? ''),
      points: isGroup ? null : pointsOf(node),
      min,
      max,
      profiles,
      rules: rules.filter(Boolean),
      categories: categories.filter((c) => c && c !== 'New CategoryLink'),
      children,
      brokenLinks: [...broken, ...children.flatMap((c) => c.brokenLinks)],
    };
  }

  /** A link to an entry or group: the target, with the link's own points, limits and extra children. */
  private linked(link: XNode, depth: number): Entry {
    const target = this.index.get(link.attrs.targetId ?? '');
    const label = `${link.attrs.type ?? link.attrs.linkType ?? 'entry'} ${link.attrs.name ?? ''} ${link.attrs.targetId ?? ''}`.replace(/\s+/g, ' ').trim();
    if (!target) {
      return { id: link.attrs.id ?? '', name: link.attrs.name ?? '', type: 'broken-link', points: null, min: 0, max: null, profiles: [], rules: [], categories: [], children: [], brokenLinks: [label] };
    }
    const base = this.entry(target.node, depth + 1);
    const own = this.entry({ ...link, tag: 'selectionEntryLinkBody', attrs: { ...link.attrs, type: base.type } }, depth + 1);
    const limits = link.attrs.minSelections !== undefined || listed(link, 'constraints', 'constraint').some((c) => c.attrs.scope === 'parent') ? { min: own.min, max: own.max } : { min: base.min, max: base.max };
    return {
      ...base,
      name: base.name || own.name,
      points: own.points ?? base.points,
      ...limits,
      profiles: [...base.profiles, ...own.profiles],
      rules: [...base.rules, ...own.rules],
      categories: [...base.categories, ...own.categories],
      children: [...base.children, ...own.children],
      brokenLinks: [...base.brokenLinks, ...own.brokenLinks],
    };
  }
}

/** A roster selection as an Entry: its chosen number, its costs, its copies of profiles and rules. */
export function rosterEntry(node: XNode, index: IdIndex | null): Entry {
  const number = Math.max(1, num(node.attrs.number) ?? 1);
  return {
    id: node.attrs.entryId ?? node.attrs.id ?? '',
    name: node.attrs.name ?? '',
    type: node.attrs.type ?? '',
    points: pointsOf(node),
    min: number,
    max: number,
    profiles: listed(node, 'profiles', 'profile').map((p) => readProfile(p, index)),
    rules: listed(node, 'rules', 'rule').map((r) => r.attrs.name ?? '').filter(Boolean),
    categories: listed(node, 'categories', 'category').map((c) => c.attrs.name ?? '').filter(Boolean),
    children: listed(node, 'selections', 'selection').map((s) => rosterEntry(s, index)),
    brokenLinks: [],
  };
}

/** The root-level selections of every force of a roster. */
export function rosterSelections(root: XNode): XNode[] {
  const forces = (node: XNode): XNode[] => listed(node, 'forces', 'force').flatMap((f) => [f, ...forces(f)]);
  return forces(root).flatMap((f) => listed(f, 'selections', 'selection'));
}

