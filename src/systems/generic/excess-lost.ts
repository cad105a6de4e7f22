/**
 * Excess damage lost (generic pipeline): each packet of damage goes on the model being worked
 * on; a packet that kills it loses its excess, and the next packet starts on a fresh model.
 *
 * The state is (models slain, damage on the current model — its phase, 0..health−1). What one
 * attack does depends on the phase only, never on how many models are already slain, so one
 * attack is a health × health matrix M whose entries are distributions of the models it slays
 * (M[from][to] = P(phase from → to, and k models slain)), and n attacks are the matrix power
 * M^n with entries combined by convolution: by repeated squaring, in about 2 log₂ n products,
 * or attack by attack when that is cheaper (or the number of attacks is random). Models slain
 * are capped at the unit's size as they are counted — min(slain, models): once the unit is gone,
 * later attacks change nothing — so the cost depends on the unit, not on the number of attacks.
 */
import * as D from '../../core/dist.js';
import { checkWork, grouped } from '../../core/budget.js';

/** One attack as packets of damage (see exact.ts). */
export interface AttackPackets {
  miss: number;
  normal: number;
  critical: number;
  normalPacket: D.Dist;
  criticalPacket: D.Dist;
  extraHits: number;
}

export interface Allocated {
  /** Damage allocated: models slain × health + damage on the current model. */
  damage: D.Dist;
  /** P(every model slain); null without a unit size. */
  destroyed: number | null;
}

/** [from phase][to phase]: the distribution of models slain, null when the move cannot happen. */
type Matrix = Array<Array<D.Dist | null>>;
/** [phase]: the distribution of models slain with the current model in that phase. */
type Row = Array<D.Dist | null>;

export function excessLost(p: AttackPackets, attacks: D.Dist, models: number | null, health: number): Allocated {
  const last = attacks.length - 1;
  const perAttack = 1 + p.extraHits; // models one attack can slay at most
  const cap = models ?? last * perAttack;
  const fixed = attacks[last] === 1;
  // At most every model slain by k attacks; but only the bulk of the distribution costs (dist.ts
  // reads entries under 2^-100 of the largest as 0): about ±12 standard deviations, each at most
  // perAttack √k / 2. The bound refuses; the typical width picks the cheaper method.
  const bound = (k: number) => Math.min(cap, k * perAttack) + 1;
  const typical = (k: number) => Math.min(bound(k), 1 + Math.ceil(12 * perAttack * Math.sqrt(k)));
  const most = Math.min(fixed ? powerWork(last, health, bound) : Infinity, stepWork(last, perAttack, health, bound));
  checkWork(most, () => `${grouped(last)} attacks on ${grouped(cap)} models of ${health} health without spill-over`);
  const m = attackMatrix(p, health, cap);
  const start: Row = Array.from({ length: health }, (_, phase) => (phase === 0 ? D.point(0) : null));
  const row =
    fixed && last > 0 && powerWork(last, health, typical) <= stepWork(last, perAttack, health, typical)
      ? power(m, last, cap)
      : mixedSteps(start, m, attacks, cap);
  // index = slain × health + phase; slain = cap is the whole unit (phase 0).
  const out = new Float64Array((cap + 1) * health);
  row.forEach((slain, phase) => slain?.forEach((q, k) => (out[k === models ? k * health : k * health + phase] += q)));
  const damage = D.trim(out);
  return { damage, destroyed: models === null ? null : D.at(damage, models * health) };
}

/** The attack's matrix, built by pushing each starting phase through the attack's packets. */
function attackMatrix(p: AttackPackets, health: number, cap: number): Matrix {
  const perAttack = 1 + p.extraHits;
  return Array.from({ length: health }, (_, from) => {
    // grid[slain * health + phase], slain 0..perAttack within this attack
    const start = new Float64Array((perAttack + 1) * health);
    start[from] = 1;
    const grid = new Float64Array(start.length);
    addScaled(grid, start, p.miss);
    addScaled(grid, applyPacket(start, p.normalPacket, health), p.normal);
    if (p.critical > 0) {
      let after = applyPacket(start, p.criticalPacket, health);
      for (let i = 0; i < p.extraHits; i++) after = applyPacket(after, p.normalPacket, health);
      addScaled(grid, after, p.critical);
    }
    return Array.from({ length: health }, (_, to) => {
      const slain = Float64Array.from({ length: perAttack + 1 }, (_, k) => grid[k * health + to]);
      return slain.some((q) => q > 0) ? D.cap(D.trim(slain), cap) : null;
    });
  });
}

/** One packet on the current model: it dies when its damage reaches health; the rest is lost. */
function applyPacket(grid: Float64Array, packet: D.Dist, health: number): Float64Array {
  const out = new Float64Array(grid.length);
  for (let i = 0; i < grid.length; i++) {
    const w = grid[i];
    if (w === 0) continue;
    const slain = Math.floor(i / health);
    const phase = i - slain * health;
    for (let d = 0; d < packet.length; d++) {
      const q = packet[d];
      if (q === 0) continue;
      out[phase + d >= health ? (slain + 1) * health : i + d] += w * q;
    }
  }
  return out;
}

function addScaled(out: Float64Array, x: Float64Array, w: number): void {
  if (w === 0) return;
  for (let i = 0; i < out.length; i++) out[i] += w * x[i];
}

/**
 * Row 0 of M^n (phase 0, nothing slain, times n attacks), by left-to-right binary powering: square
 * the power for each further bit of n and multiply by M when the bit is set; the last squaring
 * only needs row 0 of the result.
 */
function power(m: Matrix, n: number, cap: number): Row {
  const bits = n.toString(2);
  let p = m;
  for (let i = 1; i < bits.length; i++) {
    const square = (r: Row) => times(r, p, cap);
    if (i === bits.length - 1) {
      const row = square(p[0]);
      return bits[i] === '1' ? times(row, m, cap) : row;
    }
    p = p.map(square);
    if (bits[i] === '1') p = p.map((r) => times(r, m, cap));
  }
  return p[0];
}

/** Σ_n P(N = n) · row · M^n, one attack at a time. */
function mixedSteps(row: Row, m: Matrix, attacks: D.Dist, cap: number): Row {
  const mixed: Array<Array<[number, D.Dist]>> = row.map(() => []);
  for (let n = 0; n < attacks.length; n++) {
    if (n > 0) row = times(row, m, cap);
    const w = attacks[n];
    if (w > 0) row.forEach((slain, phase) => slain && mixed[phase].push([w, slain]));
  }
  return mixed.map((parts) => (parts.length ? D.mixture(parts) : null));
}

/** The row vector times the matrix: out[to] = Σ_from row[from] ⊛ m[from][to], capped. */
function times(row: Row, m: Matrix, cap: number): Row {
  return m.map((_, to) => {
    let length = 0;
    row.forEach((slain, from) => {
      const step = m[from][to];
      if (slain && step) length = Math.max(length, Math.min(cap, slain.length + step.length - 2) + 1);
    });
    if (length === 0) return null;
    const out = new Float64Array(length);
    row.forEach((slain, from) => {
      const step = m[from][to];
      if (slain && step) D.addConvolution(out, slain, step);
    });
    return D.trim(out);
  });
}

/** Length of a distribution of the models slain by k attacks. */
function slainLength(k: number, perAttack: number, cap: number): number {
  return Math.min(cap, k * perAttack) + 1;
}

/**
 * Multiply-adds of repeated squaring: health³ products of each power. `width` bounds the
 * length of the distribution of models slain by k attacks.
 */
function powerWork(n: number, health: number, width: (k: number) => number): number {
  let work = 0;
  for (let k = 1; k <= n; k *= 2) work += health ** 3 * width(k) ** 2 + health ** 2 * width(n) * width(k);
  return work;
}

/** Multiply-adds of n attacks one at a time. */
function stepWork(n: number, perAttack: number, health: number, width: (k: number) => number): number {
  return n * health ** 2 * width(n) * (perAttack + 1);
}
