// BB-TrendProf's clusters (paper 002 §2.3.1): "A cluster consists of one
// location, called the cluster representative, together with the set of
// locations that linearly fit the representative with R² > 1 − α … Initially
// the set of cluster representatives is the set of user-specified features. We
// consider locations in descending order of variance and add location ℓ to all
// clusters whose representative it fits. If ℓ fits no existing cluster
// representatives, ℓ becomes the cluster representative for a new cluster."
// R² of a linear fit is the squared correlation (A.1.5), so each vector is
// centred and scaled to unit length once and a fit is one dot product.

/** α = 0.02 (§2.3.1): locations in one cluster fit each other with R² > 0.92 (appendix B). */
export const ALPHA = 0.02;
/** Locations whose cost varies less than this (σ < 10) carry little information and are discarded (§2.3.1). */
export const MIN_SIGMA = 10;

export interface Series {
  readonly name: string;
  /** One value per workload. */
  readonly values: ArrayLike<number>;
}

export interface Cluster {
  /** A feature's index, or a location's. */
  readonly representative: { readonly kind: "feature" | "location"; readonly index: number };
  /** Indices of its locations, the representative first when it is one. */
  readonly members: readonly number[];
  /** The sum of its locations' costs, per workload (§2.3.2). */
  readonly cost: Float64Array;
}

export interface Clustering {
  readonly clusters: readonly Cluster[];
  /** Locations left out for σ < MIN_SIGMA. */
  readonly discarded: readonly number[];
}

export function buildClusters(locations: readonly Series[], features: readonly Series[], alpha = ALPHA): Clustering {
  const k = locations[0]?.values.length ?? features[0]?.values.length ?? 0;
  const reps: { unit: Float64Array; kind: "feature" | "location"; index: number; members: number[] }[] = [];
  for (const [index, f] of features.entries()) {
    const unit = unitVector(f.values);
    if (unit) reps.push({ unit, kind: "feature", index, members: [] });
  }
  const discarded: number[] = [];
  const kept = locations
    .map((l, index) => ({ index, sd: sampleSd(l.values) }))
    .filter((l) => {
      if (l.sd >= MIN_SIGMA) return true;
      discarded.push(l.index);
      return false;
    })
    .sort((a, b) => b.sd - a.sd || a.index - b.index);
  const bar = 1 - alpha;
  for (const { index } of kept) {
    const unit = unitVector(locations[index].values)!;
    let placed = false;
    for (const rep of reps) {
      let dot = 0;
      for (let i = 0; i < k; i++) dot += unit[i] * rep.unit[i];
      if (dot * dot > bar) {
        rep.members.push(index);
        placed = true;
      }
    }
    if (!placed) reps.push({ unit, kind: "location", index, members: [index] });
  }
  const clusters = reps
    .filter((r) => r.members.length > 0)
    .map((r): Cluster => {
      const cost = new Float64Array(k);
      for (const m of r.members) for (let i = 0; i < k; i++) cost[i] += locations[m].values[i];
      return { representative: { kind: r.kind, index: r.index }, members: r.members, cost };
    });
  return { clusters, discarded: discarded.sort((a, b) => a - b) };
}

/** The values centred on their mean and scaled to length 1; null when they do not vary. */
function unitVector(v: ArrayLike<number>): Float64Array | null {
  const k = v.length;
  let mean = 0;
  for (let i = 0; i < k; i++) mean += v[i];
  mean /= k;
  const out = new Float64Array(k);
  let len = 0;
  for (let i = 0; i < k; i++) {
    out[i] = v[i] - mean;
    len += out[i] * out[i];
  }
  if (!(len > 0)) return null;
  len = Math.sqrt(len);
  for (let i = 0; i < k; i++) out[i] /= len;
  return out;
}

/** Bias-corrected sample standard deviation (A.1.5's σ). */
function sampleSd(v: ArrayLike<number>): number {
  const k = v.length;
  if (k < 2) return 0;
  let mean = 0;
  for (let i = 0; i < k; i++) mean += v[i];
  mean /= k;
  let ss = 0;
  for (let i = 0; i < k; i++) ss += (v[i] - mean) ** 2;
  return Math.sqrt(ss / (k - 1));
}
