/**
 * Every equipment id (§8), special-rule id (§6–§7) and magic-item id (§11) the 9th Age scenario
 * accepts, and what each does to the dice. Unknown ids are errors; ids the rules describe but
 * that cannot be computed as dice raise UnsupportedRuleError.
 */
import { type DiceExpr, parseDice } from '../../core/dice.js';
import { ScenarioError, UnsupportedRuleError } from '../../core/errors.js';
import { type RuleRef, intParam, parseRuleRef, targetParam, ownEntry } from '../../core/input.js';
import type { MeleeWeapon, MultipleWounds } from './model.js';
import { TROOPS, type Troop } from './tables.js';

/** The traits of a unit as ids are applied, before they are frozen into a Unit. */
export interface Traits {
  weapon: MeleeWeapon;
  weaponIsMagic: boolean;
  /** The magic weapon carried, close-combat or shooting: at most one per model (§11). */
  magicWeaponId: string | null;
  shieldIsMagic: boolean;
  /** The magic shield carried: only one shield (§4.7). */
  magicShieldId: string | null;
  missile: string | null;
  bodyArmour: number;
  bodyArmourId: string | null;
  shield: number;
  barding: number;
  mountProtection: number;
  innateDefence: number;
  helmet: number;
  noShieldOrInnate: boolean;
  strengthBonus: number;
  profileStrengthBonus: number;
  fixedStrength: number | null;
  armourPiercing: number;
  toHitModifier: number;
  fixedWs: number | null;
  fixedInitiative: number | null;
  initiativeBonus: number;
  bonusAttacks: number;
  extraRanks: number;
  devastatingCharge: boolean;
  thunderousCharge: boolean;
  randomAttacks: DiceExpr | null;
  poisoned: boolean;
  lethalStrike: boolean;
  hatred: boolean;
  holy: boolean;
  flaming: boolean;
  /** Flaming Attacks of the model or unit (not of one weapon): its shots are Flaming too (§5.3, §7). */
  flamingShots: boolean;
  magical: boolean;
  rerollFailedWounds: boolean;
  woundsOnFourAtWorst: boolean;
  metalshifting: boolean;
  multipleWounds: MultipleWounds | null;
  kingSlayer: boolean;
  crushAttack: boolean;
  lightningReflexes: boolean;
  stomp: DiceExpr | null;
  impactHits: DiceExpr | null;
  scythes: boolean;
  grindingAttacks: DiceExpr | null;
  breathStrength: number | null;
  wards: number[];
  wardVsRanged: number | null;
  regeneration: number | null;
  fireborn: boolean;
  ethereal: boolean;
  distracting: boolean;
  flammable: boolean;
  bluffersHelm: boolean;
  gemOfFortune: boolean;
  rerollFailedArmour: boolean;
  rerollOwnWards: boolean;
  hardTarget: boolean;
  skirmishers: boolean;
  fly: boolean;
  stubborn: boolean;
  unbreakable: boolean;
  unstable: boolean;
  daemonicInstability: boolean;
  bodyguard: boolean;
  immunePsychology: boolean;
  frenzy: boolean;
  immuneFear: boolean;
  causesFear: boolean;
  ldBonus: number;
  swiftstride: boolean;
  freeReform: boolean;
  rerollLeadership: boolean;
  randomMovement: DiceExpr | null;
  multipleShots: number | null;
  quickToFire: boolean;
  unwieldy: boolean;
  volleyFire: boolean;
  cumbersome: boolean;
  warStandard: boolean;
  hellfire: boolean;
  lightningAttack: boolean;
  luckyShield: boolean;
  luckyCharm: boolean;
  gemstoneShielding: boolean;
  /** The first single-use item listed (§11), for the one-model check. */
  singleUseItem: { readonly id: string; readonly path: string } | null;
}

export function emptyTraits(): Traits {
  return {
    weapon: 'hand-weapon',
    weaponIsMagic: false,
    magicWeaponId: null,
    shieldIsMagic: false,
    magicShieldId: null,
    missile: null,
    bodyArmour: 0,
    bodyArmourId: null,
    shield: 0,
    barding: 0,
    mountProtection: 0,
    innateDefence: 0,
    helmet: 0,
    noShieldOrInnate: false,
    strengthBonus: 0,
    profileStrengthBonus: 0,
    fixedStrength: null,
    armourPiercing: 0,
    toHitModifier: 0,
    fixedWs: null,
    fixedInitiative: null,
    initiativeBonus: 0,
    bonusAttacks: 0,
    extraRanks: 0,
    devastatingCharge: false,
    thunderousCharge: false,
    randomAttacks: null,
    poisoned: false,
    lethalStrike: false,
    hatred: false,
    holy: false,
    flaming: false,
    flamingShots: false,
    magical: false,
    rerollFailedWounds: false,
    woundsOnFourAtWorst: false,
    metalshifting: false,
    multipleWounds: null,
    kingSlayer: false,
    crushAttack: false,
    lightningReflexes: false,
    stomp: null,
    impactHits: null,
    scythes: false,
    grindingAttacks: null,
    breathStrength: null,
    wards: [],
    wardVsRanged: null,
    regeneration: null,
    fireborn: false,
    ethereal: false,
    distracting: false,
    flammable: false,
    bluffersHelm: false,
    gemOfFortune: false,
    rerollFailedArmour: false,
    rerollOwnWards: false,
    hardTarget: false,
    skirmishers: false,
    fly: false,
    stubborn: false,
    unbreakable: false,
    unstable: false,
    daemonicInstability: false,
    bodyguard: false,
    immunePsychology: false,
    frenzy: false,
    immuneFear: false,
    causesFear: false,
    ldBonus: 0,
    swiftstride: false,
    freeReform: false,
    rerollLeadership: false,
    randomMovement: null,
    multipleShots: null,
    quickToFire: false,
    unwieldy: false,
    volleyFire: false,
    cumbersome: false,
    warStandard: false,
    hellfire: false,
    lightningAttack: false,
    luckyShield: false,
    luckyCharm: false,
    gemstoneShielding: false,
    singleUseItem: null,
  };
}

type Apply = (t: Traits, rule: RuleRef, path: string) => void;

function noParam(apply: (t: Traits) => void): Apply {
  return (t, rule, path) => {
    if (rule.param !== null) throw new ScenarioError(path, `'${rule.text}' takes no parameter (write '${rule.id}')`);
    apply(t);
  };
}

/**
 * A rule's dice parameter: a count of attacks, hits, wounds or inches, so it can never roll below
 * `min` (0, or 1 where each roll must yield something) and must be able to roll more than 0.
 */
function diceParam(rule: RuleRef, path: string, min = 0): DiceExpr {
  if (rule.param === null) throw new ScenarioError(path, `'${rule.text}' needs a dice parameter, e.g. '${rule.id}(D3)'`);
  let dice: DiceExpr;
  try {
    dice = parseDice(rule.param);
  } catch (error) {
    throw new ScenarioError(path, (error as Error).message);
  }
  const kept = dice.discard ? dice.count - 1 : dice.count;
  const lowest = kept + dice.modifier;
  const highest = kept * dice.faces + dice.modifier;
  if (lowest < min) throw new ScenarioError(path, `'${rule.text}' can roll ${lowest}; it must be at least ${min} on every roll`);
  if (highest < 1) throw new ScenarioError(path, `'${rule.text}' never gives more than 0; leave the rule out instead`);
  return dice;
}

/**
 * `multiple-wounds(D3)`, `multiple-wounds(ordnance)`, `multiple-wounds(2, monster/ridden-monster)`:
 * the wounds, then optionally the troop types it applies to (§4.10).
 */
function multipleWoundsParam(rule: RuleRef, path: string): MultipleWounds {
  const [wounds, against] = (rule.param ?? '').split(',').map((x) => x.trim());
  // every unsaved wound becomes at least one wound
  const dice = wounds.toLowerCase() === 'ordnance' ? 'ordnance' : diceParam({ ...rule, param: wounds || null }, path, 1);
  if (against === undefined) return { wounds: dice, against: null };
  const troops = against.split(/[\s/]+/).filter(Boolean);
  for (const troop of troops)
    if (!(TROOPS as readonly string[]).includes(troop))
      throw new ScenarioError(path, `'${troop}' in '${rule.text}' is not a troop type (allowed: ${TROOPS.join(', ')})`);
  return { wounds: dice, against: troops as Troop[] };
}

function weapon(id: MeleeWeapon, more?: (t: Traits) => void): Apply {
  return noParam((t) => {
    t.weapon = id;
    more?.(t);
  });
}

/** Only one body armour (§4.7): a second one is an error naming both. */
function bodyArmour(bonus: number, id: string, more?: (t: Traits) => void): Apply {
  return (t, rule, path) => {
    if (rule.param !== null) throw new ScenarioError(path, `'${rule.text}' takes no parameter (write '${rule.id}')`);
    if (t.bodyArmourId !== null) throw new ScenarioError(path, `only one body armour: '${t.bodyArmourId}' and '${id}'`);
    t.bodyArmour = bonus;
    t.bodyArmourId = id;
    more?.(t);
  };
}

// ---- §8 Mundane equipment ---------------------------------------------------------------

/** Close-combat weapons, missile weapons and armour — 9th Age §8.1, §8.2, §8.4. */
export const EQUIPMENT: Readonly<Record<string, Apply>> = {
  'hand-weapon': noParam(() => {}), // everyone has one (§8.1)
  shield: noParam((t) => (t.shield = Math.max(t.shield, 1))),
  'great-weapon': weapon('great-weapon'),
  halberd: weapon('halberd'),
  flail: weapon('flail'),
  'additional-hand-weapon': weapon('additional-hand-weapon'),
  'paired-weapons': weapon('additional-hand-weapon'),
  lance: weapon('lance'),
  'light-lance': weapon('light-lance'),
  spear: weapon('spear'),
  // Pistol / Brace of Pistols count as an Additional Hand Weapon in close combat (§8.1).
  pistol: weapon('additional-hand-weapon', (t) => (t.missile = 'pistol')),
  'brace-of-pistols': weapon('additional-hand-weapon', (t) => (t.missile = 'brace-of-pistols')),
  handgun: noParam((t) => (t.missile = 'handgun')),
  'short-bow': noParam((t) => (t.missile = 'short-bow')),
  bow: noParam((t) => (t.missile = 'bow')),
  'long-bow': noParam((t) => (t.missile = 'long-bow')),
  'throwing-weapons': noParam((t) => (t.missile = 'throwing-weapons')),
  crossbow: noParam((t) => (t.missile = 'crossbow')),
  'light-armour': bodyArmour(1, 'light-armour'),
  'heavy-armour': bodyArmour(2, 'heavy-armour'),
  'plate-armour': bodyArmour(3, 'plate-armour'),
  barding: noParam((t) => (t.barding = 1)),
};

/** Artillery needs template geometry or a misfire sequence the scenario cannot describe (§8.3). */
export const ARTILLERY = ['catapult', 'flame-thrower', 'bolt-thrower', 'cannon', 'volley-gun'] as const;

// ---- §6–§7 Special rules ------------------------------------------------------------------

const fearCauser = (t: Traits) => {
  t.causesFear = true;
  t.immuneFear = true; // a Fear-causer is immune to Fear (§7 Fear)
};

/** Rules with a dice effect in one fight — 9th Age §6, §7, §9. */
export const RULES: Readonly<Record<string, Apply>> = {
  'armour-piercing': (t, r, p) => (t.armourPiercing = Math.max(t.armourPiercing, intParam(r, p, 1, 6))),
  'breath-weapon': (t, r, p) => (t.breathStrength = intParam(r, p, 1, 10)),
  bodyguard: noParam((t) => {
    t.bodyguard = true;
    t.stubborn = true; // the joined character gains Stubborn (§7 Bodyguard)
  }),
  'crush-attack': noParam((t) => (t.crushAttack = true)),
  cumbersome: noParam((t) => (t.cumbersome = true)),
  'daemonic-instability': noParam((t) => (t.daemonicInstability = true)),
  'devastating-charge': noParam((t) => (t.devastatingCharge = true)),
  distracting: noParam((t) => (t.distracting = true)),
  ethereal: noParam((t) => {
    t.ethereal = true;
    t.magical = true;
  }),
  fear: noParam(fearCauser),
  'fight-in-extra-rank': noParam((t) => (t.extraRanks += 1)), // cumulative (§7)
  fireborn: noParam((t) => (t.fireborn = true)),
  // Flaming Attacks has no "close-combat attacks" limit, so a model's shots are Flaming too (§5.3, §7)
  'flaming-attacks': noParam((t) => (t.flaming = t.flamingShots = true)),
  flammable: noParam((t) => (t.flammable = true)),
  fly: (t, r, p) => {
    intParam(r, p, 1, 10);
    t.fly = true;
    t.swiftstride = true;
    t.freeReform = true; // Fly grants Swiftstride and Free Reform (§7)
  },
  'free-reform': noParam((t) => (t.freeReform = true)),
  'fast-cavalry': noParam((t) => (t.freeReform = true)),
  frenzy: noParam((t) => {
    t.frenzy = true;
    t.bonusAttacks += 1;
    t.immunePsychology = true;
    t.immuneFear = true;
  }),
  'grinding-attacks': (t, r, p) => (t.grindingAttacks = diceParam(r, p)),
  'hard-target': noParam((t) => (t.hardTarget = true)),
  hatred: (t) => (t.hatred = true), // 'hatred(X)': X names the hated enemies; list it only where it applies
  hellfire: noParam((t) => (t.hellfire = true)),
  'holy-attacks': noParam((t) => (t.holy = true)),
  'immune-to-psychology': noParam((t) => {
    t.immunePsychology = true;
    t.immuneFear = true;
  }),
  'impact-hits': (t, r, p) => (t.impactHits = diceParam(r, p)),
  'innate-defence': (t, r, p) => (t.innateDefence = Math.max(t.innateDefence, 7 - targetParam(r, p, 1, 6))),
  'lethal-strike': noParam((t) => (t.lethalStrike = true)),
  'lightning-attack': noParam((t) => (t.lightningAttack = true)),
  'lightning-reflexes': noParam((t) => (t.lightningReflexes = true)),
  'magical-attacks': noParam((t) => (t.magical = true)),
  metalshifting: noParam((t) => {
    t.metalshifting = true;
    t.flaming = true; // Metalshifting also has Flaming Attacks and Armour Piercing (6) (§7)
    t.armourPiercing = 6;
  }),
  'mount-protection': (t, r, p) => (t.mountProtection = Math.max(t.mountProtection, 7 - targetParam(r, p, 5, 6))),
  'multiple-shots': (t, r, p) => (t.multipleShots = intParam(r, p, 2, 10)),
  'multiple-wounds': (t, r, p) => (t.multipleWounds = multipleWoundsParam(r, p)),
  otherworldly: noParam((t) => {
    t.magical = true;
    t.immunePsychology = true;
    t.immuneFear = true;
    t.wards.push(5);
  }),
  'poisoned-attacks': noParam((t) => (t.poisoned = true)),
  'quick-to-fire': noParam((t) => (t.quickToFire = true)),
  'random-attacks': (t, r, p) => (t.randomAttacks = diceParam(r, p)),
  'random-movement': (t, r, p) => (t.randomMovement = diceParam(r, p)),
  regeneration: (t, r, p) => (t.regeneration = Math.min(t.regeneration ?? 7, targetParam(r, p))),
  scythes: noParam((t) => (t.scythes = true)),
  skirmishers: noParam((t) => {
    t.skirmishers = true;
    t.freeReform = true;
  }),
  stomp: (t, r, p) => (t.stomp = diceParam(r, p)),
  stubborn: noParam((t) => (t.stubborn = true)),
  swiftstride: noParam((t) => (t.swiftstride = true)),
  terror: noParam(fearCauser),
  'thunderous-charge': noParam((t) => (t.thunderousCharge = true)),
  'toxic-attacks': noParam((t) => {
    t.fixedStrength = 3; // always S3 and Armour Piercing (6) (§7, A5)
    t.armourPiercing = 6;
  }),
  unbreakable: noParam((t) => {
    t.unbreakable = true;
    t.immunePsychology = true;
    t.immuneFear = true;
  }),
  undead: noParam((t) => {
    t.unstable = true;
    t.immunePsychology = true;
    t.immuneFear = true;
  }),
  unstable: noParam((t) => (t.unstable = true)),
  unwieldy: noParam((t) => (t.unwieldy = true)),
  'volley-fire': noParam((t) => (t.volleyFire = true)),
  'ward-save': (t, r, p) => t.wards.push(targetParam(r, p)),
  'weapon-master': noParam(() => {}), // weapon choice per round: the scenario already names the weapon used
  'requires-two-hands': noParam(() => {}), // carried by the weapon ids themselves (§8.1)
};

/**
 * Rules that never change the dice of one fight — 9th Age §7 ("Rules with no dice effect in
 * combat"), accepted so unit data can list them.
 */
export const NO_DICE_RULES = [
  'ambush',
  'channel',
  'wizard-conclave',
  'strider',
  'hidden',
  'stupidity',
  'scout',
  'vanguard',
  'engineer',
  'insignificant',
  'move-or-fire',
  'not-a-leader',
  'large-target',
  'pathmaster',
  'war-platform',
  'magic-resistance',
] as const;

// ---- §11 Magic items -----------------------------------------------------------------------

/** A model carries at most one magic weapon (§11): a second one is an error naming both. */
const oneMagicWeapon =
  (more: (t: Traits) => void): Apply =>
  (t, rule, path) => {
    if (t.magicWeaponId !== null)
      throw new ScenarioError(path, `a model carries at most one magic weapon (9th Age §11), not '${t.magicWeaponId}' and '${rule.id}'`);
    noParam(more)(t, rule, path);
    t.magicWeaponId = rule.id;
  };

const magicWeapon = (base: MeleeWeapon, more: (t: Traits) => void): Apply =>
  oneMagicWeapon((t) => {
    t.weapon = base;
    t.weaponIsMagic = true;
    more(t);
  });

/** A magic shield replaces the mundane one; a model has only one shield (§4.7), so two magic shields are an error. */
const magicShield =
  (more: (t: Traits) => void): Apply =>
  (t, rule, path) => {
    if (t.magicShieldId !== null)
      throw new ScenarioError(path, `a model has only one shield (9th Age §4.7), not '${t.magicShieldId}' and '${rule.id}'`);
    noParam(more)(t, rule, path);
    t.shieldIsMagic = true;
    t.magicShieldId = rule.id;
  };

const ward = (target: number) => (t: Traits) => t.wards.push(target);

/** A single-use item of the bearer's model (§11): remembered for the one-model check. */
const singleUse =
  (apply: Apply): Apply =>
  (t, rule, path) => {
    apply(t, rule, path);
    t.singleUseItem ??= { id: rule.id, path };
  };

/** Common magic items with a dice effect — 9th Age §11. */
export const ITEMS: Readonly<Record<string, Apply>> = {
  'giant-sword': magicWeapon('hand-weapon', (t) => (t.strengthBonus += 3)),
  'ogre-sword': magicWeapon('hand-weapon', (t) => (t.strengthBonus += 2)),
  'sword-of-strength': magicWeapon('hand-weapon', (t) => (t.strengthBonus += 1)),
  'sword-of-skill': magicWeapon('hand-weapon', (t) => (t.toHitModifier += 1)),
  'sword-of-haste': magicWeapon('hand-weapon', (t) => {
    t.fixedInitiative = 10;
    t.woundsOnFourAtWorst = true;
  }),
  'obsidian-sword': magicWeapon('hand-weapon', (t) => (t.armourPiercing = 6)),
  'razor-blade': magicWeapon('hand-weapon', (t) => (t.armourPiercing = Math.max(t.armourPiercing, 1))),
  'blessed-sword': magicWeapon('hand-weapon', (t) => {
    t.holy = true;
    t.rerollFailedWounds = true;
  }),
  'axe-of-battle': magicWeapon('hand-weapon', (t) => (t.bonusAttacks += 2)),
  'blade-of-strife': magicWeapon('hand-weapon', (t) => (t.bonusAttacks += 3)),
  'king-slayer': magicWeapon('hand-weapon', (t) => (t.kingSlayer = true)),
  fleshrender: magicWeapon('great-weapon', (t) => (t.armourPiercing = Math.max(t.armourPiercing, 1))),
  'fencers-swords': magicWeapon('additional-hand-weapon', (t) => (t.fixedWs = 10)),
  'screaming-swords': magicWeapon('additional-hand-weapon', fearCauser),
  'flaming-lance': magicWeapon('lance', (t) => (t.flaming = true)),
  'beast-bane-halberd': magicWeapon('halberd', (t) => (t.fixedStrength = 5)),
  'skull-splitter': oneMagicWeapon((t) => (t.missile = 'skull-splitter')),
  'force-shield': magicShield((t) => {
    t.shield = 1;
    t.wardVsRanged = 5;
  }),
  'dragon-mantle': noParam((t) => (t.innateDefence = Math.max(t.innateDefence, 2))),
  'armour-of-destiny': bodyArmour(2, 'armour-of-destiny', ward(4)),
  'armour-of-fortune': bodyArmour(2, 'armour-of-fortune', ward(5)),
  'gamblers-armour': bodyArmour(2, 'gamblers-armour', ward(6)),
  'bluffers-helm': noParam((t) => {
    t.helmet = 1;
    t.bluffersHelm = true;
  }),
  'dragonscale-helm': noParam((t) => {
    t.helmet = 1;
    t.fireborn = true;
  }),
  // Once hit, the wearer has a 1+ save for the rest of the phase: every wound it must save comes
  // from a hit, so within one phase it always saves on 1+ (bonus +6).
  'bronze-breastplate': bodyArmour(6, 'bronze-breastplate'),
  // Lucky Shield: a magic shield (+1, no Parry) whose first hit suffered while in use is discarded
  'lucky-shield': singleUse(
    magicShield((t) => {
      t.shield = 1;
      t.luckyShield = true;
    }),
  ),
  'hardened-shield': magicShield((t) => (t.shield = 2)), // +2 instead of +1
  'mithril-mail': bodyArmour(5, 'mithril-mail', (t) => (t.noShieldOrInnate = true)),
  'glittering-cuirass': bodyArmour(2, 'glittering-cuirass', (t) => (t.distracting = true)),
  'supreme-shielding': noParam(ward(4)),
  'greater-shielding': noParam(ward(5)),
  shielding: noParam(ward(6)),
  'sprout-of-rebirth': noParam((t) => (t.regeneration = Math.min(t.regeneration ?? 7, 4))),
  'dusk-stone': noParam((t) => (t.rerollFailedArmour = true)),
  'lucky-charm': singleUse(noParam((t) => (t.luckyCharm = true))), // single use: re-roll one failed armour save
  'gemstone-shielding': singleUse(noParam((t) => (t.gemstoneShielding = true))), // single use: a 4+ ward against one wound
  'dragonfire-gem': noParam((t) => (t.fireborn = true)),
  'crystal-ball': noParam((t) => (t.lightningReflexes = true)),
  'sceptre-of-dominion': noParam((t) => (t.stubborn = true)),
  'gem-of-fortune': noParam((t) => (t.gemOfFortune = true)),
  'potion-of-strength': noParam((t) => (t.profileStrengthBonus += 2)), // a profile change: special attacks benefit (§6)
  'potion-of-swiftness': noParam((t) => (t.initiativeBonus += 3)),
  'divine-icon': noParam((t) => (t.holy = true)),
  'flying-carpet': noParam((t) => {
    t.fly = true;
    t.swiftstride = true;
    t.freeReform = true;
  }),
  'rending-banner': noParam((t) => (t.armourPiercing = Math.max(t.armourPiercing, 1))),
  'holy-icon': noParam((t) => {
    t.holy = true;
    t.rerollOwnWards = true; // A8
  }),
  'war-standard': noParam((t) => (t.warStandard = true)),
  'banner-of-discipline': noParam((t) => (t.ldBonus += 1)),
  'flaming-standard': noParam((t) => (t.flaming = t.flamingShots = true)), // the unit's non-special attacks, shots included
  'banner-of-courage': noParam((t) => (t.immuneFear = true)),
  'gleaming-icon': noParam((t) => (t.rerollLeadership = true)),
  'stalkers-standard': noParam((t) => (t.swiftstride = true)),
};

/** Items with no dice effect in one fight (casting, movement, spells, artillery) — 9th Age §11. */
export const NO_DICE_ITEMS = [
  'obsidian-nullstone',
  'obsidian-rock',
  'obsidian-pebble',
  'charm-of-cursed-iron',
  'wizards-hood',
  'book-of-arcane-power',
  'dispel-scroll',
  'wand-of-stability',
  'banner-of-speed',
  'aether-icon',
  'icon-of-the-relentless-company',
  'standard-of-alternate-realities',
] as const;

/** Items whose effect needs state the scenario does not carry. */
export const UNSUPPORTED_ITEMS: Readonly<Record<string, string>> = {
  'ring-of-fire': 'a bound spell, cast in the Magic Phase',
};

/** Apply one list entry; unknown ids are errors naming what is allowed. */
export function applyId(
  t: Traits,
  text: string,
  path: string,
  table: Readonly<Record<string, Apply>>,
  noEffect: readonly string[],
  unsupported: Readonly<Record<string, string>>,
  what: string,
): void {
  const rule = parseRuleRef(text, path);
  const apply = ownEntry(table, rule.id);
  if (apply) return apply(t, rule, path);
  if (noEffect.includes(rule.id)) return;
  const why = ownEntry(unsupported, rule.id);
  if (why !== undefined) throw new UnsupportedRuleError(path, rule.id, why);
  throw new ScenarioError(path, `unknown ${what} '${rule.id}' (allowed: ${[...Object.keys(table), ...noEffect].sort().join(', ')})`);
}

// ---- §8.2 Missile weapons -------------------------------------------------------------------

type MissileData = Omit<import('./model.js').Missile, 'id' | 'cumbersome' | 'flaming'>;
const missile = (s: number | null, more: Partial<MissileData> = {}): MissileData => ({
  s,
  armourPiercing: 0,
  unwieldy: false,
  quickToFire: false,
  volleyFire: false,
  multipleShots: 1,
  alwaysHitsOn: null,
  multipleWoundsVsLarge: 1,
  ...more,
});

/** Missile weapon profiles — 9th Age §8.2 (and Skull Splitter, §11 / A4). */
export const MISSILES: Readonly<Record<string, MissileData>> = {
  handgun: missile(4, { unwieldy: true, armourPiercing: 1 }),
  'short-bow': missile(3, { volleyFire: true }),
  bow: missile(3, { volleyFire: true }),
  'long-bow': missile(3, { volleyFire: true }),
  'throwing-weapons': missile(null, { quickToFire: true, multipleShots: 2 }),
  crossbow: missile(4, { unwieldy: true }),
  pistol: missile(4, { quickToFire: true, armourPiercing: 1 }),
  'brace-of-pistols': missile(4, { quickToFire: true, armourPiercing: 1, multipleShots: 2 }),
  'skull-splitter': missile(4, { multipleShots: 4, armourPiercing: 1, alwaysHitsOn: 4, multipleWoundsVsLarge: 2 }),
};
