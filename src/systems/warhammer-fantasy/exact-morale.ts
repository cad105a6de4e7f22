/**
 * Exact engine, Leadership and movement dice: break tests, Leadership tests, and the chance that
 * a pursuer's roll reaches a fleeing unit's roll.
 */
import { diceDist, parseDice } from '../../core/dice.js';
import { probGreater, shift } from '../../core/dist.js';
import { p2d6AtMost } from './tables.js';

/**
 * P(a break test fails) — §10: 2D6 above `holdsUpTo` flees. Insane courage (§1, option): a natural
 * double 1 always holds. Battle Standard (§1): a failed test is re-rolled once, so P(flee)².
 */
export function pBreakTestFails(holdsUpTo: number, insaneCourage: boolean, battleStandard: boolean): number {
  let hold = p2d6AtMost(holdsUpTo);
  if (insaneCourage && holdsUpTo < 2) hold = 1 / 36;
  const flee = 1 - hold;
  return battleStandard ? flee * flee : flee;
}

/** P(a Leadership test passes) — §2: 2D6 ≤ Ld. */
export function pLeadershipPasses(ld: number): number {
  return p2d6AtMost(ld);
}

/**
 * P(pursuit ≥ flee) — §12: a pursuit roll equal to the flee roll catches. Arguments are numbers of
 * D6. Worked out once per pair: every end state of every round of every pairing asks again.
 */
export function pCaught(fleeDice: number, pursuitDice: number): number {
  const id = fleeDice * 100 + pursuitDice;
  let p = caughtByDice.get(id);
  if (p === undefined) {
    const flee = diceDist(parseDice(`${fleeDice}D6`));
    const pursuit = diceDist(parseDice(`${pursuitDice}D6`));
    caughtByDice.set(id, (p = probGreater(shift(pursuit, 1), flee)));
  }
  return p;
}
const caughtByDice = new Map<number, number>();

/** P(a unit fleeing from a charge is caught) — §12 simplified test: gap + flee roll ≤ 2 × charger's M. */
export function pFleeReactionCaught(gap: number, chargerM: number, fleeDice: number): number {
  const flee = diceDist(parseDice(`${fleeDice}D6`));
  let p = 0;
  for (let k = 0; k < flee.length; k++) if (gap + k <= 2 * chargerM) p += flee[k];
  return p;
}
