/**
 * Age of Sigmar 4 warscrolls: the `Unit` profile (Health, Save), `Melee Weapon` / `Ranged Weapon`
 * profiles (Atk, Hit, Wnd, Rnd, Dmg, Ability; Rng for range), the number of models, keywords
 * from the categories, Ward (n+) from the rules or ability names. Weapon abilities map by name
 * (table in docs/import.md); every other ability is reported as not modelled.
 */
import { KEYWORDS } from '../../systems/age-of-sigmar/keywords.js';
import type { Entry, Profile } from '../entries.js';
import { ImportProblem } from '../problem.js';
import { clean, type Converted, type Converter, intOf, modelEntries, nameAndParam, type Origin, pointsOf, splitList, takenRules } from './common.js';

/** Weapon abilities of the data → warodds weapon ability ids (Core Rules 20.0). */
export const AOS_WEAPON_ABILITIES: Readonly<Record<string, string>> = {
  'crit (mortal)': 'crit-mortal',
  'crit (2 hits)': 'crit-2-hits',
  'crit (auto-wound)': 'crit-auto-wound',
  companion: 'companion',
  'shoot in combat': 'shoot-in-combat',
  'charge (+1 damage)': 'charge(+1 damage)',
  'anti-charge (+1 rend)': 'anti-charge(+1 rend)',
};

const keywordIds = new Set<string>(KEYWORDS);

function weaponAbility(text: string, notModelled: Set<string>): string | null {
  const key = clean(text).toLowerCase().replace(/\s+\(/, ' (');
  const known = AOS_WEAPON_ABILITIES[key];
  if (known) return known;
  // Anti-X (+1 Rend): X must be a keyword warodds knows (20.0).
  const anti = /^anti-\s*(.+?)\s*\(\+1 rend\)$/.exec(key);
  if (anti) {
    const x = anti[1].trim().replace(/\s+/g, '-');
    if (keywordIds.has(x)) return `anti-${x}(+1 rend)`;
  }
  notModelled.add(`weapon ability ${clean(text)}`);
  return null;
}

interface Carried {
  profile: Profile;
  /** Models carrying it; null: every model. */
  models: number | null;
  /** The optional upgrade that brings it (catalogue), or null when it is part of the unit as written. */
  via: Entry | null;
}

/** Weapon profiles with the number of models carrying each. */
function weapons(unit: Entry, origin: Origin, totalModels: number): Carried[] {
  const out: Carried[] = [];
  const visit = (e: Entry, models: number, via: Entry | null) => {
    for (const p of e.profiles) if (/weapon/i.test(p.typeName)) out.push({ profile: p, models, via });
    for (const c of e.children) {
      if (c.type === 'group') {
        visit(c, models, via);
        continue;
      }
      const isModel = c.type === 'model';
      const optional = origin === 'catalogue' && c.min === 0;
      if (isModel) visit(c, origin === 'roster' ? c.min : Math.max(c.min, 1), optional ? c : via);
      else {
        // An upgrade: one per model selection it hangs on, at most its max.
        const perUnit = origin === 'roster' ? c.min : optional ? Math.min(models, c.max ?? models) : models;
        visit(c, perUnit, optional ? (via ?? c) : via);
      }
    }
  };
  visit(unit, totalModels, null);
  return out;
}

function weaponRecord(c: Carried, totalModels: number, notModelled: Set<string>): Record<string, unknown> {
  const ch = c.profile.characteristics;
  const ranged = /ranged/i.test(c.profile.typeName);
  const abilities = splitList(ch.Ability ?? '')
    .map((a) => weaponAbility(a, notModelled))
    .filter((a): a is string => a !== null);
  const dice = (v: string | undefined, field: string) => {
    const t = clean(v ?? '');
    if (/^\d+$/.test(t)) return Number(t);
    if (/^\d*D\d+([+-]\d+)?$/i.test(t)) return t.toUpperCase();
    throw new ImportProblem(`weapon '${c.profile.name}': ${field} '${t}' is not a number or dice`);
  };
  const record: Record<string, unknown> = {
    name: c.profile.name,
    ...(ranged ? { type: 'ranged' } : {}),
    ...(ranged && /^\d+"?$/.test(clean(ch.Rng ?? '')) ? { range: clean(ch.Rng) } : {}),
    attacks: dice(ch.Atk, 'Atk'),
    hit: clean(ch.Hit ?? ''),
    wound: clean(ch.Wnd ?? ''),
    rend: intOf(ch.Rnd) ?? 0,
    damage: dice(ch.Dmg, 'Dmg'),
    ...(abilities.length ? { abilities } : {}),
  };
  if (c.models !== null && c.models < totalModels) record.models = c.models;
  return record;
}

function unitProfile(unit: Entry): Profile | undefined {
  const visit = (e: Entry): Profile | undefined => e.profiles.find((p) => p.typeName === 'Unit' && p.characteristics.Health !== undefined) ?? e.children.map(visit).find(Boolean);
  return visit(unit);
}

export const ageOfSigmar: Converter = {
  system: 'age-of-sigmar',
  hasProfile: (unit) => unitProfile(unit) !== undefined,
  convert(unit: Entry, origin: Origin): Converted {
    const profile = unitProfile(unit);
    if (!profile) throw new ImportProblem('no Unit profile (Health, Save) in the data');
    const notModelled = new Set<string>();
    const notes: string[] = [];
    const health = intOf(profile.characteristics.Health);
    if (health === null) throw new ImportProblem(`Health '${profile.characteristics.Health}' is not a number`);
    const save = clean(profile.characteristics.Save ?? '-');
    const models = modelEntries(unit).reduce((n, m) => n + (origin === 'roster' ? m.min : m.min), 0) || 1;
    const carried = weapons(unit, origin, models);
    const fixed = carried.filter((c) => c.via === null);
    const body: Record<string, unknown> = { models, health, save: save === '-' ? 'none' : save };
    // Ward (n+) is written as a rule or an ability named so (Core Rules 18.1).
    const texts = [...takenRules(unit, origin), ...allAbilityNames(unit, origin)];
    for (const t of texts) {
      const { name, param } = nameAndParam(t);
      if (name === 'ward' && param && /^[2-6]\+$/.test(param)) body.ward = param;
    }
    const keywords = unit.categories.map((c) => clean(c).toLowerCase().replace(/\s+/g, '-')).filter((k) => keywordIds.has(k));
    const others = unit.categories.map(clean).filter((c) => !keywordIds.has(c.toLowerCase().replace(/\s+/g, '-')));
    if (keywords.length) body.keywords = [...new Set(keywords)];
    if (others.length) notes.push(`keywords no warodds rule reads: ${[...new Set(others)].join(', ')}`);
    body.weapons = fixed.map((c) => weaponRecord(c, models, notModelled));
    for (const name of texts) if (!/^ward\s*\(/i.test(name) && !/^base size$/i.test(name)) notModelled.add(`ability ${name}`);
    const points = pointsOf(unit, origin);
    const options: Record<string, Record<string, unknown>> = {};
    if (origin === 'catalogue') {
      // An optional weapon upgrade: an option that adds it to as many models as the data allows.
      const byVia = new Map<Entry, Carried[]>();
      for (const c of carried) if (c.via) byVia.set(c.via, [...(byVia.get(c.via) ?? []), c]);
      for (const [via, list] of byVia) {
        const extra = via.points ?? 0;
        options[slugOption(via.name)] = {
          weapons: [...(body.weapons as unknown[]), ...list.map((c) => weaponRecord(c, models, notModelled))],
          ...(points !== null ? { points: points + extra } : {}),
        };
      }
      // Reinforced: twice the models for twice the points (Core Rules, Reinforced Units).
      const reinforced = unit.children.find((c) => /^reinforced$/i.test(c.name));
      if (reinforced)
        options.reinforced = {
          models: models * 2,
          weapons: (body.weapons as Record<string, unknown>[]).map((w) => (typeof w.models === 'number' ? { ...w, models: (w.models as number) * 2 } : w)),
          ...(points !== null ? { points: points * 2 } : {}),
        };
    }
    return { body, options, points, notModelled: [...notModelled], notes };
  },
};

function allAbilityNames(unit: Entry, origin: Origin): string[] {
  const out: string[] = [];
  const visit = (e: Entry) => {
    for (const p of e.profiles) if (/^ability/i.test(p.typeName)) out.push(clean(p.name));
    for (const c of e.children) if (origin === 'roster' || c.min > 0 || c.type === 'group') visit(c);
  };
  visit(unit);
  return [...new Set(out)];
}

function slugOption(name: string): string {
  return `with-${clean(name).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}
