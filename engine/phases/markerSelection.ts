// Phase-marker selection by active profiling (paper 003 §3.2 and Figure 4), at
// function granularity: a function's entry plays the basic block's part.
//   step 1:  candidates run exactly f times in the regular run (f identical requests);
//   step 2a: their f − 1 recurring distances have a mean and a σ that are not
//            outliers (|x − mean| > 3σ) among all candidates' means and σs;
//   step 2b: they run exactly g times in every irregular run (g requests);
//   step 3:  inner markers are those followed by a long computation before the
//            next candidate (or their request's end) in most requests, the
//            threshold taken within the requests (requestWindows.ts).
// The outer marker: §3.2's prose says "At the end of Step 2, the analysis picks
// the first block in the remaining block sequence as the marker of the
// outermost phase", Figure 4 "the block in innerMarkers that first appears".
// The prose is taken: the first survivor of step 2 begins each request, so an
// outer instance is a whole request (what §5.2's leak classes need), where the
// first inner marker can begin in its middle. The survivors of step 2 run once
// per request in every input: their last return before the next request marks
// where a request's work ends (requestWindows.ts).
// "Long" is over location + 3 × scale of "the size of all the gaps in the
// trace": the gaps between consecutive calls (callSequence.ts), not only
// between candidates: with a few candidates per request, as functions give
// where basic blocks gave hundreds, the long gaps would be too large a share of
// the candidates' own gaps ever to pass 3σ. They are taken within the
// requests' work, and robustly (median and MAD), so start-up, teardown, the
// work between requests and a few long outliers do not count
// (requestWindows.ts).
// Figure 4 prints step 2a's test after its loop; it can only mean each
// candidate tested against the means and σs of all, which is what is done here.
import {
  closeVote,
  longGapVotes,
  longThreshold,
  OUTLIER_SIGMAS,
  INNER_MAJORITY,
  threadRequestSpans,
  type RegularGaps,
} from "./requestWindows.js";

export { OUTLIER_SIGMAS };

/** One function's entries in the regular run: its count, and its entry and return times while it had no more than f. */
export interface RegularOccurrences {
  readonly name: string;
  readonly count: number;
  /** Logical times of its entries (elapsed ns, or calls so far), when count = f. */
  readonly times: readonly number[];
  /** Logical times of its returns, when count = f (with calls for time: the calls so far + 1). */
  readonly exits: readonly number[];
  /** The thread of each entry and return (its index), when the run has several. */
  readonly threads?: readonly number[];
  readonly exitThreads?: readonly number[];
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
  /** Share of its occurrences (within requests) followed by a stretch over step 3's threshold. */
  readonly longGapShare: number;
  /** The outer marker: the first candidate left after step 2. */
  readonly outer: boolean;
  readonly verdict: Verdict;
}

/** A request of the regular run: its stretch, the thread that served it (its index) and its calls. */
export interface RegularRequest {
  readonly start: number;
  readonly end: number;
  readonly thread: number;
  readonly calls: number;
}

export interface MarkerSelection {
  readonly requests: number;
  /** Functions run f times (step 1), each with what became of it. */
  readonly candidates: readonly Candidate[];
  readonly outer: string | null;
  /** Inner markers in order of first appearance (the outer marker among them if it is one). */
  readonly inner: readonly string[];
  /** Step 3's threshold: median + 3σ̂ of the gaps between calls within the regular run's requests (requestWindows.ts); NaN without requests. */
  readonly gapThreshold: number;
  /** The gaps it rests on: how many, their median and MAD. */
  readonly gaps: { readonly count: number; readonly median: number; readonly mad: number };
  /** The regular run's requests, from each entry of the outer marker to its request's end (empty without an outer marker). */
  readonly regularRequests: readonly RegularRequest[];
  /** Functions run in the regular run, and how many ran exactly f times. */
  readonly functions: number;
  /** What bears on the selection: too few candidates for 3σ, a regular input that is not regular. */
  readonly notes: readonly string[];
}

/** Candidates IsOutlier can tell apart: one value among n lies at most √(n − 1) σ from their mean, so 3σ needs n ≥ 11. */
export const MIN_CANDIDATES_FOR_3_SIGMA = 11;
/** A regular input's requests are identical (§3.1): a CoV of the calls they make above this says they were not alike. */
export const REGULAR_REQUEST_COV = 0.2;

interface Screening {
  readonly setB1: readonly RegularOccurrences[];
  readonly stats: readonly { mean: number; sigma: number }[];
  readonly setB3: readonly RegularOccurrences[];
  readonly verdicts: Map<string, Verdict>;
  /** The first candidate of setB3 in the regular run. */
  readonly outer: RegularOccurrences | null;
}

/** Steps 1, 2a and 2b of Figure 4. */
function screen(
  regular: readonly RegularOccurrences[],
  requests: number,
  irregular: readonly IrregularCounts[],
): Screening {
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
    if (off)
      verdicts.set(r.name, {
        kind: "irregular-count",
        run: off.label,
        count: off.counts.get(r.name) ?? 0,
        expected: off.requests,
      });
    return !off;
  });
  const outer = [...setB3].sort((a, b) => a.times[0] - b.times[0])[0] ?? null;
  return { setB1, stats, setB3, verdicts, outer };
}

/** The regular run's requests, for the loader to measure their gaps in: from each entry of the outer marker (the
 * first candidate left after step 2) to its thread's last return of a candidate left after step 2 before the
 * thread's next entry. */
export function regularRequestSpans(
  regular: readonly RegularOccurrences[],
  requests: number,
  irregular: readonly IrregularCounts[],
  runEnd: number,
): { start: number; end: number; thread: number }[] {
  const { setB3, outer } = screen(regular, requests, irregular);
  if (!outer) return [];
  const exits = {
    times: setB3.flatMap((r) => r.exits),
    threads: setB3.flatMap((r) => r.exits.map((_, i) => r.exitThreads?.[i] ?? 0)),
  };
  return threadRequestSpans(outer, exits, runEnd);
}

/** Figure 4 on the regular run's candidates, with the gaps between calls measured within its requests
 * (`gaps.requests`: regularRequestSpans' stretches, in order). */
export function selectMarkers(
  regular: readonly RegularOccurrences[],
  requests: number,
  irregular: readonly IrregularCounts[],
  gaps: RegularGaps,
): MarkerSelection {
  const { setB1, stats, setB3, verdicts, outer } = screen(regular, requests, irregular);
  // Step 3, within the requests.
  const threshold = longThreshold(gaps);
  const votes = longGapVotes(setB3, gaps.requests, threshold);
  const shares = new Map([...votes].map(([name, v]) => [name, v.voted > 0 ? v.long / v.voted : 0]));
  const inner = setB3.filter((r) => shares.get(r.name)! > INNER_MAJORITY).sort((a, b) => a.times[0] - b.times[0]);
  for (const r of setB3)
    verdicts.set(r.name, inner.includes(r) ? { kind: "inner" } : { kind: "no-long-gap", share: shares.get(r.name)! });
  const spans: RegularRequest[] = outer
    ? gaps.requests.map((q) => ({ start: q.start, end: q.end, thread: q.thread, calls: q.count + 1 }))
    : [];
  return {
    requests,
    candidates: setB1.map((r, i) => ({
      name: r.name,
      count: r.count,
      irregular: irregular.map((run) => run.counts.get(r.name) ?? 0),
      meanDistance: stats[i].mean,
      sigmaDistance: stats[i].sigma,
      first: r.times[0],
      longGapShare: shares.get(r.name) ?? 0,
      outer: r === outer,
      verdict: verdicts.get(r.name)!,
    })),
    outer: outer?.name ?? null,
    inner: inner.map((r) => r.name),
    gapThreshold: threshold,
    gaps: { count: gaps.count, median: gaps.median, mad: gaps.mad },
    regularRequests: spans,
    functions: regular.length,
    notes: [...selectionNotes(requests, setB1.length, stats, spans), ...closeVoteNotes(setB3, votes)],
  };
}

function selectionNotes(
  requests: number,
  candidates: number,
  stats: readonly { mean: number; sigma: number }[],
  spans: readonly RegularRequest[],
): string[] {
  const notes: string[] = [];
  if (requests < 2)
    notes.push(
      `a regular input of ${requests} request has no recurring distance to measure: give it at least 2 (better 3 or more) identical requests`,
    );
  else if (candidates > 0 && candidates < MIN_CANDIDATES_FOR_3_SIGMA)
    notes.push(
      `${candidates} candidates: among fewer than ${MIN_CANDIDATES_FOR_3_SIGMA} the 3σ test of step 2a cannot single out an unevenly spaced one`,
    );
  // Identical requests make the same calls, whatever the program does between them (housekeeping, reading the next
  // one): their distances from one request to the next may vary while the requests do not. Calls, not time: a cold
  // first request or the machine's load changes the time of identical work.
  if (spans.length >= 2) {
    const cov = coefficientOfVariation(spans.map((s) => s.calls));
    if (cov > REGULAR_REQUEST_COV)
      notes.push(
        `the regular run's requests make from ${Math.min(...spans.map((s) => s.calls))} to ${Math.max(...spans.map((s) => s.calls))} calls (CoV ${Math.round(cov * 100)}%): the regular input's requests do not look identical (§3.1)`,
      );
  } else if (spans.length === 0) {
    // Without an outer marker there are no requests to compare: the candidates' distances are all there is.
    const covs = stats
      .filter((x) => x.mean > 0)
      .map((x) => x.sigma / x.mean)
      .sort((a, b) => a - b);
    const median = covs.length > 0 ? covs[covs.length >> 1] : 0;
    if (median > REGULAR_REQUEST_COV)
      notes.push(
        `the candidates' distances vary by ${Math.round(median * 100)}% (median CoV): the regular input's requests do not look identical (§3.1), or the work between them varies`,
      );
  }
  return notes;
}

/** Step 3's votes too close to tell from chance, said: those verdicts may change from one recording to the next. */
function closeVoteNotes(
  set: readonly RegularOccurrences[],
  votes: ReadonlyMap<string, { long: number; voted: number }>,
): string[] {
  const close = set
    .filter((r) => closeVote(votes.get(r.name)!.long, votes.get(r.name)!.voted))
    .sort((a, b) => a.times[0] - b.times[0]);
  if (close.length === 0) return [];
  const list = close.map((r) => `${r.name} (${votes.get(r.name)!.long} of ${votes.get(r.name)!.voted})`).join(", ");
  return [
    `step 3's vote is close for ${list}: followed by a long computation in some requests and not in others, by so few that the 95% interval of the share holds ½; their verdicts may change from one recording to the next`,
  ];
}

function coefficientOfVariation(values: readonly number[]): number {
  const mean = values.reduce((s, x) => s + x, 0) / values.length;
  const sigma = Math.sqrt(values.reduce((s, x) => s + (x - mean) ** 2, 0) / values.length);
  return mean > 0 ? sigma / mean : 0;
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
