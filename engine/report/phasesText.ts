// Phase markers (paper 003 Figure 4) as text: every function run f times in the
// regular run, its counts in the irregular runs, its recurring distances and
// what became of it; then the markers chosen.
import type { PhaseMarkersResult, PhaseSegmentsResult } from "../phases/result.js";
import type { Candidate, Verdict } from "../phases/markerSelection.js";
import type { AllocationSite } from "../phases/leaks.js";
import type { Exporter } from "./exporter.js";
import { table } from "../format/text.js";
import { num } from "../format/numbers.js";

/** What became of a candidate, its being the outer marker first. */
export function candidateText(c: Candidate): string {
  return c.outer ? `outer marker${c.verdict.kind === "inner" ? " and inner marker" : ""}` : verdictText(c.verdict);
}

export function verdictText(v: Verdict): string {
  switch (v.kind) {
    case "inner":
      return "inner marker";
    case "no-long-gap":
      return `kept, not followed by a long computation (${Math.round(v.share * 100)}% of its runs)`;
    case "uneven":
      return `unevenly spaced (its distances' ${v.which === "both" ? "mean and σ" : v.which === "mean" ? "mean" : "σ"} an outlier)`;
    case "irregular-count":
      return `ran ${v.count} times in ${v.run}, which has ${v.expected} requests`;
  }
}

export function phaseMarkersText(r: PhaseMarkersResult): string {
  const runs = r.irregularRuns.map((x) => `run ${x.runId} (${x.workload}, ${x.requests})`).join(", ");
  return [
    `Phase markers of ${r.label} by active profiling (paper 003): regular run ${r.regularRun.runId} (${r.regularRun.workload}, ${r.requests} requests); irregular ${runs}; logical time in ${r.unit}`,
    `${r.candidates.length} of ${r.functions} functions ran exactly ${r.requests} time${r.requests === 1 ? "" : "s"} in the regular run; ${thresholdText(r)}`,
    "",
    table(
      ["function", ...r.irregularRuns.map((x) => `run ${x.runId}`), "mean distance", "σ", "verdict"],
      r.candidates.map((c) => [
        c.name,
        ...c.irregular.map(String),
        num(c.meanDistance),
        num(c.sigmaDistance),
        candidateText(c),
      ]),
      new Set([0, r.irregularRuns.length + 3]),
    ),
    "",
    r.outer
      ? `outer marker: ${r.outer}; inner markers: ${r.inner.join(", ") || "none (no candidate is followed by a long computation)"}`
      : noMarker(r),
    ...r.notes.map((n) => `note: ${n}`),
  ].join("\n");
}

/** Step 3's threshold in words: median + 3σ̂ of the gaps between calls within the regular run's requests. */
export function thresholdText(
  r: Pick<PhaseMarkersResult, "gapThreshold" | "gaps" | "regularRequests" | "unit">,
  format: (x: number) => string = (x) => `${num(x)} ${r.unit}`,
): string {
  if (!Number.isFinite(r.gapThreshold))
    return "no long-computation threshold: no request of the regular run was found (no outer marker)";
  return `long computation: over ${format(r.gapThreshold)} (median + 3σ̂ of the ${r.gaps.count} gaps between calls within its ${r.regularRequests.length} requests: median ${format(r.gaps.median)}, σ̂ the larger of 1.4826 MAD and half the median)`;
}

/** A site's leak verdict in words (§5.2), "" for none: shared with the workbench. */
export function leakText(s: Pick<AllocationSite, "likelyLeak" | "neverFreed" | "unfreedInstances">): string {
  if (s.likelyLeak) return `likely leak: left behind in ${s.unfreedInstances} instances`;
  return s.neverFreed ? `never freed: left in ${s.unfreedInstances} instances` : "";
}

/** Why no marker was found: the step that left no candidate. */
function noMarker(r: PhaseMarkersResult): string {
  if (r.candidates.length === 0)
    return `no marker found: no function ran exactly ${r.requests} times in the regular run (is its requests count right?)`;
  const zero = r.irregularRuns.filter((_, i) => r.candidates.every((c) => c.irregular[i] === 0));
  const hint =
    zero.length > 0
      ? `; ${zero.map((x) => `run ${x.runId}`).join(", ")} ran none of them: is its input the program's, and its requests count right?`
      : "";
  return `no marker found: every candidate was left out in step 2 (see the verdicts)${hint}`;
}

export function phaseSegmentsText(r: PhaseSegmentsResult): string {
  const threaded = r.outer.some((o) => o.threads !== undefined);
  return [
    `Phases of ${r.label} (paper 003), markers: outer ${r.markers.outer}, inner ${r.markers.inner.join(", ")}; lengths in ${r.unit}`,
    `${r.outer.length} outer instances after a prologue of ${num(r.prologue)} ${r.unit} and before an epilogue of ${num(r.epilogue)} ${r.unit}, ${num(r.between)} ${r.unit} between them; ${r.inner.length} inner instances`,
    "",
    table(
      ["phase", "instances", "mean length", "σ", "CoV", "total"],
      r.phases.map((p) => [
        p.phase,
        String(p.instances),
        num(p.meanLength),
        num(p.sigmaLength),
        num(p.cov),
        num(p.totalLength),
      ]),
      new Set([0]),
    ),
    "",
    table(
      [
        "outer instance",
        "start",
        "length",
        "calls",
        ...(threaded ? ["on CPU, per thread"] : []),
        ...(r.leaks ? ["heap allocated", "freed", "growth"] : []),
      ],
      r.outer.map((o, i) => [
        String(i + 1),
        num(o.start - r.span.start),
        num(o.length),
        String(o.calls),
        ...(threaded ? [(o.threads ?? []).map((t) => `${t.thread} ${num(t.onCpuNs)}`).join(", ") || "-"] : []),
        ...heapColumns(r, i),
      ]),
      new Set(threaded ? [4] : []),
    ),
    ...(r.comparison
      ? [
          "",
          `Phase methods compared (§4.4) by the CoV of ${r.comparison.metric} among each phase's instances (lower: more consistent)`,
          table(
            ["method", "phases", "lowest CoV", "mean", "highest", "how"],
            r.comparison.methods.map((m) => [
              m.method,
              String(m.phases.length),
              num(m.min),
              num(m.mean),
              num(m.max),
              m.setup,
            ]),
            new Set([0, 5]),
          ),
        ]
      : []),
    ...(r.leaks
      ? [
          "",
          `Heap objects by allocation site (§5.2), ${r.leaks.objects} objects: phase-local (freed in their instance), global (outlived it, or from start-up), unfreed`,
          table(
            ["site", "phase-local", "global", "unfreed", "leak"],
            r.leaks.sites.map((s) => [
              s.site,
              counted(s.phaseLocal),
              counted(s.global),
              counted(s.unfreed),
              leakText(s),
            ]),
            new Set([0, 4]),
          ),
        ]
      : []),
    ...r.notes.map((n) => `note: ${n}`),
  ].join("\n");
}

/** An outer instance's heap traffic in bytes, when the run recorded its allocations. */
function heapColumns(r: PhaseSegmentsResult, i: number): string[] {
  const m = r.leaks?.perInstance[i];
  return m ? [`${m.allocatedBytes} B`, `${m.freedBytes} B`, `${m.growthBytes} B`] : [];
}

const counted = (c: { objects: number; bytes: number }) => (c.objects === 0 ? "-" : `${c.objects} / ${c.bytes} B`);

export const phaseMarkersTextExporter: Exporter<PhaseMarkersResult> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (r) => phaseMarkersText(r) + "\n",
};
export const phaseSegmentsTextExporter: Exporter<PhaseSegmentsResult> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (r) => phaseSegmentsText(r) + "\n",
};
