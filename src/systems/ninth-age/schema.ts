/**
 * The 9th Age scenario format: zod schemas for the raw JSON, then `parseScenario` builds the typed
 * Scenario with every id turned into its dice effect. Any bad input is one ScenarioError.
 */
import * as z from 'zod';
import { type DiceExpr, parseDice } from '../../core/dice.js';
import { ScenarioError, UnsupportedRuleError } from '../../core/errors.js';
import { parseRuleRef, validate } from '../../core/input.js';
import {
  ARTILLERY,
  EQUIPMENT,
  ITEMS,
  MISSILES,
  NO_DICE_ITEMS,
  NO_DICE_RULES,
  RULES,
  type Traits,
  UNSUPPORTED_ITEMS,
  applyId,
  emptyTraits,
} from './catalog.js';
import type { Defence, MeleeWeapon, Missile, Morale, Offence, Options, Scenario, SpecialAttacks, Unit } from './model.js';
import { TROOPS, type Troop, clampCharacteristic, hasNativeSwiftstride, isFoot } from './tables.js';
import { unitRecord } from './unit-record.js';

const characteristic = z
  .number({ error: 'must be a whole number from 0 to 10' })
  .int({ error: 'must be a whole number from 0 to 10' })
  .min(0, { error: 'must be a whole number from 0 to 10 (characteristics are bounded, 9th Age §1.4)' })
  .max(10, { error: 'must be a whole number from 0 to 10 (characteristics are bounded, 9th Age §1.4)' });

const count = (min: number, max: number) =>
  z
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

const ids = z.array(z.string()).default([]);

const mountSchema = z.strictObject({ ws: characteristic, s: characteristic, i: characteristic, a: characteristic, rules: ids });

export const unitSchema = z.strictObject({
  troop: z.enum(TROOPS).default('infantry'),
  models: count(1, 500).default(1),
  files: count(1, 100).optional(),
  attacks: count(0, 1000).optional(),
  shots: count(0, 1000).optional(),
  character: z.boolean().default(false),
  m: characteristic.default(0),
  ws: characteristic,
  bs: characteristic.default(0),
  s: characteristic,
  t: characteristic,
  w: characteristic,
  i: characteristic,
  a: characteristic,
  ld: characteristic,
  'wounds-lost': count(0, 9).default(0),
  equipment: ids,
  items: ids,
  rules: ids,
  mount: mountSchema.optional(),
  champion: z.boolean().default(false),
  standard: z.boolean().default(false),
  musician: z.boolean().default(false),
  'battle-standard': z.boolean().default(false),
  'hold-your-ground': z.boolean().default(false),
  'general-ld': characteristic.optional(),
});
export type RawUnit = z.infer<typeof unitSchema>;

export const optionsSchema = z
  .strictObject({
    'always-strength': z.enum(['final', 'literal']).default('final'),
    'ws0-to-hit': z.enum(['modified', 'natural-6-only']).default('modified'),
    'daemonic-steadfast': z.boolean().default(true),
    'daemonic-reroll': z.boolean().default(true),
  })
  .prefault({});

const meleeSchema = z.strictObject({
  type: z.literal('melee'),
  round: count(1, 100).default(1),
  charging: z.enum(['attacker', 'target', 'none']).default('attacker'),
  facing: z.enum(['front', 'flank', 'rear']).default('front'),
  challenge: z.boolean().default(false),
  'target-strikes-back': z.boolean().default(true),
  'attacker-bonus': count(0, 20).default(0),
  'target-bonus': count(0, 20).default(0),
  pursuit: z.boolean().default(true),
  options: optionsSchema,
});

const shootingSchema = z.strictObject({
  type: z.literal('shooting'),
  'long-range': z.boolean().default(false),
  moved: z.boolean().default(false),
  'stand-and-shoot': z.boolean().default(false),
  cover: z.enum(['none', 'soft', 'hard', 'mixed']).default('none'),
  'multiple-shots': z.boolean().default(false),
  'to-hit-modifier': z.number().int().min(-10).max(10).default(0),
  options: optionsSchema,
});

const scenarioSchema = z.strictObject({
  attacker: unitSchema,
  target: unitSchema,
  situation: z.discriminatedUnion('type', [meleeSchema, shootingSchema], {
    error: "must have type 'melee' or 'shooting'",
  }),
});

/** Rules a mount's own attacks may carry (§7: attack modifiers affect only the part that has them). */
const MOUNT_RULES = [
  'armour-piercing',
  'poisoned-attacks',
  'lethal-strike',
  'hatred',
  'multiple-wounds',
  'random-attacks',
  'devastating-charge',
  'thunderous-charge',
  'flaming-attacks',
  'holy-attacks',
  'magical-attacks',
  'stomp',
  'impact-hits',
  'grinding-attacks',
  'toxic-attacks',
  'lightning-reflexes',
  'hellfire',
  'lightning-attack',
];

/** Largest wound pool of one unit (models × W). */
const MAX_POOL = 2000;

const TWO_HANDED: readonly MeleeWeapon[] = ['great-weapon', 'halberd', 'flail', 'additional-hand-weapon'];

/** The readings of the ambiguities chosen in `options` (A5, A17, A27). */
export function optionsOf(raw: z.infer<typeof optionsSchema>): Options {
  return {
    alwaysStrengthIsFinal: raw['always-strength'] === 'final',
    ws0TakesModifiers: raw['ws0-to-hit'] === 'modified',
    daemonicSteadfast: raw['daemonic-steadfast'],
    daemonicReroll: raw['daemonic-reroll'],
  };
}

/** Validate raw input into a typed Scenario. */
export function parseScenario(input: unknown): Scenario {
  const raw = validate(scenarioSchema, input);
  const attacker = buildUnit(raw.attacker, 'attacker');
  const target = buildUnit(raw.target, 'target');
  const sit = raw.situation;
  const options = optionsOf(sit.options);
  if (sit.type === 'shooting') {
    if (!attacker.missile) throw new ScenarioError('attacker.equipment', "'shooting' needs a missile weapon (e.g. 'bow', 'handgun', 'crossbow')");
    if (attacker.profile.bs === 0) throw new ScenarioError('attacker.bs', 'a BS0 model cannot use missile weapons (9th Age §2)');
    if (sit['stand-and-shoot'] && attacker.missile.cumbersome)
      throw new ScenarioError('situation.stand-and-shoot', 'a Cumbersome weapon may never Stand and Shoot (9th Age §7)');
    if (sit['multiple-shots'] && attacker.missile.multipleShots === 1)
      throw new ScenarioError('situation.multiple-shots', `'${attacker.missile.id}' has no Multiple Shots`);
    return {
      attacker,
      target,
      situation: {
        kind: 'shooting',
        longRange: sit['long-range'],
        moved: sit.moved,
        standAndShoot: sit['stand-and-shoot'],
        cover: sit.cover,
        multipleShots: sit['multiple-shots'],
        toHitModifier: sit['to-hit-modifier'],
        options,
      },
    };
  }
  if (sit.challenge) rejectChallenge(attacker, target);
  return {
    attacker,
    target,
    situation: {
      kind: 'melee',
      round: sit.round,
      charging: sit.charging,
      facing: sit.facing,
      challenge: sit.challenge,
      targetStrikesBack: sit['target-strikes-back'],
      attackerBonus: sit['attacker-bonus'],
      targetBonus: sit['target-bonus'],
      pursuit: sit.pursuit,
      options,
    },
  };
}

/**
 * A challenge (§4.11) changes a one-round result only through Overkill, and Overkill scores only
 * while the loser's unit fights on: between two one-model units the round ends in No More Foes when
 * a fighter falls (§12.1). The fighters are characters or champions; a champion or character inside
 * a unit of several models (fighting apart from its unit) is not described by this scenario.
 */
function rejectChallenge(attacker: Unit, target: Unit): void {
  const path = 'situation.challenge';
  const fighter = (u: Unit) => u.character || u.champion;
  if (!fighter(attacker) || !fighter(target))
    throw new ScenarioError(path, 'a challenge needs a character or champion on each side (9th Age §4.11)');
  if (attacker.models === 1 && target.models === 1)
    throw new ScenarioError(
      path,
      'has no effect here: between two one-model units the round ends with No More Foes when a fighter falls, so Overkill never scores (9th Age §4.11, §12.1)',
    );
  throw new UnsupportedRuleError(
    path,
    'challenge',
    'a champion or character fighting a challenge apart from its unit of several models; this one-round scenario treats a champion as the last model of its unit; a whole fight (situation type "fight", "with-character") carries challenges',
  );
}

function collectTraits(raw: RawUnit, path: string): Traits {
  const t = emptyTraits();
  applyTroop(t, raw.troop);
  const weapons: string[] = [];
  const missiles: string[] = [];
  const unsupportedArtillery = Object.fromEntries(
    ARTILLERY.map((id) => [id, 'template and misfire results depend on table geometry the scenario does not describe']),
  );
  raw.equipment.forEach((id, k) => {
    const before = { weapon: t.weapon, missile: t.missile };
    applyId(t, id, `${path}.equipment[${k}]`, EQUIPMENT, [], unsupportedArtillery, 'equipment');
    if (t.weapon !== before.weapon) weapons.push(id);
    if (t.missile !== before.missile) missiles.push(id);
  });
  raw.items.forEach((id, k) => {
    const before = { weapon: t.weapon, magic: t.weaponIsMagic, missile: t.missile };
    applyId(t, id, `${path}.items[${k}]`, ITEMS, NO_DICE_ITEMS, UNSUPPORTED_ITEMS, 'magic item');
    if (t.weaponIsMagic !== before.magic || t.weapon !== before.weapon) weapons.push(id);
    if (t.missile !== before.missile) missiles.push(id);
  });
  raw.rules.forEach((id, k) => applyId(t, id, `${path}.rules[${k}]`, RULES, NO_DICE_RULES, {}, 'rule'));
  checkItemUsers(raw, path);
  // A model that has another close-combat weapon must use it; the scenario names the one it uses (§8.1).
  if (weapons.length > 1)
    throw new ScenarioError(`${path}.equipment`, `name the one close-combat weapon used this combat, not ${weapons.join(' and ')}`);
  if (missiles.length > 1) throw new ScenarioError(`${path}.equipment`, `name one missile weapon, not ${missiles.join(' and ')}`);
  if (t.noShieldOrInnate && (t.shield > 0 || t.innateDefence > 0))
    throw new ScenarioError(`${path}.items`, 'Mithril Mail cannot be combined with a shield or Innate Defence (9th Age §11)');
  const mounted = !isFoot(raw.troop);
  if ((t.weapon === 'lance' || t.weapon === 'light-lance') && !mounted)
    throw new ScenarioError(`${path}.equipment`, 'a lance is used only by mounted models, War Beasts and Monstrous Beasts (9th Age §8.1)');
  if (t.weapon === 'spear' && mounted) throw new ScenarioError(`${path}.equipment`, 'a spear is used only by foot models (9th Age §8.1)');
  return t;
}

/** Magic items for models on foot only — 9th Age §11. */
const FOOT_ONLY_ITEMS = ['mithril-mail', 'dragon-mantle', 'fencers-swords', 'screaming-swords'];

/** Troop types that carry a rider or crew on a mount: the only ones with a `mount` — 9th Age §9. */
const MOUNTED_TROOPS: readonly Troop[] = ['cavalry', 'monstrous-cavalry', 'chariot', 'ridden-monster'];

/** Items that the rules file restricts to some models (§11), and the mount's troop types (§9). */
function checkItemUsers(raw: RawUnit, path: string): void {
  const ids = (list: string[], field: string) => list.map((text, k) => ({ id: parseRuleRef(text, `${path}.${field}[${k}]`).id, path: `${path}.${field}[${k}]` }));
  // Monsters and Ridden Monsters are Large Targets (§9)
  const largeTarget = raw.troop === 'monster' || raw.troop === 'ridden-monster' || ids(raw.rules, 'rules').some((r) => r.id === 'large-target');
  for (const item of ids(raw.items, 'items')) {
    if (FOOT_ONLY_ITEMS.includes(item.id) && !isFoot(raw.troop))
      throw new ScenarioError(item.path, `'${item.id}' is for models on foot only, not ${raw.troop} (9th Age §11)`);
    if (item.id === 'bluffers-helm' && largeTarget)
      throw new ScenarioError(item.path, "'bluffers-helm' cannot be worn by a Large Target (9th Age §11)");
  }
  if (raw.mount && !MOUNTED_TROOPS.includes(raw.troop))
    throw new ScenarioError(`${path}.mount`, `only ${MOUNTED_TROOPS.join(', ')} models have a mount, not ${raw.troop} (9th Age §9)`);
}

/** Troop-type rules — 9th Age §9. */
function applyTroop(t: Traits, troop: Troop): void {
  if (hasNativeSwiftstride(troop)) t.swiftstride = true;
  if (troop === 'monstrous-infantry' || troop === 'monstrous-beast' || troop === 'monstrous-cavalry') t.stomp = parseDice('1');
  if (troop === 'monster' || troop === 'ridden-monster') {
    t.stomp = parseDice('D6');
    t.causesFear = true; // Terror: also causes Fear and is immune to it (§7)
    t.immuneFear = true;
  }
  if (troop === 'chariot') t.impactHits = parseDice('D6');
  if (troop === 'swarm') {
    t.skirmishers = true;
    t.freeReform = true;
    t.unbreakable = true;
    t.immunePsychology = true;
    t.immuneFear = true;
    t.unstable = true;
  }
}

function weaponStrength(weapon: MeleeWeapon): number {
  // Great weapon +2, halberd +1, flail +2 — 9th Age §8.1
  return weapon === 'great-weapon' || weapon === 'flail' ? 2 : weapon === 'halberd' ? 1 : 0;
}

function strikeInitiative(t: Traits, i: number): number {
  if (t.fixedInitiative !== null) return t.fixedInitiative; // Sword of Haste: I10 (§4.2)
  // Great weapon strikes at I0; Lightning Reflexes restores the own I (§4.2, §7)
  if (t.weapon === 'great-weapon' && !t.lightningReflexes) return 0;
  const ahw = t.weapon === 'additional-hand-weapon' ? 1 : 0; // +1 I (§4.2)
  return clampCharacteristic(i + ahw + t.initiativeBonus);
}

function offenceOf(t: Traits, ws: number, s: number, i: number, a: number, weapon: MeleeWeapon): Offence {
  const greatWeaponReflexes = weapon === 'great-weapon' && t.lightningReflexes;
  return {
    ws: t.fixedWs ?? ws,
    s: clampCharacteristic(s + t.profileStrengthBonus),
    a,
    strengthBonus: weaponStrength(weapon) + t.strengthBonus,
    chargeStrengthBonus: weapon === 'lance' ? 2 : weapon === 'light-lance' ? 1 : 0,
    fixedStrength: t.fixedStrength,
    armourPiercing: weapon === 'spear' ? Math.max(1, t.armourPiercing) : t.armourPiercing, // spear AP(1)
    // Lightning Reflexes +1 to hit, lost when it only restores a great weapon's Initiative (§7)
    toHitModifier: t.toHitModifier + (t.lightningReflexes && !greatWeaponReflexes ? 1 : 0),
    fixedWs: t.fixedWs,
    strikeInitiative: strikeInitiative(t, i),
    bonusAttacks: t.bonusAttacks + (weapon === 'additional-hand-weapon' ? 1 : 0),
    devastatingCharge: t.devastatingCharge,
    thunderousCharge: t.thunderousCharge,
    randomAttacks: t.randomAttacks,
    poisoned: t.poisoned,
    lethalStrike: t.lethalStrike,
    spearLethal: weapon === 'spear',
    hatred: t.hatred,
    holy: t.holy,
    flaming: t.flaming,
    magical: t.magical,
    rerollFailedWounds: t.rerollFailedWounds,
    woundsOnFourAtWorst: t.woundsOnFourAtWorst,
    metalshifting: t.metalshifting,
    multipleWounds: t.multipleWounds,
    kingSlayer: t.kingSlayer,
    crushAttack: t.crushAttack,
    hellfire: t.hellfire,
    lightningAttack: t.lightningAttack,
  };
}

/** The rules a mount's attacks may carry, as a catalog of their own. */
const MOUNT_CATALOG = Object.fromEntries(MOUNT_RULES.map((id) => [id, RULES[id]]));

function buildMount(raw: NonNullable<RawUnit['mount']>, path: string): { offence: Offence; traits: Traits } {
  const t = emptyTraits();
  raw.rules.forEach((id, k) => applyId(t, id, `${path}.rules[${k}]`, MOUNT_CATALOG, [], {}, "rule of a mount's attacks"));
  // Mounts never benefit from the rider's weapons (§8.1): a mount fights with its hand weapon.
  return { offence: offenceOf(t, raw.ws, raw.s, raw.i, raw.a, 'hand-weapon'), traits: t };
}

export function buildUnit(raw: RawUnit, path: string): Unit {
  const t = collectTraits(raw, path);
  // A character is one model (§10); the command group belongs to rank-and-file units (§10)
  if (raw.character) {
    if (raw.models > 1)
      throw new ScenarioError(`${path}.character`, `a character is one model, not a unit of ${raw.models}; give the character as its own one-model unit`);
    for (const field of ['champion', 'standard', 'musician'] as const)
      if (raw[field]) throw new ScenarioError(`${path}.${field}`, `a lone character has no ${field}: the command group is part of a unit of rank-and-file (9th Age §10)`);
  }
  const files = raw.files ?? Math.min(raw.models, 5);
  if (files > raw.models) throw new ScenarioError(`${path}.files`, `cannot exceed models (${raw.models})`);
  // The exact engine tracks both wound pools jointly; this keeps its tables within memory.
  if (raw.models * raw.w > MAX_POOL)
    throw new ScenarioError(`${path}.models`, `models × w must be at most ${MAX_POOL} (got ${raw.models} × ${raw.w})`);
  if (raw.w === 0) throw new ScenarioError(`${path}.w`, 'a model on the table has at least 1 wound (at 0 it is removed, 9th Age §2)');
  // The bearer of a single-use item is one model (§11). On a one-model unit every hit, save and wound
  // is that model's; inside a larger unit which of them reach the bearer depends on how the enemy
  // allocates attacks (§4.4) and distributes hits (§5.4), which a scenario does not describe.
  if (t.singleUseItem && raw.models > 1)
    throw new UnsupportedRuleError(
      t.singleUseItem.path,
      t.singleUseItem.id,
      'on a unit of several models which hits, failed saves or wounds reach the bearer depends on how the enemy allocates them; give the bearer as a one-model unit',
    );
  if (raw['wounds-lost'] >= raw.w)
    throw new ScenarioError(`${path}.wounds-lost`, `must be below w (${raw.w}); remove whole models from 'models' instead`);
  const mount = raw.mount ? buildMount(raw.mount, `${path}.mount`) : null;
  const offence = offenceOf(t, raw.ws, raw.s, raw.i, raw.a, t.weapon);
  const twoHanded = TWO_HANDED.includes(t.weapon);
  const ward = t.wards.length ? Math.min(...t.wards) : null; // wards never stack: the best one (§4.8)
  const missileId = t.missile;
  const missile: Missile | null =
    missileId === null
      ? null
      : {
          id: missileId,
          ...MISSILES[missileId],
          // a unit rule 'multiple-shots(X)' or 'quick-to-fire' etc. adds to the weapon's own rules
          multipleShots: Math.max(MISSILES[missileId].multipleShots, t.multipleShots ?? 1),
          quickToFire: MISSILES[missileId].quickToFire || t.quickToFire,
          unwieldy: MISSILES[missileId].unwieldy || t.unwieldy,
          volleyFire: MISSILES[missileId].volleyFire || t.volleyFire,
          cumbersome: t.cumbersome,
          flaming: t.flamingShots,
        };
  const defence: Defence = {
    armourBonus: t.bodyArmour + t.barding + t.mountProtection + t.innateDefence + t.helmet,
    shieldBonus: t.shield,
    shieldInMelee: t.shield > 0 && !twoHanded, // Requires Two Hands: no shield in close combat (§8.1)
    // Parry: foot, mundane hand weapon with a mundane shield (§8.1)
    parry: isFoot(raw.troop) && t.weapon === 'hand-weapon' && !t.weaponIsMagic && t.shield > 0 && !t.shieldIsMagic,
    ward,
    wardVsRanged: t.wardVsRanged,
    regeneration: t.regeneration,
    fireborn: t.fireborn,
    ethereal: t.ethereal,
    flail: t.weapon === 'flail',
    distracting: t.distracting,
    flammable: t.flammable,
    bluffersHelm: t.bluffersHelm,
    gemOfFortune: t.gemOfFortune,
    rerollFailedArmour: t.rerollFailedArmour,
    rerollOwnWards: t.rerollOwnWards,
    hardTarget: t.hardTarget,
    skirmishers: t.skirmishers,
    fly: t.fly,
    luckyShield: t.luckyShield,
    luckyCharm: t.luckyCharm,
    gemstoneShielding: t.gemstoneShielding,
  };
  const morale: Morale = {
    stubborn: t.stubborn,
    unbreakable: t.unbreakable,
    unstable: t.unstable,
    daemonicInstability: t.daemonicInstability,
    bodyguard: t.bodyguard,
    immunePsychology: t.immunePsychology,
    frenzy: t.frenzy,
    immuneFear: t.immuneFear || (mount?.traits.causesFear ?? false),
    causesFear: t.causesFear || (mount?.traits.causesFear ?? false),
    ldBonus: t.ldBonus,
    generalLd: raw['general-ld'] ?? null,
    swiftstride: t.swiftstride,
    freeReform: t.freeReform,
    rerollLeadership: t.rerollLeadership || raw['battle-standard'] || raw['hold-your-ground'],
    holdYourGround: raw['battle-standard'] || raw['hold-your-ground'],
    randomMovement: t.randomMovement,
  };
  const s = clampCharacteristic(raw.s + t.profileStrengthBonus);
  const mountS = mount ? clampCharacteristic(raw.mount!.s + mount.traits.profileStrengthBonus) : s;
  // Special attacks take the profile's changes (Potion of Strength, Potion of Swiftness) but not the weapon's (§6)
  const ownI = clampCharacteristic(raw.i + t.initiativeBonus);
  const hitsOf = (hits: DiceExpr | null, strength: number, initiative: number) => (hits ? { hits, s: strength, initiative } : null);
  const special: SpecialAttacks = {
    // Stomp at I0; on a multi-part model only one mount stomps, riders never (§6, A28).
    stomp: mount ? hitsOf(mount.traits.stomp ?? t.stomp, mountS, 0) : hitsOf(t.stomp, s, 0),
    // Impact Hits at I10; Scythes: +1 Impact Hit (§4.2, §7)
    impactHits: hitsOf(plusOne(mount?.traits.impactHits ?? t.impactHits, t.scythes), mount?.traits.impactHits ? mountS : s, 10),
    // Grinding Attacks and Breath Weapon at the own I of the part that has them: a mount's at the mount's I (§4.2)
    grindingAttacks: mount?.traits.grindingAttacks
      ? hitsOf(mount.traits.grindingAttacks, mountS, raw.mount!.i)
      : hitsOf(t.grindingAttacks, s, ownI),
    breath: t.breathStrength === null ? null : { hits: parseDice('2D6'), s: t.breathStrength, initiative: ownI },
  };
  return unitRecord({
    troop: raw.troop,
    models: raw.models,
    files,
    attacks: raw.attacks ?? null,
    shots: raw.shots ?? null,
    character: raw.character,
    profile: { m: raw.m, ws: raw.ws, bs: raw.bs, s: raw.s, t: raw.t, w: raw.w, i: raw.i, a: raw.a, ld: raw.ld },
    woundsLost: raw['wounds-lost'],
    extraRanks: t.extraRanks + (t.weapon === 'spear' ? 1 : 0), // spear: Fight in Extra Rank, cumulative (§8.1)
    missile,
    offence,
    mount: mount?.offence ?? null,
    special,
    defence,
    morale,
    champion: raw.champion,
    standard: raw.standard,
    musician: raw.musician,
    battleStandard: raw['battle-standard'],
    warStandard: t.warStandard,
  });
}

function plusOne(hits: DiceExpr | null, scythes: boolean): DiceExpr | null {
  if (!hits || !scythes) return hits;
  return { ...hits, text: `${hits.text}+1`, modifier: hits.modifier + 1 };
}
