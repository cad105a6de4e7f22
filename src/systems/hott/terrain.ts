/**
 * Terrain classes (Escenografía) — rules/hott.md §4.5: which terrain is difficult for ground
 * troops and for aerial elements, and where aerial elements may not stand.
 */
import { isAerial, type TroopId } from './tables.js';

export const TERRAINS = [
  'open',
  'road',
  'gentle-hill',
  'difficult-hill',
  'built-up',
  'marsh',
  'rocky-ground',
  'burnt-wood',
  'orchard',
  'wood',
  'river',
] as const;

export type Terrain = (typeof TERRAINS)[number];

interface TerrainClass {
  /** Difficult for mounted and foot. */
  readonly groundDifficult: boolean;
  /** Difficult for aerial elements (only woods and built-up areas, which they may not enter). */
  readonly aerialDifficult: boolean;
  /** Aerial elements may not enter (woods, houses) — §4.5, §5 Aéreas. */
  readonly aerialBarred: boolean;
}

const ground = (groundDifficult: boolean): TerrainClass => ({ groundDifficult, aerialDifficult: false, aerialBarred: false });
const barred: TerrainClass = { groundDifficult: true, aerialDifficult: true, aerialBarred: true };

/** §4.5: gentle hills and roads are open; difficult hills, Varios and fordable rivers are difficult for ground troops only. */
const TERRAIN_CLASSES: Readonly<Record<Terrain, TerrainClass>> = {
  open: ground(false),
  road: ground(false),
  'gentle-hill': ground(false),
  'difficult-hill': ground(true),
  'built-up': barred,
  marsh: ground(true),
  'rocky-ground': ground(true),
  'burnt-wood': ground(true),
  orchard: ground(true),
  wood: barred,
  river: ground(true),
};

/** Whether `terrain` is difficult for the class of `troop` (§4.5; "open terrain" is everything else). */
export function isDifficultFor(terrain: Terrain, troop: TroopId): boolean {
  const t = TERRAIN_CLASSES[terrain];
  return isAerial(troop) ? t.aerialDifficult : t.groundDifficult;
}

/** Aerial elements cannot enter woods or buildings (§5 Aéreas). */
export function barsAerial(terrain: Terrain): boolean {
  return TERRAIN_CLASSES[terrain].aerialBarred;
}

/** Weakened magic (a): the target is inside a wood or building (§6.5). */
export function weakensMagic(terrain: Terrain): boolean {
  return terrain === 'wood' || terrain === 'built-up';
}

export function isHill(terrain: Terrain): boolean {
  return terrain === 'gentle-hill' || terrain === 'difficult-hill';
}
