/** The closed form C(n, k) q^k (1 − q)^(n − k), for k = 0..n: the truth the engines are tested against. */
export function binomialPmf(n: number, q: number): number[] {
  const out: number[] = [];
  for (let k = 0; k <= n; k++) {
    let c = 1;
    for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
    out.push(c * q ** k * (1 - q) ** (n - k));
  }
  return out;
}
