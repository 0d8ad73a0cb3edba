// The loops over rows of Float64Arrays that the analyses run most (issue 32
// item 3): distances, dot products, sums of rows. Each caller runs its own
// outer loop and hands the inner one here, so one small function per kind of
// loop is made fast once and serves every caller: a cold command otherwise
// spent a third of its CPU optimising (and, on code that ran once, reoptimising)
// a dozen copies of the same loops, each run mostly unoptimised before. Every
// kernel adds its terms in index order, as the loops it replaced did, so the
// sums are the same to the bit; where a loop squared with `** 2`, the kernel's
// t·t is too, in V8, whose pow gives x·x exactly for the exponent 2 (checked on
// every tier, the interpreter's included; the language leaves it to the engine).

/** `sum` plus Σⱼ (a[ai + j] − b[bi + j])², j < n, added term by term: two sums accumulated row by row
 * (separationOf's) keep the order of one loop over all rows. */
export function addSquaredDistance(
  sum: number,
  a: Float64Array,
  ai: number,
  b: Float64Array,
  bi: number,
  n: number,
): number {
  for (let j = 0; j < n; j++) {
    const t = a[ai + j] - b[bi + j];
    sum += t * t;
  }
  return sum;
}

/** Σⱼ (a[ai + j] − b[bi + j])², j < n. */
export function squaredDistance(a: Float64Array, ai: number, b: Float64Array, bi: number, n: number): number {
  return addSquaredDistance(0, a, ai, b, bi, n);
}

/** Σⱼ a[ai + j]·b[bi + j], j < n. */
export function dotAt(a: Float64Array, ai: number, b: Float64Array, bi: number, n: number): number {
  let s = 0;
  for (let j = 0; j < n; j++) s += a[ai + j] * b[bi + j];
  return s;
}

/** out[oi + j] += a[ai + j], j < n. */
export function addRow(out: Float64Array, oi: number, a: Float64Array, ai: number, n: number): void {
  for (let j = 0; j < n; j++) out[oi + j] += a[ai + j];
}

/** out[oi + j] += a[ai + j]·scale, j < n. */
export function addRowScaled(
  out: Float64Array,
  oi: number,
  a: Float64Array,
  ai: number,
  n: number,
  scale: number,
): void {
  for (let j = 0; j < n; j++) out[oi + j] += a[ai + j] * scale;
}
