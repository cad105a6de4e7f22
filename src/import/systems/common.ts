/**
 * Helpers every rule set's converter shares: the unit's entry tree read as a catalogue entry (the
 * minimum of each selection) or a roster selection (the numbers chosen), names of rules split and
 * cleaned, and the converter's contract.
 */
import type { SystemId } from '../../systems/types.js';
import type { Entry, Profile } from '../entries.js';

/** Where the unit comes from: a catalogue entry (minimum selections) or a roster selection (numbers chosen). */
export type Origin = 'catalogue' | 'roster';

export interface Converted {
  /** The unit's fields (the scenario side's shape) as the data gives them. */
  readonly body: Record<string, unknown>;
  /** Named alternatives (catalogue only): the fields each replaces, with its points. */
  readonly options: Record<string, Record<string, unknown>>;
  readonly points: number | null;
  readonly notModelled: readonly string[];
  readonly notes: readonly string[];
}

export interface Converter {
  readonly system: SystemId;
  /** Does this entry carry the rule set's characteristic profile? */
  hasProfile(unit: Entry): boolean;
  /** Convert one unit, or throw an ImportProblem with the reason it cannot be. */
  convert(unit: Entry, origin: Origin): Converted;
}

/** Text of the data cleaned for matching: markdown marks, odd hyphens and spaces removed. */
export function clean(text: string): string {
  return text
    .replace(/\*\*|\^\^/g, '')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u00a0\u200b-\u200f\u2060]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Split a list of rules at the commas outside parentheses ("CS (1), Piercing (2)"). */
export function splitList(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if ((ch === ',' || ch === ';') && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map(clean).filter((s) => s && s !== '-');
}

/** "Crushing Strength (1)" → { name: 'crushing strength', param: '1' }. */
export function nameAndParam(text: string): { name: string; param: string | null } {
  const m = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(clean(text));
  if (m) return { name: m[1].toLowerCase(), param: m[2].trim() };
  return { name: clean(text).toLowerCase(), param: null };
}

/** Every profile of the tree whose selections are taken (a roster: all; a catalogue: those on mandatory entries). */
export function takenProfiles(e: Entry, origin: Origin): Profile[] {
  const out: Profile[] = [...e.profiles];
  for (const c of e.children) if (origin === 'roster' || c.min > 0 || c.type === 'group') out.push(...takenProfiles(c, origin));
  return out;
}

/** The rule names of the taken part of the tree, de-duplicated. */
export function takenRules(e: Entry, origin: Origin): string[] {
  const out: string[] = [...e.rules];
  for (const c of e.children) if (origin === 'roster' || c.min > 0 || c.type === 'group') out.push(...takenRules(c, origin));
  return [...new Set(out.map(clean))];
}

/**
 * The unit's points: a roster's costs summed over the selection (the builders write each
 * selection's cost for its number); a catalogue's own cost plus each mandatory selection's cost
 * times its minimum.
 */
export function pointsOf(e: Entry, origin: Origin): number | null {
  if (origin === 'roster') {
    let total: number | null = e.points;
    for (const c of e.children) {
      const p = pointsOf(c, origin);
      if (p !== null) total = (total ?? 0) + p;
    }
    return total;
  }
  let total: number | null = e.points;
  for (const c of e.children) {
    if (c.min <= 0 && c.type !== 'group') continue;
    const p = pointsOf(c, origin);
    if (p !== null) total = (total ?? 0) + p * (c.type === 'group' ? 1 : c.min);
  }
  return total;
}

/** The entries that are models of the unit (the unit itself when it has none: a single model). */
export function modelEntries(e: Entry, isModel: (c: Entry) => boolean = () => false): Entry[] {
  const found: Entry[] = [];
  const visit = (x: Entry) => {
    for (const c of x.children) {
      if (c.type === 'model' || (c.min > 0 && isModel(c))) found.push(c);
      else if (c.type === 'group' || c.type === 'unit') visit(c);
    }
  };
  visit(e);
  return found;
}

/** A whole number characteristic, or null for '-', '' or text. */
export function intOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  const m = /^\s*(\d+)\s*$/.exec(text);
  return m ? Number(m[1]) : null;
}

/** Optional entries of the catalogue tree (min 0), with the number of models each applies to. */
export function optionalEntries(e: Entry, skipGroup: (name: string) => boolean = () => false): Entry[] {
  const out: Entry[] = [];
  const visit = (x: Entry) => {
    for (const c of x.children) {
      if (c.type === 'group') {
        if (!skipGroup(c.name)) visit(c);
      }
      else if (c.type !== 'model' && c.min === 0) out.push(c);
      else if (c.type === 'model') visit(c);
    }
  };
  visit(e);
  return out;
}
