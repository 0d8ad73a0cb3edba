// `varbench cct <run-id|trace>`: contexts with N, mean, σ, CoV and totals.
import { mergeThreads } from "../cct/merge.js";
import { contextRows, type ContextSort } from "../cct/query.js";
import type { Cct } from "../cct/cct.js";
import { describeTraceWarning } from "../trace/diagnostics.js";
import { formatNs, table } from "../report/format.js";

export interface CctCommandOptions {
  readonly sort: ContextSort;
  readonly thread?: string;
  readonly json: boolean;
  readonly limit: number;
}

export function renderCct(cct: Cct, label: string, o: CctCommandOptions): string {
  const pick = o.thread ? threadFilter(cct, o.thread) : undefined;
  const merged = mergeThreads(cct, pick);
  const all = contextRows(merged, cct.functions, o.sort);
  const rows = all.slice(0, o.limit > 0 ? o.limit : undefined);
  const byId = new Map(all.map((r) => [r.id, r.path]));
  const omitted = merged.covarianceOmitted.map((c) => byId.get(c)?.join(" > ") ?? `context ${c}`);
  if (o.json) {
    const threads = cct.threads.map((t) => ({ pid: t.pid, tid: t.tid }));
    return JSON.stringify({ source: label, threads, warnings: cct.warnings, covarianceOmitted: omitted, contexts: rows }, null, 2);
  }
  const body = table(
    ["N", "mean", "σ", "CoV", "min", "max", "total", "self", "context"],
    rows.map((r) => [
      String(r.n),
      formatNs(r.meanNs),
      formatNs(r.stdNs),
      r.cov.toFixed(3),
      formatNs(r.minNs),
      formatNs(r.maxNs),
      formatNs(r.inclusiveNs),
      formatNs(r.selfNs),
      r.path.join(" > "),
    ]),
  );
  const threads = cct.threads.map((t) => `${t.pid}/${t.tid}`).join(", ");
  const notes = cct.warnings.map((w) => `warning: ${describeTraceWarning(w)}`);
  if (omitted.length > 0) {
    notes.push(`note: no child covariance for ${omitted.length} context(s) with more than ${cct.maxCovarianceChildren} children: ${omitted.join("; ")}`);
  }
  return [`${label}: ${cct.events} events, threads ${threads}${o.thread ? ` (showing ${o.thread})` : ""}`, body, ...notes].join("\n");
}

/** `T` matches a tid, `P/T` a pid and tid. */
function threadFilter(cct: Cct, spec: string): (pid: number, tid: number) => boolean {
  const [a, b] = spec.split("/").map(Number);
  const match = b === undefined ? (_: number, tid: number) => tid === a : (pid: number, tid: number) => pid === a && tid === b;
  if (!cct.threads.some((t) => match(t.pid, t.tid))) {
    throw new Error(`no thread ${spec} in this trace; threads: ${cct.threads.map((t) => `${t.pid}/${t.tid}`).join(", ")}`);
  }
  return match;
}
