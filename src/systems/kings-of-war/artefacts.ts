/**
 * Magic artefacts (Kings of War §8.2): one per unit, never on war engines or monsters, some for
 * heroes only. Artefacts that grant a special rule are folded into the unit's rules here; the
 * others are read where they act (plan.ts, nerve.ts, prior.ts).
 */
import { ScenarioError } from '../../core/errors.js';
import type { UnitRules } from './rules.js';
import { isHero, type UnitType } from './units.js';

export const ARTEFACTS = [
  'blade-of-slashing',
  'fire-oil',
  'kevinars-flying-hammer',
  'mace-of-crushing',
  'war-bow-of-kaba',
  'dwarven-ale',
  'myrddins-amulet-of-the-fire-heart',
  'piercing-arrow',
  'quicksilver-rapier',
  'brew-of-courage',
  'brew-of-haste',
  'pipes-of-terror',
  'blade-of-the-beast-slayer',
  'darklords-onyx-ring',
  'helm-of-confidence',
  'inspiring-talisman',
  'maccwars-potion-of-the-caterpillar',
  'blessing-of-the-gods',
  'chant-of-hate',
  'kabas-holy-hand-grenades',
  'scarletmaws-fenulian-amulet',
  'boots-of-levitation',
  'brew-of-strength',
  'crepognons-scrying-gem-of-zellak',
  'diadem-of-dragon-kind',
  'healing-charm',
  'heart-seeking-chant',
  'mrebs-grimoire-of-unspeakable-darkness',
  'the-boomstick',
  'boots-of-the-seven-leagues',
  'ensorcelled-armour',
  'jar-of-the-four-winds',
  'medallion-of-life',
  'orcsbains-amulet-of-thorns',
  'the-fog',
  'wine-of-elvenkind',
  'wings-of-honeymaze',
  'brew-of-keen-eyeness',
  'brew-of-sharpness',
  'crystal-pendant-of-retribution',
] as const;

export type Artefact = (typeof ARTEFACTS)[number];

/** "Heroes only" artefacts (§8.2). */
const HEROES_ONLY = new Set<Artefact>([
  'blade-of-the-beast-slayer',
  'darklords-onyx-ring',
  'inspiring-talisman',
  'boots-of-levitation',
  'healing-charm',
  'the-boomstick',
  'boots-of-the-seven-leagues',
  'ensorcelled-armour',
  'medallion-of-life',
  'wings-of-honeymaze',
]);

/** "Individual heroes only" artefacts (§8.2). */
const INDIVIDUAL_HEROES_ONLY = new Set<Artefact>(['boots-of-the-seven-leagues', 'wings-of-honeymaze']);

/** Medallion of Life: Regeneration(5+) (§8.2). */
const MEDALLION_REGENERATION = 5;
/** Diadem of Dragon-kind: Breath Attack(10) (§8.2). */
export const DIADEM_BREATH = 10;
/** Healing Charm: Heal(3); The Boomstick: Lightning Bolt(3) (§8.2). */
const CHARM_HEAL = 3;
const BOOMSTICK_BOLT = 3;
/** Scarletmaw's Fenulian Amulet: Lightning Bolt n + 2; Mreb's Grimoire: Surge n + 4 (§8.2). */
const SCARLETMAW_BONUS = 2;
const MREB_BONUS = 4;

/**
 * Check the artefact limits of §8.2 and fold the artefact's granted rules into `rules`
 * (returns a new record). Gaining a rule the unit already has does nothing (A8).
 */
export function applyArtefact(artefact: Artefact, type: UnitType, rules: UnitRules, path: string): UnitRules {
  // "War engines, monsters and Living Legends cannot take them (a hero riding a monster can)" — §8.2.
  if (type === 'war-engine' || type === 'monster') throw new ScenarioError(path, `a ${type} cannot carry a magic artefact (§8.2)`);
  if (HEROES_ONLY.has(artefact) && !isHero(type)) throw new ScenarioError(path, `'${artefact}' is for heroes only (§8.2)`);
  if (INDIVIDUAL_HEROES_ONLY.has(artefact) && !rules.individual)
    throw new ScenarioError(path, `'${artefact}' is for Individual heroes only (§8.2)`);
  const r: UnitRules = { ...rules, spells: { ...rules.spells } };
  switch (artefact) {
    case 'dwarven-ale':
      r.headstrong = true;
      break;
    case 'pipes-of-terror':
      r.brutal = true;
      break;
    case 'inspiring-talisman':
      r.inspiring = true;
      break;
    case 'maccwars-potion-of-the-caterpillar':
      r.pathfinder = true;
      break;
    case 'blessing-of-the-gods':
      r.elite = true;
      break;
    case 'chant-of-hate':
      r.vicious = true;
      break;
    case 'orcsbains-amulet-of-thorns':
      r.phalanx = true;
      break;
    // "Camuflaje" read as Stealthy (A10).
    case 'the-fog':
      r.stealthy = true;
      break;
    case 'wine-of-elvenkind':
      r.nimble = true;
      break;
    case 'wings-of-honeymaze':
      r.fly = true;
      break;
    // Brew of Strength: CS(1), or +1 to existing CS.
    case 'brew-of-strength':
      r.crushingStrength += 1;
      break;
    case 'darklords-onyx-ring':
      if (r.regeneration === null) throw new ScenarioError(path, `'${artefact}' is for heroes with Regeneration only (§8.2)`);
      r.regeneration = Math.max(2, r.regeneration - 1);
      break;
    case 'medallion-of-life':
      r.regeneration = Math.min(r.regeneration ?? MEDALLION_REGENERATION, MEDALLION_REGENERATION);
      break;
    case 'healing-charm':
      r.spells.heal = Math.max(r.spells.heal ?? 0, CHARM_HEAL);
      break;
    case 'the-boomstick':
      r.spells.lightningBolt = Math.max(r.spells.lightningBolt ?? 0, BOOMSTICK_BOLT);
      break;
    case 'scarletmaws-fenulian-amulet':
      if (r.spells.lightningBolt === null) throw new ScenarioError(path, `'${artefact}' is for units with Lightning Bolt only (§8.2)`);
      r.spells.lightningBolt += SCARLETMAW_BONUS;
      break;
    case 'mrebs-grimoire-of-unspeakable-darkness':
      if (r.spells.surge === null) throw new ScenarioError(path, `'${artefact}' is for units with Surge only (§8.2)`);
      r.spells.surge += MREB_BONUS;
      break;
    default:
      break;
  }
  return r;
}
