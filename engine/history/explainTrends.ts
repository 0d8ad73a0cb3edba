// The trends finding of a change point (paper 002; findings.ts): the design's runs before and after, over
// its workloads, fitted against a feature as two designs are compared (trend/designTrends.ts: each side's
// model chosen by AICc, the difference of the fitted exponents with a studentized bootstrap interval). A
// location whose exponent changed with an interval of the difference that excludes 0 scales differently
// after the change. A change of the chosen model alone is said but not scored: AICc may pick another of two
// near models from noise, while the exponent's interval says what the data resolve.
import { cannotAnswer, shareOf, type HistoryFinding } from "./findings.js";

/** What a finding reads of one location of a trend comparison (trend/designTrends.ts LocationComparison). */
export interface TrendLocation {
  readonly name: string;
  readonly fits: readonly (null | {
    readonly fit: { readonly model: string; readonly exponent: { readonly value: number } };
    readonly points: readonly { readonly y: number }[];
  })[];
  readonly exponentDifference: {
    readonly value: number;
    readonly interval: { readonly low: number; readonly high: number } | null;
  } | null;
}

/** Locations described per change: the whole program and the costliest functions (designTrends' order). */
export const TREND_LOCATIONS = 6;

const two = (x: number) => (Math.abs(x) < 0.005 ? "0.00" : x.toFixed(2));
const meanCost = (f: TrendLocation["fits"][number]) =>
  f && f.points.length > 0 ? f.points.reduce((s, p) => s + p.y, 0) / f.points.length : 0;

/** Whether the interval of the exponents' difference excludes 0. */
function changed(l: TrendLocation): boolean {
  const i = l.exponentDifference?.interval;
  return i !== null && i !== undefined && (i.low > 0 || i.high < 0);
}

function line(l: TrendLocation, feature: string): string {
  const [a, b] = l.fits;
  if (!a || !b) return `${l.name}: measured on ${a ? "the before" : "the after"} side only`;
  const side = (f: NonNullable<typeof a>) => `${f.fit.model} ${feature}^${two(f.fit.exponent.value)}`;
  const d = l.exponentDifference;
  const diff =
    d === null
      ? "exponents not compared (a side shows no growing cost)"
      : d.interval === null
        ? `exponent ${d.value >= 0 ? "+" : ""}${two(d.value)}, no interval`
        : `exponent ${d.value >= 0 ? "+" : ""}${two(d.value)} (95% ${two(d.interval.low)} … ${two(d.interval.high)})${changed(l) ? ", changed" : ", within its uncertainty"}`;
  const model = a.fit.model !== b.fit.model ? "; model changed" : "";
  return `${l.name}: ${side(a)} → ${side(b)}, ${diff}${model}`;
}

/** `locations` in designTrends' order (the whole program first); `whole` names the whole program. */
export function trendsFinding(locations: readonly TrendLocation[], feature: string, whole: string): HistoryFinding {
  const shown = locations.slice(0, TREND_LOCATIONS);
  const details = shown.map((l) => line(l, feature));
  const program = locations.find((l) => l.name === whole);
  const top = shown.find(changed);
  if (!top)
    return {
      ...cannotAnswer(
        "trends",
        `no exponent changed beyond its uncertainty against ${feature}: the change is not one of scaling`,
      ),
      details,
    };
  // The located change's share of the whole program's change of mean cost over the workloads.
  const delta = (l: TrendLocation | undefined) => (l ? meanCost(l.fits[1] ?? null) - meanCost(l.fits[0] ?? null) : 0);
  const score = top.name === whole ? 1 : shareOf(delta(top), delta(program));
  const d = top.exponentDifference!;
  return {
    analysis: "trends",
    summary: `${top.name} scales ${d.value > 0 ? "worse" : "better"} against ${feature} after the change: exponent ${d.value >= 0 ? "+" : ""}${two(d.value)} (95% ${two(d.interval!.low)} … ${two(d.interval!.high)})`,
    details,
    score,
  };
}
