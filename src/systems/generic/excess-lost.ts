/**
 * Excess damage lost (generic pipeline), by matrix powers: each packet of damage goes on the
 * model being worked on; a packet that kills it loses its excess (mortal damage spills over
 * under mortal-spill-over), and the next packet starts on a fresh model.
 *
 * The state is (models slain, damage on the current model — its phase, 0..health−1). What one
 * attack does depends on the phase only, never on how many models are already slain, so one
 * attack of a profile is a health × health matrix M whose entries are distributions of the
 * models it slays (M[from][to] = P(phase from → to, and k models slain)), built by pushing each
 * phase through the attack's `Deal` with deal.ts's `applyDeal`. n attacks are the matrix power
 * M^n with entries combined by convolution: by repeated squaring, in about 2 log₂ n products, or
 * attack by attack when the number of attacks is random. Models slain are capped at the unit's
 * size as they are counted — once the unit is gone, later attacks change nothing — and entries
 * under 2.2e-308 read as 0 (core/dist.ts), so the cost follows the bulk of the distribution of
 * models slain, not the number of attacks. exact.ts picks this or deal.ts's attack-by-attack
 * programme, whichever its work estimate says is cheaper.
 */
import * as D from '../../core/dist.js';
import { type Allocator, type Deal, applyDeal, maxDamage } from './deal.js';

/** One profile's attacks: how many, and what one of them deals. */
export interface AttackPlan {
  attacks: D.Dist;
  attack: Deal;
}

/** [from phase][to phase]: the distribution of models slain, null when the move cannot happen. */
type Matrix = Array<Array<D.Dist | null>>;
/** [phase]: the distribution of models slain with the current model in that phase. */
type Row = Array<D.Dist | null>;

/** Models one attack of the plan can slay at most: its damage on a model that already has health − 1. */
function slainPerAttack(plan: AttackPlan, health: number): number {
  return Math.floor((health - 1 + maxDamage(plan.attack)) / health);
}

/** Most models the plans can slay (the cap of models slain without a unit size). */
function mostSlain(plans: readonly AttackPlan[], health: number): number {
  return plans.reduce((n, plan) => n + (plan.attacks.length - 1) * slainPerAttack(plan, health), 0);
}

/**
 * Estimated multiply-adds of the matrix method (it grows as health³: with large models the
 * attack-by-attack programme wins). `typical`: bound widths by the bulk of the distribution (±12 standard deviations of the models
 * slain, which is what the loops touch) rather than by every model the attacks could slay.
 */
export function matrixWork(plans: readonly AttackPlan[], health: number, models: number | null, typical: boolean): number {
  const cap = models ?? mostSlain(plans, health);
  let work = 0;
  for (const plan of plans) {
    const n = plan.attacks.length - 1;
    if (n === 0) continue;
    const perAttack = slainPerAttack(plan, health);
    const damage = maxDamage(plan.attack);
    const bound = (k: number) => Math.min(cap, k * perAttack) + 1;
    const width = typical ? (k: number) => Math.min(bound(k), 1 + Math.ceil(12 * perAttack * Math.sqrt(k))) : bound;
    // The matrix: each phase pushed through the deal, on a state as long as one attack can reach.
    work += health * (health + damage) * (damage + 1);
    work += isFixed(plan.attacks) ? powerWork(n, health, width) : stepWork(n, perAttack, health, width);
  }
  return work;
}

/**
 * The distribution of damage allocated (models slain × health + damage on the current model)
 * after every plan in turn, starting on a fresh unit; P(destroyed) is its entry at models × health.
 */
export function excessLostByPowers(plans: readonly AttackPlan[], a: Allocator, models: number | null): D.Dist {
  const { health } = a;
  const cap = models ?? mostSlain(plans, health);
  let row: Row = Array.from({ length: health }, (_, phase) => (phase === 0 ? D.point(0) : null));
  for (const plan of plans) {
    const n = plan.attacks.length - 1;
    if (n === 0) continue;
    const m = attackMatrix(plan.attack, a, cap);
    row = isFixed(plan.attacks) ? powerRow(row, m, n, cap) : mixedSteps(row, m, plan.attacks, cap);
  }
  // index = slain × health + phase; slain = models is the whole unit (no damage on a next model).
  const out = new Float64Array(cap * health + health);
  row.forEach((slain, phase) => slain?.forEach((q, k) => (out[k === models ? k * health : k * health + phase] += q)));
  return D.trim(out);
}

const isFixed = (count: D.Dist) => count[count.length - 1] === 1;

/**
 * The attack's matrix: each starting phase, alone on an unlimited unit, pushed through the
 * attack's deal (applyDeal, the same step as the attack-by-attack programme), then read as
 * (models slain, phase reached).
 */
function attackMatrix(deal: Deal, a: Allocator, cap: number): Matrix {
  const { health } = a;
  // The state never exceeds the starting phase plus the damage dealt.
  const size = health + maxDamage(deal);
  const local: Allocator = { ...a, destroyed: Infinity, size };
  const perAttack = Math.floor((size - 1) / health);
  return Array.from({ length: health }, (_, from) => {
    const start = new Float64Array(size);
    start[from] = 1;
    const grid = applyDeal(start, deal, local);
    return Array.from({ length: health }, (_, to) => {
      const slain = Float64Array.from({ length: perAttack + 1 }, (_, k) => grid[k * health + to] ?? 0);
      return slain.some((q) => q > 0) ? D.cap(D.trim(slain), cap) : null;
    });
  });
}

/**
 * row · M^n by left-to-right binary powering: square the power for each further bit of n and
 * multiply by M when the bit is set; the last squaring is applied to the row only
 * (row · P² = (row · P) · P: two vector products instead of a matrix product).
 */
function powerRow(row: Row, m: Matrix, n: number, cap: number): Row {
  const bits = n.toString(2);
  if (bits.length === 1) return times(row, m, cap);
  let p = m;
  for (let i = 1; i < bits.length - 1; i++) {
    const q = p;
    p = p.map((r) => times(r, q, cap));
    if (bits[i] === '1') p = p.map((r) => times(r, m, cap));
  }
  const out = times(times(row, p, cap), p, cap);
  return bits[bits.length - 1] === '1' ? times(out, m, cap) : out;
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

/**
 * Multiply-adds of repeated squaring: health³ products of each power, and the two row products
 * of the last step. `width` bounds the length of the distribution of models slain by k attacks.
 */
function powerWork(n: number, health: number, width: (k: number) => number): number {
  let work = 0;
  for (let k = 1; 2 * k <= n; k *= 2) work += health ** 3 * width(k) ** 2;
  return work + 3 * health ** 2 * width(n) * width(Math.ceil(n / 2));
}

/** Multiply-adds of n attacks one at a time. */
function stepWork(n: number, perAttack: number, health: number, width: (k: number) => number): number {
  return n * health ** 2 * width(n) * (perAttack + 1);
}
