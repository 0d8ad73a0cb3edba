// Where each request's work lies, and step 3 of marker selection within it
// (paper 003 §3.2, Figure 4).
//
// An instance ends where its request's work ends. A request's work is done by
// the functions that run once per request in every input — the candidates
// left after step 2 (setB3: f evenly spaced runs in the regular input, g in
// each irregular one) — and whatever they call; it ends at the last return of
// one of them before the next request begins. What follows the last request
// (the program's teardown) is an epilogue, as what precedes the first (its
// start-up) is the prologue; between two requests lies what the program does
// between them (reading the next request, housekeeping), which belongs to
// neither. Taken from marker to marker, as before, the last instance ran to
// the run's end and took the teardown in: six identical requests gave five
// instances of ~1.4e5 ns and a sixth of 1.12e7 ns (issue 28).
//
// Step 3 ("select basic blocks that are followed by a long computation …
// before reaching any block in setB3") looks inside the requests, as §1 says
// the analysis "is repeated to identify inner phases inside each outer phase":
// the gaps between consecutive calls are those within the requests' work, and
// a candidate's occurrence is followed by a long computation when the stretch
// to the next candidate's entry, or to its request's end, is over the
// threshold; a candidate marks an inner phase when that holds in most
// requests. Start-up, teardown and the work between requests do not enter the
// statistics: a 2 ms start-up lifted a whole-run mean + 3σ to 3.9e5 ns and hid
// the stage doing 85% of each request (issue 28).
// The threshold is the paper's location + 3 × scale, made robust: median +
// 3σ̂ with σ̂ = 1.4826 · MAD (the MAD's factor to σ under normality), so a few
// long gaps — an interrupt in one request, a page fault — move neither.
// Calls a few tens of ns apart are timed to the clock's grain, so most gaps
// can be equal and the MAD 0 (bookends.c: median 80 ns, MAD 0), or spread by
// jitter alone, and a threshold a few ns over the median would call a call of
// a slightly longer body "long" in one recording and not the next (per
// request, mean + 3σ came to 93 ns in quiet requests and several µs in noisy
// ones). σ̂ is therefore never taken below half the median: the spread of the
// paper's own example ("Assuming 20 and 10 are the mean and standard
// deviation of the size of all the gaps"), whose threshold of 50 is 2.5 times
// its mean gap. Basic blocks' sizes spread that much; timed calls of like
// bodies do not, and the floor keeps the threshold at the example's ratio.

/** §3.2: "the one commonly used for identifying outliers", 3 standard deviations. */
export const OUTLIER_SIGMAS = 3;
/** Step 3's vote: a candidate marks an inner phase when followed by a long computation in more than half of the requests. */
export const INNER_MAJORITY = 0.5;

/** σ̂ to σ for normal data: 1 / Φ⁻¹(3/4). */
export const MAD_TO_SIGMA = 1.4826;
/** σ̂ is never below this share of the median gap: the spread of the paper's example (σ 10 for a mean of 20, §3.2). */
export const MIN_SPREAD_OF_MEDIAN = 0.5;

/** A request's stretch of the regular run in the thread that served it, with the gaps between its calls inside it. */
export interface RequestStretch {
  readonly start: number;
  readonly end: number;
  /** The thread's index (threads in the order the trace first shows them). */
  readonly thread: number;
  /** Its calls − 1. */
  readonly count: number;
}

/** The regular run's requests, and the median and MAD of the gaps between calls within them, all requests together. */
export interface RegularGaps {
  readonly requests: readonly RequestStretch[];
  readonly count: number;
  readonly median: number;
  readonly mad: number;
}

/** Step 3's threshold: median + 3σ̂, σ̂ = max(1.4826 · MAD, median / 2); NaN without gaps. */
export function longThreshold(g: Pick<RegularGaps, "count" | "median" | "mad">): number {
  if (g.count === 0) return NaN;
  return g.median + OUTLIER_SIGMAS * Math.max(MAD_TO_SIGMA * g.mad, MIN_SPREAD_OF_MEDIAN * g.median);
}

/** For each request's start (sorted), the last return in (start, next start] of the sorted `exits`;
 * null where none falls there (its end was not seen). */
export function requestEnds(starts: readonly number[], exits: readonly number[]): (number | null)[] {
  let j = 0;
  return starts.map((start, i) => {
    const next = i + 1 < starts.length ? starts[i + 1] : Infinity;
    while (j < exits.length && exits[j] <= start) j++;
    let end: number | null = null;
    while (j < exits.length && exits[j] <= next) end = exits[j++];
    return end;
  });
}

/** The requests' stretches: from each start to its request's end, or, where that was not seen, to the next start (the last: to `runEnd`). */
export function requestSpans(starts: readonly number[], exits: readonly number[], runEnd: number): [number, number][] {
  const ends = requestEnds(starts, exits);
  return starts.map((s, i) => [s, ends[i] ?? (i + 1 < starts.length ? starts[i + 1] : Math.max(s, runEnd))]);
}

/** Entries (or returns) at logical times, each in a thread (its index; 0 when there is one). */
export interface ThreadTimes {
  readonly times: readonly number[];
  readonly threads?: readonly number[];
}

/** Times grouped by thread, each group in order. */
function byThread(x: ThreadTimes): Map<number, number[]> {
  const out = new Map<number, number[]>();
  x.times.forEach((t, i) => {
    const thread = x.threads?.[i] ?? 0;
    const list = out.get(thread) ?? [];
    list.push(t);
    out.set(thread, list);
  });
  for (const list of out.values()) list.sort((a, b) => a - b);
  return out;
}

/** Each request in the thread that served it: from an entry of the outer marker to the thread's last return of a
 * function run once per request before its next entry (requestSpans per thread), all threads' in order of start. */
export function threadRequestSpans(
  starts: ThreadTimes,
  exits: ThreadTimes,
  runEnd: number,
): { start: number; end: number; thread: number }[] {
  const ends = byThread(exits);
  return [...byThread(starts)]
    .flatMap(([thread, list]) =>
      requestSpans(list, ends.get(thread) ?? [], runEnd).map(([start, end]) => ({ start, end, thread })),
    )
    .sort((a, b) => a.start - b.start || a.thread - b.thread);
}

/** Step 3 within the requests: per candidate, of its occurrences inside a request (`voted`), those followed, before the
 * thread's next candidate entry or the request's end, by more than `threshold` (`long`). */
export function longGapVotes(
  set: readonly ({ readonly name: string } & ThreadTimes)[],
  requests: readonly RequestStretch[],
  threshold: number,
): Map<string, { long: number; voted: number }> {
  const long = new Map<string, number>();
  const voted = new Map<string, number>();
  const count = (m: Map<string, number>, name: string) => m.set(name, (m.get(name) ?? 0) + 1);
  const threads = new Set([...requests.map((r) => r.thread)]);
  for (const thread of threads) {
    const mine = requests.filter((r) => r.thread === thread);
    const occurrences = set
      .flatMap((r) => r.times.flatMap((t, i) => ((r.threads?.[i] ?? 0) === thread ? [{ name: r.name, t }] : [])))
      .sort((a, b) => a.t - b.t);
    // The request an occurrence is in: the last starting at or before it (one may end where the next begins).
    let w = -1;
    for (let i = 0; i < occurrences.length; i++) {
      const { name, t } = occurrences[i];
      while (w + 1 < mine.length && mine[w + 1].start <= t) w++;
      if (w < 0 || t > mine[w].end) continue;
      const next = i + 1 < occurrences.length ? Math.min(occurrences[i + 1].t, mine[w].end) : mine[w].end;
      count(voted, name);
      if (next - t > threshold) count(long, name);
    }
  }
  return new Map(set.map((r) => [r.name, { long: long.get(r.name) ?? 0, voted: voted.get(r.name) ?? 0 }]));
}

/** z of a two-sided 95% interval. */
export const WILSON_Z = 1.96;

/** Whether step 3's vote of `long` in `voted` requests is too close to tell from chance: the requests disagree (identical
 * requests repeat the same work, so a unanimous vote is no coin's, whatever their number; disagreement says the stretch
 * lies near the threshold, or noise reached it) and the 95% Wilson score interval of the share (Wilson 1927; sound
 * at small n, where the normal interval is not) holds ½. */
export function closeVote(long: number, voted: number): boolean {
  if (long === 0 || long === voted) return false;
  const p = long / voted;
  const z2 = WILSON_Z * WILSON_Z;
  const centre = (p + z2 / (2 * voted)) / (1 + z2 / voted);
  const half = (WILSON_Z * Math.sqrt((p * (1 - p)) / voted + z2 / (4 * voted * voted))) / (1 + z2 / voted);
  return centre - half <= INNER_MAJORITY && INNER_MAJORITY <= centre + half;
}
