/**
 * `parse` for Age of Sigmar: zod validation of the shape, then the rules that need more than one
 * field (weapon abilities, Champion, the ability's requirements). Every problem is one
 * ScenarioError naming the field.
 */
import { ScenarioError, UnsupportedRuleError } from '../../core/errors.js';
import { parseRuleRef, validate, ownEntry } from '../../core/input.js';
import { KEYWORDS, keywordId, suggestion } from './keywords.js';
import {
  type Ability,
  type Attacker,
  type Crit,
  type RawSituation,
  type RawUnit,
  type RawWeapon,
  type Scenario,
  type Situation,
  type Target,
  type Weapon,
  scenarioSchema,
  unitSchema,
} from './schema.js';

export const WEAPON_ABILITIES = [
  'crit-2-hits',
  'crit-auto-wound',
  'crit-mortal',
  'anti-<keyword>(+1 rend)',
  'anti-charge(+1 rend)',
  'charge(+1 damage)',
  'companion',
  'shoot-in-combat',
  'cornered-rat',
];

const CRITS: Record<string, Crit> = { 'crit-2-hits': 'two-hits', 'crit-auto-wound': 'auto-wound', 'crit-mortal': 'mortal' };

/** Unit abilities warodds computes, and those the rules file describes but that are not combat dice. */
export const UNIT_ABILITIES = ['boing-boing-boing'];
const UNSUPPORTED_UNIT_ABILITIES: Record<string, string> = {
  rally: 'rally points heal or return models between attacks (Órdenes 2.0); set the unit\'s models and damaged instead',
  'strike-first': 'it changes only the order of Fight activations (19.0)',
  'strike-last': 'it changes only the order of Fight activations (19.0)',
  reinforcements: 'a replacement unit enters in a later movement phase (Punta de lanza 7.0)',
};

const COMMANDS = ['all-out-attack', 'all-out-defence', 'covering-fire'] as const;

/** The ATTACK abilities (16.0); the other abilities deal mortal damage only (§4.4). */
const ATTACKS: readonly Ability[] = ['fight', 'shoot'];

/**
 * Situation keys that change hit, wound or save rolls, or react to an ATTACK ability (All-out
 * Attack and All-out Defence, Órdenes 6.0, 7.0): with mortal damage only there are no such rolls.
 */
const ATTACK_KEYS = [
  'cover',
  'all-out-attack',
  'all-out-defence',
  'covering-fire',
  'hit-modifier',
  'wound-modifier',
  'save-modifier',
  'reroll-hit',
  'reroll-wound',
  'reroll-save',
] as const;

function checkNoAttackKeys(raw: RawSituation): void {
  for (const key of ATTACK_KEYS) {
    const value = raw[key];
    if (value !== false && value !== 0 && value !== 'none')
      throw new ScenarioError(
        `situation.${key}`,
        `ability '${raw.ability}' is mortal damage only, with no hit, wound or save roll and no ATTACK ability to react to (§4.4): '${key}' needs ability 'fight' or 'shoot'`,
      );
  }
}

export function parseScenario(input: unknown): Scenario {
  const raw = validate(scenarioSchema, input);
  const notes: string[] = [];
  let situation = parseSituation(raw.situation, notes);
  const target = parseTarget(raw.target, raw.situation);
  const attacker = parseAttacker(raw.attacker, raw.situation);
  checkAbility(raw.attacker, target, situation);
  // Guarded Hero — 25.0: a HERO that is not a MONSTER or WAR MACHINE.
  if (situation.guardedHero && !(target.keywords.has('hero') && !target.keywords.has('monster') && !target.keywords.has('war-machine'))) {
    const what = target.keywords.has('hero') ? `the target is a ${target.keywords.has('monster') ? 'MONSTER' : 'WAR MACHINE'}` : 'the target has no keyword HERO';
    notes.push(`situation.guarded-hero: true changed nothing: Guarded Hero protects a HERO that is not a MONSTER or WAR MACHINE (25.0), and ${what}`);
    situation = { ...situation, guardedHero: false };
  }
  // Keywords as printed on a warscroll are accepted; one that no rule here reads is noted.
  const antiKeywords = attacker.weapons.flatMap((w) => w.anti);
  notes.push(...unreadKeywords(raw.target, 'target', antiKeywords), ...unreadKeywords(raw.attacker, 'attacker', []));
  notes.push(...unmetAnti(raw.attacker, attacker.weapons, target.keywords));
  return notes.length ? { attacker, target, situation, notes } : { attacker, target, situation };
}

/** The keywords of `unit` that no rule computed here reads: not a rules-file keyword, nor an Anti-X of the attacker's. */
function unreadKeywords(unit: RawUnit, root: string, antiKeywords: readonly string[]): string[] {
  const read: readonly string[] = [...KEYWORDS, ...antiKeywords];
  return unit.keywords.flatMap((text, i) => {
    const name = keywordId(text).replace(/\(.*$/, '').replace(/-$/, '');
    if (read.includes(name)) return [];
    const guess = suggestion(name, KEYWORDS);
    return [`${root}.keywords[${i}]: '${text}' changed nothing: no rule computed here reads it${guess ? ` (did you mean '${guess}'?)` : ''}; the rules read ${KEYWORDS.join(', ')} and the attacker's Anti-X keywords`];
  });
}

/** Anti-X (20.0) against a target without keyword X, where X is no rules-file keyword: noted, in case of a typo. */
function unmetAnti(raw: RawUnit, weapons: readonly Weapon[], targetKeywords: ReadonlySet<string>): string[] {
  return weapons.flatMap((w) =>
    w.anti
      .filter((x) => x !== 'charge' && !targetKeywords.has(x) && !(KEYWORDS as readonly string[]).includes(x))
      .map((x) => {
        const guess = suggestion(x, KEYWORDS);
        const index = raw.weapons.findIndex((rw) => rw.name === w.name);
        return `attacker.weapons[${index}]: Anti-${x.toUpperCase()} changed nothing: the target has no keyword '${x}'${guess ? ` (did you mean '${guess}'?)` : ''}`;
      }),
  );
}

/** The situation; a fact in it that changes nothing is added to `notes` (GameSystem.notes). */
function parseSituation(raw: RawSituation, notes: string[]): Situation {
  // Spearhead uses no advanced module, so there are no command points (§1, §8).
  if (raw.pack === 'spearhead')
    for (const command of COMMANDS)
      if (raw[command]) throw new ScenarioError(`situation.${command}`, 'Spearhead has no command points, so no commands (Punta de lanza, §8)');
  if (!ATTACKS.includes(raw.ability)) checkNoAttackKeys(raw);
  if (raw['covering-fire'] && raw.ability !== 'shoot')
    throw new ScenarioError('situation.covering-fire', "Covering Fire is a shooting attack (Órdenes 4.0): needs ability 'shoot'");
  // Covering Fire — Órdenes 4.0: used by a unit that is not engaged.
  if (raw['covering-fire'] && raw.engaged)
    throw new ScenarioError('situation.covering-fire', 'Covering Fire is used by a unit that is not engaged (Órdenes 4.0)');
  // Guarded Hero — 25.0: −1 to hit from shooting attacks only.
  const guardedHero = raw['guarded-hero'] && raw.ability === 'shoot';
  if (raw['guarded-hero'] && !guardedHero)
    notes.push(`situation.guarded-hero: true changed nothing: Guarded Hero protects against shooting attacks only (25.0), and this is ability '${raw.ability}'`);
  // Órdenes 1.2: each unit uses only 1 command per phase; Covering Fire is the shooting unit's command.
  if (raw['covering-fire'] && raw['all-out-attack'])
    throw new ScenarioError('situation.all-out-attack', 'a unit uses only 1 command per phase (Órdenes 1.2), and Covering Fire is already its command');
  return {
    ability: raw.ability,
    charged: raw.charged,
    targetCharged: raw['target-charged'],
    cover: raw.cover,
    guardedHero,
    allOutAttack: raw['all-out-attack'],
    allOutDefence: raw['all-out-defence'],
    coveringFire: raw['covering-fire'],
    hitModifier: raw['hit-modifier'],
    woundModifier: raw['wound-modifier'],
    saveModifier: raw['save-modifier'],
    hitReroll: raw['reroll-hit'],
    woundReroll: raw['reroll-wound'],
    saveReroll: raw['reroll-save'],
    sixAlwaysHits: raw['six-always-hits'],
    rendInSaveCap: raw['rend-in-save-cap'],
    crit2HitsDamage: raw['crit-2-hits-damage'],
    pack: raw.pack,
  };
}

interface Keywords {
  readonly set: ReadonlySet<string>;
  readonly champions: number;
}

/** Keywords in kebab-case ('hero', 'war-machine'); CHAMPION gives one Champion, CHAMPION (1/10) one per 10 models. */
function parseKeywords(unit: RawUnit, root: string): Keywords {
  const set = new Set<string>();
  let champions = 0;
  unit.keywords.forEach((text, i) => {
    const path = `${root}.keywords[${i}]`;
    const id = keywordId(text);
    const name = id.replace(/\(.*$/, '').replace(/-$/, '');
    if (name === 'ward') throw new ScenarioError(path, "write the ward as the unit's 'ward' field, e.g. \"ward\": \"6+\"");
    // A keyword no rule reads ('order', 'stormcast-eternals') is kept as printed; parseScenario notes it.
    if (!(KEYWORDS as readonly string[]).includes(name)) {
      set.add(id);
      return;
    }
    const ref = parseRuleRef(id, path);
    if (ref.id === 'champion') {
      // Champion — Miniaturas de mando 1.0: one per unit, or one per 10 models with (1/10).
      if (ref.param !== null && ref.param !== '1/10') throw new ScenarioError(path, "'champion' takes no parameter or '(1/10)'");
      champions = ref.param === null ? 1 : Math.floor(unit.models / 10);
    } else if (ref.param !== null) throw new ScenarioError(path, `keyword '${text}' takes no parameter`);
    set.add(ref.id);
  });
  return { set, champions };
}

function parseTarget(raw: RawUnit, situation: RawSituation): Target {
  if (raw.health === undefined) throw new ScenarioError('target.health', 'the target unit needs its Health (damage to slay one model, 18.2)');
  if (raw.save === undefined) throw new ScenarioError('target.save', "the target unit needs its Save ('2+'..'6+' or 'none')");
  if (raw.damaged >= raw.health) throw new ScenarioError('target.damaged', damagedProblem(raw.health, raw.models));
  parseUnitAbilities(raw, 'target');
  return {
    models: raw.models,
    health: raw.health,
    save: raw.save === 'none' ? null : (raw.save as number),
    ward: bestWard(raw.ward === undefined || raw.ward === 'none' ? null : (raw.ward as number), situation['mystic-shield']),
    keywords: parseKeywords(raw, 'target').set,
    damaged: raw.damaged,
  };
}

/**
 * The damage counter is below Health: it resets to 0 each time it reaches Health and a model is
 * slain (18.2). Damage that slew models is written as fewer models.
 */
function damagedProblem(health: number, models: number): string {
  return `must be below the unit's Health ${health}: the counter resets when it reaches Health and a model is slain (18.2); for more damage, give fewer models (the unit's total is ${models * health})`;
}

/** Only the best (lowest) ward of a unit counts (18.1); Mystic Shield gives WARD (6+) (§6). */
function bestWard(ward: number | null, mysticShield: boolean): number | null {
  if (!mysticShield) return ward;
  return ward === null ? 6 : Math.min(ward, 6);
}

function parseAttacker(raw: RawUnit, situation: RawSituation): Attacker {
  if (raw.damaged > 0 && raw.health === undefined)
    throw new ScenarioError('attacker.damaged', "a damage counter needs the unit's Health (18.2): give attacker.health");
  if (raw.health !== undefined && raw.damaged >= raw.health)
    throw new ScenarioError('attacker.damaged', damagedProblem(raw.health, raw.models));
  parseUnitAbilities(raw, 'attacker');
  return { models: raw.models, damaged: raw.damaged, weapons: selectWeapons(weaponsOf(raw, 'attacker'), situation) };
}

function weaponsOf(raw: RawUnit, root: string): Weapon[] {
  const { champions } = parseKeywords(raw, root);
  return raw.weapons.map((w, i) => parseWeapon(w, `${root}.weapons[${i}]`, raw, champions));
}

/** Every weapon of a unit, melee and ranged, validated as an attacker's are (an engagement needs them all). */
export function parseUnitWeapons(input: unknown, root: string): Weapon[] {
  const raw = validate(unitSchema, input, root);
  parseUnitAbilities(raw, root);
  return weaponsOf(raw, root);
}

/** The weapons an ability uses: Fight uses melee weapons (16.0), Shoot ranged ones (14.2). */
function selectWeapons(weapons: Weapon[], situation: RawSituation): Weapon[] {
  if (situation.ability === 'fight') {
    const melee = weapons.filter((w) => w.type === 'melee');
    if (melee.length === 0) throw new ScenarioError('attacker.weapons', "ability 'fight' needs at least one melee weapon");
    return melee;
  }
  if (situation.ability === 'shoot') {
    // 14.2: an engaged unit shoots only with Shoot in Combat weapons.
    const ranged = weapons.filter((w) => w.type === 'ranged' && (w.shootInCombat || !situation.engaged));
    if (ranged.length === 0)
      throw new ScenarioError('attacker.weapons', `ability 'shoot' needs at least one ranged weapon${situation.engaged ? " with 'shoot-in-combat' (the unit is engaged)" : ''}`);
    return ranged;
  }
  if (situation.engaged) throw new ScenarioError('situation.engaged', "only matters for ability 'shoot'");
  return [];
}

function parseWeapon(raw: RawWeapon, path: string, unit: RawUnit, unitChampions: number): Weapon {
  const crits: Crit[] = [];
  const anti: string[] = [];
  let chargeDamage = false;
  let companion = false;
  let shootInCombat = false;
  let corneredRat = false;
  raw.abilities.forEach((text, i) => {
    const at = `${path}.abilities[${i}]`;
    const ref = parseRuleRef(text.trim().toLowerCase(), at);
    const noParam = () => {
      if (ref.param !== null) throw new ScenarioError(at, `'${ref.id}' takes no parameter`);
    };
    const crit = ownEntry(CRITS, ref.id);
    if (crit !== undefined) {
      noParam();
      // The same Crit ability listed twice is one ability (Rule of One, 5.3).
      if (!crits.includes(crit)) crits.push(crit);
    } else if (ref.id.startsWith('anti-')) {
      // Anti X (+1 Rend) — 20.0: X is a keyword of the target, or 'charge' (the target charged).
      if (ref.param !== null && !/^\+?1\s*rend$/.test(ref.param)) throw new ScenarioError(at, `'${text}' must be written '${ref.id}(+1 rend)'`);
      const x = ref.id.slice('anti-'.length);
      // Different Anti abilities stack (20.0); the same one twice counts once (Rule of One, 5.3).
      if (!anti.includes(x)) anti.push(x);
    } else if (ref.id === 'charge') {
      if (ref.param !== null && !/^\+?1\s*damage$/.test(ref.param)) throw new ScenarioError(at, "'charge' must be written 'charge(+1 damage)'");
      chargeDamage = true;
    } else if (ref.id === 'companion') {
      noParam();
      companion = true;
    } else if (ref.id === 'shoot-in-combat') {
      noParam();
      if (raw.type !== 'ranged') throw new ScenarioError(at, "'shoot-in-combat' belongs on a ranged weapon");
      shootInCombat = true;
    } else if (ref.id === 'cornered-rat') {
      noParam();
      // Cornered Rat (Clawlord sheet, §6): +3 Attacks for the Warpforged Halberd only.
      if (raw.type !== 'melee' || !/alabarda forjabruja|warpforged halberd/i.test(raw.name))
        throw new ScenarioError(at, "'cornered-rat' belongs only on the Clawlord's Warpforged Halberd (Alabarda forjabruja), Clawlord sheet (§6)");
      corneredRat = true;
    } else throw new ScenarioError(at, `unknown weapon ability '${text}' (allowed: ${WEAPON_ABILITIES.join(', ')})`);
  });
  // 20.0: a weapon with several Crit abilities uses only the one its controller picks.
  if (crits.length > 1) throw new ScenarioError(`${path}.abilities`, 'a weapon uses only one Crit ability (20.0): keep the one you choose');
  // Companion ignores friendly abilities that change the weapon's characteristics (20.0).
  if (companion && corneredRat) throw new ScenarioError(`${path}.abilities`, "'cornered-rat' cannot change a Companion weapon (20.0)");
  if (raw.type === 'melee' && raw.range !== undefined) throw new ScenarioError(`${path}.range`, 'melee weapons have no Range');
  const models = raw.models ?? unit.models;
  if (models > unit.models) throw new ScenarioError(`${path}.models`, `at most the unit's ${unit.models} models`);
  return {
    name: raw.name,
    type: raw.type,
    attacks: raw.attacks,
    hit: raw.hit as number,
    wound: raw.wound as number,
    rend: raw.rend,
    damage: raw.damage,
    crit: crits[0] ?? 'none',
    anti,
    chargeDamage,
    companion,
    shootInCombat,
    corneredRat,
    models,
    champions: weaponChampions(raw, path, models === unit.models, companion, unitChampions),
  };
}

/**
 * Champions among the models using a weapon (Miniaturas de mando 1.0, A5): all the Champion's
 * weapons except Companion ones. By default a weapon carried by every model is the Champion's.
 */
function weaponChampions(raw: RawWeapon, path: string, everyModel: boolean, companion: boolean, unitChampions: number): number {
  if (raw.champion === true) {
    if (unitChampions === 0) throw new ScenarioError(`${path}.champion`, "the unit has no Champion (keyword 'champion')");
    if (companion) throw new ScenarioError(`${path}.champion`, 'Champion +1 Attacks does not apply to a Companion weapon (20.0, A5)');
    return Math.min(unitChampions, raw.models ?? unitChampions);
  }
  if (raw.champion === false || companion || !everyModel) return 0;
  return unitChampions;
}

function parseUnitAbilities(raw: RawUnit, root: string): void {
  raw.abilities.forEach((text, i) => {
    const path = `${root}.abilities[${i}]`;
    const id = text.trim().toLowerCase();
    const unsupported = ownEntry(UNSUPPORTED_UNIT_ABILITIES, id);
    if (unsupported !== undefined) throw new UnsupportedRuleError(path, id, unsupported);
    if (!UNIT_ABILITIES.includes(id)) throw new ScenarioError(path, `unknown unit ability '${text}' (allowed: ${UNIT_ABILITIES.join(', ')})`);
  });
}

/** The requirements of the situation's ability on the two units. */
function checkAbility(attacker: RawUnit, target: Target, situation: Situation): void {
  const { ability } = situation;
  if (ability === 'power-through') {
    // Power Through — Órdenes 8.0: the unit charged, and the target's Health is lower than its own.
    if (!situation.charged) throw new ScenarioError('situation.charged', "Power Through needs a unit that charged this turn: set 'charged': true");
    if (attacker.health === undefined) throw new ScenarioError('attacker.health', 'Power Through compares Health: the attacker needs its Health');
    if (!(target.health < attacker.health))
      throw new ScenarioError('target.health', `Power Through picks a unit whose Health is lower than the attacker's ${attacker.health} (Órdenes 8.0)`);
  }
  // Place of Power — Terreno 1.2: a HERO activates it; miscast — Magic module, a WIZARD casting (not in Spearhead).
  if (ability === 'place-of-power' && !target.keywords.has('hero'))
    throw new ScenarioError('target.keywords', "ability 'place-of-power' is used by a HERO: the target (the hero that activates it) needs keyword 'hero'");
  if (ability === 'miscast') {
    if (!target.keywords.has('wizard'))
      throw new ScenarioError('target.keywords', "ability 'miscast' happens to a WIZARD: the target (the caster) needs keyword 'wizard'");
    if (situation.pack === 'spearhead') throw new ScenarioError('situation.ability', 'Spearhead does not use the Magic module, so there are no miscasts (§9)');
  }
  if (ability === 'boing-boing-boing' && !attacker.abilities.map((a) => a.trim().toLowerCase()).includes('boing-boing-boing'))
    throw new ScenarioError('attacker.abilities', "ability 'boing-boing-boing' needs the unit ability 'boing-boing-boing' (Squig Hoppers sheet)");
}
