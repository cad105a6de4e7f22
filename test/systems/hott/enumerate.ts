/**
 * A brute-force witness for HOTT combats, written from rules/hott.md alone: it reads the raw
 * scenario JSON, works out each side's total from the troop table (§4.2) and the modifier tables
 * (§6.3, §6.4, §6.5), walks the 36 pairs of die faces, and looks each result up in the printed
 * full matrices of §7.5–§7.7, then applies §7.2 (ties), §6.5 (backfire) and §7.8 (adjustments).
 * It shares nothing with src/systems/hott (no factors, results, exact or simulate code, not even
 * the troop table), so a wrong plan there cannot hide here.
 */

/** §4.2 Tabla de Unidades, in the column order of the §7 matrices; class A aerial, M mounted, I foot, S Stronghold. */
const TROOPS = {
  gods: { code: 'GOD', hc: [6, 6], cls: 'A', gen: false },
  dragons: { code: 'DRA', hc: [6, 6], cls: 'A', gen: false },
  airboats: { code: 'AIR', hc: [5, 3], cls: 'A', gen: true },
  flyers: { code: 'FLY', hc: [2, 2], cls: 'A', gen: true },
  'aerial-heroes': { code: 'AHE', hc: [5, 5], cls: 'A', gen: true },
  heroes: { code: 'HER', hc: [5, 5], cls: 'M', gen: true },
  paladins: { code: 'PAL', hc: [6, 6], cls: 'M', gen: false },
  knights: { code: 'KNI', hc: [3, 4], cls: 'M', gen: true },
  riders: { code: 'RID', hc: [3, 3], cls: 'M', gen: true },
  behemoths: { code: 'BEH', hc: [4, 5], cls: 'M', gen: true },
  beasts: { code: 'BEA', hc: [3, 4], cls: 'M', gen: true },
  blades: { code: 'BLA', hc: [5, 3], cls: 'I', gen: true },
  spears: { code: 'SPE', hc: [4, 4], cls: 'I', gen: true },
  shooters: { code: 'SHO', hc: [3, 4], cls: 'I', gen: true },
  warbands: { code: 'WAR', hc: [3, 3], cls: 'I', gen: true },
  artillery: { code: 'ART', hc: [4, 4], cls: 'I', gen: true },
  hordes: { code: 'HOR', hc: [2, 2], cls: 'I', gen: true },
  lurkers: { code: 'LUR', hc: [2, 2], cls: 'I', gen: false },
  sneakers: { code: 'SNE', hc: [5, 3], cls: 'I', gen: false },
  magicians: { code: 'MAG', hc: [4, 4], cls: 'I', gen: true },
  clerics: { code: 'CLE', hc: [4, 4], cls: 'I', gen: true },
  stronghold: { code: 'STR', hc: [6, 6], cls: 'S', gen: false },
} as const;

export type Troop = keyof typeof TROOPS;
export const TROOP_LIST = Object.keys(TROOPS) as Troop[];
export const CAN_BE_GENERAL = (t: Troop) => TROOPS[t].gen;
export const IS_AERIAL = (t: Troop) => TROOPS[t].cls === 'A';

/** §4.5 Escenografía: difficult for ground troops / for aerial elements; aerial may not enter woods or houses. */
export const TERRAIN = {
  open: { ground: false, aerial: false },
  road: { ground: false, aerial: false },
  'gentle-hill': { ground: false, aerial: false },
  'difficult-hill': { ground: true, aerial: false },
  'built-up': { ground: true, aerial: true },
  marsh: { ground: true, aerial: false },
  'rocky-ground': { ground: true, aerial: false },
  'burnt-wood': { ground: true, aerial: false },
  orchard: { ground: true, aerial: false },
  wood: { ground: true, aerial: true },
  river: { ground: true, aerial: false },
} as const;
export type TerrainName = keyof typeof TERRAIN;
export const TERRAIN_LIST = Object.keys(TERRAIN) as TerrainName[];

/** Column order of the §7.5–§7.6 matrices. */
const COLUMNS = TROOP_LIST.map((t) => TROOPS[t].code);

/** §7.5 close combat, loser beaten (rows: loser; columns: winner). */
export const BEATEN = `
| **GOD** | L | - | - | - | - | - | - | - | - | - | - | - | - | - | - | - | - | - | - | L | L | - |
| **DRA** | L | L | L | L | X | X | X | L | L | L | L | L | L | L | L | L | L | L | L | L | L | L |
| **AIR** | R | R | R | R | R | R | R | R | R | R | R | R | R | R | R | R | R | R | R | F | R | R |
| **FLY** | R | R | R | R | R | R | R | R | R | R | R | R | R | R | R | R | R | R | R | F | R | R |
| **AHE** | R | R | R | R | X | X | X | R | R | R | R | R | R | R | R | X | R | R | R | R | R | F |
| **HER** | R | R | R | R | X | X | X | R | R | R | R | R | R | R | R | X | R | R | R | R | R | F |
| **PAL** | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X |
| **KNI** | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | X | R/dX | R/dX | R/dX | R/dX/cX | R/dX | R/dX/cX | R/dX | R/dX | R/dX | R/dX/cX | R/dX | R/dX |
| **RID** | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX | R/dX |
| **BEH** | R | F | R | R | R | R | R | R | R | R | R | R | R | R | R | F | R | R | R | F | R | R |
| **BEA** | R | R | R | R | R | X | X | X | X | X | X | R | R | R | R | R | R | R | R | R | R | R |
| **BLA** | R | R | R | R | R | R | R | R | R | R | R | R | R | R | X | R | R | R | R | R | R | R |
| **SPE** | R | R | R | R | R | R | R | X/dR | R | R | R | R | R | R | X | R | R | R | R | R | R | R |
| **SHO** | R | R | R | R | R | X | X | X | X | X | X | R | R | R | R | R | R | R | R | R | R | R |
| **WAR** | R | R | R | R | R | R | R | X/dR | R | X | R | R | R | R | R | R | R | R | R | R | R | R |
| **ART** | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X | X |
| **HOR** | R | R | R | R | R | R | R | X/dR | R | R | R | R | R | R | X | R | R | R | R | R | R | R |
| **LUR** | L | L | L | L | L | L | L | L | L | L | L | L | L | L | L | L | L | L | L | L | L | L |
| **SNE** | F | F | F | F | F | F | F | F | F | F | F | F | F | F | F | F | F | F | F | F | F | F |
| **MAG** | X | X | R | R | X | X | X | R | R | R | R | R | R | R | R | R | R | R | R | R | R | R |
| **CLE** | R | R | R | R | R | R | R | X/dR | R | R | R | R | R | R | X | R | R | R | R | R | R | R |
| **STR** | C | C | C | C | C | C | C | C | C | C | C | C | C | C | C | C | C | C | C | C | C | n/a |
`;

/** §7.6 loser doubled, aerial rows; every other loser row is X, the Stronghold's C. */
export const DOUBLED_AERIAL = `
| **GOD** | X | X | X | X | X | X | F | F | F | F | F | F | F | X | F | F | F | F | F | X | F | F |
| **DRA** | X | X | X | X | X | X | F | F | F | F | F | F | F | X | F | F | F | F | F | X | F | F |
| **AIR** | X | X | X | X | X | X | F | F | F | F | F | F | F | X | F | F | F | F | F | X | F | F |
| **FLY** | X | X | X | X | X | X | F | F | F | F | F | F | F | X | F | F | F | F | F | X | F | F |
| **AHE** | X | X | X | X | X | X | F | F | F | F | F | F | F | X | F | F | F | F | F | X | F | F |
`;

/** §7.7 shooting and magic: Shooters beaten | doubled | Artillery beaten | doubled | Magician beaten | doubled. */
export const MISSILE = `
| **GOD** | - | X | - | F | L | X |
| **DRA** | L | X | L | F | L | X |
| **AIR** | R | X | R | F | F | X |
| **FLY** | R | X | R | F | F | X |
| **AHE** | R | X | X | F | V | X |
| **HER** | R | X | X | X | V | X |
| **PAL** | - | X | - | X | - | X |
| **KNI** | R/dX | X | R/dX | X | R/dX | X |
| **RID** | R/dX | X | R/dX | X | R/dX | X |
| **BEH** | R | X | F | X | F | X |
| **BEA** | R | X | R | X | R | X |
| **BLA** | R | X | R | X | R | X |
| **SPE** | R | X | R | X | R | X |
| **SHO** | R | X | R | X | R | X |
| **WAR** | R | X | R | X | R | X |
| **ART** | - | X | - | X | - | X |
| **HOR** | R | X | R | X | R | X |
| **LUR** | L | X | L | X | L | X |
| **SNE** | F | X | F | X | F | X |
| **MAG** | R | X | R | X | V | X |
| **CLE** | R | X | R | X | R | X |
| **STR** | C | C | C | C | C | C |
`;

function matrix(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of text.trim().split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    rows.set(cells[1].replace(/\*/g, ''), cells.slice(2, -1));
  }
  return rows;
}
const BEATEN_M = matrix(BEATEN);
const DOUBLED_M = matrix(DOUBLED_AERIAL);
const MISSILE_M = matrix(MISSILE);

/** §7.1 outcome codes, and their names in warodds' outcome tables. */
const NAMES: Record<string, string> = { '-': 'nothing', R: 'recoil', F: 'flee', L: 'leave', V: 'vanished', X: 'destroyed', C: 'captured' };
/** Severity for ambiguity 4's `doubled-never-milder` (the harsher row): no effect < R < F < L < V < X < C. */
const SEVERITY = ['-', 'R', 'F', 'L', 'V', 'X', 'C'];

/** The raw input as a user writes it (the fields this witness reads). */
export interface Side {
  type: Troop;
  general?: boolean;
  terrain?: TerrainName;
  overlaps?: number;
  'rear-harassment'?: boolean;
  'rear-support'?: boolean;
  higher?: boolean;
  'defending-bank'?: boolean;
  'recoil-blocked'?: boolean;
  demoralised?: boolean;
  supports?: Troop[];
  'missile-support'?: number;
  enhancers?: number;
}
export interface Input {
  attacker: Side;
  target: Side;
  situation?: {
    mode?: 'close-combat' | 'shooting' | 'magic';
    charged?: boolean;
    'only-sneakers-in-contact'?: boolean;
    weakened?: boolean;
    'double-rule'?: 'at-least' | 'strict';
    'riders-hc'?: '3/3' | '2/2';
    'explorer-ignores-enemy-terrain'?: boolean;
    'doubled-never-milder'?: boolean;
    'backfire-any-target'?: boolean;
    'shooting-can-capture'?: boolean;
  };
}

export interface Enumerated {
  combat: Record<string, number>;
  attacker: Record<string, number>;
  target: Record<string, number>;
  /** P(the target is destroyed, vanished, leaves the battlefield or is captured). */
  removed: number;
}

const isHero = (t: Troop) => t === 'heroes' || t === 'aerial-heroes';
const terrestrial = (t: Troop) => !IS_AERIAL(t);
const mountedOrAerial = (t: Troop) => TROOPS[t].cls === 'M' || TROOPS[t].cls === 'A';
/** Explorador: Beasts, Shooters, Warbands, Lurkers (ambiguity 3). */
const explorer = (t: Troop) => t === 'beasts' || t === 'shooters' || t === 'warbands' || t === 'lurkers';
const difficultFor = (terrain: TerrainName, t: Troop) => (IS_AERIAL(t) ? TERRAIN[terrain].aerial : TERRAIN[terrain].ground);

/** §6.2: HC1 against foot or a Stronghold, HC2 against mounted or aerial; Riders 2/2 by ambiguity 2. */
function hc(self: Troop, opponent: Troop, ridersHc: string): number {
  if (self === 'riders' && ridersHc === '2/2') return 2;
  const cls = TROOPS[opponent].cls;
  return cls === 'I' || cls === 'S' ? TROOPS[self].hc[0] : TROOPS[self].hc[1];
}

/** §6.3, one side's fixed part in close combat. */
function closeTotal(self: Side, opp: Side, input: Input): number {
  const sit = input.situation ?? {};
  let t = hc(self.type, opp.type, sit['riders-hc'] ?? '3/3');
  if (self.general) t += 1;
  const selfTerrain = self.terrain ?? 'open';
  const oppTerrain = opp.terrain ?? 'open';
  const strongholdCombat = self.type === 'stronghold' || opp.type === 'stronghold';
  const ownDifficult = difficultFor(selfTerrain, self.type) && !explorer(self.type);
  const ignoresEnemy = explorer(self.type) && (sit['explorer-ignores-enemy-terrain'] ?? true);
  const enemyDifficult = mountedOrAerial(self.type) && difficultFor(oppTerrain, self.type) && !ignoresEnemy;
  if (!strongholdCombat && (ownDifficult || enemyDifficult)) t -= 2;
  if (opp.type !== 'dragons') t -= self.overlaps ?? 0;
  if (self['rear-harassment']) t -= 1;
  if (self['rear-support']) t += 1;
  if ((self.higher || self['defending-bank']) && terrestrial(opp.type)) t += 1;
  if (opp.type === 'stronghold') t -= 1;
  if (self.type === 'stronghold') t -= Math.min(2, opp.supports?.length ?? 0);
  if (self.demoralised) t -= 1;
  return t;
}

/** §6.4 / §6.5 fixed parts: [shooter or Magician, target]. */
function missileTotals(input: Input, magic: boolean): [number, number] {
  const { attacker: a, target: b } = input;
  const sit = input.situation ?? {};
  const riders = sit['riders-hc'] ?? '3/3';
  let ta = hc(a.type, b.type, riders);
  if (b.type === 'stronghold') ta -= 1;
  if (a.demoralised) ta -= 1;
  // The target's HC against a foot shooter or Magician is its HC1 (the Stronghold: 6).
  let tb = hc(b.type, a.type, riders);
  if (b.general) tb += 1;
  if (b.demoralised) tb -= 1;
  if (magic) {
    tb -= a.enhancers ?? 0;
    const terrain = b.terrain ?? 'open';
    if (sit.weakened || terrain === 'wood' || terrain === 'built-up') tb += 2;
  } else tb -= a['missile-support'] ?? 0;
  return [ta, tb];
}

/** A conditional cell of §7.5/§7.7: R/dX, X/dR, R/dX/cX. */
function resolveCell(cell: string, loserInDifficult: boolean, loserCharged: boolean): string {
  if (cell === 'R/dX') return loserInDifficult ? 'X' : 'R';
  if (cell === 'X/dR') return loserInDifficult ? 'R' : 'X';
  if (cell === 'R/dX/cX') return loserInDifficult || loserCharged ? 'X' : 'R';
  return cell;
}

/** The loser's code from the printed matrices, then §7.8. */
function lossCode(input: Input, loserSide: 'attacker' | 'target', doubled: boolean): string {
  const sit = input.situation ?? {};
  const mode = sit.mode ?? 'close-combat';
  const loser = input[loserSide];
  const winner = loserSide === 'target' ? input.attacker : input.target;
  // §7.8.4 shooter immunity.
  if (mode !== 'close-combat' && loserSide === 'attacker') return '-';
  const lCode = TROOPS[loser.type].code;
  const wCol = COLUMNS.indexOf(TROOPS[winner.type].code);
  const inDifficult = difficultFor(loser.terrain ?? 'open', loser.type);
  const charged = mode === 'close-combat' && loserSide === 'attacker' && (sit.charged ?? true);
  const beaten = () => {
    if (mode === 'close-combat') return resolveCell(BEATEN_M.get(lCode)![wCol], inDifficult, charged);
    const col = { shooters: 0, artillery: 2, magicians: 4 }[winner.type as 'shooters'];
    return resolveCell(MISSILE_M.get(lCode)![col], inDifficult, false);
  };
  const doubledRow = () => {
    if (mode !== 'close-combat') return MISSILE_M.get(lCode)![{ shooters: 1, artillery: 3, magicians: 5 }[winner.type as 'shooters']];
    if (loser.type === 'stronghold') return 'C';
    return DOUBLED_M.get(lCode)?.[wCol] ?? 'X';
  };
  let code: string;
  if (!doubled) code = beaten();
  else if (sit['doubled-never-milder']) {
    const [b, d] = [beaten(), doubledRow()];
    code = SEVERITY.indexOf(b) > SEVERITY.indexOf(d) ? b : d;
  } else code = doubledRow();
  // Ambiguity 10: a Stronghold beaten by shooting or magic is captured only with shooting-can-capture.
  if (code === 'C' && mode !== 'close-combat' && sit['shooting-can-capture'] === false) code = '-';
  // §7.8.1 an aerial winner captures only with ground support (§6.6).
  if (code === 'C' && mode === 'close-combat' && IS_AERIAL(winner.type) && !(winner.supports ?? []).some(terrestrial)) code = '-';
  // §7.8.2 Rematador.
  if (code === 'R' && mode === 'close-combat' && winner.type === 'sneakers' && loser.general && (sit['only-sneakers-in-contact'] ?? true)) code = 'X';
  // §7.8.3 recoil blocked, and always so with rear harassment.
  if ((code === 'R' || code === 'F' || code === 'L') && (loser['recoil-blocked'] || loser['rear-harassment'])) code = 'X';
  return code;
}

function add(table: Record<string, number>, key: string, p: number): void {
  table[key] = (table[key] ?? 0) + p;
}

/** One pair of die faces (§6.8): the combat's word for it and each element's outcome code (§7.1). */
export interface DiePair {
  p: number;
  combat: string;
  attacker: string;
  target: string;
}

/** Every pair of die faces of one combat (§6.8), each with probability 1/36, with both outcomes. */
export function eachDiePair(input: Input): DiePair[] {
  const sit = input.situation ?? {};
  const mode = sit.mode ?? 'close-combat';
  const [fa, fb] = mode === 'close-combat' ? [closeTotal(input.attacker, input.target, input), closeTotal(input.target, input.attacker, input)] : missileTotals(input, mode === 'magic');
  const strict = sit['double-rule'] === 'strict';
  const doubles = (w: number, l: number) => (strict ? w > 2 * l : w >= 2 * l);
  const a = input.attacker.type;
  const b = input.target.type;
  const oddTiePair = (isHero(a) && isHero(b)) || (a === 'paladins' && b === 'magicians') || (a === 'magicians' && b === 'paladins');
  const backfire = mode === 'magic' && (sit['backfire-any-target'] || isHero(b) || b === 'magicians');
  const pairs: DiePair[] = [];
  for (let dA = 1; dA <= 6; dA++)
    for (let dB = 1; dB <= 6; dB++) {
      const tA = fa + dA;
      const tB = fb + dB;
      let ra = '-';
      let rb = '-';
      let combat: string;
      if (tA > tB) {
        const d = doubles(tA, tB);
        combat = d ? 'doubles' : 'wins';
        rb = lossCode(input, 'target', d);
      } else if (tB > tA) {
        const d = doubles(tB, tA);
        combat = d ? 'doubled' : 'loses';
        ra = lossCode(input, 'attacker', d);
      } else {
        combat = 'ties';
        // §7.2 odd tie: both destroyed, close combat only.
        if (mode === 'close-combat' && oddTiePair && tA % 2 !== 0) ra = rb = 'X';
      }
      // §6.5 backfire on the Magician's die of 1, whatever the totals.
      if (backfire && dA === 1) {
        ra = 'V';
        rb = '-';
      }
      pairs.push({ p: 1 / 36, combat, attacker: ra, target: rb });
    }
  return pairs;
}

/** An outcome code's name in the engine's tables (§7.1). */
export const outcomeName = (code: string): string => NAMES[code];
/** Whether an outcome code removes the element from play: destroyed, vanished, left or captured. */
export const removesFromPlay = (code: string): boolean => ['X', 'V', 'L', 'C'].includes(code);

/** Every pair of die faces of one combat (§6.8), each with probability 1/36. */
export function enumerateHott(input: Input): Enumerated {
  const out: Enumerated = { combat: {}, attacker: {}, target: {}, removed: 0 };
  for (const { p, combat, attacker: ra, target: rb } of eachDiePair(input)) {
    add(out.combat, combat, p);
    add(out.attacker, NAMES[ra], p);
    add(out.target, NAMES[rb], p);
    if (removesFromPlay(rb)) out.removed += p;
  }
  return out;
}
