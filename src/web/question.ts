/**
 * The question a player asks on the page, as plain data: what the form holds, what the share link
 * carries (compressed into the URL's hash) and the CLI command line that asks the same.
 */
import LZString from 'lz-string';
import { questionsOf } from '../analysis/unit.js';
import { shellQuote } from '../questions/provenance.js';
import { findSystem } from '../systems/lookup.js';
import type { SystemId, UnitBody } from '../systems/types.js';
import type { CarriedUnit } from './my-units.js';

export type Ask = 'attack' | 'kills' | 'compare' | 'table' | 'fight';

export interface Question {
  ask: Ask;
  system: SystemId;
  /** Unit ids within the rule set (the part after `system/`). */
  attacker: string;
  target: string;
  /** 'default': the unit as written. */
  attackerOption: string;
  targetOption: string;
  /** A unit changed in the form replaces the library's (its whole body, the option applied). */
  edited: { attacker?: UnitBody; target?: UnitBody };
  /** Units the player brought (unit files), which join the library. */
  units: CarriedUnit[];
  charge: boolean;
  flank: boolean;
  rear: boolean;
  shooting: boolean;
  /** The round cap of a whole fight (the rule set's default when absent). */
  rounds?: number;
  /**
   * kills and compare over an engagement: how long it lasts, in the rule set's own step (turns in
   * Kings of War and Age of Sigmar, bounds in HOTT); absent: one attack.
   */
  steps?: number;
  /** kills over an engagement: every pair of attackers together. */
  pairs?: boolean;
  /** compare: the targets after `target`, in the order given. */
  moreTargets?: string[];
  /** kills, compare and table (its P(remove) cells): what P(remove) counts (`--remove`; absent: destroyed). */
  remove?: 'destroyed' | 'break';
  /** table: the row and column axes (key=values), what each cell shows, the base target's id (absent: the rule set's defaults). */
  rows?: string;
  cols?: string;
  metric?: string;
  gridTarget?: string;
  /** table: compute a grid of more than MAX_GRID_CELLS cells. */
  large?: boolean;
  engine: 'exact' | 'mc';
  samples: number;
  seed: string;
}

export const DEFAULT_SAMPLES = 200_000;

export function defaultQuestion(): Question {
  return {
    ask: 'attack',
    system: 'age-of-sigmar',
    attacker: 'liberators',
    target: 'clawlord',
    attackerOption: 'default',
    targetOption: 'default',
    edited: {},
    units: [],
    charge: false,
    flank: false,
    rear: false,
    shooting: false,
    engine: 'exact',
    samples: DEFAULT_SAMPLES,
    seed: 'warodds',
  };
}

/** The question in a share link's hash: `#q=` and the question's JSON, compressed. */
export function questionToHash(q: Question): string {
  return `#q=${LZString.compressToEncodedURIComponent(JSON.stringify(q))}`;
}

/** The question of a share link, or null when the hash holds none (or a damaged one). */
export function questionFromHash(hash: string): Question | null {
  const m = /^#q=(.+)$/.exec(hash);
  if (!m) return null;
  try {
    const raw = JSON.parse(LZString.decompressFromEncodedURIComponent(m[1]) ?? '');
    if (typeof raw !== 'object' || raw === null) return null;
    return { ...defaultQuestion(), ...raw };
  } catch {
    return null;
  }
}

/** The rule set's word for an engagement's length ('turns', 'bounds'), or null when it has no engagements. */
export function stepWordOf(system: SystemId): 'turns' | 'bounds' | null {
  return questionsOf(findSystem(system)).engagements?.step ?? null;
}

/** Whether the question is asked over an engagement (kills or compare with a length). */
export function asksEngagement(q: Question): boolean {
  return (q.ask === 'kills' || q.ask === 'compare') && q.steps !== undefined;
}

/** compare's targets: the first, then the others, each once. */
export function compareTargets(q: Question): string[] {
  return [...new Set([q.target, ...(q.moreTargets ?? [])])];
}

/** The arguments after `warodds` that ask this question on the command line. */
export function cliArgs(q: Question): string[] {
  const ref = (id: string) => `${q.system}/${id}`;
  const situation = [...(q.charge ? ['--charge'] : []), ...(q.flank ? ['--flank'] : []), ...(q.rear ? ['--rear'] : []), ...(q.shooting ? ['--shooting'] : [])];
  const mc = q.engine === 'mc' ? ['--mc', ...(q.samples !== DEFAULT_SAMPLES || q.ask === 'attack' ? ['--samples', String(q.samples)] : []), '--seed', q.seed] : [];
  const attackerOption = q.attackerOption !== 'default' ? ['--attacker-option', q.attackerOption] : [];
  const targetOption = q.targetOption !== 'default' ? ['--target-option', q.targetOption] : [];
  const rounds = q.rounds !== undefined ? ['--rounds', String(q.rounds)] : [];
  const engagement = asksEngagement(q) ? [`--${stepWordOf(q.system) ?? 'length'}`, String(q.steps), ...(q.ask === 'kills' && q.pairs ? ['--pairs'] : [])] : [];
  const remove = q.remove !== undefined && !asksEngagement(q) ? ['--remove', q.remove] : [];
  const grid = [
    ...(q.rows !== undefined ? ['--rows', q.rows] : []),
    ...(q.cols !== undefined ? ['--cols', q.cols] : []),
    ...(q.gridTarget !== undefined ? ['--target', ref(q.gridTarget)] : []),
    ...(q.metric !== undefined ? ['--metric', q.metric] : []),
    ...(q.large ? ['--large'] : []),
  ];
  switch (q.ask) {
    case 'attack':
      return ['attack', '--attacker', ref(q.attacker), '--target', ref(q.target), ...attackerOption, ...targetOption, ...situation, ...mc];
    case 'fight':
      return ['fight', '--attacker', ref(q.attacker), '--target', ref(q.target), ...attackerOption, ...targetOption, ...situation.filter((s) => s !== '--shooting'), ...rounds, ...mc];
    case 'kills':
      return ['kills', ref(q.target), ...targetOption, ...engagement, ...remove, ...situation, ...mc];
    case 'compare':
      return ['compare', ref(q.attacker), '--target', compareTargets(q).map(ref).join(','), ...engagement, ...remove, ...situation, ...mc];
    case 'table':
      return ['table', ref(q.attacker), ...(q.attackerOption !== 'default' ? ['--option', q.attackerOption] : []), ...grid, ...remove, ...situation, ...mc];
  }
}

export function cliCommand(q: Question): string {
  return ['warodds', ...cliArgs(q).map(shellQuote)].join(' ');
}
