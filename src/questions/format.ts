/** Number formats shared by the renderers. */
export function percent(p: number): string {
  if (p === 0) return '0%';
  if (p >= 0.9995 && p < 1) return '>99.9%';
  if (p < 0.0005) return '<0.1%';
  return `${(100 * p).toFixed(1)}%`;
}

export function fixed(x: number, digits = 3): string {
  return Number.isFinite(x) ? x.toFixed(digits) : String(x);
}

/** Significant-figure format for p-values and statistics. */
export function sig(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  return Math.abs(x) >= 0.001 && Math.abs(x) < 1e6 ? String(Number(x.toPrecision(3))) : x.toExponential(2);
}
