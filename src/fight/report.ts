/**
 * What a fight's Outcome says, side by side and round by round — the same from the exact chain
 * and from the simulator, since both fill the tables of tables.ts.
 */
import { type Dist, clampProbability, mean, sd, trim } from '../core/dist.js';
import type { Outcome } from '../systems/types.js';
import { NO_MARGIN, leftTable, marginTable, overkillTable } from './tables.js';
import { type FightSide, FIGHTING, type LoserFate } from './types.js';

export interface SideReport {
  /** P(this side wins: the enemy broke and escaped, was caught, was destroyed or fled at the charge). */
  readonly wins: number;
  /** P(this side broke and escaped). */
  readonly brokenEscaped: number;
  /** P(this side broke and was caught and destroyed in pursuit). */
  readonly caught: number;
  /** P(this side was destroyed in combat: wiped out, or a war machine that failed its test). */
  readonly destroyed: number;
  /** P(this side fled from the charge after a failed fear or terror test). */
  readonly fledAtCharge: number;
  /** Models on the table at the end (fleeing included, caught units have none). */
  readonly modelsLeft: { readonly pmf: number[]; readonly mean: number; readonly sd: number };
}

export interface RoundReport {
  readonly round: number;
  /** P(the fight ended in this round). */
  readonly ends: number;
  /** P(the fight ended by the end of this round). */
  readonly ended: number;
  /** P(the target / the attacker broke, was caught or destroyed, or fled, by the end of this round). */
  readonly targetBroken: number;
  readonly attackerBroken: number;
  /** Expected combat-result margin (attacker minus target) of this round, when its blows were struck; null if never. */
  readonly expectedMargin: number | null;
  /** Expected models on the table after this round (fights that ended keep their final numbers). */
  readonly attackerLeft: number;
  readonly targetLeft: number;
  /**
   * Fights with a challenge: P(a challenge was fought this round), and each fighter's expected
   * Overkill over the fights that fought one (null if none did) — 9th Age §4.11, Warhammer Fantasy §9.
   */
  readonly challenge?: { readonly fought: number; readonly attackerOverkill: number | null; readonly targetOverkill: number | null };
}

export interface FightReport {
  /** Round cap. */
  readonly cap: number;
  /** P(both units still fighting after the cap). */
  readonly fighting: number;
  /** P(both units wiped out in the same Initiative step). */
  readonly bothDestroyed: number;
  readonly rounds: RoundReport[];
  readonly attacker: SideReport;
  readonly target: SideReport;
}

const FATE_FIELDS: Record<LoserFate, keyof Omit<SideReport, 'wins' | 'modelsLeft'>> = {
  escaped: 'brokenEscaped',
  caught: 'caught',
  destroyed: 'destroyed',
  'fled-at-charge': 'fledAtCharge',
};

/** The number of rounds an Outcome's fight tables cover. */
export function fightRounds(o: Outcome): number {
  let n = 0;
  while (o.outcomes?.[marginTable(n + 1)]) n++;
  return n;
}

export function fightReport(o: Outcome): FightReport {
  const cap = fightRounds(o);
  const morale = o.morale ?? {};
  const ending = o.outcomes?.ending ?? {};
  const lost = (side: FightSide) => {
    const out = { brokenEscaped: 0, caught: 0, destroyed: 0, fledAtCharge: 0 };
    for (const [fate, field] of Object.entries(FATE_FIELDS)) out[field] = morale[`${side}-${fate}`] ?? 0;
    return out;
  };
  const lostA = lost('attacker');
  const lostT = lost('target');
  const total = (x: typeof lostA) => x.brokenEscaped + x.caught + x.destroyed + x.fledAtCharge;
  const side = (own: typeof lostA, enemy: typeof lostA, which: FightSide): SideReport => {
    const pmf = leftDist(o.outcomes?.[leftTable(which, cap)] ?? {});
    return { wins: clampProbability(total(enemy)), ...own, modelsLeft: { pmf: Array.from(pmf), mean: mean(pmf), sd: sd(pmf) } };
  };
  const rounds: RoundReport[] = [];
  let ended = 0;
  let targetBroken = 0;
  let attackerBroken = 0;
  for (let round = 1; round <= cap; round++) {
    let ends = 0;
    for (const [key, p] of Object.entries(ending)) {
      if (key === FIGHTING || !key.startsWith(`${round}:`)) continue;
      ends += p;
      const what = key.slice(key.indexOf(':') + 1);
      if (what.startsWith('target-') || what === 'both-destroyed') targetBroken += p;
      if (what.startsWith('attacker-') || what === 'both-destroyed') attackerBroken += p;
    }
    ended += ends;
    rounds.push({
      round,
      // Sums of many endings: rounding never takes them past 1
      ends: clampProbability(ends),
      ended: clampProbability(ended),
      targetBroken: clampProbability(targetBroken),
      attackerBroken: clampProbability(attackerBroken),
      expectedMargin: expectedMargin(o.outcomes?.[marginTable(round)] ?? {}),
      attackerLeft: mean(leftDist(o.outcomes?.[leftTable('attacker', round)] ?? {})),
      targetLeft: mean(leftDist(o.outcomes?.[leftTable('target', round)] ?? {})),
      ...challengeOf(o, round),
    });
  }
  return {
    cap,
    fighting: morale[FIGHTING] ?? 0,
    bothDestroyed: morale['both-destroyed'] ?? 0,
    rounds,
    attacker: side(lostA, lostT, 'attacker'),
    target: side(lostT, lostA, 'target'),
  };
}

function leftDist(table: Record<string, number>): Dist {
  const keys = Object.keys(table).map(Number);
  const out = new Float64Array(keys.length ? Math.max(...keys) + 1 : 1);
  for (const [k, p] of Object.entries(table)) out[Number(k)] += p;
  return trim(out);
}

function challengeOf(o: Outcome, round: number): Pick<RoundReport, 'challenge'> {
  const a = o.outcomes?.[overkillTable('attacker', round)];
  const t = o.outcomes?.[overkillTable('target', round)];
  if (!a || !t) return {};
  const total = Object.values(a).reduce((x, y) => x + y, 0);
  const fought = total > 0 ? 1 - (a[NO_MARGIN] ?? 0) / total : 0;
  return { challenge: { fought, attackerOverkill: expectedMargin(a), targetOverkill: expectedMargin(t) } };
}

function expectedMargin(table: Record<string, number>): number | null {
  let mass = 0;
  let sum = 0;
  for (const [k, p] of Object.entries(table)) {
    if (k === NO_MARGIN) continue;
    mass += p;
    sum += Number(k) * p;
  }
  return mass > 0 ? sum / mass : null;
}
