// The engine in a worker thread (how Electron's main process hosts it): calls,
// errors with their field issues, and a clean close.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { Workspace } from "../../engine/store/workspace.js";
import { startEngineWorker } from "../../engine/api/workerClient.js";
import { createClient } from "../../engine/api/client.js";
import { ApiError } from "../../engine/errors/errors.js";

describe("engine worker", () => {
  it("serves the API off the calling thread and closes cleanly", async () => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    const dir = join(tempDir("worker"), "ws");
    Workspace.init(dir).close();
    const entry = new URL("../../engine/api/workerEntry.ts", import.meta.url).href;
    const worker = await startEngineWorker(new URL("../helpers/tsxWorker.mjs", import.meta.url), dir, { entry });
    const api = createClient(worker.invoke, worker.subscribe);
    const info = await api.workspace.info({});
    assert.equal(info.dir, dir);
    const p = await api.projects.create({ name: "p1" });
    assert.equal((await api.projects.list({}))[0].id, p.id);
    await assert.rejects(
      api.projects.create({ name: "p1" }),
      (e: unknown) => e instanceof ApiError && e.code === "conflict" && e.issues[0].path === "name",
    );
    await assert.rejects(
      api.runs.get({ runId: -1 }),
      (e: unknown) => e instanceof ApiError && e.code === "invalid-arguments",
    );
    // Every analysis of the registry is a method the host can route (Electron registers exactly these).
    for (const m of ["analyses.cct", "analyses.vcg", "analyses.compare"]) assert.ok(worker.methods.includes(m), m);
    await assert.rejects(
      api.analyses.vcg({ target: { kind: "run", runId: 1 } }),
      (e: unknown) => e instanceof ApiError && e.code === "not-found",
    );
    await worker.close();
  });

  it("answers a result kept in the workspace as the one it computed", async () => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    const dir = join(tempDir("worker-kept"), "ws");
    Workspace.init(dir).close();
    const imported = varbench(["-w", dir, "import", join(FIXTURES, "uftrace", "0.13", "frame_loop"), "--project", "p"]);
    assert.equal(imported.status, 0, imported.stderr);
    const entry = new URL("../../engine/api/workerEntry.ts", import.meta.url).href;
    const worker = await startEngineWorker(new URL("../helpers/tsxWorker.mjs", import.meta.url), dir, { entry });
    const api = createClient(worker.invoke, worker.subscribe);
    try {
      const target = { kind: "run", runId: 1 } as const;
      const computed = await api.analyses.vcg({ target });
      const kept = await api.analyses.vcg({ target });
      // The second is the workspace's copy, sent as its stored JSON text: the same answer as JSON has it.
      assert.deepEqual(kept, JSON.parse(JSON.stringify(computed)));
      assert.ok(JSON.stringify(kept).length > 100, JSON.stringify(kept));
    } finally {
      await worker.close();
    }
  });
});
