/**
 * Exact distribution of the wounds one attack causes (§4.9 "One attack, end to end"): to-hit,
 * Poisoned Attacks, to-wound with its re-rolls, Lethal Strike, armour, ward or Regeneration, then
 * Multiple Wounds capped at the target's W.
 */
import { diceDist } from '../../core/dice.js';
import { faceDistribution, pAtLeast } from '../../core/d6.js';
import { type Dist, cap, point } from '../../core/dist.js';
import { type AttackProfile, type Protection, protectionChance } from './profile.js';

interface HitChances {
  /** P(hit with a final natural 6 that poisons). */
  readonly natural6: number;
  /** P(any other hit). */
  readonly other: number;
}

function hitChances(p: AttackProfile): HitChances {
  const hit = p.hit;
  switch (hit.kind) {
    case 'auto':
      return { natural6: 0, other: 1 };
    case 'impossible':
      return { natural6: 0, other: 0 };
    case 'chain': // a 6, then X+ on a second die (§5.2); never poisons
      return { natural6: 0, other: pAtLeast(6) * pAtLeast(hit.second) };
    case 'roll': {
      // natural 1 misses, natural 6 hits (§1.3); Hatred re-rolls a miss once (§7)
      const faces = faceDistribution(hit.rerollMisses ? 'failed' : 'none', (f) => f === 6 || (f !== 1 && f >= hit.need));
      let other = 0;
      for (let f = Math.max(2, hit.need); f <= 5; f++) other += faces[f];
      return p.poisoned ? { natural6: faces[6], other } : { natural6: 0, other: other + faces[6] };
    }
  }
}

/**
 * P(the final to-wound die is a non-6 success) and P(it is a natural-6 success). A die is re-rolled
 * at most once, whichever rule asks first (§1.2, Example 14).
 */
function woundChances(p: AttackProfile): { readonly other: number; readonly six: number } {
  const success = (f: number) => p.woundNeed !== 0 && f !== 1 && (f === 6 || f >= p.woundNeed);
  let other = 0;
  let six = 0;
  const add = (f: number, w: number) => {
    if (!success(f)) return;
    if (f === 6) six += w;
    else other += w;
  };
  for (let first = 1; first <= 6; first++) {
    const ok = success(first);
    const again = ok ? p.woundRerollSuccess || (first === 6 && p.woundRerollSixes) : p.woundRerollFailed;
    if (!again) add(first, 1 / 6);
    else for (let second = 1; second <= 6; second++) add(second, 1 / 36);
  }
  return { other, six };
}

/** P(an armour save fails): natural 1 fails, need ≥ 7 is no save; Dusk Stone re-rolls a failure. */
function armourFails(need: number, reroll: boolean): number {
  const save = need >= 7 ? 0 : pAtLeast(Math.max(2, need));
  return reroll ? (1 - save) * (1 - save) : 1 - save;
}

function protectionFails(p: Protection | null): number {
  return p === null ? 1 : 1 - protectionChance(p);
}

/**
 * P(a wound is not saved) by armour then ward or Regeneration; `lethal` for a Lethal Strike
 * natural 6 (AP(6), no Regeneration, §7).
 */
export function unsavedAfterWound(p: AttackProfile, lethal: boolean): number {
  if (lethal) return armourFails(p.lethalArmourNeed, p.armourReroll) * protectionFails(p.lethalProtection);
  return armourFails(p.armourNeed, p.armourReroll) * protectionFails(p.protection);
}

/** P(one attack causes an unsaved wound), before Multiple Wounds. */
export function unsavedChance(p: AttackProfile): number {
  const hit = hitChances(p);
  const wound = woundChances(p);
  const normal = unsavedAfterWound(p, false);
  const lethal = p.lethalStrike ? unsavedAfterWound(p, true) : normal;
  const afterWoundRoll = wound.other * normal + wound.six * lethal;
  // Poisoned natural-6 hit: no wound roll, armour and ward still apply (§7, A11)
  return hit.natural6 * normal + hit.other * afterWoundRoll;
}

/** Distribution of the wounds of one attack: Multiple Wounds rolled per unsaved wound, capped at W (§4.10). */
export function attackDist(p: AttackProfile): Dist {
  const u = unsavedChance(p);
  const each = p.multipleWounds ? cap(diceDist(p.multipleWounds), p.woundsCap) : point(1);
  const out = new Float64Array(each.length);
  out[0] = 1 - u;
  for (let k = 0; k < each.length; k++) out[k] += u * each[k];
  return out;
}
