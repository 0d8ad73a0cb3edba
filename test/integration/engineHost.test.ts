// The engine host (browser mode's server and Electron serve from it, issue 17
// item 2): the engine in a worker under a heap budget. A request that needs more
// heap than the budget (an import of 200,000 hyperfine runs, each with the
// tool's statistics: more than 128 MB of JavaScript objects) is answered with a
// clear error; the server keeps serving; the workspace is unchanged; the engine
// starts again on the workspace it had open, and the campaign it was running is
// requeued with its process group killed, its clients told, and resumable. (A
// trace's calling-context tree is built outside the heap, in the ingestion
// kernel, bounded by the budget too: a trace too large for it is refused in
// words and the engine lives on; test/integration/cliMemoryBudget.test.ts.)
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES, tempDir } from "../helpers/uftrace.js";
import { Workspace } from "../../engine/store/workspace.js";
import { createPlannedCampaign } from "../../engine/runner/launch.js";
import { campaignSpecSchema } from "../../engine/campaign/spec.js";
import { EngineHost } from "../../engine/api/engineHost.js";
import { startServer, type RunningServer } from "../../engine/api/httpServer.js";
import type { CampaignProgressEvent, ImportedRun, RunRow } from "../../engine/api/types.js";

const BUDGET_MB = 64;
/** Its workload's sleep, recognisable among the machine's processes. */
const SLEEP = "987.65";

/** 200,000 hyperfine runs (the most an import takes) of a command with all its statistics: each
 * run becomes a few objects on the heap, past 128 MB in all (measured: refused under 128, imported
 * under 192), twice the budget here. */
function heavyResults(dir: string): string {
  const file = join(dir, "heavy.json");
  const times = new Array<number>(200_000).fill(0.001);
  const result = {
    command: "sleep 0",
    times,
    exit_codes: times.map(() => 0),
    mean: 0.001,
    stddev: 0,
    median: 0.001,
    user: 0.0005,
    system: 0.0004,
    min: 0.001,
    max: 0.001,
    parameters: { n: "10" },
  };
  writeFileSync(file, JSON.stringify({ results: [result] }));
  return file;
}

function sleepers(): string[] {
  try {
    return execFileSync("pgrep", ["-f", `sleep ${SLEEP}`], { encoding: "utf8" })
      .trim()
      .split("\n");
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

describe("engine host", () => {
  let dir: string;
  let host: EngineHost;
  let server: RunningServer;
  let trace: string;
  let flag: string;
  let campaignId: number;

  const post = async (method: string, args: unknown) => {
    const res = await fetch(new URL(`/api/${method}`, server.url), {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}` },
      body: JSON.stringify(args),
    });
    return { status: res.status, body: (await res.json()) as { result?: unknown; error?: { message: string } } };
  };
  const progress = (until: (e: CampaignProgressEvent) => boolean) =>
    new Promise<CampaignProgressEvent>((done) => {
      const off = host.events.on("campaignProgress", (payload) => {
        const e = payload as CampaignProgressEvent;
        if (e.campaignId === campaignId && until(e)) {
          off();
          done(e);
        }
      });
    });

  before(async () => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    const root = tempDir("host");
    dir = join(root, "ws");
    trace = heavyResults(root);
    flag = join(root, "flag");
    const ws = Workspace.init(dir);
    // Waits until the flag exists, so that the run is in progress when the engine dies, and the resumed one ends at once.
    const spec = campaignSpecSchema.parse({
      project: "p",
      designs: [{ name: "d" }],
      workloads: [{ name: "w", argv: ["sh", "-c", `test -e ${flag} || sleep ${SLEEP}`] }],
      repetitions: 1,
    });
    campaignId = createPlannedCampaign(ws, { spec, specDir: root, name: "c", source: "test", seed: 1 }).id;
    ws.close();
    const staticDir = join(root, "renderer");
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>Varbench</title>");
    const entry = new URL("../../engine/api/workerEntry.ts", import.meta.url).href;
    host = await EngineHost.start({
      script: new URL("../helpers/tsxWorker.mjs", import.meta.url),
      workspaceDir: dir,
      memoryMb: BUDGET_MB,
      data: { entry, localFiles: true },
    });
    server = await startServer({ service: host, staticDir });
  });

  after(async () => {
    await server.close();
    await host.close();
  });

  it("answers a request over its memory budget with a clear error, and the server, the workspace and the campaign survive it", async () => {
    const running = progress((e) => e.run?.status === "running");
    assert.equal((await post("campaigns.resume", { campaignId })).status, 200);
    await running;
    // The run's event comes as it starts; its process a moment later.
    while (sleepers().length === 0) await new Promise((wait) => setTimeout(wait, 50));
    const told = progress((e) => e.ended);

    const heavy = await post("runs.import", { trace, project: "p" });
    assert.equal(heavy.status, 500);
    assert.match(
      heavy.body.error!.message,
      new RegExp(`needed more memory than the engine's budget of ${BUDGET_MB} MB.*The workspace is unchanged`),
    );
    assert.doesNotMatch(heavy.body.error!.message, /\n\s+at /, "no stack trace");
    assert.equal(host.restarts, 1);

    // The server serves, and the new engine has the workspace open, with nothing of the import in it.
    assert.equal((await fetch(server.url, { headers: { authorization: `Bearer ${server.token}` } })).status, 200);
    assert.equal(((await post("workspace.info", {})).body.result as { dir: string }).dir, dir);
    const runs = (await post("runs.list", {})).body.result as RunRow[];
    assert.deepEqual(
      runs.map((r) => r.status).sort(),
      ["interrupted", "queued"],
      "the run in progress was interrupted and queued again; no imported run",
    );

    // The clients were told, the run's processes are gone, and a resume finishes the campaign.
    const ended = await told;
    assert.match(
      ended.message ?? "",
      new RegExp(
        `Varbench restarted its engine \\(it needed more memory than the engine's budget of ${BUDGET_MB} MB \\(VARBENCH_ENGINE_MEMORY_MB sets it\\)\\)\\. Run \\d+ was interrupted and is queued again\\. Resume it to go on\\.`,
      ),
    );
    assert.deepEqual(sleepers(), []);
    writeFileSync(flag, "");
    const finished = progress((e) => e.ended);
    assert.equal((await post("campaigns.resume", { campaignId })).status, 200);
    assert.equal((await finished).status, "finished");
    assert.deepEqual(((await post("runs.list", {})).body.result as RunRow[]).map((r) => r.status).sort(), [
      "interrupted",
      "succeeded",
    ]);
    assert.ok(existsSync(dir));
  });

  it("answers a 1 MB body nested 500,000 deep with 400 in words (copying it to the engine's worker overflowed the stack: 500)", async () => {
    const depth = 500_000;
    const res = await fetch(new URL("/api/campaigns.get", server.url), {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}` },
      body: `{"campaignId":${"[".repeat(depth)}${"]".repeat(depth)}}`,
    });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      error: {
        code: "invalid-arguments",
        message: "the request body nests arrays and objects more than 64 levels deep; API arguments nest a few",
        issues: [],
      },
    });
    assert.equal((await post("workspace.info", {})).status, 200, "the engine answers on");
  });

  it("sends a result kept in the workspace as the text it is stored as, and the same answer as computed", async () => {
    const imported = await post("runs.import", {
      trace: join(FIXTURES, "uftrace", "0.13", "frame_loop"),
      project: "p",
    });
    assert.equal(imported.status, 200, imported.body.error?.message);
    const runId = (imported.body.result as ImportedRun).runId;
    const raw = async () => {
      const res = await fetch(new URL("/api/analyses.vcg", server.url), {
        method: "POST",
        headers: { authorization: `Bearer ${server.token}` },
        body: JSON.stringify({ target: { kind: "run", runId } }),
      });
      assert.equal(res.status, 200);
      return res.text();
    };
    const computed = await raw();
    const kept = await raw();
    assert.deepEqual(JSON.parse(kept), JSON.parse(computed));
    const ws = Workspace.open(dir);
    try {
      const row = ws.db.prepare("SELECT result_json AS json FROM analyses WHERE kind = 'vcg'").get() as {
        json: string;
      };
      assert.equal(kept, `{"result":${row.json}}`);
    } finally {
      ws.close();
    }
  });
});
