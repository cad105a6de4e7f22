/**
 * Unicode bar charts: one bar per row, eighth-block precision.
 */
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A horizontal bar of `value / max` of `width` cells. */
export function bar(value: number, max: number, width = 24): string {
  if (!(max > 0) || value <= 0) return '';
  const cells = Math.max(0, Math.min(width, (value / max) * width));
  const full = Math.floor(cells);
  const part = Math.floor((cells - full) * 8);
  return '█'.repeat(full) + EIGHTHS[part];
}

