// Frame colours: a heat scale for the variance flame graph's measures, and
// red/blue by the change of the mean, saturated by Welch's t, for the
// differential one. Frame text stays readable on every fill of a theme.
import { DEFAULT_PARAMETERS } from "../../../engine/variance/parameters.js";

/** The measures a variance flame graph can be coloured by. */
export type FlameMeasure = "cov" | "self" | "variance";

export interface MeasureInfo {
  readonly label: string;
  /** What the two ends of the scale mean. */
  readonly low: string;
  readonly high: string;
}

/** CoV at which the heat is full: twice paper 000's high-variance threshold (0.4, Chebyshev with a
 * 200% window at 96%, 000 §2.1), so a context at the threshold sits mid-scale. */
export const COV_FULL = 2 * DEFAULT_PARAMETERS.covThreshold;

export const MEASURES: Readonly<Record<FlameMeasure, MeasureInfo>> = {
  cov: { label: "CoV of invocation times", low: "0 (steady)", high: `≥ ${COV_FULL.toFixed(1)} (varies)` },
  self: { label: "self share (own time over inclusive)", low: "0% (all in callees)", high: "100% (all its own)" },
  variance: { label: "share of the parent's variance (000 Eq. 2)", low: "0%", high: "100% of the parent's" },
};

/** |t| at which a change is drawn fully saturated; |t| = 2 (about 95% two-sided) is a quarter of it. */
export const T_FULL = 8;

export const NEUTRAL = { light: "#d4d9df", dark: "#3d444d" } as const;

export interface ThemeFill {
  readonly dark: boolean;
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Heat from pale yellow (0) to deep red (1); grey for no value. */
export function heat(t: number | null, theme: ThemeFill): string {
  if (t === null || !Number.isFinite(t)) return theme.dark ? NEUTRAL.dark : NEUTRAL.light;
  const v = clamp01(t);
  const h = Math.round(50 - 50 * v);
  const s = Math.round(78 + 10 * v);
  const l = theme.dark ? Math.round(34 - 6 * v) : Math.round(80 - 26 * v);
  return `hsl(${h} ${s}% ${l}%)`;
}

/** A measure's value scaled to the heat scale's 0..1. */
export function heatValue(measure: FlameMeasure, value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return measure === "cov" ? value / COV_FULL : value;
}

export type Change = "slower" | "faster" | "unchanged" | "unknown";

export function changeOf(relative: number | null, minRelativeChange: number): Change {
  if (relative === null) return "unknown";
  if (Math.abs(relative) < minRelativeChange) return "unchanged";
  return relative > 0 ? "slower" : "faster";
}

/** Red for slower, blue for faster, the saturation by |t| (T_FULL is full); grey when unchanged or unknown. */
export function diffFill(change: Change, t: number | null, theme: ThemeFill): string {
  if (change === "unchanged" || change === "unknown") return theme.dark ? NEUTRAL.dark : NEUTRAL.light;
  // Fewer than two invocations on a side: no t, the faintest tint of its direction.
  const s = t === null ? 0.1 : clamp01(Math.abs(t) / T_FULL);
  const h = change === "slower" ? 2 : 214;
  const l = theme.dark ? Math.round(24 + 18 * s) : Math.round(90 - 38 * s);
  return `hsl(${h} ${Math.round(30 + 55 * s)}% ${l}%)`;
}

/** Frames seen on the drawn side only (new in B, or gone from A): a fill of their own, hatched when drawn. */
export function oneSideFill(theme: ThemeFill): string {
  return theme.dark ? "hsl(275 40% 38%)" : "hsl(275 55% 80%)";
}

export function frameText(theme: ThemeFill): string {
  return theme.dark ? "#e6edf3" : "#1f2328";
}
