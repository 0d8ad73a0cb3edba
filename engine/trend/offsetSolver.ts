// Least squares of log y = log(a + b·e^{c·u}) (u = log x) for offsetPower.ts:
// a start from a grid over c (a and b then solve a linear problem in relative
// errors), refined by golden section, then Levenberg–Marquardt (Marquardt's
// scaling by diag(JᵀJ), Nocedal & Wright §10.3) on the log residuals with
// a ≥ 0, b > 0 and c within (0, C_MAX] kept by projection.

/** [a, b, c]. */
export type OffsetParams = readonly [number, number, number];

/** Exponents c tried: a fixed cost plus a growth; beyond 6 no program of the thesis's goes (its largest, n^2.60, §3.9). */
export const C_MIN = 0.02;
export const C_MAX = 6;
/** The grid's step in c before golden section refines it. */
const C_STEP = 0.1;
const GOLDEN_STEPS = 30;
/** Levenberg–Marquardt: iterations, and the relative change of the residual sum that ends them. */
const LM_ITERATIONS = 50;
const LM_TOLERANCE = 1e-10;

export interface OffsetSolution {
  readonly p: OffsetParams;
  /** Σ (log y − log ŷ)². */
  readonly rss: number;
  /** rss / (k − 3). */
  readonly s2: number;
  /** (JᵀJ)⁻¹ by rows; null when singular (b = 0 or c = 0: the parameters are not all identified). */
  readonly inverse: Float64Array | null;
}

/** d log(a + b·e^{cu}) / d(a, b, c). */
export function jacobianRow(p: OffsetParams, u: number): [number, number, number] {
  const z = Math.exp(p[2] * u);
  const m = p[0] + p[1] * z;
  return [1 / m, z / m, (p[1] * z * u) / m];
}

/** The least-squares fit from `start`, or from the grid when there is none. */
export function fitOffset(
  u: readonly number[],
  v: readonly number[],
  start: OffsetParams | null,
  maxIterations = LM_ITERATIONS,
): OffsetSolution | null {
  const k = u.length;
  if (k < 4) return null;
  const p0 = start ?? gridStart(u, v);
  if (!p0) return null;
  let p = p0;
  let rss = logRss(u, v, p);
  let lambda = 1e-3;
  let eq = normalEquations(u, v, p);
  // Whether eq is p's: the last accepted step may end the iterations before it is made again.
  let current = true;
  // A bootstrap runs this a thousand times a fit: the damped system and its inverse in buffers of their own.
  const m = DAMPED;
  const inv = INVERSE;
  for (let it = 0; it < maxIterations; it++) {
    const { jtj, g } = eq;
    m.set(jtj);
    for (let i = 0; i < 3; i++) m[4 * i] += lambda * Math.max(jtj[4 * i], 1e-300);
    if (!invertInto(m, inv)) break;
    const s0 = inv[0] * g[0] + inv[1] * g[1] + inv[2] * g[2];
    const s1 = inv[3] * g[0] + inv[4] * g[1] + inv[5] * g[2];
    const s2 = inv[6] * g[0] + inv[7] * g[1] + inv[8] * g[2];
    // The sum cannot fall by more than about δᵀg: at the minimum that is nothing worth a step.
    if (s0 * g[0] + s1 * g[1] + s2 * g[2] <= LM_TOLERANCE * rss) break;
    const next = project([p[0] + s0, p[1] + s1, p[2] + s2]);
    const r = logRss(u, v, next);
    if (r < rss) {
      const done = rss - r <= LM_TOLERANCE * Math.max(rss, 1e-300);
      p = next;
      rss = r;
      lambda = Math.max(lambda / 10, 1e-12);
      current = false;
      if (done) break;
      eq = normalEquations(u, v, p);
      current = true;
    } else {
      // A step that does not lower the sum: from the estimate of a resample, the fit is already there.
      lambda *= 10;
      if (lambda > 1e8) break;
    }
  }
  if (!Number.isFinite(rss)) return null;
  const { jtj } = current ? eq : normalEquations(u, v, p);
  return { p, rss, s2: rss / (k - 3), inverse: invert3(jtj) };
}

const DAMPED = new Float64Array(9);
const INVERSE = new Float64Array(9);

function gridStart(u: readonly number[], v: readonly number[]): OffsetParams | null {
  let best: { p: OffsetParams; rss: number } | null = null;
  const at = (c: number) => {
    const p = linearPart(u, v, c);
    const rss = p ? logRss(u, v, p) : Infinity;
    return { p, rss };
  };
  for (let c = C_MIN; c <= C_MAX + 1e-9; c += C_STEP) {
    const t = at(c);
    if (t.p && (best === null || t.rss < best.rss)) best = { p: t.p, rss: t.rss };
  }
  if (!best) return null;
  // Golden section within one grid step either side of the best c.
  let lo = Math.max(C_MIN, best.p[2] - C_STEP);
  let hi = Math.min(C_MAX, best.p[2] + C_STEP);
  const ratio = (Math.sqrt(5) - 1) / 2;
  let c1 = hi - ratio * (hi - lo);
  let c2 = lo + ratio * (hi - lo);
  let r1 = at(c1).rss;
  let r2 = at(c2).rss;
  for (let i = 0; i < GOLDEN_STEPS; i++) {
    if (r1 <= r2) {
      [hi, c2, r2] = [c2, c1, r1];
      c1 = hi - ratio * (hi - lo);
      r1 = at(c1).rss;
    } else {
      [lo, c1, r1] = [c1, c2, r2];
      c2 = lo + ratio * (hi - lo);
      r2 = at(c2).rss;
    }
  }
  const t = at((lo + hi) / 2);
  return t.p && t.rss <= best.rss ? t.p : best.p;
}

/** For a fixed c, a and b minimising Σ ((y − a − b·x^c)/y)², a held at 0 where it would go below. */
function linearPart(u: readonly number[], v: readonly number[], c: number): OffsetParams | null {
  let sw = 0;
  let swz = 0;
  let swzz = 0;
  let sy = 0;
  let syz = 0;
  for (let i = 0; i < u.length; i++) {
    const w = Math.exp(-v[i]);
    const z = Math.exp(c * u[i]);
    sw += w * w;
    swz += w * w * z;
    swzz += w * w * z * z;
    sy += w;
    syz += w * z;
  }
  const det = sw * swzz - swz * swz;
  let a = det > 0 ? (sy * swzz - syz * swz) / det : -1;
  let b = det > 0 ? (sw * syz - swz * sy) / det : 0;
  if (!(a >= 0)) {
    a = 0;
    b = syz / swzz;
  }
  return b > 0 && Number.isFinite(b) ? [a, b, c] : null;
}

function logRss(u: readonly number[], v: readonly number[], p: OffsetParams): number {
  let s = 0;
  for (let i = 0; i < u.length; i++) {
    const m = p[0] + p[1] * Math.exp(p[2] * u[i]);
    if (!(m > 0)) return Infinity;
    s += (v[i] - Math.log(m)) ** 2;
  }
  return s;
}

/** JᵀJ and Jᵀr at p. The Jacobian's row is jacobianRow's, written out: a bootstrap solves this a dozen
 * times for each of its thousand resamples, and one e^{cu} a point with no array made is a third of its
 * time. JᵀJ is symmetric and each of its sums is over the points in order, so its mirror is the same sum. */
function normalEquations(
  u: readonly number[],
  v: readonly number[],
  p: OffsetParams,
): { jtj: Float64Array; g: number[] } {
  const [a, b, c] = p;
  let g0 = 0;
  let g1 = 0;
  let g2 = 0;
  let s00 = 0;
  let s01 = 0;
  let s02 = 0;
  let s11 = 0;
  let s12 = 0;
  let s22 = 0;
  for (let i = 0; i < u.length; i++) {
    const z = Math.exp(c * u[i]);
    const m = a + b * z;
    const j0 = 1 / m;
    const j1 = z / m;
    const j2 = (b * z * u[i]) / m;
    const r = v[i] - Math.log(m);
    g0 += j0 * r;
    g1 += j1 * r;
    g2 += j2 * r;
    s00 += j0 * j0;
    s01 += j0 * j1;
    s02 += j0 * j2;
    s11 += j1 * j1;
    s12 += j1 * j2;
    s22 += j2 * j2;
  }
  return { jtj: Float64Array.of(s00, s01, s02, s01, s11, s12, s02, s12, s22), g: [g0, g1, g2] };
}

function project(p: [number, number, number]): OffsetParams {
  return [Math.max(0, p[0]), Math.max(1e-300, p[1]), Math.min(C_MAX, Math.max(C_MIN, p[2]))];
}

/** The inverse of a 3×3 matrix by cofactors, or null when it is singular to working precision. */
export function invert3(m: Float64Array): Float64Array | null {
  const out = new Float64Array(9);
  return invertInto(m, out) ? out : null;
}

/** invert3 into `out`; false (and `out` unchanged) when m is singular to working precision. */
function invertInto(m: Float64Array, out: Float64Array): boolean {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  const scale =
    Math.abs(a * e * i) +
    Math.abs(b * f * g) +
    Math.abs(c * d * h) +
    Math.abs(c * e * g) +
    Math.abs(b * d * i) +
    Math.abs(a * f * h);
  if (!(Math.abs(det) > 1e-13 * scale)) return false;
  out[0] = A / det;
  out[1] = -(b * i - c * h) / det;
  out[2] = (b * f - c * e) / det;
  out[3] = B / det;
  out[4] = (a * i - c * g) / det;
  out[5] = -(a * f - c * d) / det;
  out[6] = C / det;
  out[7] = -(a * h - b * g) / det;
  out[8] = (a * e - b * d) / det;
  return true;
}
