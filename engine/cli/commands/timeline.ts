// `varbench timeline`: a window of a run's or trace's timeline, as JSON or as
// one line per slice and per summary, thread by thread, in time order.
import { withApi } from "../api.js";
import { targetArg } from "../target.js";
import { printJson } from "../format/jsonOut.js";
import { formatNs, grouped } from "../../format/numbers.js";
import type { TimelineResult } from "../../timeline/result.js";

export function timeline(
  workspaceDir: string,
  target: string,
  o: { from?: number; to?: number; width?: number; onCpu?: boolean; json: boolean },
): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const r = await api.analyses.timeline({
      target: targetArg(target, ["run", "trace"]),
      fromNs: o.from ?? null,
      toNs: o.to ?? null,
      ...(o.width === undefined ? {} : { width: o.width }),
      onCpu: o.onCpu,
    });
    if (o.json) return printJson(r);
    process.stdout.write(lines(r).join("\n") + "\n");
  });
}

function lines(r: TimelineResult): string[] {
  const at = (ns: number) => formatNs(ns - r.spanStartNs);
  const out = [
    `${r.label}: ${grouped(r.calls)} calls; window ${at(r.fromNs)} to ${at(r.toNs)} of ${formatNs(r.spanEndNs - r.spanStartNs)}, ${r.width} columns of ${formatNs(r.pixelNs)}`,
    ...r.notes.map((n) => `note: ${n}`),
  ];
  for (const t of r.tracks) {
    out.push(
      "",
      `thread ${t.key}${t.name ? ` (${t.name})` : ""}: ${t.slices.length} slices, ${t.summaries.length} summaries`,
    );
    const rows = [
      ...t.slices.map((s) => ({
        start: s.startNs,
        depth: s.depth,
        text: `${"  ".repeat(s.depth)}${r.functions[s.fn]}${s.wait ? " (switched out)" : ""}  ${formatNs(s.endNs - s.startNs)}`,
      })),
      ...t.summaries.map((m) => ({
        start: m.startNs,
        depth: m.depth,
        text: `${"  ".repeat(m.depth)}[${m.count} call${m.count === 1 ? "" : "s"}, ${formatNs(m.totalNs)}]`,
      })),
    ].sort((a, b) => a.start - b.start || a.depth - b.depth);
    for (const x of rows) out.push(`${at(x.start).padStart(12)}  ${x.text}`);
  }
  return out;
}
