/**
 * Matchup tables: for a troop type attacking every type in close combat in the open, with no
 * other factor, P(it removes its opponent from play) and P(it is removed itself) — computed by
 * the exact engine. "Removed" is destroyed, vanished, left the battlefield or captured (§7.1).
 */
import { InputError } from '../../core/errors.js';
import { exactHott } from './exact.js';
import { RESULTS } from './results.js';
import { parseHott } from './schema.js';
import { TROOP_IDS, type TroopId } from './tables.js';

export interface Matchup {
  readonly opponent: TroopId;
  /** P(the opponent is destroyed, vanished, leaves the battlefield or is captured). */
  readonly destroys: number;
  /** P(the attacker is destroyed, vanished or leaves the battlefield). */
  readonly destroyed: number;
}

const REMOVED = RESULTS.filter((r) => r === 'destroyed' || r === 'vanished' || r === 'leave' || r === 'captured');

function removed(table: Record<string, number>): number {
  return REMOVED.reduce((sum, r) => sum + (table[r] ?? 0), 0);
}

/** `attacker` charging each troop type in turn. */
export function matchups(attacker: TroopId): Matchup[] {
  if (attacker === 'stronghold') throw new InputError('type: a Stronghold never attacks (§6.6); it appears only as an opponent');
  return TROOP_IDS.map((opponent) => {
    const { outcomes } = exactHott(parseHott({ attacker: { type: attacker }, target: { type: opponent } }));
    return { opponent, destroys: removed(outcomes!.target), destroyed: removed(outcomes!.attacker) };
  });
}

/** Every troop type against every other: rows are attackers (every type but the Stronghold). */
export function matchupTable(): ReadonlyArray<{ readonly attacker: TroopId; readonly matchups: Matchup[] }> {
  return TROOP_IDS.filter((t) => t !== 'stronghold').map((attacker) => ({ attacker, matchups: matchups(attacker) }));
}
