/**
 * Neumaier's compensated summation: a running sum and the low-order bits it lost, so a total of
 * many terms (a distribution's mass, a chain's probabilities) adds no rounding of its own.
 */
export class CompensatedSum {
  private sum = 0;
  private carry = 0;

  add(x: number): void {
    const t = this.sum + x;
    this.carry += Math.abs(this.sum) >= Math.abs(x) ? this.sum - t + x : x - t + this.sum;
    this.sum = t;
  }

  addAll(xs: ArrayLike<number>): void {
    for (let i = 0; i < xs.length; i++) this.add(xs[i]);
  }

  get value(): number {
    return this.sum + this.carry;
  }
}
