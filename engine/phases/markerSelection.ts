// Phase-marker selection by active profiling (paper 003 §3.2 and Figure 4), at
// function granularity: a function's entry plays the basic block's part.
//   step 1:  candidates run exactly f times in the regular run (f identical requests);
//   step 2a: their f − 1 recurring distances have a mean and a σ that are not
//            outliers (|x − mean| > 3σ) among all candidates' means and σs;
//   step 2b: they run exactly g times in every irregular run (g requests);
//   step 3:  inner markers are those followed by a long computation before the
//            next candidate (the last occurrence: before the run's end), in a
//            majority of their f occurrences (f identical requests should agree).
// The outer marker: §3.2's prose says "At the end of Step 2, the analysis picks
// the first block in the remaining block sequence as the marker of the
// outermost phase", Figure 4 "the block in innerMarkers that first appears".
// The prose is taken: the first survivor of step 2 begins each request, so an
// outer instance is a whole request (what §5.2's leak classes need), where the
// first inner marker can begin in its middle.
// "Long" is over mean + 3σ of "the size of all the gaps in the trace", and
// Figure 4's traceR is the whole trace of the regular run, so the statistics
// are those of the gaps between consecutive calls of the whole run
// (callSequence.ts), not only between candidates: with a few candidates per
// request, as functions give where basic blocks gave hundreds, the long gaps
// would be too large a share of the candidates' own gaps ever to pass 3σ.
// Figure 4 prints step 2a's test after its loop; it can only mean each
// candidate tested against the means and σs of all, which is what is done here.

/** §3.2: "the one commonly used for identifying outliers", 3 standard deviations. */
export const OUTLIER_SIGMAS = 3;

/** One function's entries in the regular run: its count, and its entry times while it had no more than f. */
export interface RegularOccurrences {
  readonly name: string;
  readonly count: number;
  /** Logical times of its entries (elapsed ns, or calls so far), when count = f. */
  readonly times: readonly number[];
}

export interface IrregularCounts {
  /** The run, for the table. */
  readonly label: string;
  /** Requests in its input (g). */
  readonly requests: number;
  readonly counts: ReadonlyMap<string, number>;
}

export type Verdict =
  | { readonly kind: "inner" }
  | { readonly kind: "no-long-gap"; readonly share: number }
  | { readonly kind: "uneven"; readonly which: "mean" | "sigma" | "both" }
  | { readonly kind: "irregular-count"; readonly run: string; readonly count: number; readonly expected: number };

export interface Candidate {
  readonly name: string;
  /** Its count in the regular run: f for every candidate. */
  readonly count: number;
  /** Its count in each irregular run, in the order of the input's runs. */
  readonly irregular: readonly number[];
  /** Mean and σ of its f − 1 recurring distances (§3.2). */
  readonly meanDistance: number;
  readonly sigmaDistance: number;
  /** First entry in the regular run. */
  readonly first: number;
  /** Share of its occurrences followed by a gap over the threshold (step 3). */
  readonly longGapShare: number;
  /** The outer marker: the first candidate left after step 2. */
  readonly outer: boolean;
  readonly verdict: Verdict;
}

export interface MarkerSelection {
  readonly requests: number;
  /** Functions run f times (step 1), each with what became of it. */
  readonly candidates: readonly Candidate[];
  readonly outer: string | null;
  /** Inner markers in order of first appearance (the outer marker among them if it is one). */
  readonly inner: readonly string[];
  /** Step 3's threshold: mean + 3σ of the gaps between consecutive calls of the regular run. */
  readonly gapThreshold: number;
  /** Functions run in the regular run, and how many ran exactly f times. */
  readonly functions: number;
  /** What bears on the selection: too few candidates for 3σ, a regular input that is not regular. */
  readonly notes: readonly string[];
}

/** Mean and σ of the gaps between consecutive calls in the regular run (its whole trace), and its end. */
export interface TraceGaps {
  readonly mean: number;
  readonly sigma: number;
  /** The run's last event, in logical time: the last candidate occurrence's gap runs to it. */
  readonly end: number;
}

/** Candidates IsOutlier can tell apart: one value among n lies at most √(n − 1) σ from their mean, so 3σ needs n ≥ 11. */
export const MIN_CANDIDATES_FOR_3_SIGMA = 11;
/** A regular input's candidates recur evenly (§3.1: identical requests); a median CoV of their distances above this says the requests were not alike. */
export const REGULAR_DISTANCE_COV = 0.2;

export function selectMarkers(regular: readonly RegularOccurrences[], requests: number, irregular: readonly IrregularCounts[], gaps: TraceGaps): MarkerSelection {
  // Step 1. With one request there is no distance to measure: every function run once would do.
  const setB1 = regular.filter((r) => r.count === requests && r.times.length === requests && requests >= 2);
  // Step 2a.
  const stats = setB1.map((r) => distanceStats(r.times));
  const means = stats.map((s) => s.mean);
  const sigmas = stats.map((s) => s.sigma);
  const verdicts = new Map<string, Verdict>();
  const setB2 = setB1.filter((r, i) => {
    const [m, d] = [isOutlier(means[i], means), isOutlier(sigmas[i], sigmas)];
    if (m || d) verdicts.set(r.name, { kind: "uneven", which: m && d ? "both" : m ? "mean" : "sigma" });
    return !m && !d;
  });
  // Step 2b.
  const setB3 = setB2.filter((r) => {
    const off = irregular.find((run) => (run.counts.get(r.name) ?? 0) !== run.requests);
    if (off) verdicts.set(r.name, { kind: "irregular-count", run: off.label, count: off.counts.get(r.name) ?? 0, expected: off.requests });
    return !off;
  });
  // Step 3.
  const threshold = gaps.mean + OUTLIER_SIGMAS * gaps.sigma;
  const shares = longGapShares(setB3, threshold, gaps.end);
  const inner = setB3.filter((r) => shares.get(r.name)! > 0.5).sort((a, b) => a.times[0] - b.times[0]);
  const outer = [...setB3].sort((a, b) => a.times[0] - b.times[0])[0]?.name ?? null;
  for (const r of setB3) verdicts.set(r.name, inner.includes(r) ? { kind: "inner" } : { kind: "no-long-gap", share: shares.get(r.name)! });
  return {
    requests,
    candidates: setB1.map((r, i) => ({
      name: r.name,
      count: r.count,
      irregular: irregular.map((run) => run.counts.get(r.name) ?? 0),
      meanDistance: means[i],
      sigmaDistance: sigmas[i],
      first: r.times[0],
      longGapShare: shares.get(r.name) ?? 0,
      outer: r.name === outer,
      verdict: verdicts.get(r.name)!,
    })),
    outer,
    inner: inner.map((r) => r.name),
    gapThreshold: threshold,
    functions: regular.length,
    notes: selectionNotes(requests, setB1.length, stats),
  };
}

function selectionNotes(requests: number, candidates: number, stats: readonly { mean: number; sigma: number }[]): string[] {
  const notes: string[] = [];
  if (requests < 2) notes.push(`a regular input of ${requests} request has no recurring distance to measure: give it at least 2 (better 3 or more) identical requests`);
  else if (candidates > 0 && candidates < MIN_CANDIDATES_FOR_3_SIGMA) notes.push(`${candidates} candidates: among fewer than ${MIN_CANDIDATES_FOR_3_SIGMA} the 3σ test of step 2a cannot single out an unevenly spaced one`);
  const covs = stats.filter((x) => x.mean > 0).map((x) => x.sigma / x.mean).sort((a, b) => a - b);
  const median = covs.length > 0 ? covs[covs.length >> 1] : 0;
  if (median > REGULAR_DISTANCE_COV) notes.push(`the candidates' distances vary by ${Math.round(median * 100)}% (median CoV): the regular input's requests do not look identical (§3.1)`);
  return notes;
}

function distanceStats(times: readonly number[]): { mean: number; sigma: number } {
  const d = times.slice(1).map((t, j) => t - times[j]);
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const sigma = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / d.length);
  return { mean, sigma };
}

/** Figure 4's IsOutlier: more than 3σ from the mean of the set. */
function isOutlier(x: number, set: readonly number[]): boolean {
  const m = set.reduce((s, v) => s + v, 0) / set.length;
  const d = Math.sqrt(set.reduce((s, v) => s + (v - m) ** 2, 0) / set.length);
  return Math.abs(x - m) > OUTLIER_SIGMAS * d;
}

/** Step 3: every candidate occurrence in time order, and per candidate the share of its occurrences
 * followed by more than `threshold` before the next candidate occurrence (the last: before the run's end). */
function longGapShares(set: readonly RegularOccurrences[], threshold: number, end: number): Map<string, number> {
  const occurrences = set.flatMap((r) => r.times.map((t) => ({ name: r.name, t }))).sort((a, b) => a.t - b.t);
  const long = new Map<string, number>();
  for (let i = 0; i < occurrences.length; i++) {
    const next = i + 1 < occurrences.length ? occurrences[i + 1].t : end;
    if (next - occurrences[i].t > threshold) long.set(occurrences[i].name, (long.get(occurrences[i].name) ?? 0) + 1);
  }
  return new Map(set.map((r) => [r.name, (long.get(r.name) ?? 0) / r.times.length]));
}
