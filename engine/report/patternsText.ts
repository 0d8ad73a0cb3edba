// Execution patterns (paper 004) as text for people: the patterns with their
// runs, metric and shape, the thread slots, and how K was chosen.
import type { ExecutionPatternsResult, Pattern } from "../patterns/result.js";
import type { Exporter } from "./exporter.js";
import { formatMetric } from "../format/numbers.js";
import { table } from "../format/text.js";

/** A pattern's shape in one line per slot: how busy each aligned interval is, from ' ' (idle) to '█'. */
export function activityBars(p: Pattern): string[] {
  const blocks = " ▁▂▃▄▅▆▇█";
  return p.activity.map((row) => row.map((v) => blocks[Math.max(0, Math.min(8, Math.round(v * 8)))]).join(""));
}

export function patternsText(r: ExecutionPatternsResult): string {
  const groups = [...new Set(r.runs.map((x) => x.group))].sort();
  const rows = r.patterns.map((p) => [
    p.name,
    String(p.runs.length),
    ...groups.map((g) => String(p.groups[g] ?? 0)),
    formatMetric(r.metric, p.metric?.mean ?? null),
    p.metric && p.metric.n > 1 ? p.metric.cov.toFixed(3) : "-",
    `run ${p.representative}`,
  ]);
  const out = [
    `Execution patterns of ${r.label} (paper 004): ${r.runs.length} ${r.runs.length === 1 ? "run" : "runs"}, ${r.patterns.length} ${r.patterns.length === 1 ? "pattern" : "patterns"}, ${r.metric.title}, timelines from ${r.source}`,
    "",
    table(
      ["pattern", "runs", ...groups, `mean ${r.metric.name}`, "CoV", "representative"],
      rows,
      new Set([0, groups.length + 4]),
    ),
    "",
    `Shapes (busy share per aligned interval, one line per thread slot: ${r.slots.map((s) => `${s.label}${s.threadName ? ` "${s.threadName}"` : ""}`).join(", ")}):`,
    ...r.patterns.flatMap((p) => activityBars(p).map((bar, i) => `  ${(i === 0 ? p.name : "").padEnd(5)} |${bar}|`)),
    "",
    `Runs to see every pattern once: ${r.runsToSeeAll} of ${r.runs.length} (004 §5.3).`,
    ...r.notes.map((n) => `note: ${n}`),
  ];
  return out.join("\n");
}

export const executionPatternsText: Exporter<ExecutionPatternsResult> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (r) => patternsText(r) + "\n",
};
