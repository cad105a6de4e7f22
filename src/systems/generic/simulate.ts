/**
 * Monte Carlo of the generic pipeline, die by die in rule order: attacks, hit (re-roll, crit),
 * wound (re-roll, crit), save, damage dice, ward per point, allocation to models.
 *
 * This is the hot loop the bench measures, so the sfc32 generator runs inline with its state in
 * locals (the same recurrence as core/rng.ts), and every D6 rejects the top 4 values of 2^32
 * so each face has probability exactly 1/6.
 */
import { D6_LIMIT, type Rng } from '../../core/rng.js';
import type { DiceExpr } from '../../core/dice.js';
import type { Reroll } from '../../core/d6.js';
import type { Tally } from '../../sim/tally.js';
import type { GenericScenario } from './schema.js';
import { rollNeeded, saveNeeded, wardNeeded } from './tables.js';

const NONE = 0;
const ONES = 1;
const FAILED = 2;
const ALL = 3;
const REROLL_CODE: Record<Reroll, number> = { none: NONE, ones: ONES, failed: FAILED, all: ALL };

/** A dice expression unpacked into numbers the loop can use without calls. */
interface FlatDice {
  count: number;
  sides: number; // 3 or 6
  modifier: number;
  discard: number; // 0 none, 1 highest, 2 lowest
}

function flat(e: DiceExpr | null): FlatDice {
  if (!e) return { count: 0, sides: 6, modifier: 0, discard: 0 };
  return { count: e.count, sides: e.faces, modifier: e.modifier, discard: e.discard === 'highest' ? 1 : e.discard === 'lowest' ? 2 : 0 };
}

/**
 * Roll a dice expression (attacks, damage, mortal damage) on the Rng object. Kept out of the
 * hot loop's closure so that loop's generator state stays in registers: callers save their
 * locals into the Rng before and read them back after.
 */
function rollFlat(e: FlatDice, rng: Rng): number {
  if (e.count === 0) return e.modifier > 0 ? e.modifier : 0;
  let sum = 0;
  let hi = 0;
  let lo = 7;
  for (let i = 0; i < e.count; i++) {
    const face = e.sides === 3 ? rng.d3() : rng.d6();
    sum += face;
    if (face > hi) hi = face;
    if (face < lo) lo = face;
  }
  if (e.discard === 1) sum -= hi;
  else if (e.discard === 2) sum -= lo;
  sum += e.modifier;
  return sum > 0 ? sum : 0;
}

export function simulateGeneric(s: GenericScenario, rng: Rng, n: number, tally: Tally): void {
  const A = s.attacker;
  const attackDice = flat(A.attacks);
  const damageDice = flat(A.damage);
  const hitMortalDice = flat(A.hitCrit?.mortal ?? null);
  const woundMortalDice = flat(A.woundCrit?.mortal ?? null);
  const models = A.models;
  const hitTarget = rollNeeded(A.hit);
  const woundTarget = rollNeeded(A.wound);
  const hitReroll = REROLL_CODE[A.reroll.hit];
  const woundReroll = REROLL_CODE[A.reroll.wound];
  const hitCritOn = A.hitCrit ? A.hitCrit.on : 7;
  const extraHits = A.hitCrit?.extraHits ?? 0;
  const critAutoWound = A.hitCrit?.autoWound ?? false;
  const critHitMortal = A.hitCrit?.mortal != null;
  const woundCritOn = A.woundCrit ? A.woundCrit.on : 7;
  const critWoundMortal = A.woundCrit?.mortal != null;
  const saveBase = saveNeeded(s, 0);
  const critRend = A.woundCrit?.extraRend ?? 0;
  const ward = wardNeeded(s);
  const health = s.target.health;
  const targetModels = s.target.models ?? Number.MAX_SAFE_INTEGER;
  const capped = s.target.models !== null;
  const spill = s.situation.allocation === 'spill-over';

  let a = rng.a | 0;
  let b = rng.b | 0;
  let c = rng.c | 0;
  let d = rng.d | 0;
  let t = 0;
  let u = 0;

  for (let sample = 0; sample < n; sample++) {
    let attacks = 0;
    if (attackDice.count === 0) attacks = models * attackDice.modifier;
    else {
      rng.save(a, b, c, d);
      for (let m = 0; m < models; m++) attacks += rollFlat(attackDice, rng);
      ({ a, b, c, d } = rng);
    }
    let total = 0; // damage points through every save (spill-over)
    let slain = 0; // models removed (excess lost)
    let current = 0; // damage on the model being worked on (excess lost)

    for (let k = 0; k < attacks; k++) {
      // Roll to hit, with at most one re-roll.
      let hits = 1;
      let critical = false;
      if (hitTarget > 1) {
        let face = 0;
        for (let attempt = 0; ; attempt++) {
          do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= D6_LIMIT);
          face = (u % 6) + 1;
          if (attempt === 1) break;
          const again = hitReroll === NONE ? false : hitReroll === ONES ? face === 1 : hitReroll === FAILED ? face < hitTarget && face < hitCritOn : face < hitCritOn;
          if (!again) break;
        }
        critical = face >= hitCritOn;
        if (!critical && (face < hitTarget || face === 1)) continue;
        if (critical) hits += extraHits;
      }

      for (let h = 0; h < hits; h++) {
        const isCritHit = critical && h === 0;
        let points = 0;
        if (isCritHit && critHitMortal) {
          rng.save(a, b, c, d);
          points = rollFlat(hitMortalDice, rng);
          ({ a, b, c, d } = rng);
        } else {
          let rend = 0;
          let mortal = false;
          if (!(isCritHit && critAutoWound) && woundTarget > 1) {
            let face = 0;
            for (let attempt = 0; ; attempt++) {
              do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= D6_LIMIT);
              face = (u % 6) + 1;
              if (attempt === 1) break;
              const again = woundReroll === NONE ? false : woundReroll === ONES ? face === 1 : woundReroll === FAILED ? face < woundTarget && face < woundCritOn : face < woundCritOn;
              if (!again) break;
            }
            const woundCrit = face >= woundCritOn;
            if (!woundCrit && (face < woundTarget || face === 1)) continue;
            if (woundCrit) {
              if (critWoundMortal) mortal = true;
              else rend = critRend;
            }
          }
          if (mortal) {
            rng.save(a, b, c, d);
            points = rollFlat(woundMortalDice, rng);
            ({ a, b, c, d } = rng);
          } else {
            const needed = saveBase + rend;
            if (needed <= 6) {
              do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= D6_LIMIT);
              const face = (u % 6) + 1;
              if (face >= needed && face !== 1) continue; // saved; a natural 1 always fails
            }
            if (damageDice.count === 0) points = damageDice.modifier;
            else {
              rng.save(a, b, c, d);
              points = rollFlat(damageDice, rng);
              ({ a, b, c, d } = rng);
            }
          }
        }
        // Ward: each point of damage is rolled for separately.
        if (ward <= 6) {
          let kept = 0;
          for (let p = 0; p < points; p++) {
            do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= D6_LIMIT);
            if ((u % 6) + 1 < ward) kept++;
          }
          points = kept;
        }
        if (points === 0) continue;
        if (spill) total += points;
        else if (slain < targetModels) {
          current += points;
          if (current >= health) {
            slain++;
            current = 0; // the excess of this packet is lost
          }
        }
      }
    }

    if (spill) {
      const wounds = targetModels * health;
      const damage = capped && total > wounds ? wounds : total;
      const dead = Math.floor(damage / health);
      if (capped) tally.record(damage, dead, total >= wounds);
      else if (health > 1) tally.record(damage, dead);
      else tally.record(damage);
    } else if (capped) tally.record(slain * health + current, slain, slain === targetModels);
    else if (health > 1) tally.record(slain * health + current, slain);
    else tally.record(slain * health + current);
  }
  rng.save(a, b, c, d);
}
