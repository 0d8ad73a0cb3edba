// Points go to the clustering in an order fixed by their content, not by the
// order runs or threads arrived in: the split search breaks ties by position and
// k-means numbers clusters by first member, so this makes every result
// independent of run order and of run ids.

/** Indices of `vectors` sorted lexicographically by their values (equal vectors keep their order). */
export function contentOrder(vectors: readonly Float64Array[]): number[] {
  return vectors
    .map((_, i) => i)
    .sort((a, b) => {
      const x = vectors[a];
      const y = vectors[b];
      const n = Math.min(x.length, y.length);
      for (let k = 0; k < n; k++) if (x[k] !== y[k]) return x[k] - y[k];
      return x.length - y.length || a - b;
    });
}
