// The engine host (browser mode's server and Electron serve from it, issue 17
// item 2): the engine in a worker under a heap budget. A request that needs more
// memory than the budget (an import of a million unmatched B events, which grew
// past 2.9 GB in the server's own process) is answered with a clear error; the
// server keeps serving; the workspace is unchanged; the engine starts again on
// the workspace it had open, and the campaign it was running is requeued with
// its process group killed, its clients told, and resumable.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../helpers/uftrace.js";
import { Workspace } from "../../engine/store/workspace.js";
import { createPlannedCampaign } from "../../engine/runner/launch.js";
import { campaignSpecSchema } from "../../engine/campaign/spec.js";
import { EngineHost } from "../../engine/api/engineHost.js";
import { startServer, type RunningServer } from "../../engine/api/httpServer.js";
import type { CampaignProgressEvent, RunRow } from "../../engine/api/types.js";

const BUDGET_MB = 128;
/** Its workload's sleep, recognisable among the machine's processes. */
const SLEEP = "987.65";

/** A million B events and no E: a million nested open calls. */
function unmatchedTrace(dir: string): string {
  const file = join(dir, "unmatched.json");
  const events: string[] = [];
  for (let i = 0; i < 1_000_000; i++) events.push(`{"ph":"B","name":"f${i % 1000}","pid":1,"tid":1,"ts":${i}}`);
  writeFileSync(file, `[${events.join(",\n")}]`);
  return file;
}

function sleepers(): string[] {
  try {
    return execFileSync("pgrep", ["-f", `sleep ${SLEEP}`], { encoding: "utf8" }).trim().split("\n");
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
    const res = await fetch(new URL(`/api/${method}`, server.url), { method: "POST", headers: { authorization: `Bearer ${server.token}` }, body: JSON.stringify(args) });
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
    trace = unmatchedTrace(root);
    flag = join(root, "flag");
    const ws = Workspace.init(dir);
    // Waits until the flag exists, so that the run is in progress when the engine dies, and the resumed one ends at once.
    const spec = campaignSpecSchema.parse({ project: "p", designs: [{ name: "d" }], workloads: [{ name: "w", argv: ["sh", "-c", `test -e ${flag} || sleep ${SLEEP}`] }], repetitions: 1 });
    campaignId = createPlannedCampaign(ws, { spec, specDir: root, name: "c", source: "test", seed: 1 }).id;
    ws.close();
    const staticDir = join(root, "renderer");
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>Varbench</title>");
    const entry = new URL("../../engine/api/workerEntry.ts", import.meta.url).href;
    host = await EngineHost.start({ script: new URL("../helpers/tsxWorker.mjs", import.meta.url), workspaceDir: dir, memoryMb: BUDGET_MB, data: { entry, localFiles: true } });
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
    assert.match(heavy.body.error!.message, new RegExp(`needed more memory than the engine's budget of ${BUDGET_MB} MB.*The workspace is unchanged`));
    assert.doesNotMatch(heavy.body.error!.message, /\n\s+at /, "no stack trace");
    assert.equal(host.restarts, 1);

    // The server serves, and the new engine has the workspace open, with nothing of the import in it.
    assert.equal((await fetch(server.url, { headers: { authorization: `Bearer ${server.token}` } })).status, 200);
    assert.equal(((await post("workspace.info", {})).body.result as { dir: string }).dir, dir);
    const runs = (await post("runs.list", {})).body.result as RunRow[];
    assert.deepEqual(runs.map((r) => r.status).sort(), ["interrupted", "queued"], "the run in progress was interrupted and queued again; no imported run");

    // The clients were told, the run's processes are gone, and a resume finishes the campaign.
    const ended = await told;
    assert.match(ended.message ?? "", /Varbench restarted its engine \(it needed more memory than the engine's budget of 128 MB \(VARBENCH_ENGINE_MEMORY_MB sets it\)\)\. Run \d+ was interrupted and is queued again\. Resume it to go on\./);
    assert.deepEqual(sleepers(), []);
    writeFileSync(flag, "");
    const finished = progress((e) => e.ended);
    assert.equal((await post("campaigns.resume", { campaignId })).status, 200);
    assert.equal((await finished).status, "finished");
    assert.deepEqual(((await post("runs.list", {})).body.result as RunRow[]).map((r) => r.status).sort(), ["interrupted", "succeeded"]);
    assert.ok(existsSync(dir));
  });

  it("answers a 1 MB body nested 500,000 deep with 400 in words (copying it to the engine's worker overflowed the stack: 500)", async () => {
    const depth = 500_000;
    const res = await fetch(new URL("/api/campaigns.get", server.url), { method: "POST", headers: { authorization: `Bearer ${server.token}` }, body: `{"campaignId":${"[".repeat(depth)}${"]".repeat(depth)}}` });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: { code: "invalid-arguments", message: "the request body nests arrays and objects more than 64 levels deep; API arguments nest a few", issues: [] } });
    assert.equal((await post("workspace.info", {})).status, 200, "the engine answers on");
  });
});
