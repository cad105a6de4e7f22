/**
 * Exact engine of the generic pipeline. One attack becomes a few "packets" of damage (one per
 * hit that reaches the target), each a small distribution; crits are their own branch, never
 * back-computed from pass chances. Packets are summed by convolution, capped at the unit's total
 * health (damage spills over), or pushed through the matrix power of excess-lost.ts over
 * (models slain, damage on the current model) when the excess damage of a packet is lost.
 */
import * as D from '../../core/dist.js';
import { diceDist } from '../../core/dice.js';
import { type AttackPackets, excessLost as allocateExcessLost } from './excess-lost.js';
import { faceDistribution, pAtLeast } from '../../core/d6.js';
import type { Outcome } from '../types.js';
import type { GenericScenario } from './schema.js';
import { rollNeeded, saveNeeded, wardNeeded } from './tables.js';

export function exactGeneric(s: GenericScenario): Outcome {
  const packets = attackPackets(s);
  const attacks = D.sumIid(diceDist(s.attacker.attacks), s.attacker.models);
  return s.situation.allocation === 'spill-over' ? spillOver(s, packets, attacks) : excessLost(s, packets, attacks);
}

/** Damage that gets through the save and the ward, for one wound with `extraRend`. */
function woundPacket(s: GenericScenario, extraRend: number): D.Dist {
  const pSaved = pAtLeast(saveNeeded(s, extraRend));
  const unsaved = D.thin(diceDist(s.attacker.damage), 1 - pAtLeast(wardNeeded(s)));
  return D.mixture([
    [pSaved, D.point(0)],
    [1 - pSaved, unsaved],
  ]);
}

/** Damage of one hit that must roll to wound. */
function hitPacket(s: GenericScenario): D.Dist {
  const target = rollNeeded(s.attacker.wound);
  const crit = s.attacker.woundCrit;
  if (target === 1) return woundPacket(s, 0);
  const isCrit = (f: number) => crit !== null && f >= crit.on;
  // A critical wound is a success, so 'failed' never re-rolls it, even below the wound target.
  const faces = faceDistribution(s.attacker.reroll.wound, (f) => f >= target || isCrit(f), isCrit);
  const parts: Array<[number, D.Dist]> = [];
  for (let f = 1; f <= 6; f++) {
    if (faces[f] === 0) continue;
    if (isCrit(f) && crit!.mortal) parts.push([faces[f], mortalPacket(s, crit!.mortal)]);
    else if (isCrit(f)) parts.push([faces[f], woundPacket(s, crit!.extraRend)]);
    else if (f >= target && f > 1) parts.push([faces[f], woundPacket(s, 0)]);
    else parts.push([faces[f], D.point(0)]);
  }
  return D.mixture(parts);
}

/** Mortal damage skips wound and save; the ward still applies per point. */
function mortalPacket(s: GenericScenario, expr: Parameters<typeof diceDist>[0]): D.Dist {
  return D.thin(diceDist(expr), 1 - pAtLeast(wardNeeded(s)));
}

function attackPackets(s: GenericScenario): AttackPackets {
  const a = s.attacker;
  const normalPacket = hitPacket(s);
  const target = rollNeeded(a.hit);
  if (target === 1) return { miss: 0, normal: 1, critical: 0, normalPacket, criticalPacket: normalPacket, extraHits: 0 };
  const crit = a.hitCrit;
  const isCrit = (f: number) => crit !== null && f >= crit.on;
  // A critical hit is a success, so 'failed' never re-rolls it, even below the hit target.
  const faces = faceDistribution(a.reroll.hit, (f) => f >= target || isCrit(f), isCrit);
  let miss = 0;
  let normal = 0;
  let critical = 0;
  for (let f = 1; f <= 6; f++) {
    if (isCrit(f)) critical += faces[f];
    else if (f >= target && f > 1) normal += faces[f];
    else miss += faces[f];
  }
  const criticalPacket = !crit
    ? normalPacket
    : crit.mortal
      ? mortalPacket(s, crit.mortal)
      : crit.autoWound
        ? woundPacket(s, 0)
        : normalPacket;
  return { miss, normal, critical, normalPacket, criticalPacket, extraHits: crit?.extraHits ?? 0 };
}

/** Damage is pooled: models slain = total damage ÷ health, capped at the unit. */
function spillOver(s: GenericScenario, p: AttackPackets, attacks: D.Dist): Outcome {
  const perAttack = D.mixture([
    [p.miss, D.point(0)],
    [p.normal, p.normalPacket],
    [p.critical, D.convolve(p.criticalPacket, D.sumIid(p.normalPacket, p.extraHits))],
  ]);
  const { models, health } = s.target;
  if (models === null) {
    const total = D.compound(attacks, perAttack);
    return health === 1 ? { damage: total } : { damage: total, slain: D.mapValues(total, (t) => Math.floor(t / health)) };
  }
  // Damage past the unit's total health changes nothing: the sum is capped as it is built.
  const wounds = models * health;
  const damage = D.compoundCapped(attacks, perAttack, wounds);
  return {
    damage,
    slain: D.mapValues(damage, (t) => Math.floor(t / health)),
    destroyed: D.at(damage, wounds),
  };
}

/** Excess damage of a packet is lost (excess-lost.ts). */
function excessLost(s: GenericScenario, p: AttackPackets, attacks: D.Dist): Outcome {
  const { models, health } = s.target;
  const { damage, destroyed } = allocateExcessLost(p, attacks, models, health);
  const slain = D.mapValues(damage, (i) => Math.floor(i / health));
  if (destroyed === null) return health === 1 ? { damage } : { damage, slain };
  return { damage, slain, destroyed };
}
