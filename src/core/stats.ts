/**
 * Agreement of a Monte Carlo tally with an exact distribution: chi-square with sparse bins
 * pooled (and its p-value), total variation distance, and the z-score of the mean.
 */
import { type Dist, clampProbability, mean, sd } from './dist.js';

/** Significance level below which a comparison fails. */
export const ALPHA = 1e-4;
/** Largest |z| of a mean (or of a probability) that passes. */
export const MAX_Z = 4.5;
/** Smallest expected count of a pooled chi-square bin. */
const MIN_EXPECTED = 5;
/**
 * Rounding level: an exact probability within this of 0 or 1, or a distribution whose standard
 * deviation is below this (relative to its mean, at least 1), is a certainty; a difference below
 * it is exact agreement, not an infinite z-score.
 */
export const ROUNDING = 1e-12;

export interface Agreement {
  /** Chi-square statistic over pooled bins. */
  chiSquare: number;
  degreesOfFreedom: number;
  pValue: number;
  /** Total variation distance ½ Σ |p̂ − p|. */
  tvd: number;
  /** (MC mean − exact mean) / standard error; 0 for a categorical table. */
  zMean: number;
  /** The tally put weight where the exact answer says it is impossible. */
  impossible: boolean;
  pass: boolean;
}

/** Compare observed counts (by value 0..n) with an exact distribution. */
export function compareCounts(exact: Dist, counts: ArrayLike<number>): Agreement {
  const n = sumOf(counts);
  const expected: number[] = [];
  const observed: number[] = [];
  const length = Math.max(exact.length, counts.length);
  for (let k = 0; k < length; k++) {
    expected.push(exact[k] ?? 0);
    observed.push(counts[k] ?? 0);
  }
  const base = chiSquareTest(expected, observed, n);
  let mcMean = 0;
  for (let k = 0; k < observed.length; k++) mcMean += (k * observed[k]) / n;
  const exactMean = mean(exact);
  const diff = mcMean - exactMean;
  const scale = Math.max(1, Math.abs(exactMean));
  const spread = sd(exact);
  // A point mass at rounding level: its mean agrees when the difference is rounding too; otherwise
  // the z-score against the rounding level (large, finite: JSON has no Infinity)
  const zMean = spread >= ROUNDING * scale ? diff / (spread / Math.sqrt(n)) : Math.abs(diff) <= ROUNDING * scale ? 0 : diff / ((ROUNDING * scale) / Math.sqrt(n));
  return { ...base, zMean, pass: base.pass && Math.abs(zMean) <= MAX_Z };
}

/** Compare counts of named categories with exact probabilities (mutually exclusive, summing to 1). */
export function compareCategories(exact: Record<string, number>, counts: Record<string, number>): Agreement {
  const keys = [...new Set([...Object.keys(exact), ...Object.keys(counts)])].sort();
  const n = sumOf(Object.values(counts));
  const expected = keys.map((k) => exact[k] ?? 0);
  const observed = keys.map((k) => counts[k] ?? 0);
  return { ...chiSquareTest(expected, observed, n), zMean: 0 };
}

/** A single probability: z-test of a binomial proportion. */
export function compareProbability(exact: number, successes: number, n: number): Agreement {
  const p = clampProbability(exact);
  const estimate = successes / n;
  const diff = estimate - p;
  const variance = p * (1 - p);
  // Within rounding of 0 or 1, the exact answer is a certainty: the tally agrees only if it never
  // saw the other outcome (then exactly, z = 0); the z-score's spread is at least the rounding level
  const certain = variance < ROUNDING;
  const impossible = certain && successes !== (p > 0.5 ? n : 0);
  const se = Math.sqrt(Math.max(variance, ROUNDING) / n);
  const z = certain && !impossible ? 0 : diff / se;
  const pValue = impossible ? 0 : 2 * normalUpperTail(Math.abs(z));
  return {
    chiSquare: z * z,
    degreesOfFreedom: 1,
    pValue,
    tvd: Math.abs(diff),
    zMean: z,
    impossible,
    pass: !impossible && Math.abs(z) <= MAX_Z,
  };
}

function chiSquareTest(expectedP: number[], observed: number[], n: number): Omit<Agreement, 'zMean'> {
  let tvd = 0;
  let impossible = false;
  for (let k = 0; k < expectedP.length; k++) {
    tvd += Math.abs(observed[k] / n - expectedP[k]);
    if (expectedP[k] === 0 && observed[k] > 0) impossible = true;
  }
  tvd /= 2;
  // Pool adjacent bins until each has an expected count of at least MIN_EXPECTED.
  const groups: Array<{ e: number; o: number }> = [];
  let e = 0;
  let o = 0;
  for (let k = 0; k < expectedP.length; k++) {
    e += expectedP[k] * n;
    o += observed[k];
    if (e >= MIN_EXPECTED) {
      groups.push({ e, o });
      e = 0;
      o = 0;
    }
  }
  if (groups.length === 0) groups.push({ e, o });
  else {
    groups[groups.length - 1].e += e;
    groups[groups.length - 1].o += o;
  }
  let chiSquare = 0;
  for (const g of groups) if (g.e > 0) chiSquare += ((g.o - g.e) * (g.o - g.e)) / g.e;
  const degreesOfFreedom = Math.max(groups.length - 1, 0);
  const pValue = impossible ? 0 : degreesOfFreedom === 0 ? 1 : upperRegularizedGamma(degreesOfFreedom / 2, chiSquare / 2);
  return { chiSquare, degreesOfFreedom, pValue, tvd, impossible, pass: !impossible && pValue >= ALPHA };
}

function sumOf(xs: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return s;
}

/** P(Z > z) for a standard normal, via the complementary error function. */
export function normalUpperTail(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

function erfc(x: number): number {
  // erfc(x) = Γ(1/2, x²)/√π for x ≥ 0.
  return x < 0 ? 2 - erfc(-x) : upperRegularizedGamma(0.5, x * x);
}

/** Q(a, x) = Γ(a, x) / Γ(a): series for x < a + 1, Lentz's continued fraction otherwise. */
export function upperRegularizedGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10000; n++) {
      term *= x / (a + n);
      sum += term;
      if (term < sum * 1e-16) break;
    }
    return Math.max(0, 1 - sum * Math.exp(-x + a * Math.log(x) - logGamma(a)));
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** ln Γ(x), Lanczos approximation (g = 7, n = 9), accurate to ~1e-15 relative. */
export function logGamma(x: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}
