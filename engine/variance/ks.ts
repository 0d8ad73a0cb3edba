// The Kolmogorov–Smirnov difference of two metrics treated as Gaussians
// (paper 000 §6): D = sup_x |Φ₁(x) − Φ₂(x)|, 0 ≤ D ≤ 1. A metric absent on one
// side is a zeroed distribution (all mass at 0), so merging dissimilar
// structures costs more.
import { errorFunction } from "simple-statistics";
import type { VcgStats } from "./vcgTypes.js";

export const ZERO: VcgStats = { n: 0, meanNs: 0, varianceNs2: 0 };

function cdf(x: number, mean: number, sd: number): number {
  if (sd === 0) return x >= mean ? 1 : 0;
  return 0.5 * (1 + errorFunction((x - mean) / (sd * Math.SQRT2)));
}

export function ksDifference(a: VcgStats, b: VcgStats): number {
  const m1 = a.meanNs;
  const m2 = b.meanNs;
  const s1 = Math.sqrt(Math.max(0, a.varianceNs2));
  const s2 = Math.sqrt(Math.max(0, b.varianceNs2));
  if (s1 === 0 && s2 === 0) return m1 === m2 ? 0 : 1;
  // The supremum lies where the densities cross (or at a step); check those points from both sides.
  const points = crossings(m1, s1, m2, s2);
  let d = 0;
  for (const x of points) {
    for (const e of [-1e-9 * Math.max(1, Math.abs(x)), 0])
      d = Math.max(d, Math.abs(cdf(x + e, m1, s1) - cdf(x + e, m2, s2)));
  }
  return Math.min(1, d);
}

/** Where two normal densities are equal (a step's position when one σ is 0). */
function crossings(m1: number, s1: number, m2: number, s2: number): number[] {
  if (s1 === 0) return [m1];
  if (s2 === 0) return [m2];
  if (Math.abs(s1 - s2) <= 1e-12 * Math.max(s1, s2)) return [(m1 + m2) / 2];
  // ln N(x; m1, s1) = ln N(x; m2, s2): a quadratic a·x² + b·x + c = 0.
  const a = 1 / (2 * s2 * s2) - 1 / (2 * s1 * s1);
  const b = m1 / (s1 * s1) - m2 / (s2 * s2);
  const c = (m2 * m2) / (2 * s2 * s2) - (m1 * m1) / (2 * s1 * s1) - Math.log(s1 / s2);
  const disc = b * b - 4 * a * c;
  if (disc < 0) return [m1, m2];
  const r = Math.sqrt(disc);
  return [(-b - r) / (2 * a), (-b + r) / (2 * a)];
}
