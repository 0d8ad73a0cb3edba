// Benjamini & Hochberg (1995), "Controlling the false discovery rate", JRSS B 57(1), §3: of m tests
// with p-values p₍₁₎ ≤ … ≤ p₍ₘ₎, reject the k smallest where k is the largest i with p₍ᵢ₎ ≤ i·q/m; the
// expected share of false discoveries among the rejections is then at most q for independent tests (and
// for positively dependent ones, Benjamini & Yekutieli 2001). Each p-value's adjusted value (its q-value)
// is min over j ≥ i of p₍ⱼ₎·m/j: a test is rejected at q exactly when its adjusted value is ≤ q.

/** The adjusted p-values, in the order given. */
export function adjustedPValues(p: readonly number[]): number[] {
  const m = p.length;
  const order = p.map((_, i) => i).sort((a, b) => p[a] - p[b] || a - b);
  const out = new Array<number>(m);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    running = Math.min(running, (p[order[k]] * m) / (k + 1));
    out[order[k]] = running;
  }
  return out;
}
