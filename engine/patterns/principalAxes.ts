// Principal axes of a set of points by power iteration (bic.ts tries a split
// along each of a cluster's first axes; the picture of runs uses the first two
// of all runs). Deterministic: each axis is started towards the point farthest
// from the centre, so the same points give the same axes.
import type { Points } from "../stats/kmeans.js";
import { addRowScaled, dotAt, squaredDistance } from "../stats/rowKernels.js";

const POWER_ITERATIONS = 60;
/** Squared change of the unit axis between iterations below which it has settled: the axis to a
 * few parts in 10⁵, enough to cut along it. */
const SETTLED = 1e-9;

/** Scores on the `count` directions of greatest spread, one after another (power iteration with
 * deflation). The axes are the spread's, not a split's: in more dimensions than points any two
 * halves can be set apart along some direction, and the one 2-means would pick always looks
 * bimodal. The iteration runs on the smaller of the n × n Gram matrix of the centred points and
 * their D × D scatter matrix: the same axes (the scores t = Xv solve XXᵀt = λt when XᵀXv = λv),
 * at a cost of n²D once instead of nD per iteration. */
export function principalScores(sub: Points, count: number): Float64Array[] {
  const { n, dims: d } = sub;
  const x = centred(sub);
  const axes = Math.min(count, d, n - 1);
  if (axes <= 0) return [];
  // Start each axis towards the point farthest from the centre (its row of the Gram matrix is X times it).
  let far = 0;
  let farNorm = 0;
  for (let i = 0; i < n; i++) {
    const s = dotAt(x, i * d, x, i * d, d);
    if (s > farNorm) {
      farNorm = s;
      far = i;
    }
  }
  if (!(farNorm > 0)) return [];
  if (n <= d) {
    const gram = crossProducts(x, n, d, true);
    return eigenvectors(gram, n, axes, () => gram.slice(far * n, (far + 1) * n)).map(({ vector, value }) =>
      vector.map((u) => u * Math.sqrt(value)),
    );
  }
  const scatter = crossProducts(x, n, d, false);
  return eigenvectors(scatter, d, axes, () => x.slice(far * d, (far + 1) * d)).map(({ vector }) => {
    const t = new Float64Array(n);
    for (let i = 0; i < n; i++) t[i] = dotAt(x, i * d, vector, 0, d);
    return t;
  });
}

function centred(points: Points): Float64Array {
  const { n, dims: d } = points;
  const x = points.data.slice(0, n * d);
  for (let j = 0; j < d; j++) {
    let m = 0;
    for (let i = 0; i < n; i++) m += x[i * d + j];
    m /= n;
    for (let i = 0; i < n; i++) x[i * d + j] -= m;
  }
  return x;
}

/** XXᵀ (rows: n × n) or XᵀX (d × d), symmetric, row-major. */
function crossProducts(x: Float64Array, n: number, d: number, rows: boolean): Float64Array {
  // Rows are read at their offsets in x: a subarray a row was an object to collect each time (these loops
  // run for every split tried, in every Monte Carlo draw).
  if (rows) {
    const g = new Float64Array(n * n);
    for (let a = 0; a < n; a++) {
      const ra = a * d;
      for (let b = a; b < n; b++) {
        const s = dotAt(x, ra, x, b * d, d);
        g[a * n + b] = s;
        g[b * n + a] = s;
      }
    }
    return g;
  }
  const c = new Float64Array(d * d);
  for (let i = 0; i < n; i++) {
    const r = i * d;
    for (let a = 0; a < d; a++) {
      const ra = x[r + a];
      if (ra !== 0) addRowScaled(c, a * d + a, x, r + a, d - a, ra);
    }
  }
  for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) c[a * d + b] = c[b * d + a];
  return c;
}

/** The first `count` unit eigenvectors of the symmetric `m` × `m` matrix `s` and their eigenvalues,
 * by power iteration from `start()` with deflation (s is changed); fewer where s runs out. */
function eigenvectors(
  s: Float64Array,
  m: number,
  count: number,
  start: () => Float64Array,
): { vector: Float64Array; value: number }[] {
  const out: { vector: Float64Array; value: number }[] = [];
  // Two vectors in turn, each iteration's product made unit in place: the same numbers as a new
  // array for each, without the garbage (these loops run for every split tried, in every draw).
  let v = new Float64Array(m);
  let u = new Float64Array(m);
  for (let k = 0; k < count; k++) {
    v.set(start());
    if (!toUnit(v)) break;
    for (let it = 0; it < POWER_ITERATIONS; it++) {
      multiplyInto(s, m, v, u);
      if (!toUnit(u)) return out;
      const change = squaredDistance(u, 0, v, 0, m);
      [v, u] = [u, v];
      if (change < SETTLED) break;
    }
    multiplyInto(s, m, v, u);
    const value = dot(u, v);
    if (!(value > 0)) break;
    out.push({ vector: v.slice(), value });
    // Deflate: take this axis out (s − value·v[a]·v[b], as s + (−value·v[a])·v[b]: the same to the bit).
    for (let a = 0; a < m; a++) addRowScaled(s, a * m, v, 0, m, -(value * v[a]));
  }
  return out;
}

/** out = s·v (out is not v). */
function multiplyInto(s: Float64Array, m: number, v: Float64Array, out: Float64Array): void {
  for (let a = 0; a < m; a++) out[a] = dotAt(s, a * m, v, 0, m);
}

function dot(a: Float64Array, b: Float64Array): number {
  return dotAt(a, 0, b, 0, a.length);
}

/** Divides v by its length in place; false (v unchanged) when it has none. */
function toUnit(v: Float64Array): boolean {
  const len = Math.sqrt(dot(v, v));
  if (!(len > 0)) return false;
  for (let j = 0; j < v.length; j++) v[j] /= len;
  return true;
}

/** Each point's scores on the first two principal axes (zeros where they spread less), for a
 * picture, from the scores on the first axes. */
export function planeOf(n: number, axes: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(n * 2);
  axes.slice(0, 2).forEach((t, axis) => t.forEach((x, i) => (out[i * 2 + axis] = x)));
  return out;
}

/** The points listed in `members`, in that order. */
export function subset(points: Points, members: readonly number[]): Points {
  const d = points.dims;
  const data = new Float64Array(members.length * d);
  members.forEach((m, i) => data.set(points.data.subarray(m * d, (m + 1) * d), i * d));
  return { data, n: members.length, dims: d };
}
