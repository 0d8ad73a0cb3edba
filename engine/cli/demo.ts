// The main job until the workbench exists: a demo workspace holding the
// bundled example traces, and a look at its hottest and most variable contexts.
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { Workspace } from "../store/workspace.js";
import { importTrace } from "../store/importTrace.js";
import { artifactsOf, listRuns } from "../store/repositories.js";
import { mergeThreads } from "../cct/merge.js";
import { contextRows } from "../cct/query.js";
import { formatNs, table } from "../report/format.js";
import { loadRunCct } from "../store/runCct.js";
import { execFileSync } from "node:child_process";
import { getCampaign, listCampaigns } from "../store/campaigns.js";
import { campaignSummaries } from "../store/campaignQueries.js";
import { planCampaignFromFile } from "../runner/newCampaign.js";
import { runCampaign } from "../runner/runCampaign.js";
import { renderCampaignTable } from "./campaignCommands.js";

const FIXTURES = fileURLToPath(new URL("../../test/fixtures/uftrace/0.13/", import.meta.url));
const EXAMPLES = fileURLToPath(new URL("../../examples/", import.meta.url));
/** The demo's campaigns: wall times of two designs, and the same designs traced. */
const DEMO_CAMPAIGNS = [join(EXAMPLES, "campaigns", "frame_loop.yaml"), join(EXAMPLES, "campaigns", "frame_loop_uftrace.yaml")];
/** The demo campaign's seed, so every demo workspace is planned alike. */
const DEMO_SEED = 1;

const TRACES = [
  { workload: "frame_loop", trace: "frame_loop" },
  { workload: "nested_chain", trace: "nested_chain" },
  { workload: "two_threads", trace: "two_threads" },
  // Programs with a known variance structure, for the dominant variance view (paper 000).
  { workload: "listing1", trace: "variance/listing1" },
  { workload: "two_callers", trace: "variance/two_callers" },
] as const;

/** A context must hold at least this share of its thread's time to be ranked
 * by variability; tiny contexts have noisy CoVs (paper 001 §3 cut-off idea). */
const MIN_SHARE_FOR_COV = 0.01;

export async function runDemo(dir: string): Promise<string> {
  const ws = Workspace.init(dir);
  const out: string[] = [`demo workspace: ${ws.dir}`];
  try {
    const have = new Set(listRuns(ws.db).map((r) => r.workload));
    for (const ex of TRACES) {
      if (have.has(ex.workload)) continue;
      const r = await importTrace(ws, { trace: join(FIXTURES, ex.trace), project: "examples", workload: ex.workload, design: "O0-pg" });
      out.push(`imported ${ex.workload} as run ${r.runId} (${r.cct.events} events)`);
    }
    // The runs that hold a trace (the campaign's `time` runs hold none).
    for (const run of listRuns(ws.db).filter((r) => artifactsOf(ws.db, r.id).some((a) => a.kind === "cct"))) {
      const cct = await loadRunCct(ws, run.id);
      const rows = contextRows(mergeThreads(cct), cct.functions);
      const rootTotal = rows.filter((r) => r.path.length === 1).reduce((s, r) => s + r.inclusiveNs, 0);
      const hottest = rows.slice(0, 5);
      const variable = rows.filter((r) => r.n > 1 && r.inclusiveNs >= MIN_SHARE_FOR_COV * rootTotal).sort((a, b) => b.cov - a.cov).slice(0, 5);
      const render = (rs: typeof rows) =>
        table(["N", "mean", "σ", "CoV", "total", "context"], rs.map((r) => [String(r.n), formatNs(r.meanNs), formatNs(r.stdNs), r.cov.toFixed(3), formatNs(r.inclusiveNs), r.path.join(" > ")]));
      out.push("", `run ${run.id} (${run.workload}): hottest contexts`, render(hottest), "", `run ${run.id} (${run.workload}): most variable contexts (≥ ${MIN_SHARE_FOR_COV * 100}% of time)`, render(variable));
    }
    out.push("", ...(await demoCampaign(ws)));
  } finally {
    ws.close();
  }
  return out.join("\n");
}

/** The example campaigns, each planned once and finished (the examples built first), and their statistics. */
async function demoCampaign(ws: Workspace): Promise<string[]> {
  const out: string[] = [];
  for (const [i, spec] of DEMO_CAMPAIGNS.entries()) {
    let id = listCampaigns(ws.db)[i]?.id;
    if (id === undefined) {
      if (i === 0) execFileSync("make", ["-s", "-C", EXAMPLES], { stdio: "inherit" });
      id = planCampaignFromFile(ws, spec, DEMO_SEED).id;
      out.push(`ran example campaign ${id} (${spec})`);
    }
    if (getCampaign(ws.db, id)?.status !== "finished") await runCampaign(ws, id);
    const c = getCampaign(ws.db, id)!;
    out.push(`campaign ${id} (${c.name}), ${c.status}: wall time per design × workload`, renderCampaignTable(campaignSummaries(ws.db, id, c.seed)), "");
  }
  return out;
}
