/**
 * Exact distribution of the wounds one attack causes (§4.9 "One attack, end to end"): to-hit,
 * Poisoned Attacks, to-wound with its re-rolls, Lethal Strike, armour, ward or Regeneration, then
 * Multiple Wounds capped at the target's W — together with what the attack changes in the victim's
 * state for the rest of the phase (end-of-phase marks, single-use items spent).
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

/**
 * The state of a victim unit through a phase, as bits: the marks that bring end-of-phase hits
 * (§7 Hellfire, Lightning Attack) and the single-use items it has spent (§11).
 */
export const HELLFIRE = 1;
export const LIGHTNING = 2;
export const SHIELD_SPENT = 4;
export const CHARM_SPENT = 8;
export const GEM_SPENT = 16;
export const VICTIM_BITS = 5;

/** The victim's state after one attack → the sub-distribution of the wounds it caused. */
export type Outcomes = Map<number, Dist>;

function put(out: Outcomes, state: number, wounds: Dist, q: number): void {
  if (q === 0) return;
  const d = out.get(state);
  if (!d || d.length < wounds.length) {
    const grown = new Float64Array(Math.max(d?.length ?? 0, wounds.length));
    if (d) grown.set(d);
    for (let k = 0; k < wounds.length; k++) grown[k] += q * wounds[k];
    out.set(state, grown);
  } else for (let k = 0; k < wounds.length; k++) d[k] += q * wounds[k];
}

const NONE = point(0);

/**
 * One attack against a victim in state `state`, end to end (§4.9), with what it changes in that
 * state: the Lucky Shield discards the first hit (§11; a discarded hit has no further effect, so it
 * marks nothing); a hit of a Lightning Attack marks a unit with Fly; the Lucky Charm re-rolls the
 * first failed armour save; Gemstone Shielding is the ward of the first wound it improves; an unsaved
 * wound of a Hellfire attack marks the victim (§7).
 */
export function attackOutcomes(p: AttackProfile, state: number): Outcomes {
  const out: Outcomes = new Map();
  const hit = hitChances(p);
  const hits = hit.natural6 + hit.other;
  put(out, state, NONE, Math.max(0, 1 - hits));
  if (hits === 0) return out;
  if (p.luckyShield && !(state & SHIELD_SPENT)) {
    put(out, state | SHIELD_SPENT, NONE, hits);
    return out;
  }
  const hitState = p.lightning ? state | LIGHTNING : state;
  const unsavedWounds = p.multipleWounds ? cap(diceDist(p.multipleWounds), p.woundsCap) : point(1);
  const unsaved = (s: number, q: number) => put(out, p.hellfire ? s | HELLFIRE : s, unsavedWounds, q);
  const ward = (s: number, lethal: boolean, q: number) => {
    const gem = lethal ? p.lethalGemstone : p.gemstone;
    const spendGem = gem !== null && !(s & GEM_SPENT);
    const after = spendGem ? s | GEM_SPENT : s;
    const saved = 1 - protectionFails(spendGem ? gem : lethal ? p.lethalProtection : p.protection);
    put(out, after, NONE, q * saved);
    unsaved(after, q * (1 - saved));
  };
  const wounded = (s: number, lethal: boolean, q: number) => {
    if (q === 0) return;
    const need = lethal ? p.lethalArmourNeed : p.armourNeed;
    if (need >= 7) return ward(s, lethal, q); // no armour save to roll
    const save = pAtLeast(Math.max(2, need));
    if (p.armourReroll || !p.luckyCharm || s & CHARM_SPENT) {
      const fails = armourFails(need, p.armourReroll);
      put(out, s, NONE, q * (1 - fails));
      return ward(s, lethal, q * fails);
    }
    // Lucky Charm: the first failed armour save is re-rolled, and the charm is spent (§11)
    put(out, s, NONE, q * save);
    put(out, s | CHARM_SPENT, NONE, q * (1 - save) * save);
    ward(s | CHARM_SPENT, lethal, q * (1 - save) * (1 - save));
  };
  const wound = woundChances(p);
  put(out, hitState, NONE, hit.other * Math.max(0, 1 - wound.other - wound.six));
  // Poisoned natural-6 hit: no wound roll, armour and ward still apply (§7, A11)
  wounded(hitState, false, hit.natural6 + hit.other * wound.other);
  wounded(hitState, p.lethalStrike, hit.other * wound.six);
  return out;
}
