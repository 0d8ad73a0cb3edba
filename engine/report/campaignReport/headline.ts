// The report's first answer: which design is faster, by how many times, in
// which measure and from which runs, with what confidence — the verdict
// (verdict/designVerdict.ts), per workload and pooled by the geometric mean —
// and where the rank test, the median ratio or paper 004's matched runs
// (M-Run, §5.2) disagree with it.
import type { DesignComparisonResult } from "../../patterns/comparisonResult.js";
import type { DesignVerdict } from "../../verdict/designVerdict.js";
import { speedupSentence } from "../../verdict/speedup.js";
import type { Headline } from "./model.js";

export function verdictHeadline(v: DesignVerdict, patterns: DesignComparisonResult | null): Headline | null {
  const s = v.overall?.speedup ?? (v.workloads.length === 1 ? v.workloads[0].speedup : null);
  if (!s) return null;
  const disagreements = [
    ...v.workloads.flatMap((w) => w.disagreements.map((d) => `${v.workloads.length > 1 ? `${w.workload}: ` : ""}${d[0].toUpperCase()}${d.slice(1)}.`)),
    ...v.warnings.map((w) => `${w[0].toUpperCase()}${w.slice(1)}.`),
    ...matchedRuns(v, patterns),
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

/** M-Run over matched runs (004 §5.2) where it points another way than the verdict, or shows what the verdict does not. */
function matchedRuns(v: DesignVerdict, c: DesignComparisonResult | null): string[] {
  const m = c?.strategies.mRun?.speedup;
  const s = v.overall?.speedup ?? v.workloads[0]?.speedup;
  if (!c || !m || !s) return [];
  const pooled = v.workloads.length > 1 ? ", all workloads' runs clustered together" : "";
  const said = `Under matched runs (M-Run, paper 004 §5.2, in ${c.metric.title}${pooled}): ${speedupSentence(m, c.labels)}.`;
  if (m.lower !== null && s.lower !== null && m.lower !== s.lower) return [`${said} It points the other way: the designs' runs fall into the execution patterns in different proportions.`];
  if ((m.faster === null) !== (s.faster === null)) return [`${said} It ${m.faster === null ? "shows no difference where the verdict does" : "shows a difference where the verdict does not"}.`];
  return [];
}
