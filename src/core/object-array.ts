/**
 * An empty array already of the elements kind an array of objects (or of numbers mixed with null)
 * ends in. An empty array literal starts as small integers and changes map at its first object, so
 * the simulators' arrays made per scenario (or left empty) met code compiled for the other map and
 * were compiled again ("wrong map"); arrays made here have one map from the start.
 */
export function objectArray<T>(): T[] {
  return [null as T].slice(0, 0);
}
