/**
 * What the import produces: warodds units (the same JSON a unit file holds) with their points,
 * their source and the rules warodds does not model, plus the units and files it refused.
 */
import type { SystemId } from '../systems/types.js';

export interface ImportedUnit {
  /** Short, typeable id: the unit's name as a slug (`ironclad-regiment`). */
  readonly id: string;
  /** The catalogue's or roster's slug (`dwarfs`): `dwarfs/ironclad-regiment` names the unit. */
  readonly faction: string;
  readonly system: SystemId;
  /** The unit file's JSON: name, points, notes, the unit's fields, options (each may carry points). */
  readonly record: Record<string, unknown>;
  readonly points: number | null;
  /** Rules, abilities and upgrades of the data that warodds does not model, by their names in the data. */
  readonly notModelled: readonly string[];
  readonly source: { readonly file: string; readonly entry: string };
}

export interface RefusedUnit {
  readonly file: string;
  readonly entry: string;
  readonly reason: string;
}

export interface RefusedFile {
  readonly file: string;
  readonly problem: string;
}

export interface ImportResult {
  readonly units: ImportedUnit[];
  /** Units of readable files that could not be converted, each with its reason. */
  readonly refused: RefusedUnit[];
  /** Files that could not be read at all. */
  readonly refusedFiles: RefusedFile[];
  /** Facts about the import that changed nothing but should be known (skipped game-system files, ...). */
  readonly notes: string[];
}

/** A unit's name as an id: lower case ASCII letters, digits and hyphens. */
export function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'unit'
  );
}
