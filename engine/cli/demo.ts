// The demo workspace (the default of `npm start`): the bundled example traces
// imported, the example campaigns run once, and a look at the hottest and
// most variable contexts of each traced run, all through the API.
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { VarbenchService } from "../api/service.js";
import { inProcessClient } from "../api/inProcess.js";
import type { VarbenchApi } from "../api/contract.js";
import type { CampaignInfo, ContextStats } from "../api/types.js";
import { DATA_ROOT, PROJECT_ROOT } from "../io/projectRoot.js";
import { chain, table } from "../format/text.js";
import { campaignTable } from "./format/campaignTable.js";
import { followCampaign } from "./follow.js";
import { formatNs, grouped } from "../format/numbers.js";

const FIXTURES = join(DATA_ROOT, "test", "fixtures", "uftrace", "0.13");
/** The demo's campaigns: wall times of two designs, the same designs traced, a worker pool's two
 * designs traced, whose runs fall into execution patterns (paper 004), for empirical complexity
 * (paper 002) bubble sort counted by gcov and traced by uftrace and two sorts under callgrind, a
 * request-serving utility on a regular and two real inputs, for phase detection (paper 003), and two
 * sorts traced with plain timing runs beside the traced ones, the recommended setup for "which is
 * faster, and why". */
const DEMO_CAMPAIGNS = [
  "frame_loop",
  "frame_loop_uftrace",
  "pool_uftrace",
  "bsort_gcov",
  "sorts_callgrind",
  "bsort_uftrace",
  "requests_uftrace",
  "sorts_uftrace",
];
/** Written once every step of the demo is done: a first start stopped half-way goes on at the next. */
export const DEMO_READY = ".varbench-demo-ready";
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

/** The demo built (or completed) in `dir`, saying each step to `say` as it ends; returns the
 * demo's report: the traced runs' hottest and most variable contexts and each campaign's statistics. */
export async function runDemo(
  dir: string,
  say: (line: string) => void = () => {},
  o: { contexts?: boolean } = {},
): Promise<string> {
  const service = new VarbenchService(dir, { lazy: true, localFiles: true, remember: false });
  const api = inProcessClient(service);
  try {
    const ws = await api.workspace.open({ dir });
    const out: string[] = [`demo workspace: ${ws.dir}`];
    const have = new Set((await api.runs.list({})).map((r) => r.workload));
    const traces = TRACES.filter((ex) => !have.has(ex.workload));
    const campaignsLeft =
      DEMO_CAMPAIGNS.length -
      Math.min(DEMO_CAMPAIGNS.length, (await api.campaigns.list({})).filter((c) => !c.canResume).length);
    const steps = { done: 0, total: traces.length + campaignsLeft + Number(campaignsLeft > 0) };
    const step = (line: string) => say(`demo ${++steps.done}/${steps.total}: ${line}`);
    for (const ex of traces) {
      const r = await api.runs.import({
        trace: join(FIXTURES, ex.trace),
        project: "examples",
        workload: ex.workload,
        design: "O0-pg",
      });
      if (r.kind !== "trace") throw new Error(`${ex.trace} is not a trace`);
      out.push(`imported ${ex.workload} as run ${r.runId} (${r.events} events)`);
      step(`imported the example trace ${ex.workload} as run ${r.runId} (${grouped(r.events)} events)`);
    }
    for (const run of o.contexts === false ? [] : (await api.runs.list({})).filter((r) => r.hasCct)) {
      const { rows } = await api.analyses.cct({ target: { kind: "run", runId: run.id } });
      const rootTotal = rows.filter((r) => r.path.length === 1).reduce((s, r) => s + r.inclusiveNs, 0);
      const variable = rows
        .filter((r) => r.n > 1 && r.inclusiveNs >= MIN_SHARE_FOR_COV * rootTotal)
        .sort((a, b) => b.cov - a.cov);
      out.push(
        "",
        `run ${run.id} (${run.workload}): hottest contexts`,
        contextTable(rows.slice(0, 5)),
        "",
        `run ${run.id} (${run.workload}): most variable contexts (≥ ${MIN_SHARE_FOR_COV * 100}% of time)`,
        contextTable(variable.slice(0, 5)),
      );
    }
    out.push("", ...(await demoCampaigns(api, examplesFolder(ws.dir), step)));
    await writeFile(join(ws.dir, DEMO_READY), new Date().toISOString());
    return out.join("\n");
  } finally {
    await service.close();
  }
}

/** The examples are built where they are in a checkout; an installed app's are read-only (under /opt,
 * or in its resources), so they are copied into the demo workspace once and built there. */
function examplesFolder(workspace: string): string {
  if (DATA_ROOT === PROJECT_ROOT) return join(PROJECT_ROOT, "examples");
  const copy = join(workspace, "examples");
  if (!existsSync(copy)) cpSync(join(DATA_ROOT, "examples"), copy, { recursive: true });
  return copy;
}

/** "40 runs (40 succeeded)". */
function runCounts(c: CampaignInfo): string {
  const counts = Object.entries(c.counts)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status}`);
  return `${c.total} runs${counts.length ? ` (${counts.join(", ")})` : ""}`;
}

function contextTable(rows: readonly ContextStats[]): string {
  return table(
    ["N", "mean", "σ", "CoV", "total", "context"],
    rows.map((r) => [
      String(r.n),
      formatNs(r.meanNs),
      formatNs(r.stdNs),
      r.cov.toFixed(3),
      formatNs(r.inclusiveNs),
      chain(r.path),
    ]),
  );
}

/** The example campaigns, each planned once and finished (the examples built first), and their statistics. */
async function demoCampaigns(api: VarbenchApi, examples: string, step: (line: string) => void): Promise<string[]> {
  const out: string[] = [];
  let built = false;
  for (const [i, name] of DEMO_CAMPAIGNS.entries()) {
    const spec = join(examples, "campaigns", `${name}.yaml`);
    const existing = [...(await api.campaigns.list({}))].sort((a, b) => a.id - b.id)[i];
    if (!built && (!existing || existing.canResume)) {
      execFileSync("make", ["-s", "-C", examples], { stdio: "inherit" });
      step(`built the example programs (make -s -C ${examples})`);
      built = true;
    }
    // The runs' own lines would be ~300: a bar on a terminal, else one line per campaign.
    const started = performance.now();
    if (!existing)
      await followCampaign(api, async () => (await api.campaigns.launchSpec({ spec, seed: DEMO_SEED })).campaign, {
        perRunLines: false,
      });
    else if (existing.canResume)
      await followCampaign(api, () => api.campaigns.resume({ campaignId: existing.id }), { perRunLines: false });
    const c = [...(await api.campaigns.list({}))].sort((a, b) => a.id - b.id)[i];
    if (!existing) out.push(`ran example campaign ${c.id} (${spec})`);
    if (!existing || existing.canResume)
      step(
        `ran example campaign ${c.id} (${c.name}, ${c.profiler}): ${runCounts(c)} in ${Math.round((performance.now() - started) / 1000)} s`,
      );
    const detail = await api.campaigns.get({ campaignId: c.id });
    out.push(
      `campaign ${c.id} (${c.name}), ${c.status}: ${detail.measure.title} per design × workload, from ${detail.basis}`,
      campaignTable(detail),
      "",
    );
  }
  return out;
}
