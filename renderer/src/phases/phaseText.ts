// Phase detection (paper 003) in words for the Phases view: the verdict on each
// candidate marker (the engine's own wording, engine/report/phasesText.ts, so
// the view and the text export say the same), the summary of a marker
// selection and of a segmentation, and lengths in the result's unit. Pure:
// unit-tested without a browser.
import type { Granularity, LogicalTime } from "../../../engine/phases/callSequence.js";
import type { Candidate } from "../../../engine/phases/markerSelection.js";
import type { PhaseMarkersResult, PhaseRun, PhaseSegmentsResult } from "../../../engine/phases/result.js";
import type { AllocationSite, ClassCount } from "../../../engine/phases/leaks.js";
import { candidateText, thresholdText } from "../../../engine/report/phasesText.js";
import { formatNs, num } from "../../../engine/format/numbers.js";

export { candidateText };

/** What logical time measures (engine/phases/callSequence.ts), as the route names it. */
export const LOGICAL_TIMES = ["time", "calls"] as const satisfies readonly LogicalTime[];
export const GRANULARITIES = ["function", "chain"] as const satisfies readonly Granularity[];

/** A candidate's part in the selection: the outer marker is the first candidate left after step 2 (§3.2's
 * prose), an inner marker one followed by a long computation (step 3); it may be both. */
export function markerRole(c: Pick<Candidate, "outer" | "verdict">): {
  readonly outer: boolean;
  readonly inner: boolean;
} {
  return { outer: c.outer, inner: c.verdict.kind === "inner" };
}

/** What became of a candidate, in the engine's words (candidateText): kept (as a marker, or without being one) or rejected, and why. */
export function verdictWords(c: Candidate): string {
  const role = markerRole(c);
  if (role.outer || role.inner) return `kept: ${candidateText(c)}`;
  return c.verdict.kind === "uneven" || c.verdict.kind === "irregular-count"
    ? `rejected: ${candidateText(c)}`
    : candidateText(c);
}

/** The step of Figure 4 (or §3.2's prose) that decided, for the verdict's tooltip. */
export function verdictStep(c: Pick<Candidate, "outer" | "verdict">): string {
  const v = c.verdict;
  if (v.kind === "uneven")
    return "step 2a (003 §3.2): its recurring distances' mean or σ is over 3σ from the candidates' — not evenly spaced";
  if (v.kind === "irregular-count")
    return "step 2b (003 §3.2): a marker runs exactly g times in every irregular input of g requests";
  const outer = c.outer ? "the first candidate left after step 2 marks the outermost phase (003 §3.2); " : "";
  if (v.kind === "no-long-gap")
    return `${outer}step 3 (003 §3.2): in most of its runs the next candidate, or its request's end, follows within the long-computation threshold, so it marks no inner phase`;
  return `${outer}step 3 (003 §3.2): followed by a long computation (over mean + 3σ of the gaps within its request) in most of its runs`;
}

/** Distances, lengths and thresholds: with their unit ("1.668 ms", "16020 calls"). */
export function lengthText(x: number | null, unit: string): string {
  if (x === null || !Number.isFinite(x)) return "—";
  if (unit === "ns") return formatNs(x);
  return `${Number.isInteger(x) ? String(x) : num(x)} ${x === 1 && unit === "calls" ? "call" : unit}`;
}

/** A length in a table whose header names the unit: elapsed time with its own ("2.455 ms"), calls as a bare number,
 * whole from 100 up (a σ of 29887.97 calls says no more than 29888). */
export function lengthCell(x: number | null, unit: string): string {
  if (unit === "ns" || x === null || !Number.isFinite(x)) return lengthText(x, unit);
  return Number.isInteger(x) || Math.abs(x) >= 100 ? x.toFixed(0) : num(x);
}

/** The unit lengths are drawn in: milliseconds for elapsed time (the engine's ns), else the result's own. */
export const axisUnit = (unit: string): string => (unit === "ns" ? "ms" : unit);
export const toAxis = (x: number, unit: string): number => (unit === "ns" ? x / 1e6 : x);

const runText = (r: PhaseRun, letter: "f" | "g") =>
  `run ${r.runId}${r.workload ? ` (${r.workload})` : ""}, ${letter} = ${r.requests}`;

/** The inputs, the candidates and step 3's threshold, in one line. */
export function markersSummary(r: PhaseMarkersResult): string {
  return [
    `regular ${runText(r.regularRun, "f")}`,
    `irregular ${r.irregularRuns.map((x) => runText(x, "g")).join("; ")}`,
    `${r.candidates.length} of ${r.functions} functions ran exactly f times`,
    thresholdText(r, (x) => lengthText(x, r.unit)),
  ].join(" · ");
}

/** The markers chosen, or why there are none. */
export function markersChosen(r: Pick<PhaseMarkersResult, "outer" | "inner">): string {
  if (r.outer === null)
    return "no marker found: no candidate is left after step 2 or followed by a long computation (see the verdicts)";
  return `outer marker: ${r.outer} · ${r.inner.length > 0 ? `inner markers: ${r.inner.join(", ")}` : "no inner marker"}`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** "7 outer instances · 21 inner instances · prologue 141.723 us · epilogue 20.1 us · 30.2 us between requests · span 23.654 ms, 173402 calls". */
export function segmentsSummary(
  s: Pick<PhaseSegmentsResult, "outer" | "inner" | "prologue" | "epilogue" | "between" | "span" | "unit">,
): string {
  return [
    plural(s.outer.length, "outer instance"),
    plural(s.inner.length, "inner instance"),
    `prologue ${lengthText(s.prologue, s.unit)}`,
    `epilogue ${lengthText(s.epilogue, s.unit)}`,
    `${lengthText(s.between, s.unit)} between requests`,
    s.unit === "calls"
      ? `span ${plural(s.span.calls, "call")}`
      : `span ${lengthText(s.span.end - s.span.start, s.unit)}, ${plural(s.span.calls, "call")}`,
  ].join(" · ");
}

/** A leak class as §5.2's sample report counts it: objects / bytes, or "—" for none. */
export const classText = (c: ClassCount): string => (c.objects === 0 ? "—" : `${c.objects} / ${c.bytes} B`);

/** What the leak report says of a site (§5.2): a likely leak, a site that never frees, or nothing. */
export { leakText } from "../../../engine/report/phasesText.js";

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "1 likely leak, 1 site that never frees", or that there is neither. */
export function leakSummary(sites: readonly Pick<AllocationSite, "likelyLeak" | "neverFreed">[]): string {
  const likely = sites.filter((s) => s.likelyLeak).length;
  const never = sites.filter((s) => s.neverFreed).length;
  if (likely + never === 0) return "no likely leak, no site that never frees";
  return [
    likely > 0 ? counted(likely, "likely leak", "likely leaks") : "",
    never > 0 ? counted(never, "site that never frees", "sites that never free") : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** A CoV as a percentage (003 §4.4 and Figure 10 give CoVs in percent). */
export const covText = (x: number | null): string =>
  x === null || !Number.isFinite(x) ? "—" : `${(100 * x).toFixed(1)}%`;
