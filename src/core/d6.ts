/**
 * Single-D6 probabilities shared by every rule set.
 */

/** P(a D6 rolls at least `target`); targets ≤ 1 always pass, above 6 never. */
export function pAtLeast(target: number): number {
  if (target <= 1) return 1;
  if (target > 6) return 0;
  return (7 - target) / 6;
}

export type Reroll = 'none' | 'ones' | 'failed' | 'all';

/**
 * Distribution of the final natural face (index 1..6) of one D6 after a re-roll policy, where a
 * face passes when `passes(face)` and is critical when `critical(face)`. A die is re-rolled once.
 * - `ones`: a natural 1 is re-rolled;
 * - `failed`: a failed roll is re-rolled;
 * - `all`: every result that is not a critical success is re-rolled (fishing for criticals).
 */
export function faceDistribution(
  reroll: Reroll,
  passes: (face: number) => boolean,
  critical: (face: number) => boolean = () => false,
): Float64Array {
  const faces = new Float64Array(7);
  for (let first = 1; first <= 6; first++) {
    const again =
      reroll === 'ones' ? first === 1 : reroll === 'failed' ? !passes(first) : reroll === 'all' ? !critical(first) : false;
    if (!again) faces[first] += 1 / 6;
    else for (let second = 1; second <= 6; second++) faces[second] += 1 / 36;
  }
  return faces;
}

