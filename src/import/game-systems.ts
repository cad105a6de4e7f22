/**
 * Which warodds rule set a BattleScribe game system is: by the game system's name (from the
 * `.gst` among the files, or a roster's `gameSystemName`), else by the ids of the BSData game
 * systems at warodds' editions.
 */
import type { SystemId } from '../systems/types.js';

const BY_NAME: readonly [RegExp, SystemId][] = [
  [/age of sigmar/i, 'age-of-sigmar'],
  [/kings of war/i, 'kings-of-war'],
  [/warhammer fantasy|warhammer: fantasy|whfb/i, 'warhammer-fantasy'],
  [/9th age/i, 'ninth-age'],
];

/** Game system ids of the BSData repositories at warodds' editions. */
const BY_ID: Readonly<Record<string, SystemId>> = {
  'e51d-b1a3-75fc-dc3g': 'age-of-sigmar',
  '0929-4596-8744-bbda': 'kings-of-war',
  '7e6fb76e-1bec-b992-2c43-e797a6758b13': 'ninth-age',
};

/** Editions of a known game that warodds does not model (the name says so). */
const OTHER_EDITION: readonly RegExp[] = [/age of sigmar (?:[1-3]|\d+\.\d+)(?<!4\.\d+)\b/i, /kings of war.*(?:3rd|third|\b3\b)/i];

export function systemOfName(name: string): SystemId | null {
  if (OTHER_EDITION.some((r) => r.test(name)) && !/age of sigmar 4/i.test(name)) return null;
  return BY_NAME.find(([r]) => r.test(name))?.[1] ?? null;
}

export function systemOfId(id: string): SystemId | null {
  return Object.hasOwn(BY_ID, id) ? BY_ID[id] : null;
}
