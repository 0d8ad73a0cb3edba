// Points rotated onto their principal components, the components without
// variance left out. k-means does not change (distances are kept), but the BIC
// (bic.ts) needs coordinates in which the noise is uncorrelated: a projected
// feature puts one quantity on all 15 axes at once (projection.ts), so a
// thread that starts a little later moves its point along one direction that
// is no axis, and a diagonal model counted that one variation fifteen times.
// On the principal axes it is counted once. It also makes the clustering
// cheaper: R runs span at most R − 1 dimensions however long their PCVs.
// The decomposition is ml-matrix's (Householder tridiagonalisation and QL).
import { EigenvalueDecomposition, Matrix } from "ml-matrix";
import type { Points } from "./kmeans.js";

/** Components with a variance under this share of the largest are numerical zeros. */
const ZERO_VARIANCE = 1e-12;

/** The same rows (same order) on the principal axes, the largest variance first; axes along
 * which the points vary less than `minVariance` (the mean square of their coordinates) are left out. */
export function principalPoints(points: Points, minVariance = 0): Points {
  const { n, dims } = points;
  if (n === 0 || dims === 0) return { data: new Float64Array(0), n, dims: 0 };
  const centred = centre(points);
  // From the smaller of the two Gram matrices: XᵀX (dims²) or XXᵀ (n²).
  const byColumns = dims <= n;
  const gram = byColumns ? crossColumns(centred, n, dims) : crossRows(centred, n, dims);
  const evd = new EigenvalueDecomposition(gram, { assumeSymmetric: true });
  const values = evd.realEigenvalues;
  const vectors = evd.eigenvectorMatrix;
  const top = Math.max(...values, 0);
  // An eigenvalue is the sum of squares along its axis: n × the variance there.
  const keep = values.map((v, i) => ({ v, i })).filter(({ v }) => v > top * ZERO_VARIANCE && v / n > minVariance).sort((a, b) => b.v - a.v);
  const q = keep.length;
  const out = new Float64Array(n * q);
  keep.forEach(({ v, i }, c) => {
    for (let r = 0; r < n; r++) {
      // X = U S Vᵀ: the scores are X V, or U S from the row Gram matrix.
      let score = 0;
      if (byColumns) for (let k = 0; k < dims; k++) score += centred[r * dims + k] * vectors.get(k, i);
      else score = vectors.get(r, i) * Math.sqrt(v);
      out[r * q + c] = score;
    }
  });
  fixSigns(out, n, q);
  return { data: out, n, dims: q };
}

function centre(points: Points): Float64Array {
  const { data, n, dims } = points;
  const out = data.slice(0, n * dims);
  for (let k = 0; k < dims; k++) {
    let m = 0;
    for (let r = 0; r < n; r++) m += out[r * dims + k];
    m /= n;
    for (let r = 0; r < n; r++) out[r * dims + k] -= m;
  }
  return out;
}

function crossColumns(x: Float64Array, n: number, dims: number): Matrix {
  const g = new Matrix(dims, dims);
  for (let a = 0; a < dims; a++) {
    for (let b = a; b < dims; b++) {
      let s = 0;
      for (let r = 0; r < n; r++) s += x[r * dims + a] * x[r * dims + b];
      g.set(a, b, s);
      g.set(b, a, s);
    }
  }
  return g;
}

function crossRows(x: Float64Array, n: number, dims: number): Matrix {
  const g = new Matrix(n, n);
  for (let a = 0; a < n; a++) {
    for (let b = a; b < n; b++) {
      let s = 0;
      for (let k = 0; k < dims; k++) s += x[a * dims + k] * x[b * dims + k];
      g.set(a, b, s);
      g.set(b, a, s);
    }
  }
  return g;
}

/** Each axis points towards its farthest point, so the same data give the same coordinates. */
function fixSigns(x: Float64Array, n: number, q: number): void {
  for (let c = 0; c < q; c++) {
    let far = 0;
    for (let r = 1; r < n; r++) if (Math.abs(x[r * q + c]) > Math.abs(x[far * q + c])) far = r;
    if (x[far * q + c] < 0) for (let r = 0; r < n; r++) x[r * q + c] = -x[r * q + c];
  }
}
