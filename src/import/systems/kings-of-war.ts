/**
 * Kings of War 2nd edition: one entry per unit and size (`Ironclad - Regiment`), a profile per
 * unit type (`Inf`, `Cav`, `Hero (Inf)`, ...) with Sp, Me, Ra, De, Att, Nerve, Special, Ht. The
 * Special list maps by name to warodds rule ids (§7; table in docs/import.md), ranged weapons
 * by name (§4.1), the chosen artefact by name (§8.2); the rest is reported as not modelled.
 */
import { ARTEFACTS } from '../../systems/kings-of-war/artefacts.js';
import { parseRules } from '../../systems/kings-of-war/rules.js';
import { WEAPONS } from '../../systems/kings-of-war/units.js';
import type { Entry, Profile } from '../entries.js';
import { ImportProblem } from '../problem.js';
import { clean, type Converted, type Converter, nameAndParam, type Origin, optionalEntries, pointsOf, splitList } from './common.js';
import { slug } from '../unit.js';

/** Profile type names of the data → warodds unit types (§2). */
const TYPES: Readonly<Record<string, string>> = {
  Inf: 'infantry',
  Cav: 'cavalry',
  LrgInf: 'large-infantry',
  LrgCav: 'large-cavalry',
  Mon: 'monster',
  WarEng: 'war-engine',
  'Hero (Inf)': 'hero-infantry',
  'Hero (Cav)': 'hero-cavalry',
  'Hero (LrgInf)': 'hero-large-infantry',
  'Hero (LrgCav)': 'hero-large-cavalry',
  'Hero (Mon)': 'hero-monster',
};

/** Names and abbreviations of the data that differ from warodds' rule ids (§7). */
export const KOW_RULE_NAMES: Readonly<Record<string, string>> = {
  cs: 'crushing-strength',
  tc: 'thunderous-charge',
  regen: 'regeneration',
  'reload!': 'reload',
  'breath attack': 'breath-attack',
};

/** Ranged weapon names of the data (the text before "(Range …)") → warodds weapons (§4.1). */
export const KOW_WEAPON_NAMES: Readonly<Record<string, string>> = {
  bows: 'bows',
  bow: 'bows',
  crossbows: 'crossbows',
  crossbow: 'crossbows',
  rifles: 'rifles',
  rifle: 'rifles',
  'long rifles': 'long-rifles',
  'heavy crossbows': 'heavy-crossbows',
  'harpoon guns': 'harpoon-guns',
  carbines: 'carbines',
  'fire projectiles': 'fire-projectiles',
  pistols: 'pistols',
  pistol: 'pistols',
  javelins: 'javelins',
  'thrown weapons': 'thrown-weapons',
};

/** A Special entry as a warodds rule id, or null when warodds has no such rule. */
export function kowRule(text: string): string | null {
  const { name, param } = nameAndParam(text);
  const id = KOW_RULE_NAMES[name] ?? name.replace(/\s+/g, '-');
  const candidate = param !== null ? `${id}(${param})` : id;
  try {
    parseRules([candidate], 'rules');
    return candidate;
  } catch {
    return null;
  }
}

function profileOf(unit: Entry): Profile | undefined {
  const visit = (e: Entry): Profile | undefined => e.profiles.find((p) => p.characteristics.Nerve !== undefined && p.characteristics.De !== undefined) ?? e.children.map(visit).find(Boolean);
  return visit(unit);
}

const SIZE = /\s*-\s*(Troop|Regiment|Horde|Legion)\s*$/i;

export const kingsOfWar: Converter = {
  system: 'kings-of-war',
  hasProfile: (unit) => profileOf(unit) !== undefined,
  convert(unit: Entry, origin: Origin): Converted {
    const profile = profileOf(unit);
    if (!profile) throw new ImportProblem('no unit profile (Sp Me Ra De Att Nerve) in the data');
    const ch = profile.characteristics;
    const type = TYPES[profile.typeName.trim()];
    if (!type) throw new ImportProblem(`unit type '${profile.typeName}' is not one warodds models (${Object.keys(TYPES).join(', ')})`);
    const notModelled = new Set<string>();
    const size = SIZE.exec(unit.name)?.[1].toLowerCase();
    const att = /^\s*(\d+)\s*$/.exec(ch.Att ?? '');
    if (!att) throw new ImportProblem(`Att '${ch.Att}' is not a whole number`);
    const body: Record<string, unknown> = {
      type,
      ...(size && !type.startsWith('hero') && type !== 'monster' && type !== 'war-engine' ? { size } : {}),
      ...(/^\d+$/.test(clean(ch.Sp ?? '')) ? { sp: Number(clean(ch.Sp)) } : {}),
      me: clean(ch.Me ?? '-'),
      ra: clean(ch.Ra ?? '-').replace(/\*$/, ''),
      de: clean(ch.De ?? '-'),
      att: Number(att[1]),
      nerve: clean(ch.Nerve ?? '').replace(/[–—]/g, '-'),
    };
    if (/\*$/.test(clean(ch.Ra ?? ''))) notModelled.add(`Ra ${clean(ch.Ra)} (the footnote)`);
    const rules: string[] = [];
    for (const text of splitList(ch.Special ?? '')) {
      if (/^base:/i.test(text)) continue;
      const rule = kowRule(text);
      if (rule && !rules.some((r) => r.replace(/\(.*$/, '') === rule.replace(/\(.*$/, ''))) {
        rules.push(rule);
        continue;
      }
      if (rule) continue;
      const weapon = KOW_WEAPON_NAMES[nameAndParam(text.replace(/\s*\(range[^)]*\)\s*$/i, '')).name];
      if (/\(range/i.test(text) && weapon && (WEAPONS as readonly string[]).includes(weapon) && body.ra !== '-' && body.weapon === undefined) body.weapon = weapon;
      else notModelled.add(text);
    }
    if (body.ra === '-' && body.weapon !== undefined) delete body.weapon;
    body.rules = rules;
    const options: Record<string, Record<string, unknown>> = {};
    const points = pointsOf(unit, origin);
    const upgrades = origin === 'roster' ? unit.children : optionalEntries(unit, (group) => /artefact|magic/i.test(group));
    const notes = origin === 'catalogue' && unit.children.some((c) => c.type === 'group' && /artefact|magic/i.test(c.name)) ? ['magic artefacts are chosen in a roster (or written as "artefact" in the unit file), not listed as options'] : [];
    for (const u of upgrades) {
      const artefact = slug(u.name);
      if ((ARTEFACTS as readonly string[]).includes(artefact)) {
        if (origin === 'roster') body.artefact = artefact;
        else options[artefact] = { artefact, ...(points !== null ? { points: points + (u.points ?? 0) } : {}) };
        continue;
      }
      const added = u.rules.map((r) => kowRule(r)).filter((r): r is string => r !== null);
      if (origin === 'roster') {
        if (added.length) body.rules = [...new Set([...(body.rules as string[]), ...added])];
        else notModelled.add(`upgrade ${u.name}`);
      } else if (added.length) options[slug(u.name)] = { rules: [...new Set([...rules, ...added])], ...(points !== null ? { points: points + (u.points ?? 0) } : {}) };
      else notModelled.add(`upgrade ${u.name}${u.points ? ` (${u.points} pts)` : ''}`);
    }
    return { body, options, points, notModelled: [...notModelled], notes };
  },
};
