// Which workload features a trend can be fitted to. Paper 002 fits cost
// against features that vary over the workloads ("workloads of many sizes",
// §2.1); a feature equal in every run, or taking two values, gives a powerlaw
// through at most two points, an exponent that means nothing and an R² of 1
// by construction. A powerlaw's points are those with a positive feature
// (A.1.3 fits log x), so the values counted are the positive ones (issue 27
// item 8). Such features are left out with a note saying why.

/** Distinct positive values a feature needs: through two, any line or powerlaw fits exactly. */
export const MIN_DISTINCT_VALUES = 3;
/** Largest minus smallest over the largest magnitude: below this the values are one size measured thrice (1,000,000 and 1,000,000.000001). */
export const MIN_RELATIVE_SPREAD = 0.01;
/** Beyond this, x² and the sums of a least-squares fit leave double precision. */
export const MAX_FEATURE_MAGNITUDE = 1e100;

export interface FeatureSeries {
  readonly name: string;
  readonly values: Float64Array;
}

export interface FeatureSelection {
  readonly features: FeatureSeries[];
  /** Why each feature left out was left out. */
  readonly notes: string[];
  /** Every feature every run has, usable or not. */
  readonly shared: string[];
  /** The reason `only` cannot be used, when it was asked for and cannot. */
  readonly refused: string | null;
}

export function selectFeatures(
  runs: readonly { readonly features: Readonly<Record<string, number>> }[],
  only: string | undefined,
): FeatureSelection {
  const names = [...new Set(runs.flatMap((r) => Object.keys(r.features)))].sort();
  const shared = names.filter((n) => runs.every((r) => n in r.features && Number.isFinite(r.features[n])));
  const notes: string[] = names
    .filter((n) => !shared.includes(n))
    .map((n) => `feature ${n} is missing from some runs: not used`);
  const features: FeatureSeries[] = [];
  let refused: string | null = only && !shared.includes(only) ? "not a feature of every run" : null;
  for (const name of only ? shared.filter((n) => n === only) : shared) {
    const values = Float64Array.from(runs, (r) => r.features[name]);
    const why = unusable(values);
    if (why === null) features.push({ name, values });
    else if (only) refused = why;
    else notes.push(`feature ${name} ${why}: not used`);
  }
  return { features, notes, shared, refused };
}

function unusable(values: Float64Array): string | null {
  const distinct = new Set(values).size;
  if (distinct === 1) return `is ${values[0]} in every run`;
  const positive = new Set(values.filter((v) => v > 0)).size;
  if (positive < MIN_DISTINCT_VALUES)
    return `takes only ${positive} distinct positive ${positive === 1 ? "value" : "values"} across the runs (a trend needs ${MIN_DISTINCT_VALUES})`;
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const magnitude = Math.max(Math.abs(lo), Math.abs(hi));
  if (magnitude > MAX_FEATURE_MAGNITUDE)
    return `reaches ${magnitude.toExponential(1)}, too large to fit in double precision`;
  if (hi - lo < MIN_RELATIVE_SPREAD * magnitude)
    return `varies by less than ${MIN_RELATIVE_SPREAD * 100}% across the runs (${lo} … ${hi})`;
  return null;
}
