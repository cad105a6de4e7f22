/**
 * The troop table of Hordes of the Things III "Edición para Amiguetes" (rules/hott.md §4.2) and
 * the names players use for each type. Shared by the exact engine and the simulator.
 */

export const TROOP_IDS = [
  'gods',
  'dragons',
  'airboats',
  'flyers',
  'aerial-heroes',
  'heroes',
  'paladins',
  'knights',
  'riders',
  'behemoths',
  'beasts',
  'blades',
  'spears',
  'shooters',
  'warbands',
  'artillery',
  'hordes',
  'lurkers',
  'sneakers',
  'magicians',
  'clerics',
  'stronghold',
] as const;

export type TroopId = (typeof TROOP_IDS)[number];

/** Troop classes — §4.1 (the Stronghold is listed as foot but has rules of its own, §6.6). */
export type TroopClass = 'aerial' | 'mounted' | 'foot' | 'stronghold';

export interface Troop {
  readonly id: TroopId;
  readonly english: string;
  readonly spanish: string;
  readonly class: TroopClass;
  /** HC1: against foot or a Stronghold — §4.2. */
  readonly hc1: number;
  /** HC2: against mounted or aerial — §4.2. */
  readonly hc2: number;
  /** Points (the Stronghold is free). */
  readonly points: number;
  /** GEN column: may be the army general. */
  readonly canBeGeneral: boolean;
  /** Other accepted names, written without accents (Spanish names, singulars). */
  readonly aliases: readonly string[];
}

function troop(
  id: TroopId,
  english: string,
  spanish: string,
  cls: TroopClass,
  hc1: number,
  hc2: number,
  points: number,
  canBeGeneral: boolean,
  aliases: readonly string[],
): Troop {
  return { id, english, spanish, class: cls, hc1, hc2, points, canBeGeneral, aliases };
}

/**
 * §4.2 Tabla de Unidades, main table. Riders are 3/3 (ambiguity 2: the blank HC2 read as 3);
 * Artillery HC2 "4*" is 4 (ambiguity 16); the Stronghold is 6/6 (§2.7).
 */
export const TROOPS: Readonly<Record<TroopId, Troop>> = {
  gods: troop('gods', 'Gods', 'Dioses', 'aerial', 6, 6, 4, false, ['god', 'dioses', 'dios']),
  dragons: troop('dragons', 'Dragons', 'Dragones', 'aerial', 6, 6, 4, false, ['dragon', 'dragones']),
  airboats: troop('airboats', 'Airboats', 'Aeronaves', 'aerial', 5, 3, 3, true, ['airboat', 'aeronaves', 'aeronave']),
  flyers: troop('flyers', 'Flyers', 'Voladores', 'aerial', 2, 2, 2, true, ['flyer', 'voladores', 'volador', 'voladoras']),
  'aerial-heroes': troop('aerial-heroes', 'Aerial Heroes', 'Héroe Aéreo', 'aerial', 5, 5, 6, true, ['aerial-hero', 'heroe-aereo', 'heroes-aereos']),
  heroes: troop('heroes', 'Heroes', 'Héroes', 'mounted', 5, 5, 4, true, ['hero', 'heroe']),
  paladins: troop('paladins', 'Paladins', 'Paladines', 'mounted', 6, 6, 4, false, ['paladin', 'paladines']),
  knights: troop('knights', 'Knights', 'Caballeros', 'mounted', 3, 4, 2, true, ['knight', 'caballeros', 'caballero', 'caballeria']),
  riders: troop('riders', 'Riders', 'Jinetes', 'mounted', 3, 3, 2, true, ['rider', 'jinetes', 'jinete']),
  behemoths: troop('behemoths', 'Behemoths', 'Monstruos', 'mounted', 4, 5, 4, true, ['behemoth', 'monstruos', 'monstruo']),
  beasts: troop('beasts', 'Beasts', 'Bestias', 'mounted', 3, 4, 2, true, ['beast', 'bestias', 'bestia']),
  blades: troop('blades', 'Blades', 'Infantes', 'foot', 5, 3, 2, true, ['blade', 'infantes', 'infante', 'espadas']),
  spears: troop('spears', 'Spears', 'Lanzas', 'foot', 4, 4, 2, true, ['spear', 'lanzas', 'lanceros']),
  shooters: troop('shooters', 'Shooters', 'Tiradores', 'foot', 3, 4, 2, true, ['shooter', 'tiradores', 'tirador']),
  warbands: troop('warbands', 'Warbands', 'Bárbaros', 'foot', 3, 3, 2, true, ['warband', 'barbaros', 'barbaro']),
  artillery: troop('artillery', 'Artillery', 'Artillería', 'foot', 4, 4, 3, true, ['artilleria']),
  hordes: troop('hordes', 'Hordes', 'Hordas', 'foot', 2, 2, 1, true, ['horde', 'hordas', 'horda']),
  lurkers: troop('lurkers', 'Lurkers', 'Acechadores', 'foot', 2, 2, 1, false, ['lurker', 'acechadores', 'acechador']),
  sneakers: troop('sneakers', 'Sneakers', 'Asesinos', 'foot', 5, 3, 3, false, ['sneaker', 'asesinos', 'asesino']),
  magicians: troop('magicians', 'Magicians', 'Magos', 'foot', 4, 4, 4, true, ['magician', 'magos', 'mago']),
  clerics: troop('clerics', 'Clerics', 'Clérigos', 'foot', 4, 4, 3, true, ['cleric', 'clerigos', 'clerigo']),
  stronghold: troop('stronghold', 'Stronghold', 'Fortaleza', 'stronghold', 6, 6, 0, false, ['fortaleza']),
};

/** "Héroe Aéreo" → "heroe-aereo": lower case, no accents, words joined by hyphens. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

const BY_NAME: ReadonlyMap<string, TroopId> = new Map(
  TROOP_IDS.flatMap((id) => [id, ...TROOPS[id].aliases, normaliseName(TROOPS[id].spanish)].map((n) => [n, id] as const)),
);

/** The troop type a player's name for it denotes (English or Spanish, any case, accents optional). */
export function findTroop(name: string): TroopId | undefined {
  return BY_NAME.get(normaliseName(name));
}

/** Every accepted name, for error messages. */
export function troopNames(): string {
  return TROOP_IDS.join(', ');
}

export function classOf(id: TroopId): TroopClass {
  return TROOPS[id].class;
}

export function isAerial(id: TroopId): boolean {
  return TROOPS[id].class === 'aerial';
}

/** "Terrestrial" means mounted or foot (§4.1); the Stronghold is listed as foot. */
export function isTerrestrial(id: TroopId): boolean {
  return !isAerial(id);
}

/** "Héroes" covers Heroes and Aerial Heroes whenever Heroes are named (§4.1). */
export function isHero(id: TroopId): boolean {
  return id === 'heroes' || id === 'aerial-heroes';
}

/** Explorador: Beasts, Shooters, Warbands, Lurkers (§5, ambiguity 3). */
export function isExplorer(id: TroopId): boolean {
  return id === 'beasts' || id === 'shooters' || id === 'warbands' || id === 'lurkers';
}

/** Apoyo a iguales: Spears and Warbands may be supported by their own type from behind (§5). */
export function hasRearSupport(id: TroopId): boolean {
  return id === 'spears' || id === 'warbands';
}

/** Riders' HC: 3/3 recommended, 2/2 from the end-of-book summary (ambiguity 2). */
export type RidersHc = '3/3' | '2/2';

/**
 * The HC a side uses: HC1 against foot or a Stronghold, HC2 against mounted or aerial (§6.2).
 * The Stronghold has 6 against everything.
 */
export function combatValue(self: TroopId, opponent: TroopId, ridersHc: RidersHc): number {
  if (self === 'riders' && ridersHc === '2/2') return 2;
  const opp = classOf(opponent);
  return opp === 'foot' || opp === 'stronghold' ? TROOPS[self].hc1 : TROOPS[self].hc2;
}
