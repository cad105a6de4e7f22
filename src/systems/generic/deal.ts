/**
 * What one attack deals, as a small tree the exact engine can read two ways: as a distribution
 * (every packet added, when damage spills over or when a stage is counted), or as a step of the
 * dynamic programme over (models slain, damage on the current model) when the excess damage of a
 * packet is lost. A packet is the damage of one hit, or one source of mortal damage.
 */
import * as D from '../../core/dist.js';
import { chargeWork } from '../../core/budget.js';

export type Deal =
  /** One packet of damage; `mortal` marks mortal damage (it spills over under mortal-spill-over). */
  | { readonly kind: 'packet'; readonly dist: D.Dist; readonly mortal: boolean }
  /** Deals that follow one another, in order. */
  | { readonly kind: 'seq'; readonly parts: readonly Deal[] }
  /** One of several deals, with its probability. */
  | { readonly kind: 'mix'; readonly branches: ReadonlyArray<readonly [number, Deal]> }
  /** A random number of independent copies of a deal, one after another. */
  | { readonly kind: 'times'; readonly count: D.Dist; readonly deal: Deal };

export const NOTHING: Deal = { kind: 'packet', dist: D.point(0), mortal: false };

const isNothing = (d: Deal) => d.kind === 'packet' && d.dist.length === 1;

export function packet(dist: D.Dist, mortal = false): Deal {
  return dist.length === 1 ? NOTHING : { kind: 'packet', dist, mortal };
}

export function seq(...parts: Deal[]): Deal {
  const kept = parts.filter((p) => !isNothing(p));
  return kept.length === 0 ? NOTHING : kept.length === 1 ? kept[0] : { kind: 'seq', parts: kept };
}

/** A mixture; branches that are each one packet of the same kind merge into one packet. */
export function mix(branches: ReadonlyArray<readonly [number, Deal]>): Deal {
  const kept = branches.filter(([p]) => p > 0);
  if (kept.length === 1 && Math.abs(kept[0][0] - 1) < 1e-15) return kept[0][1];
  const packets = kept.filter(([, d]) => d.kind === 'packet' && !isNothing(d)) as Array<readonly [number, Extract<Deal, { kind: 'packet' }>]>;
  const others = kept.filter(([, d]) => d.kind !== 'packet');
  if (others.length === 0 && packets.every(([, d]) => d.mortal === (packets[0]?.[1].mortal ?? false))) {
    const withNothing = kept.map(([p, d]) => [p, (d as Extract<Deal, { kind: 'packet' }>).dist] as const);
    return packet(D.mixture(withNothing), packets[0]?.[1].mortal ?? false);
  }
  return { kind: 'mix', branches: kept };
}

export function times(count: D.Dist, deal: Deal): Deal {
  if (isNothing(deal) || count.length === 1) return NOTHING;
  return { kind: 'times', count, deal };
}

/** Every packet added up. */
export function dealDist(deal: Deal): D.Dist {
  switch (deal.kind) {
    case 'packet':
      return deal.dist;
    case 'seq':
      return deal.parts.reduce((sum, part) => D.convolve(sum, dealDist(part)), D.point(0));
    case 'mix':
      return D.mixture(deal.branches.map(([p, d]) => [p, dealDist(d)] as const));
    case 'times':
      return D.compound(deal.count, dealDist(deal.deal));
  }
}

/** The most damage the deal can do. */
export function maxDamage(deal: Deal): number {
  switch (deal.kind) {
    case 'packet':
      return deal.dist.length - 1;
    case 'seq':
      return deal.parts.reduce((sum, part) => sum + maxDamage(part), 0);
    case 'mix':
      return Math.max(0, ...deal.branches.map(([, d]) => maxDamage(d)));
    case 'times':
      return (deal.count.length - 1) * maxDamage(deal.deal);
  }
}

/**
 * The target's models as the dynamic programme sees them: state index = slain · health + damage
 * on the current model (= damage allocated), up to `size` - 1; `destroyed` is models · health
 * (Infinity without a model count). `mortalSpills`: mortal packets spill over onto the next
 * models, every other packet loses its excess.
 */
export interface Allocator {
  readonly health: number;
  readonly destroyed: number;
  readonly size: number;
  readonly mortalSpills: boolean;
  /** Names the computation in the work meter's message. */
  readonly what: () => string;
}

/** The state distribution after `deal`. */
export function applyDeal(state: D.Dist, deal: Deal, a: Allocator): D.Dist {
  switch (deal.kind) {
    case 'packet':
      return isNothing(deal) ? state : applyPacket(state, deal.dist, deal.mortal && a.mortalSpills, a);
    case 'seq':
      return deal.parts.reduce((s, part) => applyDeal(s, part, a), state);
    case 'mix': {
      const out = new Float64Array(state.length);
      for (const [p, d] of deal.branches) addScaled(out, applyDeal(state, d, a), p);
      return out;
    }
    case 'times':
      return applyRepeated(state, deal.count, (s) => applyDeal(s, deal.deal, a));
  }
}

/** Σ_k P(count = k) · step^k(state). */
export function applyRepeated(state: D.Dist, count: D.Dist, step: (s: D.Dist) => D.Dist): D.Dist {
  const out = new Float64Array(state.length);
  let current = state;
  for (let k = 0; k < count.length; k++) {
    if (k > 0) current = step(current);
    addScaled(out, current, count[k]);
  }
  return out;
}

/**
 * One packet on the current model. Without spill-over the model dies when its damage reaches
 * health and the rest of the packet is lost; with spill-over the points go on to the next models.
 */
function applyPacket(state: D.Dist, packet: D.Dist, spills: boolean, a: Allocator): D.Dist {
  chargeWork(state.length * packet.length, a.what);
  const { health, destroyed } = a;
  const out = new Float64Array(state.length);
  for (let i = 0; i < state.length; i++) {
    const w = state[i];
    if (w === 0) continue;
    if (i === destroyed) {
      out[i] += w;
      continue;
    }
    const slain = Math.floor(i / health);
    const current = i - slain * health;
    for (let d = 0; d < packet.length; d++) {
      const q = packet[d];
      if (q === 0) continue;
      const next = spills ? Math.min(i + d, destroyed) : current + d >= health ? (slain + 1) * health : i + d;
      out[next] += w * q;
    }
  }
  return out;
}

function addScaled(out: Float64Array, x: Float64Array, w: number): void {
  if (w === 0) return;
  for (let i = 0; i < out.length; i++) out[i] += w * x[i];
}
