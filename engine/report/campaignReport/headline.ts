// The report's first answer: which design is faster, by how many times, in
// which measure and from which runs, with what confidence — the verdict
// (verdict/designVerdict.ts), per workload and pooled by the geometric mean —
// and where the rank test, the median ratio or paper 004's matched runs
// (M-Run, §5.2) disagree with it.
import type { WorkloadPatterns } from "./analysisSections.js";
import type { DesignVerdict } from "../../verdict/designVerdict.js";
import { speedupSentence } from "../../verdict/speedup.js";
import type { Headline } from "./model.js";

export function verdictHeadline(v: DesignVerdict, patterns: readonly WorkloadPatterns[]): Headline | null {
  const s = v.overall?.speedup ?? (v.workloads.length === 1 ? v.workloads[0].speedup : null);
  if (!s) return null;
  const disagreements = [
    ...v.workloads.flatMap((w) =>
      w.disagreements.map((d) =>
        v.workloads.length > 1 ? `On ${w.workload}, ${d}.` : `${d[0].toUpperCase()}${d.slice(1)}.`,
      ),
    ),
    ...v.warnings.map((w) => `${w[0].toUpperCase()}${w.slice(1)}.`),
    ...patterns.flatMap((p) => matchedRuns(v, p)),
  ];
  return {
    faster: v.settled ? s.faster : null,
    lower: s.lower,
    ratio: s.ratio,
    interval: s.interval,
    confidence: s.confidence,
    measure: v.measure.title,
    basis: v.basis,
    method: s.method,
    settled: v.settled,
    sentence: v.sentence,
    disagreements,
  };
}

/** M-Run over a workload's matched runs (004 §5.2) where it points another way than the workload's verdict,
 * or shows what the verdict does not. */
function matchedRuns(v: DesignVerdict, { workload, comparison: c }: WorkloadPatterns): string[] {
  const m = c.strategies.mRun?.speedup;
  const s = v.workloads.find((w) => w.workload === workload)?.speedup;
  if (!m || !s) return [];
  const on = v.workloads.length > 1 ? ` on ${workload}` : "";
  const said = `Under matched runs${on} (M-Run, paper 004 §5.2, in ${c.metric.title}): ${speedupSentence(m, c.labels, c.metric)}.`;
  if (m.lower !== null && s.lower !== null && m.lower !== s.lower)
    return [
      `${said} It points the other way: the designs' runs fall into the execution patterns in different proportions.`,
    ];
  if ((m.faster === null) !== (s.faster === null))
    return [
      `${said} It ${m.faster === null ? "shows no difference where the verdict does" : "shows a difference where the verdict does not"}.`,
    ];
  return [];
}
