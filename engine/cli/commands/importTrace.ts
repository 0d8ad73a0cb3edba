// `varbench import`: a trace stored as a run, or benchmark results (hyperfine,
// Google Benchmark, pyperf JSON) stored as a campaign, with what to do next.
import { withApi } from "../api.js";
import type { ImportedResults } from "../../api/types.js";
import { shortText, visibleText } from "../../format/text.js";

export function importTrace(
  workspaceDir: string,
  file: string,
  o: {
    project: string;
    workload?: string;
    design?: string;
    maxChildren?: number;
    campaignName?: string;
    programVersion?: string;
  },
): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const { programVersion, ...rest } = o;
    const r = await api.runs.import({ trace: file, ...rest, version: programVersion });
    if (r.kind === "trace")
      console.log(`run ${r.runId}: ${r.format} trace, ${r.events} events, ${r.threads} thread(s)`);
    else console.log(resultsText(r));
    // A tool's words (a hyperfine command) may hold control characters that would act on the terminal.
    for (const w of r.warnings) console.error(`warning: ${visibleText(w)}`);
  });
}

function resultsText(r: ImportedResults): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const failed = r.failed > 0 ? ` (${r.failed} failed)` : "";
  const lines = [
    `campaign ${r.campaignId} (${r.campaignName}): ${r.format} results, ${plural(r.designs.length, "design")} × ${plural(r.workloads.length, "workload")}, ${plural(r.runs, "run")}${failed}${r.version ? `, version ${r.version.label}` : ""}`,
  ];
  // The tool's words for a design (a command line, up to 128 KiB), shown visible and cut.
  for (const d of r.designs) lines.push(`  design ${d.name}${d.label === d.name ? "" : `: ${shortText(d.label)}`}`);
  lines.push(`  workloads: ${r.workloads.join(", ")}`);
  lines.push(`statistics: varbench campaign show ${r.campaignId}`);
  return lines.join("\n");
}
