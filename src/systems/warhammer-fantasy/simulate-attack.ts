/**
 * Simulator, attack by attack: each die rolled in rule order (to hit, re-roll, to wound, armour,
 * ward, multiple wounds) and each unsaved wound applied to the defender's models one at a time.
 * A strike without Killing Blow whose wounds are a fixed number reads its dice four at a time
 * through the same sequence written as an automaton over the faces (strikeAutomaton,
 * core/face-automaton.ts): the same dice in the same order (issue 16).
 */
import { diceSampler } from '../../core/dice.js';
import { FaceAutomaton, type FaceStep } from '../../core/face-automaton.js';
import type { Rng } from '../../core/rng.js';
import type { Defender, Strike } from './strike.js';
import { OVERKILL_MAX, savePasses } from './tables.js';

/** The defender's models as the dice fall: models left, Wounds left on the model being wounded, Overkill. */
export class Casualties {
  modelsLeft = 0;
  woundsOnModel = 0;
  overkill = 0;
  constructor(readonly def: Defender) {
    this.reset();
  }
  reset(): void {
    this.modelsLeft = this.def.models;
    this.woundsOnModel = this.def.w - (this.def.wounded ?? 0);
    this.overkill = 0;
  }
  /** Wounds lost since the last reset (not those the first model carried in). */
  get lost(): number {
    const left = this.modelsLeft > 0 ? (this.modelsLeft - 1) * this.def.w + this.woundsOnModel : 0;
    return this.def.models * this.def.w - (this.def.wounded ?? 0) - left;
  }
  /** Combat-resolution points scored against this unit (§9: Overkill counts only in a challenge). */
  get points(): number {
    return this.lost + this.overkill;
  }
  get slain(): number {
    return this.def.models - this.modelsLeft;
  }
  /** `d` wounds on the current model; the excess is lost (§1), or Overkill in a challenge (§9). */
  wound(d: number): void {
    if (this.modelsLeft === 0) {
      if (this.def.overkill) this.overkill = Math.min(OVERKILL_MAX, this.overkill + d);
      return;
    }
    if (d < this.woundsOnModel) {
      this.woundsOnModel -= d;
      return;
    }
    if (this.def.overkill) this.overkill = Math.min(OVERKILL_MAX, this.overkill + d - this.woundsOnModel);
    this.nextModel();
  }
  /** A Killing Blow slays the model outright (§1); on a slain challenger it is one more wound of Overkill. */
  kill(): void {
    if (this.modelsLeft === 0) this.wound(1);
    else this.nextModel();
  }
  private nextModel(): void {
    this.modelsLeft--;
    this.woundsOnModel = this.modelsLeft > 0 ? this.def.w : 0;
  }
}

/** Rolls the attacks of one Strike. */
export class AttackRoller {
  private readonly rollDamage: (rng: Rng) => number;
  /** Unsaved wounds counted through a table, each causing `fixedDamage` wounds; or null. */
  private readonly automaton: FaceAutomaton | null;
  private readonly fixedDamage: number;
  constructor(private readonly strike: Strike) {
    this.rollDamage = strike.damage ? diceSampler(strike.damage) : () => 1;
    const fixed = strike.damage === null || strike.damage.count === 0;
    this.fixedDamage = strike.damage === null ? 1 : strike.damage.modifier;
    this.automaton = fixed && !strike.killingBlow && strike.hit.kind !== 'never' ? strikeAutomaton(strike) : null;
  }

  /** Roll `n` attacks and apply them to `target`. */
  roll(n: number, rng: Rng, target: Casualties): void {
    const s = this.strike;
    const hit = s.hit;
    if (hit.kind === 'never') return; // 10+ to hit: no shot can hit (§5)
    if (this.automaton !== null) {
      // The unsaved wounds, applied one at a time as they would have come.
      for (let k = this.automaton.run(rng, n); k > 0; k--) target.wound(this.fixedDamage);
      return;
    }
    for (let k = 0; k < n; k++) {
      let autoWound = false;
      if (hit.kind === 'd6') {
        let r = rng.d6();
        if (r < hit.need && s.rerollMisses) r = rng.d6(); // Hatred: re-roll the miss once (§11)
        if (r < hit.need) continue;
        autoWound = s.poisoned && r === 6; // Poisoned attacks (§1)
      } else {
        // 7+ to hit: a 6, then the second die (§5)
        if (rng.d6() !== 6 || rng.d6() < hit.need) continue;
      }
      if (!autoWound) {
        if (s.wound === null) continue;
        const w = rng.d6();
        if (s.killingBlow && w === 6) {
          // Killing Blow (§1): no armour save, a ward save is allowed.
          if (s.ward !== null && savePasses(rng.d6(), s.ward)) continue;
          target.kill();
          continue;
        }
        if (w < s.wound) continue;
      }
      if (s.save <= 6 && savePasses(rng.d6(), s.save)) continue;
      if (s.ward !== null && savePasses(rng.d6(), s.ward)) continue;
      target.wound(this.rollDamage(rng));
    }
  }
}

/** 2D6 — Leadership, break, rally and panic tests (§2). */
export function roll2d6(rng: Rng): number {
  return rng.d6() + rng.d6();
}

/** nD6 — flee and pursuit moves (§12). */
export function rollNd6(n: number, rng: Rng): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += rng.d6();
  return sum;
}

// ---- A strike as an automaton over the faces ----------------------------------------------------

/** Automata by what they roll (rollers are built per chunk and per fight state). */
const automata = new Map<string, FaceAutomaton>();
const MAX_KEPT = 256;

/** Where an attack is: the die it rolls next. */
const HIT = 0;
const HIT_AGAIN = 1;
const SECOND_DIE = 2;
const WOUND = 3;
const SAVE = 4;
const WARD = 5;

/**
 * AttackRoller.roll's attack, one face at a time, for a strike without Killing Blow: the value
 * is 1 for an unsaved wound.
 */
function strikeAutomaton(s: Strike): FaceAutomaton {
  const key = JSON.stringify(s);
  let automaton = automata.get(key);
  if (automaton) return automaton;
  const hit = s.hit;
  const need = hit.kind === 'never' ? 7 : hit.need;
  const end = (value: number): FaceStep => ({ next: 0, done: true, value });
  const go = (next: number): FaceStep => ({ next, done: false, value: 0 });
  const toWard = (): FaceStep => (s.ward !== null ? go(WARD) : end(1));
  const toSave = (): FaceStep => (s.save <= 6 ? go(SAVE) : toWard());
  /** A hit with final face r: Poisoned attacks wound on a 6 (§1); a hit that cannot wound ends. */
  const hitWith = (r: number): FaceStep => (s.poisoned && r === 6 ? toSave() : s.wound === null ? end(0) : go(WOUND));
  automaton = new FaceAutomaton((state, f) => {
    switch (state) {
      case HIT:
        // 7+ to hit: a 6, then the second die (§5).
        if (hit.kind === 'six-then') return f === 6 ? go(SECOND_DIE) : end(0);
        if (f >= need) return hitWith(f);
        return s.rerollMisses ? go(HIT_AGAIN) : end(0); // Hatred: the miss re-rolled once (§11)
      case HIT_AGAIN:
        return f >= need ? hitWith(f) : end(0);
      case SECOND_DIE:
        return f >= need ? (s.wound === null ? end(0) : go(WOUND)) : end(0);
      case WOUND:
        return f >= s.wound! ? toSave() : end(0);
      case SAVE:
        return savePasses(f, s.save) ? end(0) : toWard();
      default:
        // WARD
        return savePasses(f, s.ward!) ? end(0) : end(1);
    }
  });
  if (automata.size === MAX_KEPT) automata.clear();
  automata.set(key, automaton);
  return automaton;
}
