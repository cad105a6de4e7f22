/**
 * One attack rolled die by die, in the order of §4.9: to-hit (and its re-roll), Poisoned Attacks,
 * to-wound (a die re-rolled once), Lethal Strike, armour, ward or Regeneration, Multiple Wounds —
 * noting on the victim what the attack leaves for the rest of the phase.
 */
import { rollDice } from '../../core/dice.js';
import type { Rng } from '../../core/rng.js';
import type { AttackProfile } from './profile.js';

/** What a victim unit carries through one phase: end-of-phase marks (§7) and spent single-use items (§11). */
export class Victim {
  /** Suffered an unsaved wound from a Hellfire attack. */
  hellfire = false;
  /** A unit with Fly that suffered a hit from a Lightning Attack. */
  lightning = false;
  shieldSpent = false;
  charmSpent = false;
  gemSpent = false;

  reset(): void {
    this.hellfire = this.lightning = this.shieldSpent = this.charmSpent = this.gemSpent = false;
  }
}

/** Wounds caused by one attack on `victim`. */
export function rollAttack(p: AttackProfile, rng: Rng, victim: Victim): number {
  let poisonedWound = false;
  const hit = p.hit;
  if (hit.kind === 'impossible') return 0;
  if (hit.kind === 'chain') {
    // "a 6, then X+" (§5.2)
    if (rng.d6() !== 6) return 0;
    if (rng.d6() < hit.second) return 0;
  } else if (hit.kind === 'roll') {
    let f = rng.d6();
    let ok = f === 6 || (f !== 1 && f >= hit.need);
    if (!ok && hit.rerollMisses) {
      f = rng.d6(); // Hatred: the re-roll is final
      ok = f === 6 || (f !== 1 && f >= hit.need);
    }
    if (!ok) return 0;
    poisonedWound = p.poisoned && f === 6;
  }
  // Lucky Shield: the first hit the bearer's model suffers while using it is discarded (§11)
  if (p.luckyShield && !victim.shieldSpent) {
    victim.shieldSpent = true;
    return 0;
  }
  if (p.lightning) victim.lightning = true; // Lightning Attack: a hit on a unit with Fly (§7)
  let lethal = false;
  if (!poisonedWound) {
    let f = rng.d6();
    let ok = p.woundNeed !== 0 && f !== 1 && (f === 6 || f >= p.woundNeed);
    // Whichever rule asks first re-rolls the die; the second result is final (§1.2)
    if (ok ? p.woundRerollSuccess || (f === 6 && p.woundRerollSixes) : p.woundRerollFailed) {
      f = rng.d6();
      ok = p.woundNeed !== 0 && f !== 1 && (f === 6 || f >= p.woundNeed);
    }
    if (!ok) return 0;
    lethal = p.lethalStrike && f === 6;
  }
  const armour = lethal ? p.lethalArmourNeed : p.armourNeed;
  if (armour <= 6) {
    let f = rng.d6();
    let saved = f !== 1 && f >= armour;
    if (!saved && p.armourReroll) {
      f = rng.d6(); // Dusk Stone
      saved = f !== 1 && f >= armour;
    } else if (!saved && p.luckyCharm && !victim.charmSpent) {
      victim.charmSpent = true; // Lucky Charm: one failed armour save re-rolled (§11)
      f = rng.d6();
      saved = f !== 1 && f >= armour;
    }
    if (saved) return 0;
  }
  // Gemstone Shielding: a 4+ ward for the first wound it improves, instead of the own ward (§11, §4.8)
  const gem = lethal ? p.lethalGemstone : p.gemstone;
  let protection = lethal ? p.lethalProtection : p.protection;
  if (gem && !victim.gemSpent) {
    victim.gemSpent = true;
    protection = gem;
  }
  if (protection) {
    let f = rng.d6();
    let saved = f !== 1 && f >= protection.need;
    if (saved && protection.rerollSuccess) {
      f = rng.d6(); // Holy: a successful ward must be re-rolled
      saved = f !== 1 && f >= protection.need;
    }
    if (saved) return 0;
  }
  if (p.hellfire) victim.hellfire = true; // Hellfire: an unsaved wound (§7)
  return p.multipleWounds ? Math.min(rollDice(p.multipleWounds, rng), p.woundsCap) : 1;
}
