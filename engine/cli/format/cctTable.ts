// A CCT table for the terminal, and as JSON for scripts.
import type { CctTable } from "../../cct/table.js";
import { chainText, table } from "../../format/text.js";
import { formatNs } from "../../format/numbers.js";

export function cctText(t: CctTable): string {
  const body = table(
    ["N", "mean", "σ", "CoV", "min", "max", "total", "self", "context"],
    t.rows.map((r) => [
      String(r.n),
      formatNs(r.meanNs),
      formatNs(r.stdNs),
      r.cov.toFixed(3),
      formatNs(r.minNs),
      formatNs(r.maxNs),
      formatNs(r.inclusiveNs),
      formatNs(r.selfNs),
      chainText(r.path),
    ]),
  );
  const notes = t.warnings.map((w) => `warning: ${w}`);
  if (t.covarianceOmitted.length > 0) {
    notes.push(
      `note: no child covariance for ${t.covarianceOmitted.length} context(s) with more than ${t.maxCovarianceChildren} children: ${t.covarianceOmitted.join("; ")}`,
    );
  }
  const threads = t.threads.map((x) => x.key).join(", ");
  return [
    `${t.label}: ${t.events} events, threads ${threads}${t.thread ? ` (showing ${t.thread})` : ""}`,
    body,
    ...notes,
  ].join("\n");
}

/** The table as the JSON scripts read (printJson writes it). */
export function cctJson(t: CctTable): object {
  const threads = t.threads.map((x) => ({ pid: x.pid, tid: x.tid, name: x.name }));
  return { source: t.label, threads, warnings: t.warnings, covarianceOmitted: t.covarianceOmitted, contexts: t.rows };
}
