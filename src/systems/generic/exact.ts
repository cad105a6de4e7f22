/**
 * Exact engine of the generic pipeline. One attack becomes a few "packets" of damage (one per
 * hit that reaches the target), each a small distribution; crits are their own branch, never
 * back-computed from pass chances. Packets are summed by convolution (damage spills over) or
 * pushed through a dynamic programme over (models slain, damage on the current model) when the
 * excess damage of a packet is lost.
 */
import * as D from '../../core/dist.js';
import { diceDist } from '../../core/dice.js';
import { chargeWork, grouped } from '../../core/budget.js';
import { faceDistribution, pAtLeast } from '../../core/d6.js';
import type { Outcome } from '../types.js';
import type { GenericScenario } from './schema.js';
import { rollNeeded, saveNeeded, wardNeeded } from './tables.js';

interface Packets {
  /** P(the attack misses), P(ordinary hit), P(critical hit). */
  miss: number;
  normal: number;
  critical: number;
  /** Damage of an ordinary hit, and of the critical hit itself. */
  normalPacket: D.Dist;
  criticalPacket: D.Dist;
  /** Further ordinary hits a critical hit brings. */
  extraHits: number;
}

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

function attackPackets(s: GenericScenario): Packets {
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
function spillOver(s: GenericScenario, p: Packets, attacks: D.Dist): Outcome {
  const perAttack = D.mixture([
    [p.miss, D.point(0)],
    [p.normal, p.normalPacket],
    [p.critical, D.convolve(p.criticalPacket, D.sumIid(p.normalPacket, p.extraHits))],
  ]);
  const total = D.compound(attacks, perAttack);
  const { models, health } = s.target;
  if (models === null) return health === 1 ? { damage: total } : { damage: total, slain: D.mapValues(total, (t) => Math.floor(t / health)) };
  const wounds = models * health;
  return {
    damage: D.cap(total, wounds),
    slain: D.mapValues(total, (t) => Math.min(models, Math.floor(t / health))),
    destroyed: D.atLeast(total, wounds),
  };
}

/**
 * Excess damage of a packet is lost: state (slain, damage on the current model) after each
 * attack, mixed over the number of attacks.
 */
function excessLost(s: GenericScenario, p: Packets, attacks: D.Dist): Outcome {
  const { health } = s.target;
  const maxPackets = (attacks.length - 1) * (1 + p.extraHits);
  const models = s.target.models ?? maxPackets;
  const size = (models + 1) * health;
  const packetSteps = 2 + p.normalPacket.length * (1 + p.extraHits) + p.criticalPacket.length;
  chargeWork(attacks.length * size * packetSteps, () => `${grouped(attacks.length - 1)} attacks on ${grouped(models)} models of ${health} health without spill-over`);
  const result = new Float64Array(size);
  let state = new Float64Array(size);
  state[0] = 1;
  for (let k = 0; k < attacks.length; k++) {
    if (k > 0) state = oneAttack(state, p, models, health);
    const w = attacks[k];
    if (w > 0) for (let i = 0; i < size; i++) result[i] += w * state[i];
  }
  // state index = slain * health + damage on the current model = damage allocated.
  const damage = D.trim(result);
  const slain = D.mapValues(damage, (i) => Math.floor(i / health));
  if (s.target.models === null) return health === 1 ? { damage } : { damage, slain };
  return { damage, slain, destroyed: result[models * health] };
}

function oneAttack(state: Float64Array, p: Packets, models: number, health: number): Float64Array<ArrayBuffer> {
  const out = new Float64Array(state.length);
  addScaled(out, state, p.miss);
  addScaled(out, applyPacket(state, p.normalPacket, models, health), p.normal);
  if (p.critical > 0) {
    let after = applyPacket(state, p.criticalPacket, models, health);
    for (let i = 0; i < p.extraHits; i++) after = applyPacket(after, p.normalPacket, models, health);
    addScaled(out, after, p.critical);
  }
  return out;
}

/** One packet on the current model: it dies when its damage reaches health; the rest is lost. */
function applyPacket(state: Float64Array, packet: D.Dist, models: number, health: number): Float64Array {
  const out = new Float64Array(state.length);
  const destroyedIndex = models * health;
  for (let i = 0; i < state.length; i++) {
    const w = state[i];
    if (w === 0) continue;
    if (i === destroyedIndex) {
      out[i] += w;
      continue;
    }
    const slain = Math.floor(i / health);
    const current = i - slain * health;
    for (let d = 0; d < packet.length; d++) {
      const q = packet[d];
      if (q === 0) continue;
      out[current + d >= health ? (slain + 1) * health : i + d] += w * q;
    }
  }
  return out;
}

function addScaled(out: Float64Array, x: Float64Array, w: number): void {
  if (w === 0) return;
  for (let i = 0; i < out.length; i++) out[i] += w * x[i];
}
