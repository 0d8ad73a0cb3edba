// E-Divisive means (Matteson & James 2014, §3): change points found one at a time, each where the
// divergence Q̂ of the two sides is largest (energy.ts) in the segment that holds the largest, each kept
// only if a permutation test finds it significant, the search repeated within the segments it leaves.
// The test (§3.1) permutes the points within every current segment and takes the same largest Q̂ over
// all segments: a permutation's statistic is as searched as the observed one, so the p-value accounts for
// the choice of the split (a t-test of the two sides at the chosen split would not; Hunter replaced the
// permutations by such a test to be deterministic, Fleming et al. ICPE 2023). Here the permutations are
// drawn from a PRNG seeded by the series itself, so the same data always gives the same change points,
// and they stop early by Besag & Clifford's (1991) sequential rule, which keeps the p-value valid.
import { seededRandom } from "../stats/random.js";
import { bestSplit, EnergyScratch, segmentPoints, type SegmentPoints } from "./energy.js";
import { SEQUENTIAL_EXCEEDANCES } from "./parameters.js";

export interface EDivisiveOptions {
  /** Fewest points a side. */
  readonly minSegment: number;
  /** A test whose p-value is above it ends the search. */
  readonly level: number;
  /** Most permutations a test draws. */
  readonly maxPermutations: number;
  /** Seeds the permutations (`seriesSeed`). */
  readonly seed: number;
}

export interface FoundChange {
  /** Index of the first point after the change. */
  readonly index: number;
  /** Q̂ at the split. */
  readonly statistic: number;
  /** Permutation p-value (Besag–Clifford). */
  readonly pValue: number;
  readonly permutations: number;
}

export interface EDivisiveResult {
  /** In the order found (the most divergent first). */
  readonly changes: readonly FoundChange[];
  /** Every test's p-value, the last one the test that ended the search (if one did). */
  readonly tests: readonly number[];
}

/** A seed from the values themselves (FNV-1a over their bits): the same series, the same permutations. */
export function seriesSeed(values: ArrayLike<number>): number {
  const bits = new Uint32Array(Float64Array.from(values).buffer);
  let h = 0x811c9dc5;
  for (let i = 0; i < bits.length; i++) h = Math.imul(h ^ bits[i], 0x01000193) >>> 0;
  return h;
}

interface Segment {
  readonly start: number;
  readonly points: SegmentPoints;
  readonly best: { tau: number; q: number } | null;
}

/** Relative slack when a permutation's Q̂ is compared with the observed one: the identity permutation
 * must count as reaching it despite rounding in a different order of summation. */
const TIE_SLACK = 1e-12;

export function eDivisive(z: readonly number[], o: EDivisiveOptions): EDivisiveResult {
  const scratch = new EnergyScratch(z.length);
  const segment = (start: number, end: number): Segment => {
    const points = segmentPoints(z.slice(start, end));
    return { start, points, best: bestSplit(points, o.minSegment, scratch) };
  };
  let segments = [segment(0, z.length)];
  const changes: FoundChange[] = [];
  const tests: number[] = [];
  for (;;) {
    const candidate = segments.reduce<Segment | null>(
      (a, s) => (s.best !== null && (a === null || s.best.q > a.best!.q) ? s : a),
      null,
    );
    if (candidate === null) break;
    const observed = candidate.best!;
    const test = permutationTest(segments, observed.q, o, scratch, o.seed + tests.length);
    tests.push(test.pValue);
    if (test.pValue > o.level) break;
    const index = candidate.start + observed.tau;
    changes.push({ index, statistic: observed.q, ...test });
    const end = candidate.start + candidate.points.values.length;
    segments = segments.flatMap((s) =>
      s === candidate ? [segment(candidate.start, index), segment(index, end)] : [s],
    );
  }
  return { changes, tests };
}

/** The p-value of the largest Q̂ against its permutation distribution (points shuffled within each segment). */
function permutationTest(
  segments: readonly Segment[],
  observed: number,
  o: EDivisiveOptions,
  scratch: EnergyScratch,
  seed: number,
): { pValue: number; permutations: number } {
  const random = seededRandom(seed);
  const work = segments.map((s): SegmentPoints => ({
    values: Float64Array.from(s.points.values),
    ranks: Int32Array.from(s.points.ranks),
    distances: Float64Array.from(s.points.distances),
  }));
  let reached = 0;
  for (let r = 1; r <= o.maxPermutations; r++) {
    let stat = -Infinity;
    for (const w of work) {
      shuffleTogether(w, random);
      const best = bestSplit(w, o.minSegment, scratch);
      if (best !== null && best.q > stat) stat = best.q;
    }
    if (stat >= observed - TIE_SLACK * Math.abs(observed)) reached++;
    if (reached === SEQUENTIAL_EXCEEDANCES) return { pValue: reached / r, permutations: r };
  }
  return { pValue: (reached + 1) / (o.maxPermutations + 1), permutations: o.maxPermutations };
}

/** Fisher–Yates, each value's rank and distances moved with it. */
function shuffleTogether({ values: v, ranks: r, distances: d }: SegmentPoints, random: () => number): void {
  for (let i = v.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = v[i];
    v[i] = v[j];
    v[j] = t;
    const u = r[i];
    r[i] = r[j];
    r[j] = u;
    const e = d[i];
    d[i] = d[j];
    d[j] = e;
  }
}
