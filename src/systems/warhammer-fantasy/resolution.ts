/**
 * Combat resolution of one round — §9 and §10: each side's score, the winner and the margin, and
 * what the loser must do (nothing when wiped out, flee automatically, or take a break test). It
 * is a function of the round's casualties only; both engines call it on their own casualties.
 */
import type { Combatant, MeleePlan } from './melee-plan.js';
import type { Side } from './schema.js';
import { breakTestHoldsUpTo } from './tables.js';

/** What one side inflicted and what it has left after the round. */
export interface SideResult {
  /** Combat-resolution points it scored: wounds the enemy actually suffered, plus Overkill in a challenge (§9). */
  readonly points: number;
  /** Its own models left (the rank and file, or the lone character that is its unit). */
  readonly modelsLeft: number;
  /** Its joined character still stands after the round (a whole fight's character in the unit's front rank). */
  readonly characterLeft?: boolean;
}

export type Verdict =
  | { readonly kind: 'draw' }
  | {
      readonly kind: 'win';
      readonly winner: Side;
      readonly loser: Side;
      /** The loser has no model left: it takes no test. */
      readonly loserWipedOut: boolean;
      /** Beaten by a fear-causer with more US — §10: flees without a roll. */
      readonly autoBreak: boolean;
      /** Break test: the highest 2D6 total that holds — §10. */
      readonly holdsUpTo: number;
    };

export function resolve(plan: MeleePlan, attacker: SideResult, target: SideResult): Verdict {
  const opts = plan.situation.options;
  // A unit with no model left cannot win: the other side wins.
  const gone = (r: SideResult) => r.modelsLeft === 0 && !r.characterLeft;
  if (gone(attacker) || gone(target)) {
    const loser: Side = gone(target) ? 'target' : 'attacker';
    return { kind: 'win', winner: loser === 'target' ? 'attacker' : 'target', loser, loserWipedOut: true, autoBreak: false, holdsUpTo: 0 };
  }
  const usA = unitStrength(plan.attacker, attacker, opts.outnumbering);
  const usT = unitStrength(plan.target, target, opts.outnumbering);
  let { attacker: scoreA, target: scoreT } = combatScores(plan, attacker, target);
  // Draws — §16.8: nobody tests; with the musician option a side with the only musician wins by 1.
  if (scoreA === scoreT && opts.musicianWinsDraws) {
    const mA = plan.attacker.unit.rules.musician;
    const mT = plan.target.unit.rules.musician;
    if (mA && !mT) scoreA += 1;
    if (mT && !mA) scoreT += 1;
  }
  if (scoreA === scoreT) return { kind: 'draw' };
  const winner: Side = scoreA > scoreT ? 'attacker' : 'target';
  const w = winner === 'attacker' ? plan.attacker : plan.target;
  const l = winner === 'attacker' ? plan.target : plan.attacker;
  const usW = winner === 'attacker' ? usA : usT;
  const usL = winner === 'attacker' ? usT : usA;
  // Fear auto-break — §10, §16.17: Stubborn does not prevent it, immunity to psychology does.
  const autoBreak = w.causesFear && !l.immune && usW > usL;
  return {
    kind: 'win',
    winner,
    loser: l.side,
    loserWipedOut: false,
    autoBreak,
    holdsUpTo: breakTestHoldsUpTo(l.ld, Math.abs(scoreA - scoreT), l.unit.rules.stubborn),
  };
}

/** Each side's combat score — §9: points scored, the static bonuses and +1 for outnumbering. */
export function combatScores(plan: MeleePlan, attacker: SideResult, target: SideResult): { attacker: number; target: number } {
  const opts = plan.situation.options;
  const usA = unitStrength(plan.attacker, attacker, opts.outnumbering);
  const usT = unitStrength(plan.target, target, opts.outnumbering);
  // Outnumbering — §9: +1 to the side with the greater Unit Strength.
  return {
    attacker: attacker.points + plan.attacker.staticBonus + (usA > usT ? 1 : 0),
    target: target.points + plan.target.staticBonus + (usT > usA ? 1 : 0),
  };
}

/** Unit Strength for outnumbering and fear — §9, §16.18: after the round's casualties, or the starting size. */
function unitStrength(c: Combatant, r: SideResult, timing: 'after-casualties' | 'starting'): number {
  if (timing === 'starting') return c.unit.models * c.unit.usPerModel + c.characterUs;
  // A joined character counts while it stands (§9)
  return r.modelsLeft * c.unit.usPerModel + (r.characterLeft ? c.characterUs : 0);
}
