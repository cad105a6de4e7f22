/**
 * "Did you mean": the candidates nearest to a mistyped name, by edit distance on lower case.
 * A candidate `system/id` is compared by its id part too, so `knights` finds `whfb/knights`,
 * `t9a/knights` and `hott/knights`.
 */

/** Levenshtein distance (insertions, deletions, substitutions each cost 1). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

/**
 * The candidates nearest `typed` (at most `limit`, nearest first, then in the given order): those
 * within a third of the longer name's length (at least 2 edits), comparing `typed` with the whole
 * candidate and, when `typed` names no rule set, with its part after the slash.
 */
export function nearest(typed: string, candidates: readonly string[], limit = 5): string[] {
  const key = typed.trim().toLowerCase();
  const scored = candidates.map((candidate, order) => {
    const lower = candidate.toLowerCase();
    const tail = lower.slice(lower.indexOf('/') + 1);
    const keyTail = key.slice(key.indexOf('/') + 1);
    const distance = Math.min(editDistance(key, lower), editDistance(keyTail, tail) + (key.includes('/') ? 1 : 0));
    return { candidate, order, distance, allowed: Math.max(2, Math.floor(Math.max(keyTail.length, tail.length) / 3)) };
  });
  return scored
    .filter((s) => s.distance <= s.allowed)
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, limit)
    .map((s) => s.candidate);
}

/** " (did you mean a, b or c?)", or "" when nothing is near. */
export function didYouMean(typed: string, candidates: readonly string[]): string {
  const near = nearest(typed, candidates);
  if (!near.length) return '';
  const list = near.length === 1 ? near[0] : `${near.slice(0, -1).join(', ')} or ${near[near.length - 1]}`;
  return ` (did you mean ${list}?)`;
}
