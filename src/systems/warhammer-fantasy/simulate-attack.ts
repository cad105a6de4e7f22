/**
 * Simulator, attack by attack: each die rolled in rule order (to hit, re-roll, to wound, armour,
 * ward, multiple wounds) and each unsaved wound applied to the defender's models one at a time.
 */
import { diceSampler } from '../../core/dice.js';
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
  constructor(private readonly strike: Strike) {
    this.rollDamage = strike.damage ? diceSampler(strike.damage) : () => 1;
  }

  /** Roll `n` attacks and apply them to `target`. */
  roll(n: number, rng: Rng, target: Casualties): void {
    const s = this.strike;
    const hit = s.hit;
    if (hit.kind === 'never') return; // 10+ to hit: no shot can hit (§5)
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
