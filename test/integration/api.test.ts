// The API over a real workspace (in-process transport): a real uftrace
// campaign of the frame loop, a trace recorded here, campaigns launched,
// cancelled and resumed through the API. Expected values come from the program
// (60 frames, 60 or 120 blocks) and from `uftrace report`.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readdirSync, statSync } from "node:fs";
import { buildExamples, record, ROOT, tempDir, uftraceReport } from "../helpers/uftrace.js";
import { Workspace } from "../../engine/store/workspace.js";
import { planCampaignFromFile } from "../../engine/runner/launch.js";
import { runCampaign } from "../../engine/runner/runCampaign.js";
import { importTrace } from "../../engine/ingest/importTrace.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import type { VarbenchApi } from "../../engine/api/contract.js";
import type { CampaignProgressEvent } from "../../engine/api/types.js";
import { ApiError } from "../../engine/errors/errors.js";

const SPEC = join(ROOT, "examples", "campaigns", "frame_loop_uftrace.yaml");
let service: VarbenchService;
let api: VarbenchApi;
let campaignId: number;
let tracedRun: number;
let traceDir: string;

before(async () => {
  buildExamples();
  process.env.VARBENCH_CONFIG_DIR = tempDir("config");
  const dir = join(tempDir("api"), "ws");
  const ws = Workspace.init(dir);
  campaignId = (await planCampaignFromFile(ws, SPEC, 7)).id;
  await runCampaign(ws, campaignId);
  traceDir = record("frame_loop", ["40", "30"]);
  tracedRun = (await importTrace(ws, { trace: traceDir, project: "examples", workload: "recorded", design: "O0-pg" }))
    .runId;
  ws.close();
  service = new VarbenchService(dir);
  api = inProcessClient(service);
});

after(() => service.close());

/** Resolves with the first progress event of the campaign that satisfies `done`. */
function waitFor(id: number, done: (e: CampaignProgressEvent) => boolean): Promise<CampaignProgressEvent> {
  return new Promise((ok) => {
    const off = api.onCampaignProgress((e) => {
      if (e.campaignId === id && done(e)) (off(), ok(e));
    });
  });
}

describe("API over a real workspace", () => {
  it("lists the project with its workloads, designs, campaign and runs", async () => {
    const [p] = await api.projects.list({});
    assert.deepEqual(
      { name: p.name, workloads: p.workloads, designs: p.designs, campaigns: p.campaigns, runs: p.runs },
      { name: "examples", workloads: 2, designs: 3, campaigns: 1, runs: 7 },
    );
    const d = await api.projects.get({ projectId: p.id });
    assert.deepEqual(d.workloads.find((w) => w.name === "frames-60")?.features, { frames: 60 });
    assert.deepEqual(d.designs.find((x) => x.name === "blocks-120")?.variables, { blocks: 120 });
    assert.equal(d.campaigns[0].status, "finished");
    assert.equal(d.campaigns[0].done, 6);
  });

  it("gives each design × workload its measure and its statistics: the traces' own time by default, wall time when asked", async () => {
    const runs = await api.runs.list({ campaignId });
    const traced = await api.campaigns.get({ campaignId });
    assert.equal(
      traced.measure.name,
      "trace-cpu",
      "a uftrace campaign answers in the program's own time, not the tracer's start-up",
    );
    for (const g of traced.groups)
      assert.deepEqual(
        [...g.values].sort(),
        runs
          .filter((r) => r.design === g.design)
          .map((r) => r.measures["trace-cpu"])
          .sort(),
      );
    const c = await api.campaigns.get({ campaignId, measure: "wall" });
    assert.equal(c.groups.length, 2);
    for (const g of c.groups) {
      const walls = runs.filter((r) => r.design === g.design).map((r) => r.wallNs!);
      assert.deepEqual([...g.values].sort(), [...walls].sort());
      assert.ok(Math.abs(g.summary!.mean - walls.reduce((s, v) => s + v, 0) / 3) < 1e-6);
    }
  });

  it("shows a run's CCT with the call counts of the program and `uftrace report`", async () => {
    const [run] = (await api.runs.list({ campaignId })).filter((r) => r.design === "blocks-120");
    const detail = await api.runs.get({ runId: run.id });
    assert.equal(detail.threads?.length, 1);
    assert.ok(detail.artifacts.some((a) => a.kind === "uftrace-directory"));
    const cct = await api.analyses.cct({ target: { kind: "run", runId: run.id }, thread: null });
    const n = (path: string) => cct.rows.find((r) => r.path.join(">") === path)?.n;
    assert.equal(n("main>decode_frame"), 60); // 60 frames
    const report = uftraceReport(traceDir);
    const recorded = await api.analyses.cct({ target: { kind: "run", runId: tracedRun }, thread: null });
    const frames = recorded.rows.find((r) => r.path.join(">") === "main>decode_frame")!;
    assert.equal(frames.n, report.get("decode_frame")!.calls);
    assert.ok(
      Math.abs(frames.inclusiveNs - report.get("decode_frame")!.totalNs) <= report.get("decode_frame")!.toleranceNs,
    );
  });

  it("gives a stored recording the size of its files, not of its manifest", async () => {
    const dir = (await api.runs.get({ runId: tracedRun })).artifacts.find((a) => a.kind === "uftrace-directory")!;
    const files = readdirSync(traceDir)
      .map((f) => statSync(join(traceDir, f)))
      .filter((s) => s.isFile());
    assert.equal(
      dir.sizeBytes,
      files.reduce((n, s) => n + s.size, 0),
    );
  });

  it("reads every invocation time of a context again from the stored trace", async () => {
    const report = uftraceReport(traceDir).get("decode_frame")!;
    const d = await api.runs.contextDistribution({ runId: tracedRun, path: ["main", "decode_frame"], thread: null });
    assert.equal(d.invocations, report.calls);
    assert.equal(d.durationsNs.length, report.calls);
    const sum = d.durationsNs.reduce((s, v) => s + v, 0);
    assert.ok(Math.abs(sum - report.totalNs) <= report.toleranceNs, `${sum} vs ${report.totalNs}`);
    const row = (await api.analyses.cct({ target: { kind: "run", runId: tracedRun }, thread: null })).rows.find(
      (r) => r.path.join(">") === "main>decode_frame",
    )!;
    assert.ok(Math.abs(d.summary.mean - row.meanNs) < 1e-6 * row.meanNs);
    await assert.rejects(
      api.runs.contextDistribution({ runId: tracedRun, path: ["main", "no_such_function"], thread: null }),
      /no invocation/,
    );
    await assert.rejects(
      api.runs.contextDistribution({ runId: tracedRun, path: ["main"], thread: "1/1" }),
      /no thread 1\/1/,
    );
  });

  it("compares two designs: twice the blocks is twice the idct_block calls per decode", async () => {
    const r = await api.analyses.compare({
      a: { kind: "design", campaignId, design: "blocks-60" },
      b: { kind: "design", campaignId, design: "blocks-120" },
    });
    assert.deepEqual([r.a.runIds.length, r.b.runIds.length, r.a.withCct, r.b.withCct], [3, 3, 3, 3]);
    // Counts, not times (a loaded machine changes times, never counts): each design's runs pooled.
    const contexts = async (design: string) =>
      (await api.analyses.cct({ target: { kind: "design", campaignId, design } })).rows;
    const [a, b] = [await contexts("blocks-60"), await contexts("blocks-120")];
    const idct = (rows: typeof a) => rows.find((c) => c.path.join(">") === "main>decode_frame>decode_i>idct_block")!.n;
    assert.equal(idct(b), 2 * idct(a));
    // Every call chain of either side is listed as slower or faster, or counted as unchanged.
    const chains = new Set([...a, ...b].map((c) => c.path.join(">")));
    assert.equal(r.slower.length + r.faster.length + r.apart.length + r.unchanged, chains.size);
  });

  it("refuses bad arguments with the field they concern", async () => {
    const p = (await api.projects.list({}))[0];
    await assert.rejects(
      api.campaigns.launch({
        projectId: p.id,
        designs: ["blocks-60"],
        workloads: ["frames-60"],
        repetitions: 0,
        profiler: "time",
      }),
      (e: unknown) => e instanceof ApiError && e.issues[0].path === "repetitions",
    );
    await assert.rejects(
      api.campaigns.launch({
        projectId: p.id,
        designs: ["nope"],
        workloads: ["frames-60"],
        repetitions: 1,
        profiler: "time",
      }),
      (e: unknown) => e instanceof ApiError && e.issues[0].path === "designs",
    );
    await assert.rejects(
      api.campaigns.launch({
        projectId: p.id,
        designs: ["blocks-60"],
        workloads: ["frames-60"],
        repetitions: 1,
        profiler: "dtrace",
      }),
      (e: unknown) => e instanceof ApiError && e.issues[0].path === "profiler",
    );
    await assert.rejects(
      api.runs.get({ runId: 9999 }),
      (e: unknown) => e instanceof ApiError && e.code === "not-found",
    );
  });

  it("launches a campaign from the project's spec, reports its progress, and finishes it", async () => {
    const p = (await api.projects.list({}))[0];
    const events: CampaignProgressEvent[] = [];
    const off = api.onCampaignProgress((e) => events.push(e));
    const c = await api.campaigns.launch({
      projectId: p.id,
      designs: ["blocks-60"],
      workloads: ["frames-60"],
      repetitions: 2,
      warmups: 1,
      profiler: "time",
    });
    const last = await waitFor(c.id, (e) => e.status === "finished");
    off();
    assert.deepEqual(last.counts, { succeeded: 3 });
    assert.ok(events.some((e) => e.campaignId === c.id && e.run?.status === "running"));
    const detail = await api.campaigns.get({ campaignId: c.id });
    assert.equal(detail.groups[0].summary?.n, 2);
  });

  it("cancels a running campaign and resumes it to the end", async () => {
    const p = (await api.projects.list({}))[0];
    const c = await api.campaigns.launch({
      projectId: p.id,
      designs: ["blocks-60", "blocks-120"],
      workloads: ["frames-60"],
      repetitions: 10,
      warmups: 0,
      profiler: "time",
    });
    await waitFor(c.id, (e) => e.run?.status === "succeeded");
    await api.campaigns.cancel({ campaignId: c.id });
    const cancelled = await waitFor(c.id, (e) => e.status === "cancelled");
    assert.ok((cancelled.counts.cancelled ?? 0) > 0, JSON.stringify(cancelled.counts));
    assert.equal((await api.campaigns.list({})).find((x) => x.id === c.id)?.canResume, true);
    await api.campaigns.resume({ campaignId: c.id });
    const finished = await waitFor(c.id, (e) => e.status === "finished");
    assert.equal(finished.counts.succeeded, 20);
    await assert.rejects(
      api.campaigns.resume({ campaignId: c.id }),
      (e: unknown) => e instanceof ApiError && e.code === "conflict",
    );
  });

  it("analyses a traced run's dominant variance, quickly again for new τ_S and β, and compares detection patterns", async () => {
    const [a, b] = (await api.runs.list({ campaignId })).filter((r) => r.design === "blocks-60");
    const run = (runId: number) => ({ kind: "run" as const, runId });
    const r = await api.analyses.vcg({ target: run(a.id), tauS: 0.4, beta: 0 });
    assert.equal(r.parameters.beta, 0);
    assert.ok(r.cct.contexts > 5);
    const trimmed = await api.analyses.vcg({ target: run(a.id), tauS: 0.4, beta: 0.5 });
    assert.ok(trimmed.nodes.length <= r.nodes.length);
    const p = await api.analyses.patterns({ target: run(a.id), vs: run(b.id) });
    assert.match(p.regression!.label, new RegExp(`run ${b.id}`));
    assert.ok(p.regression!.overlap >= 0 && p.regression!.overlap <= 1);
    await assert.rejects(
      api.analyses.vcg({ target: run((await api.runs.list({})).find((x) => !x.hasCct)!.id) }),
      /holds no trace/,
    );
  });

  it("pools a design's runs into one CCT for its dominant variance", async () => {
    const runs = (await api.runs.list({ campaignId })).filter((r) => r.design === "blocks-120");
    const pooled = await api.analyses.vcg({
      target: { kind: "design", campaignId, design: "blocks-120" },
      onCpu: false,
    });
    // The pooled tree's total time is the sum of the runs' own totals.
    let sum = 0;
    for (const x of runs)
      sum += (await api.analyses.cct({ target: { kind: "run", runId: x.id }, thread: null })).totalNs;
    assert.ok(Math.abs(pooled.cct.totalNs - sum) <= 1e-9 * sum, `${pooled.cct.totalNs} vs ${sum}`);
  });

  it("exports a campaign report in Markdown, CSV and JSON", async () => {
    const md = await api.reports.campaign({ campaignId, format: "markdown" });
    assert.match(md.text, /^# Campaign \d+ \(frame-loop-traces\)/);
    // The measure's table: one row per design × workload.
    assert.equal(md.text.split("\n").filter((l) => /^\| blocks-/.test(l)).length, 2);
    const csv = await api.reports.campaign({ campaignId, format: "csv" });
    assert.equal(csv.encoding, "base64");
    assert.match(csv.fileName, /\.csv\.zip$/);
    const json = JSON.parse((await api.reports.campaign({ campaignId, format: "json" })).text) as {
      sections: { id: string; tables: { rows: unknown[] }[] }[];
    };
    assert.equal(json.sections.find((x) => x.id === "measure")!.tables[0].rows.length, 2);
  });
});
