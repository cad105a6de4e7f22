/**
 * The growth of the tables an engine fills as it meets new states (judgements, fates, counts,
 * steps): a copy of `table` at least `length` long and at least twice as long (so growing stays
 * rare), its old entries kept and the new ones `empty`.
 */
export function grownInt32(table: Int32Array, length: number, empty = 0): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(length, table.length * 2));
  grown.set(table);
  if (empty !== 0) grown.fill(empty, table.length);
  return grown;
}

/** grownInt32 for a table of doubles. */
export function grownFloat64(table: Float64Array, length: number): Float64Array<ArrayBuffer> {
  const grown = new Float64Array(Math.max(length, table.length * 2));
  grown.set(table);
  return grown;
}
