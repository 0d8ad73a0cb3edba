// `varbench campaign …` and `varbench runs …`: campaigns run from a spec,
// resumed after a crash, cancelled, listed and summarised.
import type { Command } from "commander";
import { SingleBar } from "cli-progress";
import { Workspace } from "../store/workspace.js";
import { planCampaignFromFile } from "../runner/newCampaign.js";
import { getCampaign, listCampaigns, runCounts, setCampaignStatus, cancelQueuedRuns } from "../store/campaigns.js";
import { isAlive, runCampaign, type CampaignEvent } from "../runner/runCampaign.js";
import { campaignSummaries, runDetails, runRows } from "../store/campaignQueries.js";
import { formatNs, table } from "../report/format.js";
import { toCsv } from "../report/csv.js";
import { flatSummary } from "../report/flatSummary.js";

export function registerCampaignCommands(program: Command, workspaceDir: () => string): void {
  const campaign = program.command("campaign").description("run designs × workloads × repetitions under a profiler");
  campaign
    .command("run")
    .argument("<spec>", "campaign spec (YAML)")
    .option("--seed <n>", "seed of the run order (default: random, recorded)", Number)
    .description("plan a campaign from a spec and run it")
    .action(async (specFile: string, o: { seed?: number }) =>
      withWorkspace(workspaceDir(), async (ws) => {
        const c = planCampaignFromFile(ws, specFile, o.seed);
        console.log(`campaign ${c.id}: ${c.runs} runs planned (seed ${c.seed}, ${c.order})`);
        await runWithProgress(ws, c.id);
      }),
    );
  campaign
    .command("resume")
    .argument("<id>", "campaign id", Number)
    .description("finish a campaign whose runner stopped: interrupted runs are run again")
    .action(async (id: number) => withWorkspace(workspaceDir(), (ws) => runWithProgress(ws, id)));
  campaign
    .command("cancel")
    .argument("<id>", "campaign id", Number)
    .description("stop a running campaign: its current runs are stopped, queued ones cancelled")
    .action((id: number) =>
      withWorkspace(workspaceDir(), (ws) => {
        const c = getCampaign(ws.db, id);
        if (!c) throw new Error(`campaign ${id} does not exist`);
        if (c.status === "running" && c.runnerPid !== null && isAlive(c.runnerPid)) {
          setCampaignStatus(ws.db, id, "cancelling", c.runnerPid);
          console.log(`campaign ${id}: asked runner ${c.runnerPid} to cancel`);
        } else {
          const n = cancelQueuedRuns(ws.db, id);
          setCampaignStatus(ws.db, id, "cancelled", null);
          console.log(`campaign ${id}: cancelled ${n} queued run(s)`);
        }
      }),
    );
  campaign
    .command("list")
    .description("list the campaigns of the workspace")
    .action(() =>
      withWorkspace(workspaceDir(), (ws) => {
        const rows = listCampaigns(ws.db).map((c) => {
          const n = runCounts(ws.db, c.id);
          return [String(c.id), c.project, c.name, c.status, String(c.seed), Object.entries(n).map(([k, v]) => `${v} ${k}`).join(", ")];
        });
        console.log(table(["id", "project", "name", "status", "seed", "runs"], rows, new Set([1, 2, 3, 5])));
      }),
    );
  campaign
    .command("show")
    .argument("<id>", "campaign id", Number)
    .option("--json", "print JSON", false)
    .option("--csv", "print CSV", false)
    .description("statistics of wall time per design × workload (succeeded, measured runs)")
    .action((id: number, o: { json: boolean; csv: boolean }) =>
      withWorkspace(workspaceDir(), (ws) => {
        const c = getCampaign(ws.db, id);
        if (!c) throw new Error(`campaign ${id} does not exist`);
        const groups = campaignSummaries(ws.db, id, c.seed);
        if (o.json) return console.log(JSON.stringify({ campaign: { id, name: c.name, status: c.status, seed: c.seed }, groups }, null, 2));
        const flat = groups.map((g) => ({ design: g.design, workload: g.workload, ...flatSummary(g.wallNs) }));
        if (o.csv) return console.log(toCsv(flat));
        console.log(`campaign ${id} (${c.name}): ${c.status}, seed ${c.seed}`);
        console.log(renderCampaignTable(groups));
      }),
    );

  const runs = program.command("runs").description("the runs of the workspace");
  runs
    .command("list", { isDefault: true })
    .option("--campaign <id>", "only this campaign's runs", Number)
    .option("--json", "print JSON", false)
    .option("--csv", "print CSV", false)
    .action((o: { campaign?: number; json: boolean; csv: boolean }) =>
      withWorkspace(workspaceDir(), (ws) => {
        const rows = runRows(ws.db, o.campaign);
        if (o.json) return console.log(JSON.stringify(rows, null, 2));
        if (o.csv) return console.log(toCsv(rows));
        console.log(
          table(
            ["run", "campaign", "design", "workload", "rep", "status", "wall", "max RSS", "message"],
            rows.map((r) => [String(r.id), r.campaignId === null ? "-" : String(r.campaignId), r.design ?? "-", r.workload ?? "-", r.warmup ? "warm-up" : r.repetition === null ? "-" : String(r.repetition), r.status, r.wallNs === null ? "-" : formatNs(r.wallNs), r.peakRssKb === null ? "-" : `${r.peakRssKb} kB`, r.message ?? ""]),
            new Set([2, 3, 5, 8]),
          ),
        );
      }),
    );
  runs
    .command("show")
    .argument("<id>", "run id", Number)
    .action((id: number) => withWorkspace(workspaceDir(), (ws) => console.log(JSON.stringify(runDetails(ws.db, id), null, 2))));
}

async function runWithProgress(ws: Workspace, id: number): Promise<void> {
  const tty = process.stderr.isTTY === true;
  const bar = tty ? new SingleBar({ format: "{bar} {value}/{total} runs | {failed} not succeeded | ETA {eta_formatted} | {current}", stream: process.stderr, hideCursor: true }) : null;
  let started = false;
  const onEvent = (e: CampaignEvent) => {
    if (e.kind === "interrupted-requeued") {
      console.error(`requeued ${e.runIds.length} run(s) interrupted by the previous runner: ${e.runIds.join(", ")}`);
      return;
    }
    const done = ["succeeded", "failed", "timed-out", "cancelled"].reduce((n, k) => n + (e.counts[k] ?? 0), 0);
    const total = done + (e.counts.queued ?? 0) + (e.counts.running ?? 0);
    const failed = done - (e.counts.succeeded ?? 0);
    const current = `${e.run.design} × ${e.run.workload}${e.run.warmup ? " (warm-up)" : ""}`;
    if (bar) {
      if (!started) bar.start(total, done, { failed, current });
      started = true;
      bar.update(done, { failed, current });
      bar.setTotal(total);
    } else if (e.kind === "run-finished") {
      const eta = e.etaMs === null ? "" : `, about ${Math.ceil(e.etaMs / 1000)} s left`;
      console.error(`run ${e.run.id} (${done}/${total}) ${current}: ${e.status}${eta}`);
    }
  };
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort();
  process.once("SIGINT", onSignal);
  try {
    const status = await runCampaign(ws, id, onEvent, interrupt.signal);
    bar?.stop();
    const n = runCounts(ws.db, id);
    console.log(`campaign ${id} ${status}: ${Object.entries(n).map(([k, v]) => `${v} ${k}`).join(", ")}`);
  } finally {
    process.off("SIGINT", onSignal);
  }
}

async function withWorkspace<T>(dir: string, f: (ws: Workspace) => T | Promise<T>): Promise<T> {
  const ws = Workspace.open(dir);
  try {
    return await f(ws);
  } finally {
    ws.close();
  }
}

/** Wall-time statistics per design × workload, as a table for people. */
export function renderCampaignTable(groups: ReturnType<typeof campaignSummaries>): string {
  return table(
    ["design", "workload", "N", "mean", "median", "σ", "CoV", "MAD", "min", "max", "P90", "P99", "mean 95% CI", "outliers"],
    groups.map((g) => {
      const s = g.wallNs;
      return s
        ? [g.design, g.workload, String(s.n), formatNs(s.mean), formatNs(s.median), formatNs(s.std), s.cov.toFixed(3), formatNs(s.mad), formatNs(s.min), formatNs(s.max), formatNs(s.p90), formatNs(s.p99), `${formatNs(s.meanCi95.low)} – ${formatNs(s.meanCi95.high)}`, String(s.outliers.length)]
        : [g.design, g.workload, "0", ...Array<string>(11).fill("-")];
    }),
    new Set([0, 1]),
  );
}

