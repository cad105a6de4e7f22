/**
 * Simulator, attack by attack: each die rolled in rule order (to hit, re-roll, to wound, armour,
 * ward, multiple wounds) and each unsaved wound applied to the defender's models one at a time.
 * A strike whose wounds are a fixed number reads its dice four at a time through the same
 * sequence written as an automaton over the faces (strikeAutomaton, core/face-automaton.ts): the
 * same dice in the same order. Its unsaved wounds are then applied all at once
 * (Casualties.woundTimes), with the same result as one at a time.
 */
import { type DiceExpr, rollDice } from '../../core/dice.js';
import { FaceAutomaton, KeptByKey, type FaceStep, endRun, goTo } from '../../core/face-automaton.js';
import { type Rng, SIX_TO_THE } from '../../core/rng.js';
import type { Defender, Strike } from './strike.js';
import { OVERKILL_MAX, savePasses } from './tables.js';

/**
 * The defender's models as the dice fall: models left, Wounds left on the model being wounded,
 * Overkill. The defender's numbers are copied into fields of their own (one hidden class).
 */
export class Casualties {
  modelsLeft = 0;
  woundsOnModel = 0;
  overkill = 0;
  /** The defender's models and Wounds, and the wounds its first model carries in. */
  readonly models: number;
  readonly w: number;
  readonly wounded: number;
  /** Excess wounds count as Overkill (a challenge, §9). */
  readonly countsOverkill: boolean;

  constructor(def: Defender) {
    this.models = def.models;
    this.w = def.w;
    this.wounded = def.wounded ?? 0;
    this.countsOverkill = def.overkill;
    this.overkillSpan = def.overkill ? OVERKILL_MAX + 1 : 1;
    this.keyRange = (this.models + 1) * (this.w + 1) * this.overkillSpan;
    this.reset();
  }
  reset(): void {
    this.modelsLeft = this.models;
    this.woundsOnModel = this.w - this.wounded;
    this.overkill = 0;
  }
  /** Wounds lost since the last reset (not those the first model carried in). */
  get lost(): number {
    const left = this.modelsLeft > 0 ? (this.modelsLeft - 1) * this.w + this.woundsOnModel : 0;
    return this.models * this.w - this.wounded - left;
  }
  /** Combat-resolution points scored against this unit (§9: Overkill counts only in a challenge). */
  get points(): number {
    return this.lost + this.overkill;
  }
  get slain(): number {
    return this.models - this.modelsLeft;
  }
  /** `d` wounds on the current model; the excess is lost (§1), or Overkill in a challenge (§9). */
  wound(d: number): void {
    if (this.modelsLeft === 0) {
      if (this.countsOverkill) this.overkill = Math.min(OVERKILL_MAX, this.overkill + d);
      return;
    }
    if (d < this.woundsOnModel) {
      this.woundsOnModel -= d;
      return;
    }
    if (this.countsOverkill) this.overkill = Math.min(OVERKILL_MAX, this.overkill + d - this.woundsOnModel);
    this.nextModel();
  }
  /**
   * `k` wounds of `d` each, as `k` calls of wound(d) would leave the models (§1, §9): a model takes
   * ⌈Wounds left / d⌉ of them, the last one's excess lost or counted as Overkill.
   */
  woundTimes(k: number, d: number): void {
    if (d >= this.w) {
      // Every wound slays a model (the one being wounded has at most W left): the excess of each is Overkill (§9).
      const slain = Math.min(k, this.modelsLeft);
      if (this.countsOverkill && k > 0) {
        const excess = slain > 0 ? d - this.woundsOnModel + (slain - 1) * (d - this.w) + (k - slain) * d : k * d;
        this.overkill = Math.min(OVERKILL_MAX, this.overkill + excess);
      }
      if (slain > 0) {
        this.modelsLeft -= slain;
        this.woundsOnModel = this.modelsLeft > 0 ? this.w : 0;
      }
      return;
    }
    while (k > 0 && this.modelsLeft > 0) {
      const left = this.woundsOnModel;
      // The wounds that slay the model being wounded (one, unless it has more Wounds left than d).
      const slaying = d < left ? Math.ceil(left / d) : 1;
      if (k < slaying) {
        this.woundsOnModel = left - k * d;
        return;
      }
      k -= slaying;
      if (this.countsOverkill) this.overkill = Math.min(OVERKILL_MAX, this.overkill + slaying * d - left);
      this.nextModel();
    }
    if (k > 0 && this.countsOverkill) this.overkill = Math.min(OVERKILL_MAX, this.overkill + k * d);
  }
  /**
   * What the blows did to this unit as one number below 2³¹ (models ≤ 500, W ≤ 10): its models
   * left, the Wounds left on the model being wounded and the Overkill scored on it (§8, §9).
   */
  key(): number {
    return (this.modelsLeft * (this.w + 1) + this.woundsOnModel) * this.overkillSpan + this.overkill;
  }
  /** Values of the Overkill (only 0 outside a challenge), and of key(): it is below keyRange. */
  private readonly overkillSpan: number;
  readonly keyRange: number;
  /** A Killing Blow slays the model outright (§1); on a slain challenger it is one more wound of Overkill. */
  kill(): void {
    if (this.modelsLeft === 0) this.wound(1);
    else this.nextModel();
  }
  private nextModel(): void {
    this.modelsLeft--;
    this.woundsOnModel = this.modelsLeft > 0 ? this.w : 0;
  }
}

/** Rolls the attacks of one Strike, its scores copied into numbers (one hidden class for every strike). */
export class AttackRoller {
  /** 0: cannot hit (10+, §5); 1: one D6; 2: a 6, then the second die (7+, §5). */
  private readonly hitKind: number;
  private readonly hitNeed: number;
  private readonly rerollMisses: boolean;
  private readonly poisoned: boolean;
  /** Whether the hit can wound (§6 "–": not), and the to-wound score. */
  private readonly wounds: boolean;
  private readonly woundNeed: number;
  private readonly killingBlow: boolean;
  private readonly save: number;
  /** Whether there is a ward save, and its score. */
  private readonly hasWard: boolean;
  private readonly ward: number;
  private readonly damage: DiceExpr | null;
  /** Unsaved wounds counted through a table, each causing `fixedDamage` wounds; or null. */
  private readonly automaton: FaceAutomaton | null;
  private readonly fixedDamage: number;
  /** A hit that cannot wound (§6 "–"), one D6 to hit and no re-roll nor Poisoned 6: each attack reads one die and does nothing. */
  private readonly onlyHitDice: boolean;

  /**
   * `defenderW`: the Wounds of the models struck. Against models of 1 Wound a Killing Blow slays
   * just as one unsaved wound does (§1), so such a strike is read through the automaton too.
   */
  constructor(strike: Strike, defenderW: number) {
    const hit = strike.hit;
    this.hitKind = hit.kind === 'never' ? 0 : hit.kind === 'd6' ? 1 : 2;
    this.hitNeed = hit.kind === 'never' ? 0 : hit.need;
    this.rerollMisses = strike.rerollMisses;
    this.poisoned = strike.poisoned;
    this.wounds = strike.wound !== null;
    this.woundNeed = strike.wound ?? 7;
    this.killingBlow = strike.killingBlow;
    this.save = strike.save;
    this.hasWard = strike.ward !== null;
    this.ward = strike.ward ?? 7;
    this.damage = strike.damage;
    const fixed = strike.damage === null || strike.damage.count === 0;
    this.fixedDamage = strike.damage === null ? 1 : strike.damage.modifier;
    const killsAsWounds = defenderW === 1 && this.fixedDamage === 1;
    this.onlyHitDice = hit.kind === 'd6' && strike.wound === null && !strike.rerollMisses && !strike.poisoned;
    // (A strike of hit dice only skips their faces: no automaton.)
    this.automaton = fixed && (!strike.killingBlow || killsAsWounds) && strike.hit.kind !== 'never' && !this.onlyHitDice ? strikeAutomaton(strike) : null;
  }

  /** Roll `n` attacks and apply them to `target`. */
  roll(n: number, rng: Rng, target: Casualties): void {
    if (n === 0) return; // no dice: a side with no model left to strike
    // The common case first: the unsaved wounds counted through the table, applied as one at a time (woundTimes).
    const automaton = this.automaton;
    if (automaton !== null) target.woundTimes(automaton.run(rng, n), this.fixedDamage);
    else if (this.onlyHitDice) rng.skipFaces(n); // the hit dice are rolled, and cannot wound (§6)
    else if (this.hitKind !== 0) this.rollOneByOne(n, rng, target); // 10+ to hit: no shot can hit (§5)
  }

  /** The attacks die by die: Killing Blow against models of several Wounds, or wounds of a dice roll each. */
  private rollOneByOne(n: number, rng: Rng, target: Casualties): void {
    const hitKind = this.hitKind;
    const need = this.hitNeed;
    const hasWard = this.hasWard;
    const ward = this.ward;
    for (let k = 0; k < n; k++) {
      let autoWound = false;
      if (hitKind === 1) {
        let r = rng.d6();
        if (r < need && this.rerollMisses) r = rng.d6(); // Hatred: re-roll the miss once (§11)
        if (r < need) continue;
        autoWound = this.poisoned && r === 6; // Poisoned attacks (§1)
      } else {
        // 7+ to hit: a 6, then the second die (§5)
        if (rng.d6() !== 6 || rng.d6() < need) continue;
      }
      if (!autoWound) {
        if (!this.wounds) continue;
        const w = rng.d6();
        if (this.killingBlow && w === 6) {
          // Killing Blow (§1): no armour save, a ward save is allowed.
          if (hasWard && savePasses(rng.d6(), ward)) continue;
          target.kill();
          continue;
        }
        if (w < this.woundNeed) continue;
      }
      if (this.save <= 6 && savePasses(rng.d6(), this.save)) continue;
      if (hasWard && savePasses(rng.d6(), ward)) continue;
      // Multiple wounds — §1
      target.wound(this.damage === null ? 1 : rollDice(this.damage, rng));
    }
  }
}

/** Rollers by what they roll: a fight's rounds share them (a few objects, close in memory). */
const rollers = new KeptByKey<AttackRoller>();

/** The AttackRoller of `strike` against models of `defenderW` Wounds, made on first use. */
export function attackRoller(strike: Strike, defenderW: number): AttackRoller {
  return rollers.get(`${defenderW} ${JSON.stringify(strike)}`, () => new AttackRoller(strike, defenderW));
}

// ---- Tests and moves: a few D6 read from the Rng's draw in locals (core/rng.ts faces, facesLeft) ----
// The same faces in the same order as calls of d6(): face i is base-6 digit i of the draw, plus 1;
// when the draw runs out, d6() takes the next draw of ten.

/** Faces summed per look-up in rollNd6, and the sums of the digits of each block of that many base-6 digits. */
const SUM_BLOCK = 4;
const DIGIT_SUMS = Uint8Array.from({ length: SIX_TO_THE[SUM_BLOCK] }, (_, d) => {
  let sum = 0;
  for (let i = 0; i < SUM_BLOCK; i++, d = (d / 6) | 0) sum += d % 6;
  return sum;
});

/**
 * nD6 — flee and pursuit moves (§12): the same faces in the same order as n calls of d6(), read
 * from the draw kept in locals up to SUM_BLOCK at a time, each block's faces summed by a table
 * (flee and pursuit roll 5 or 8 dice: two look-ups rather than a division per die).
 */
export function rollNd6(n: number, rng: Rng): number {
  let faces = rng.faces;
  let facesLeft = rng.facesLeft;
  let total = n;
  let left = n;
  while (left > 0) {
    if (facesLeft === 0) {
      faces = rng.tenFaces();
      facesLeft = 10;
    }
    let k = left < facesLeft ? left : facesLeft;
    if (k > SUM_BLOCK) k = SUM_BLOCK;
    if (k === facesLeft) {
      // The rest of the draw (its faces are below 6^facesLeft): no division.
      total += DIGIT_SUMS[faces];
      faces = 0;
    } else {
      const size = SIX_TO_THE[k];
      const rest = (faces / size) | 0;
      total += DIGIT_SUMS[faces - Math.imul(rest, size)];
      faces = rest;
    }
    facesLeft -= k;
    left -= k;
  }
  rng.faces = faces;
  rng.facesLeft = facesLeft;
  return total;
}

// ---- A strike as an automaton over the faces ----------------------------------------------------

/** Automata by what they roll (rollers are built per chunk and per fight state). */
const automata = new KeptByKey<FaceAutomaton | null>();

/** Where an attack is: the die it rolls next. */
const HIT = 0;
const HIT_AGAIN = 1;
const SECOND_DIE = 2;
const WOUND = 3;
const SAVE = 4;
const WARD = 5;

/**
 * AttackRoller.roll's attack, one face at a time: the value is 1 for an unsaved wound, or a
 * Killing Blow not warded (used only where it slays as one wound does).
 */
function strikeAutomaton(s: Strike): FaceAutomaton {
  return automata.get(JSON.stringify(s), () => buildStrikeAutomaton(s));
}

function buildStrikeAutomaton(s: Strike): FaceAutomaton {
  const hit = s.hit;
  const need = hit.kind === 'never' ? 7 : hit.need;
  const toWard = (): FaceStep => (s.ward !== null ? goTo(WARD) : endRun(1));
  const toSave = (): FaceStep => (s.save <= 6 ? goTo(SAVE) : toWard());
  /** A hit with final face r: Poisoned attacks wound on a 6 (§1); a hit that cannot wound ends. */
  const hitWith = (r: number): FaceStep => (s.poisoned && r === 6 ? toSave() : s.wound === null ? endRun(0) : goTo(WOUND));
  return new FaceAutomaton((state, f) => {
    switch (state) {
      case HIT:
        // 7+ to hit: a 6, then the second die (§5).
        if (hit.kind === 'six-then') return f === 6 ? goTo(SECOND_DIE) : endRun(0);
        if (f >= need) return hitWith(f);
        return s.rerollMisses ? goTo(HIT_AGAIN) : endRun(0); // Hatred: the miss re-rolled once (§11)
      case HIT_AGAIN:
        return f >= need ? hitWith(f) : endRun(0);
      case SECOND_DIE:
        return f >= need ? (s.wound === null ? endRun(0) : goTo(WOUND)) : endRun(0);
      case WOUND:
        // Killing Blow (§1): a 6 to wound allows no armour save, a ward save only.
        if (s.killingBlow && f === 6) return toWard();
        return f >= s.wound! ? toSave() : endRun(0);
      case SAVE:
        return savePasses(f, s.save) ? endRun(0) : toWard();
      default:
        // WARD
        return savePasses(f, s.ward!) ? endRun(0) : endRun(1);
    }
  });
}
