// Two designs' scalability compared location by location (issue 13, after
// paper 002 §2.3.2): the same location (a line, a function, or the whole
// program) fitted under each design (featureFit.ts: powerlaw, line, or a fixed
// cost plus a powerlaw, whichever fits by AICc), the difference of the two
// fitted models' exponents with a studentized bootstrap interval (each
// design's workloads resampled on their own: the runs are independent), and
// the feature value where the two fits cross. A design scales worse at a
// location when the interval of the difference lies wholly on its side of 0.
// Quoting the exponent of the model that fits matters most for the whole
// program: a fixed start-up cost bends a powerlaw towards 0 at small sizes
// (issue 28 item 5e), so a + b·n^c, whose c is the growth, is compared there.
import { powerExponentDraws, BOOTSTRAP_RESAMPLES } from "./bootstrap.js";
import type { Series } from "./clusters.js";
import { isCostLocation } from "./costTables.js";
import { fitFeatureDrawing, type FeatureFit, type FitDraws } from "./featureFit.js";
import { bootstrapOffset } from "./offsetPower.js";
import { differenceDraws, studentizedInterval, type ExponentDraws, type Interval } from "./studentized.js";
import { crossing, observedCrossing, sharedRange } from "./crossings.js";
import { WHOLE_PROGRAM } from "./result.js";

export { WHOLE_PROGRAM } from "./result.js";

export interface DesignSeries {
  readonly design: string;
  /** The run behind each workload. */
  readonly runIds: readonly number[];
  /** The feature's value per workload (run), and its name. */
  readonly feature: Float64Array;
  readonly featureName?: string;
  readonly locations: readonly Series[];
}

export interface DesignFit {
  readonly design: string;
  /** (feature, cost) per run, for the scatter. */
  readonly points: readonly { readonly runId: number; readonly x: number; readonly y: number }[];
  /** The models, the one that fits, its exponent and interval, predictions and band (featureFit.ts). */
  readonly fit: FeatureFit;
  readonly maxCost: number;
}

export interface LocationComparison {
  readonly name: string;
  /** [A, B]; a design that never reaches the location has no fit. */
  readonly fits: readonly [DesignFit | null, DesignFit | null];
  /** e_B − e_A, the fitted models' exponents, and its 95% interval (null when either fit is missing). */
  readonly exponentDifference: { readonly value: number; readonly interval: Interval | null } | null;
  /** Where the two fitted models cost the same, when the exponents are shown to differ (the interval
   * of the difference excludes 0): fits whose exponents may be equal cross nowhere that means anything. */
  readonly crossover: number | null;
  /** Whether that point lies inside the feature values both designs were measured at. */
  readonly crossoverMeasured: boolean;
  /** Consecutive feature values measured under both designs between which the designs' mean costs
   * change order: the crossing seen in the data rather than in the fits (null: none). */
  readonly observedCrossing: readonly [number, number] | null;
  /** The design whose exponent is larger with an interval of the difference that excludes 0; null: neither shown. */
  readonly scalesWorse: string | null;
}

export interface TrendComparison {
  readonly designs: readonly [string, string];
  /** Locations ranked by their largest cost under either design, the whole program first. */
  readonly locations: readonly LocationComparison[];
}

export function compareTrends(
  a: DesignSeries,
  b: DesignSeries,
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
  progress: (done: number, total: number) => void = () => {},
): TrendComparison {
  const byName = (s: DesignSeries) =>
    new Map<string, Float64Array>([
      [WHOLE_PROGRAM, wholeProgram(s)],
      ...s.locations.map((l) => [l.name, Float64Array.from(l.values)] as const),
    ]);
  const la = byName(a);
  const lb = byName(b);
  const names = [...new Set([...la.keys(), ...lb.keys()])];
  const range = sharedRange(a.feature, b.feature);
  const fitA = designFits(a, seed, resamples);
  const fitB = designFits(b, seed, resamples);
  const out = names.map((name, i) => {
    progress(i, names.length);
    const fa = fitA(la.get(name));
    const fb = fitB(lb.get(name));
    return compareFits(name, fa, fb, a, b, la.get(name), lb.get(name), range, resamples);
  });
  const max = (l: LocationComparison) => Math.max(l.fits[0]?.maxCost ?? 0, l.fits[1]?.maxCost ?? 0);
  out.sort(
    (x, y) =>
      Number(y.name === WHOLE_PROGRAM) - Number(x.name === WHOLE_PROGRAM) ||
      max(y) - max(x) ||
      x.name.localeCompare(y.name),
  );
  return { designs: [a.design, b.design], locations: out };
}

function wholeProgram(s: DesignSeries): Float64Array {
  const total = new Float64Array(s.feature.length);
  for (const l of s.locations)
    if (isCostLocation(l.name)) for (let i = 0; i < total.length; i++) total[i] += l.values[i];
  return total;
}

/** A design's fit at a location, and the resamples it drew (kept out of the result). */
interface Fitted {
  readonly cost: Float64Array;
  readonly fit: DesignFit;
  readonly draws: FitDraws;
  readonly seed: number;
  /** a + b·x^c's exponent resampled for a line (exponentDraws), once. */
  lineDraws?: ExponentDraws | null;
}

/** A design's fits by cost vector. A location's resamples are seeded by its costs, the design and the
 * analysis' seed, not by its place in the table: the same costs get the same fit wherever they sit (a
 * function's self and inclusive cost when it calls nothing, the program and its main; about two locations in
 * three of a callgrind table), are fitted once, a location added to the table changes no other's, and B
 * against A is A against B mirrored. The powerlaw's resamples are drawn from that seed and a + b·x^c's from
 * the next, and the comparison reads those draws, so two designs never share a stream. */
function designFits(
  s: DesignSeries,
  seed: number,
  resamples: number,
): (cost: Float64Array | undefined) => Fitted | null {
  const kept = new Map<number, Fitted[]>();
  return (cost) => {
    if (!cost || !cost.some((v) => v > 0)) return null;
    const key = costSeed(s.feature, cost, seed, s.design);
    const same = kept.get(key) ?? [];
    const hit = same.find((f) => f.cost.every((v, i) => v === cost[i]));
    if (hit) return hit;
    const { fit, draws } = fitFeatureDrawing(s.featureName ?? "x", s.feature, cost, key, resamples);
    const fitted: Fitted = {
      cost,
      fit: {
        design: s.design,
        points: Array.from(cost, (y, i) => ({ runId: s.runIds[i], x: s.feature[i], y })),
        fit,
        maxCost: Math.max(...cost),
      },
      draws,
      seed: key,
    };
    kept.set(key, [...same, fitted]);
    return fitted;
  };
}

/** A 32-bit seed from the (feature, cost) points' bits in the order the bootstrap puts them (so the runs'
 * order changes nothing), the design's name and the analysis' seed: FNV-1a over 32-bit words, then
 * MurmurHash3's finaliser, so costs a unit apart seed unrelated streams. */
function costSeed(x: Float64Array, cost: Float64Array, seed: number, design: string): number {
  const order = Array.from(cost, (_, i) => i).sort((i, j) => x[i] - x[j] || cost[i] - cost[j]);
  const pair = new Float64Array(2);
  const words = new Uint32Array(pair.buffer);
  let h = Math.imul(0x811c9dc5 ^ (seed >>> 0), 0x01000193);
  for (let i = 0; i < design.length; i++) h = Math.imul(h ^ design.charCodeAt(i), 0x01000193);
  for (const i of order) {
    pair[0] = x[i];
    pair[1] = cost[i];
    for (let w = 0; w < 4; w++) h = Math.imul(h ^ words[w], 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The resampled exponent of the model that fits, as the fit drew it: a line's is 1 by its form, and its
 * uncertainty is that of the a + b·x^c it is the c = 1 case of (AICc found c indistinguishable from 1,
 * drawn here from the seed the fit keeps for it), or else the powerlaw's. */
function exponentDraws(f: Fitted, x: Float64Array, y: Float64Array, resamples: number): ExponentDraws | null {
  const m = f.fit.fit.model;
  if (m === "offset") return f.draws.offset;
  if (m === "linear" && f.fit.fit.offset) {
    if (f.lineDraws === undefined) f.lineDraws = bootstrapOffset(x, y, [], f.seed + 1, resamples)?.draws ?? null;
    return f.lineDraws;
  }
  return f.draws.power ?? powerExponentDraws(x, y, f.seed, resamples);
}

function compareFits(
  name: string,
  da: Fitted | null,
  db: Fitted | null,
  a: DesignSeries,
  b: DesignSeries,
  ca: Float64Array | undefined,
  cb: Float64Array | undefined,
  range: readonly [number, number] | null,
  resamples: number,
): LocationComparison {
  const fa = da?.fit ?? null;
  const fb = db?.fit ?? null;
  const none = {
    name,
    fits: [fa, fb] as const,
    exponentDifference: null,
    crossover: null,
    crossoverMeasured: false,
    observedCrossing: null,
    scalesWorse: null,
  };
  if (!fa || !fb || !(fa.fit.power.n >= 3 && fb.fit.power.n >= 3)) return none;
  // Exponents compare growth: a fit that shows no trend, or a line that falls, has none to compare, so
  // neither design is said to scale worse there and no crossing is drawn from it.
  if (!grows(fa) || !grows(fb)) return { ...none, observedCrossing: observedCrossing(a.feature, ca!, b.feature, cb!) };
  const ea = exponentDraws(da!, a.feature, ca!, resamples);
  const eb = exponentDraws(db!, b.feature, cb!, resamples);
  const value = fb.fit.exponent.value - fa.fit.exponent.value;
  // A line's exponent is quoted as 1 while its draws are centred on its c: the interval moves with it.
  const lineShift =
    (fa.fit.model === "linear" && ea ? 1 - ea.estimate : 0) - (fb.fit.model === "linear" && eb ? 1 - eb.estimate : 0);
  const interval = ea && eb ? shifted(studentizedInterval(differenceDraws(ea, eb)), -lineShift) : null;
  const differ = interval !== null && (interval.low > 0 || interval.high < 0);
  const crossover = differ ? crossing(fa.fit, fb.fit, range) : null;
  const crossoverMeasured = crossover !== null && range !== null && crossover >= range[0] && crossover <= range[1];
  const scalesWorse = interval === null ? null : interval.low > 0 ? b.design : interval.high < 0 ? a.design : null;
  return {
    name,
    fits: [fa, fb],
    exponentDifference: { value, interval },
    crossover,
    crossoverMeasured,
    observedCrossing: observedCrossing(a.feature, ca!, b.feature, cb!),
    scalesWorse,
  };
}

/** The fit shows a cost that grows with the feature (issue 27 item 8). */
function grows(f: DesignFit): boolean {
  return f.fit.noTrend === null && !(f.fit.model === "linear" && f.fit.linear.b <= 0);
}

/** An interval moved by `by`. */
function shifted(i: Interval, by: number): Interval {
  return by === 0 ? i : { low: i.low + by, high: i.high + by };
}
