/**
 * Unit types, sizes and the parsed unit (Kings of War §2). Attacker and target share this shape.
 */
import type { Artefact } from './artefacts.js';
import type { UnitRules } from './rules.js';

export const UNIT_TYPES = [
  'infantry',
  'cavalry',
  'large-infantry',
  'large-cavalry',
  'monster',
  'war-engine',
  'hero-infantry',
  'hero-cavalry',
  'hero-large-infantry',
  'hero-large-cavalry',
  'hero-monster',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const UNIT_SIZES = ['troop', 'regiment', 'horde', 'legion'] as const;
export type UnitSize = (typeof UNIT_SIZES)[number];

/** Sizes each type comes in («Unidades», §2); heroes, monsters and war engines are one model. */
export const SIZES_OF: Record<UnitType, readonly UnitSize[]> = {
  infantry: ['troop', 'regiment', 'horde', 'legion'],
  cavalry: ['troop', 'regiment', 'horde'],
  'large-infantry': ['regiment', 'horde', 'legion'],
  'large-cavalry': ['regiment', 'horde', 'legion'],
  monster: [],
  'war-engine': [],
  'hero-infantry': [],
  'hero-cavalry': [],
  'hero-large-infantry': [],
  'hero-large-cavalry': [],
  'hero-monster': [],
};

/** Ranged weapons of «Alcance» (§4.1); pistols, javelins and thrown weapons shoot without the moving penalty (§4.2). */
export const WEAPONS = [
  'bows',
  'crossbows',
  'rifles',
  'long-rifles',
  'heavy-crossbows',
  'harpoon-guns',
  'carbines',
  'fire-projectiles',
  'pistols',
  'javelins',
  'thrown-weapons',
  'war-engine',
] as const;
export type Weapon = (typeof WEAPONS)[number];

export function isHero(type: UnitType): boolean {
  return type.startsWith('hero-');
}

/** Ne: waver/rout, or "–/rout" for a Fearless unit (waver null). */
export interface Nerve {
  readonly waver: number | null;
  readonly rout: number;
}

export interface Unit {
  readonly type: UnitType;
  readonly size: UnitSize | null;
  /** Me, Ra (null: no ranged weapon) and De as D6 targets 2..6. */
  readonly me: number;
  readonly ra: number | null;
  readonly de: number;
  readonly att: number;
  readonly nerve: Nerve;
  /** Damage points already carried (§4.4: damage accumulates for the whole game). */
  readonly damage: number;
  readonly weapon: Weapon | null;
  readonly artefact: Artefact | null;
  /** The unit's special rules with its artefact's granted rules folded in. */
  readonly rules: UnitRules;
}
