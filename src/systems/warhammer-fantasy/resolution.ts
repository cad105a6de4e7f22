/**
 * Combat resolution of one round — §9 and §10: each side's score, the winner and the margin, and
 * what the loser must do (nothing when wiped out, flee automatically, or take a break test). It
 * is a function of the round's casualties only: a plan's is compiled once (Judging), and both
 * engines judge their own casualties with it.
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
  | {
      /** A draw (§9): nobody tests. Its other fields are fixed, in the same order as a win's: every verdict has one shape. */
      readonly kind: 'draw';
      readonly winner: null;
      readonly loser: null;
      readonly loserWipedOut: false;
      readonly autoBreak: false;
      readonly holdsUpTo: 0;
    }
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

/** One side of a plan as combat resolution reads it (§9, §10). */
class JudgedSide {
  readonly side: Side;
  readonly staticBonus: number;
  readonly usPerModel: number;
  readonly characterUs: number;
  /** Unit Strength at the start of the round (§16.18 option). */
  readonly startingUs: number;
  readonly musician: boolean;
  readonly causesFear: boolean;
  readonly immune: boolean;
  readonly ld: number;
  readonly stubborn: boolean;

  constructor(c: Combatant) {
    this.side = c.side;
    this.staticBonus = c.staticBonus;
    this.usPerModel = c.unit.usPerModel;
    this.characterUs = c.characterUs;
    this.startingUs = c.unit.models * c.unit.usPerModel + c.characterUs;
    this.musician = c.unit.rules.musician;
    this.causesFear = c.causesFear;
    this.immune = c.immune;
    this.ld = c.ld;
    this.stubborn = c.unit.rules.stubborn;
  }

  /** Unit Strength for outnumbering and fear — §9, §16.18: after the round's casualties, or the starting size. */
  us(r: SideResult, starting: boolean): number {
    if (starting) return this.startingUs;
    // A joined character counts while it stands (§9)
    return r.modelsLeft * this.usPerModel + (r.characterLeft ? this.characterUs : 0);
  }
}

/**
 * What combat resolution reads of a plan, compiled once into numbers (§9, §10): a hot loop judging
 * many results of one plan reads no plan, unit or rules object per result.
 */
export class Judging {
  private readonly a: JudgedSide;
  private readonly t: JudgedSide;
  private readonly starting: boolean;
  private readonly musicianWinsDraws: boolean;
  private readonly verdicts = new Map<number, Verdict>();

  constructor(plan: MeleePlan) {
    this.a = new JudgedSide(plan.attacker);
    this.t = new JudgedSide(plan.target);
    this.starting = plan.situation.options.outnumbering === 'starting';
    this.musicianWinsDraws = plan.situation.options.musicianWinsDraws;
  }

  /** The last judged result's margin (verdict): the attacker's combat score less the target's (§9). */
  margin = 0;

  /** The verdict on a round's results (§9, §10), its margin left in `margin`. */
  verdict(attacker: SideResult, target: SideResult): Verdict {
    const usA = this.a.us(attacker, this.starting);
    const usT = this.t.us(target, this.starting);
    // Combat score — §9: points scored, the static bonuses and +1 for outnumbering (the greater Unit Strength).
    let scoreA = attacker.points + this.a.staticBonus + (usA > usT ? 1 : 0);
    let scoreT = target.points + this.t.staticBonus + (usT > usA ? 1 : 0);
    this.margin = scoreA - scoreT;
    // A unit with no model left cannot win: the other side wins.
    const goneA = attacker.modelsLeft === 0 && !attacker.characterLeft;
    const goneT = target.modelsLeft === 0 && !target.characterLeft;
    if (goneA || goneT) return goneT ? TARGET_WIPED_OUT : ATTACKER_WIPED_OUT;
    // Draws — §16.8: nobody tests; with the musician option a side with the only musician wins by 1.
    if (scoreA === scoreT && this.musicianWinsDraws) {
      const mA = this.a.musician;
      const mT = this.t.musician;
      if (mA && !mT) scoreA += 1;
      if (mT && !mA) scoreT += 1;
    }
    if (scoreA === scoreT) return DRAW;
    const winner: Side = scoreA > scoreT ? 'attacker' : 'target';
    const w = winner === 'attacker' ? this.a : this.t;
    const l = winner === 'attacker' ? this.t : this.a;
    const usW = winner === 'attacker' ? usA : usT;
    const usL = winner === 'attacker' ? usT : usA;
    // Fear auto-break — §10, §16.17: Stubborn does not prevent it, immunity to psychology does.
    const autoBreak = w.causesFear && !l.immune && usW > usL;
    const holdsUpTo = breakTestHoldsUpTo(l.ld, Math.abs(scoreA - scoreT), l.stubborn);
    // Verdicts are few: each made once (no object per result judged)
    const key = (holdsUpTo * 2 + (autoBreak ? 1 : 0)) * 2 + (winner === 'attacker' ? 0 : 1);
    let verdict = this.verdicts.get(key);
    if (!verdict) this.verdicts.set(key, (verdict = { kind: 'win', winner, loser: l.side, loserWipedOut: false, autoBreak, holdsUpTo }));
    return verdict;
  }
}

const DRAW: Verdict = { kind: 'draw', winner: null, loser: null, loserWipedOut: false, autoBreak: false, holdsUpTo: 0 };
const TARGET_WIPED_OUT: Verdict = { kind: 'win', winner: 'attacker', loser: 'target', loserWipedOut: true, autoBreak: false, holdsUpTo: 0 };
const ATTACKER_WIPED_OUT: Verdict = { kind: 'win', winner: 'target', loser: 'attacker', loserWipedOut: true, autoBreak: false, holdsUpTo: 0 };
