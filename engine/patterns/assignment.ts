// The least-cost assignment of rows to columns (the Hungarian method, Kuhn
// 1955, in the O(n²·m) shortest-augmenting-path form of Jonker & Volgenant
// with potentials): thread alignment (threadAlignment.ts) gives each of a
// run's threads of one role its own slot. Written here because the npm
// packages that do it (munkres, linear-sum-assignment) are not among the
// project's dependencies and this is forty lines.

/** For each row of the `rows` × `cols` cost matrix (row-major), its column, every column used at
 * most once, the sum of costs least; when there are more rows than columns the rows left over get −1.
 * Ties go to the lower row and column indices, so the same costs give the same assignment. */
export function assign(cost: Float64Array, rows: number, cols: number): Int32Array {
  if (rows > cols) {
    // Assign columns to rows instead, and read it back.
    const t = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) t[j * rows + i] = cost[i * cols + j];
    const colToRow = assign(t, cols, rows);
    const out = new Int32Array(rows).fill(-1);
    colToRow.forEach((i, j) => (out[i] = j));
    return out;
  }
  // 1-based as in the classical statement: p[j] is the row on column j (0 = none), u/v the potentials.
  const u = new Float64Array(rows + 1);
  const v = new Float64Array(cols + 1);
  const p = new Int32Array(cols + 1);
  const way = new Int32Array(cols + 1);
  for (let i = 1; i <= rows; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(cols + 1).fill(Infinity);
    const used = new Uint8Array(cols + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= cols; j++) {
        if (used[j]) continue;
        const cur = cost[(i0 - 1) * cols + (j - 1)] - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= cols; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  const out = new Int32Array(rows).fill(-1);
  for (let j = 1; j <= cols; j++) if (p[j] > 0) out[p[j] - 1] = j - 1;
  return out;
}
