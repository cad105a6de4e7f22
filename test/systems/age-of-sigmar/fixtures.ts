/**
 * Units of the worked examples of rules/age-of-sigmar.md §12, written as scenario JSON.
 */
export const warhammer = { name: 'Martillo de guerra', attacks: 2, hit: '3+', wound: '3+', rend: 1, damage: 1, abilities: ['crit-mortal'] };
export const grandhammer = { name: 'Gran martillo', attacks: 2, hit: '3+', wound: '2+', rend: 1, damage: 2, abilities: ['crit-mortal'] };
export const halberd = { name: 'Alabarda forjabruja', attacks: 5, hit: '3+', wound: '4+', rend: 1, damage: 2, abilities: ['cornered-rat'] };
export const fangs = { name: 'Colmillos cinceles de Roebestia', attacks: 4, hit: '4+', wound: '3+', rend: 1, damage: 'D3', abilities: ['companion'] };
export const pistol = {
  name: 'Pistola amerratadora',
  type: 'ranged',
  range: '10"',
  attacks: 'D6',
  hit: '3+',
  wound: '3+',
  rend: 1,
  damage: 1,
  abilities: ['shoot-in-combat', 'crit-auto-wound'],
};

/** EX1: 4 Liberators with warhammers and 1 with a grandhammer. */
export const liberators = { models: 5, weapons: [{ ...warhammer, models: 4 }, { ...grandhammer, models: 1 }] };

/** The Garraseñor en Roebestia sheet (§3, companion data). */
export const clawlord = {
  models: 1,
  health: 7,
  save: '4+',
  ward: '6+',
  keywords: ['hero', 'cavalry'],
  weapons: [pistol, halberd, fangs],
};

/** 5 Squig Hoppers (EX6: 5 is an assumed unit size). */
export const squigHoppers = { models: 5, health: 2, save: '6+', keywords: ['cavalry', 'fly'], abilities: ['boing-boing-boing'] };

/** "a/b" → a/b as a double (numerator and denominator may exceed 2^53; the quotient is still within 1e-15). */
export function frac(text: string): number {
  const [a, b] = text.split('/');
  return Number(a) / Number(b);
}
