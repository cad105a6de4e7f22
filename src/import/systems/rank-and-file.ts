/**
 * Warhammer Fantasy (6th/7th army books) and The 9th Age (0.11 era): the model profile M WS BS
 * S T W I A Ld, a mount's profile, weapons and armour from the upgrades and linked weapon /
 * armour profiles, command models, special rules by name (tables in docs/import.md). The two
 * rule sets share the profile and the data's shapes; each has its own equipment and rule ids.
 */
import { EQUIPMENT, NO_DICE_RULES, RULES } from '../../systems/ninth-age/catalog.js';
import { TROOPS } from '../../systems/ninth-age/tables.js';
import { WEAPONS as WFB_WEAPONS } from '../../systems/warhammer-fantasy/schema.js';
import { RULE_IDS as WFB_RULE_IDS } from '../../systems/warhammer-fantasy/rules.js';
import type { Entry, Profile } from '../entries.js';
import { ImportProblem } from '../problem.js';
import { clean, type Converted, type Converter, intOf, modelEntries, nameAndParam, type Origin, optionalEntries, pointsOf, takenProfiles, takenRules } from './common.js';
import { slug } from '../unit.js';
import type { SystemId } from '../../systems/types.js';

const ch = (p: Profile, ...names: string[]): string | undefined => {
  for (const n of names) if (p.characteristics[n] !== undefined) return p.characteristics[n];
  return undefined;
};

/** A characteristic profile: M WS BS S T W I A Ld (1.x) or the 7th edition's long names. */
function isModelProfile(p: Profile): boolean {
  return ch(p, 'WS', 'Weapon Skill') !== undefined && ch(p, 'T', 'Toughness') !== undefined;
}

function numbers(p: Profile): Record<string, number | null> {
  const get = (short: string, long: string) => intOf(clean(ch(p, short, long) ?? ''));
  return {
    m: get('M', 'Movement'),
    ws: get('WS', 'Weapon Skill'),
    bs: get('BS', 'Ballistic Skill'),
    s: get('S', 'Strength'),
    t: get('T', 'Toughness'),
    w: get('W', 'Wounds'),
    i: get('I', 'Initiative'),
    a: get('A', 'Attacks'),
    ld: intOf(clean(ch(p, 'LD', 'Ld') ?? ch(p, 'Leadership', 'Leadership') ?? '')),
  };
}

/** Upgrade and profile names of the data → equipment words (plural and spelling variants folded). */
function equipmentWord(name: string): string {
  return slug(clean(name).replace(/\s*\(.*\)$/, ''))
    .replace(/-weapons$/, '-weapon')
    .replace(/s$/, '')
    .replace(/^longbow$/, 'long-bow')
    .replace(/^shortbow$/, 'short-bow')
    .replace(/^additional-hand-weapon$/, 'additional-hand-weapon')
    .replace(/^throwing-weapon$/, 'throwing-weapons');
}

const MOUNT_NAME = /steed|horse|mount|boar|wolf|elk|charger|cold one|destrier|pegasus|griffon|gryphon|dragon|eagle|lion|bear|wyvern|stag/i;

interface Flavour {
  readonly system: SystemId;
  /** A data rule name → the rule set's rule id, or null (not modelled). */
  rule(text: string): string | null;
  /** Equipment (weapon, armour, missile) named by an upgrade or profile, as fields of the unit, or null. */
  equip(word: string, fields: Record<string, unknown>): boolean;
  /** Command models: champion, standard, musician. */
  command(word: 'champion' | 'standard' | 'musician' | 'battle-standard', fields: Record<string, unknown>): boolean;
  finish(fields: Record<string, unknown>, mount: Profile | null, character: boolean, typeText: string): void;
}

/** The data's rule names that differ from warodds ids (both rule sets). */
export const OLD_WORLD_RULE_NAMES: Readonly<Record<string, string>> = {
  'always strikes first': 'always-strikes-first',
  'causes fear': 'causes-fear',
  'causes terror': 'causes-terror',
  'poisoned attacks': 'poisoned-attacks',
  'killing blow': 'killing-blow',
  'immune to psychology': 'immune-to-psychology',
  'ward save': 'ward-save',
  'multiple wounds': 'multiple-wounds',
  'armour piercing': 'armour-piercing',
  weaponmaster: 'weapon-master',
  'innate defense': 'innate-defence',
  skirmisher: 'skirmishers',
};

function ruleCandidate(text: string): { id: string; param: string | null } {
  const { name, param } = nameAndParam(text);
  return { id: OLD_WORLD_RULE_NAMES[name] ?? name.replace(/\s+/g, '-'), param };
}

/** A rule's text as the rule set's id (with its parameter), or null when the rule set has no such rule. */
function ruleAmong(ids: ReadonlySet<string>): (text: string) => string | null {
  return (text) => {
    const { id, param } = ruleCandidate(text);
    if (!ids.has(id)) return null;
    return param !== null ? `${id}(${param})` : id;
  };
}

const wfbRuleIds = new Set(WFB_RULE_IDS.map((r) => r.replace(/\(.*$/, '')));
const wfb: Flavour = {
  system: 'warhammer-fantasy',
  rule: ruleAmong(wfbRuleIds),
  equip(word, f) {
    if ((WFB_WEAPONS as readonly string[]).includes(word) && word !== 'hand-weapon') {
      f.weapon = word;
      return true;
    }
    const armour = { 'light-armour': 'light', 'heavy-armour': 'heavy', shield: 'shield', barding: 'barding' }[word];
    if (armour) {
      f.armour = [...new Set([...((f.armour as string[]) ?? []), armour])];
      return true;
    }
    return word === 'hand-weapon';
  },
  command(word, f) {
    if (word === 'champion') return false;
    f.rules = [...new Set([...((f.rules as string[]) ?? []), word])];
    return true;
  },
  finish(f, mount, character, typeText) {
    // M in inches as printed; warodds' Warhammer Fantasy measures in cm (12″ = 30 cm): × 2.5.
    if (typeof f.m === 'number') f.m = Math.round(f.m * 2.5);
    const t = typeText.toLowerCase();
    f.type = mount ? 'cavalry' : /chariot/.test(t) ? 'chariot' : /monstrous/.test(t) ? 'monstrous' : /monster/.test(t) ? 'monster' : 'infantry';
    if (mount) {
      const n = numbers(mount);
      if (n.ws !== null && n.s !== null && n.a !== null) f.mount = { ws: n.ws, s: n.s, a: n.a };
      f.armour = [...new Set([...((f.armour as string[]) ?? []), 'mount'])];
    }
    if (character) f.rules = [...new Set([...((f.rules as string[]) ?? []), 'lone-character'])];
  },
};

/** The 9th Age close-combat weapons (§8.1): a model fights with one of them in a combat. */
const T9A_CLOSE_COMBAT = ['great-weapon', 'halberd', 'flail', 'additional-hand-weapon', 'paired-weapons', 'lance', 'light-lance', 'spear'];

const t9aRules = new Set([...Object.keys(RULES), ...NO_DICE_RULES]);
const t9a: Flavour = {
  system: 'ninth-age',
  rule: ruleAmong(t9aRules),
  equip(word, f) {
    if (!Object.hasOwn(EQUIPMENT, word)) return false;
    if (((f.equipment as string[]) ?? []).includes(word)) return true;
    // One close-combat weapon is used in a combat (§8.1): a second one is an option, not the unit's.
    if (T9A_CLOSE_COMBAT.includes(word) && ((f.equipment as string[]) ?? []).some((e) => T9A_CLOSE_COMBAT.includes(e))) return false;
    f.equipment = [...new Set([...((f.equipment as string[]) ?? []), word])];
    return true;
  },
  command(word, f) {
    f[word] = true;
    return true;
  },
  finish(f, mount, character, typeText) {
    const t = slug(typeText.replace(/\s*\(.*$/, ''));
    const troop = t === 'warmachine' ? 'war-machine' : t;
    if ((TROOPS as readonly string[]).includes(troop)) f.troop = mount && troop === 'infantry' ? 'cavalry' : troop;
    else if (mount) f.troop = 'cavalry';
    if (mount) {
      const n = numbers(mount);
      if (n.ws !== null && n.s !== null && n.i !== null && n.a !== null) f.mount = { ws: n.ws, s: n.s, i: n.i, a: n.a, rules: [] };
    }
    if (character) f.character = true;
  },
};

function converter(flavour: Flavour): Converter {
  const modelProfile = (unit: Entry) => takenProfiles(unit, 'roster').find(isModelProfile);
  return {
    system: flavour.system,
    hasProfile: (unit) => modelProfile(unit) !== undefined,
    convert(unit: Entry, origin: Origin): Converted {
      const profiles = takenProfiles(unit, origin).filter(isModelProfile);
      if (!profiles.length) throw new ImportProblem(modelProfile(unit) ? 'its characteristic profile is on an optional upgrade only' : 'no characteristic profile (M WS BS S T W I A Ld) in the data');
      // 1.x files sometimes type a unit's models 'upgrade': an entry with its own profile of its name is a model.
      const models = modelEntries(unit, (c) => c.profiles.some((p) => isModelProfile(p) && clean(p.name) === clean(c.name)));
      const character = models.length === 0 && unit.type === 'model';
      const modelCount = models.reduce((n, m) => n + m.min, 0) || 1;
      // The model's own profile: the one named like its model entry, else the first.
      const named = models.length ? profiles.find((p) => models.some((m) => clean(m.name) === clean(p.name))) : profiles.find((p) => clean(p.name) === clean(unit.name));
      const model = named ?? profiles[0];
      const n = numbers(model);
      // A war machine: its crew's profile leaves T and W to the machine's own profile (and the
      // machine leaves WS S I A to the crew's): each missing characteristic from the other profile.
      const machine = profiles.find((p) => p !== model && /war\s*machine/i.test(ch(p, 'Type') ?? ''));
      if (machine) {
        const m = numbers(machine);
        for (const key of Object.keys(n) as (keyof typeof n)[]) if (n[key] === null && m[key] !== null) n[key] = m[key];
      }
      for (const key of ['ws', 's', 't', 'w', 'i', 'a', 'ld'] as const)
        if (n[key] === null) throw new ImportProblem(`profile '${model.name}': ${key.toUpperCase()} '${ch(model, key.toUpperCase()) ?? ''}' is not a whole number`);
      const notModelled = new Set<string>();
      const fields: Record<string, unknown> = { models: modelCount };
      for (const [k, v] of Object.entries(n)) if (v !== null) fields[k] = v;
      if (flavour.system === 'warhammer-fantasy' && fields.bs === undefined) fields.bs = 1;
      if (flavour.system === 'warhammer-fantasy' && fields.m === undefined) throw new ImportProblem(`profile '${model.name}': M is not a number`);
      const mount = profiles.find((p) => p !== model && MOUNT_NAME.test(p.name)) ?? null;
      for (const p of profiles) if (p !== model && p !== mount && p !== machine && !/champion/i.test(p.name)) notModelled.add(`profile ${clean(p.name)}`);
      const rules: string[] = [];
      // The profile's WardSave (n+) is the Ward Save rule's value where the rule is named bare.
      const wardSave = clean(ch(model, 'WardSave') ?? '');
      const ward = /^[2-6]\+$/.test(wardSave) ? `ward-save(${wardSave})` : null;
      for (const r of takenRules(unit, origin)) {
        const id = /^ward-save$/.test(ruleCandidate(r).id) && ruleCandidate(r).param === null && ward ? ward : flavour.rule(r);
        if (id) rules.push(id);
        else notModelled.add(r);
      }
      if (ward && !rules.some((r) => r.startsWith('ward-save'))) rules.push(ward);
      if (rules.length) fields.rules = [...new Set(rules)];
      // Equipment the unit has as written: linked weapon / armour profiles and mandatory upgrades.
      const taken = takenEntries(unit, origin);
      const equipment = [...takenProfiles(unit, origin).filter((p) => !isModelProfile(p)).map((p) => p.name), ...taken.map((e) => e.name)];
      const otherWeapons: string[] = [];
      for (const name of new Set(equipment.map(clean))) {
        const word = equipmentWord(name);
        const command = commandWord(word);
        if (command) {
          if (!flavour.command(command, fields)) notModelled.add(`command ${name}`);
        } else if (flavour.system === 'ninth-age' && T9A_CLOSE_COMBAT.includes(word) && !flavour.equip(word, fields)) otherWeapons.push(word);
        else if (!flavour.equip(word, fields) && !isModelName(name, unit, models) && !MOUNT_NAME.test(name)) notModelled.add(`equipment ${name}`);
      }
      const typeText = clean((machine ? ch(machine, 'Type') : ch(model, 'Type')) ?? '');
      flavour.finish(fields, mount, character, typeText);
      const points = pointsOf(unit, origin);
      const options: Record<string, Record<string, unknown>> = {};
      // A unit carrying two close-combat weapons fights with one (9th Age §8.1): the others are options.
      for (const word of new Set(otherWeapons)) {
        const equipment = ((fields.equipment as string[]) ?? []).map((e) => (T9A_CLOSE_COMBAT.includes(e) ? word : e));
        options[word] = { equipment, ...(points !== null ? { points } : {}) };
      }
      if (origin === 'catalogue') {
        for (const u of optionalEntries(unit, (g) => /magic|banner|standard \(|item/i.test(g))) {
          const word = equipmentWord(u.name);
          const perModel = models.some((m) => m.children.includes(u));
          const extra = (u.points ?? 0) * (perModel ? modelCount : 1);
          const changed: Record<string, unknown> = structuredClone(fields);
          const command = commandWord(word);
          // An upgrade named as a rule (Fear, Vanguard, Skirmishers) gives the unit that rule.
          const rule = command ? null : flavour.rule(u.name);
          if (rule) changed.rules = [...new Set([...((changed.rules as string[]) ?? []), rule])];
          const ok = rule !== null || (command ? flavour.command(command, changed) : flavour.equip(word, changed) || u.profiles.some((p) => !isModelProfile(p) && flavour.equip(equipmentWord(p.name), changed)));
          if (!ok) {
            if (!/^magic|^runic|banner$/i.test(u.name)) notModelled.add(`upgrade ${clean(u.name)}${u.points ? ` (${u.points} pts)` : ''}`);
            continue;
          }
          const diff = Object.fromEntries(Object.entries(changed).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(fields[k])));
          if (Object.keys(diff).length) options[slug(u.name)] = { ...diff, ...(points !== null ? { points: points + extra } : {}) };
        }
      }
      return { body: fields, options, points, notModelled: [...notModelled], notes: [] };
    },
  };
}

function commandWord(word: string): 'champion' | 'standard' | 'musician' | 'battle-standard' | null {
  if (word === 'champion') return 'champion';
  if (word === 'battle-standard-bearer') return 'battle-standard';
  if (word === 'standard-bearer' || word === 'standard') return 'standard';
  if (word === 'musician') return 'musician';
  return null;
}

function isModelName(name: string, unit: Entry, models: Entry[]): boolean {
  return clean(name) === clean(unit.name) || models.some((m) => clean(m.name) === clean(name));
}

/** The entries selected as written (catalogue: mandatory ones; roster: all), groups looked through. */
function takenEntries(e: Entry, origin: Origin): Entry[] {
  const out: Entry[] = [];
  for (const c of e.children) {
    if (c.type === 'group') {
      out.push(...takenEntries(c, origin));
      continue;
    }
    if (origin === 'roster' || c.min > 0) {
      out.push(c, ...takenEntries(c, origin));
    }
  }
  return out;
}

export const warhammerFantasy = converter(wfb);
export const ninthAge = converter(t9a);
