/**
 * Reference computations written from the rules files, independent of src/ (the convolution is
 * shared with the whole-fight tests of other rule sets): from rules/kings-of-war.md,
 * the convolution of attackers' damage and the 2D6 nerve table of §6.2.
 */

/** The pmf of the sum of two independent damages. */
export function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j] += x * y)));
  return out;
}

/** §6.2 written out: 36 rolls of 2D6, double 1 holds, ≥ rout routs, double 6 wavers, ≥ waver wavers. */
export function nerve(damage: number, waver: number, rout: number, modifier = 0) {
  const o = { steady: 0, wavered: 0, routed: 0 };
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) {
      const total = a + b + damage + modifier;
      if (a === 1 && b === 1) o.steady += 1 / 36;
      else if (total >= rout) o.routed += 1 / 36;
      else if ((a === 6 && b === 6) || total >= waver) o.wavered += 1 / 36;
      else o.steady += 1 / 36;
    }
  return o;
}
