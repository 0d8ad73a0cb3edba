// The analysis layer over a real workspace: results kept in the analyses table
// and served after a restart without reading a byte of the trace (the blobs
// are deleted to prove it), computed afresh when the parameters, the engine
// version or the inputs change; the command line and the workbench's API give
// the same VCG for the same run; progress events while an analysis reads; and
// what each transport may name (trace paths only where files are the user's own).
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { rmSync } from "node:fs";
import Database from "better-sqlite3";
import { FIXTURES, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import { ApiError } from "../../engine/errors/errors.js";
import type { AnalysisProgressEvent } from "../../engine/api/types.js";
import { ENGINE_VERSION } from "../../engine/analyses/runAnalysis.js";
import { ANALYSES } from "../../engine/analyses/registry.js";

// H → U → V → W, where W's time varies and H's with it (paper 000's transmitter chain).
const TRACE = join(FIXTURES, "uftrace", "0.13", "variance", "nested_chain_50");

/** A new workspace holding TRACE as run 1, through the real command line. */
function workspaceWithTrace(): string {
  const ws = join(tempDir("layer"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  const r = varbench(["-w", ws, "import", TRACE, "--project", "p"]);
  assert.equal(r.status, 0, r.stderr);
  return ws;
}

function local(dir: string) {
  const service = new VarbenchService(dir, { localFiles: true, remember: false });
  return { service, api: inProcessClient(service) };
}

const run1 = { kind: "run" as const, runId: 1 };

describe("analysis layer", () => {
  before(() => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
  });

  it("serves a VCG from the analyses table after a restart, and computes again when parameters, engine version or inputs change", async () => {
    const ws = workspaceWithTrace();
    const first = local(ws);
    const computed = await first.api.analyses.vcg({ target: run1 });
    await first.service.close();
    assert.equal(computed.nodes.map((n) => n.fname).join(">"), "H>U>V>W");
    // Without its trace and CCT any computation of run 1 fails; a stored result needs neither.
    rmSync(join(ws, "artifacts"), { recursive: true });
    const again = local(ws);
    try {
      assert.deepEqual(await again.api.analyses.vcg({ target: run1 }), computed);
      await assert.rejects(
        again.api.analyses.vcg({ target: run1, beta: 0.5 }),
        /no such file|missing|ENOENT/i,
        "other parameters are computed afresh",
      );
      const db = new Database(join(ws, "varbench.sqlite"));
      db.prepare("UPDATE analyses SET engine_version = '0.0' WHERE kind = 'vcg'").run();
      await assert.rejects(
        again.api.analyses.vcg({ target: run1 }),
        /no such file|missing|ENOENT/i,
        "a result of another engine version is not served",
      );
      db.prepare("UPDATE analyses SET engine_version = ? WHERE kind = 'vcg'").run(
        `${ENGINE_VERSION}.${ANALYSES.vcg.version}`,
      );
      assert.deepEqual(
        await again.api.analyses.vcg({ target: run1 }),
        computed,
        "served again once the version matches",
      );
      db.prepare("UPDATE artifacts SET sha256 = 'changed' WHERE run_id = 1 AND kind = 'cct'").run();
      db.close();
      await assert.rejects(
        again.api.analyses.vcg({ target: run1 }),
        /no such file|missing|ENOENT/i,
        "changed inputs are computed afresh",
      );
    } finally {
      await again.service.close();
    }
  });

  it("gives the same VCG and the same detection patterns on the command line and in the workbench", async () => {
    // Two workspaces, so neither answer is the other's stored result.
    const cli = JSON.parse(varbench(["-w", workspaceWithTrace(), "vcg", "1", "--json"]).stdout);
    const patterns = JSON.parse(varbench(["-w", workspaceWithTrace(), "patterns", "1", "--json"]).stdout);
    const { service, api } = local(workspaceWithTrace());
    try {
      assert.deepEqual(await api.analyses.vcg({ target: run1 }), cli);
      assert.deepEqual(await api.analyses.patterns({ target: run1 }), patterns);
    } finally {
      await service.close();
    }
  });

  it("reports its stages while it reads, the trace's bytes counted up to its size", async () => {
    const { service, api } = local(workspaceWithTrace());
    const events: AnalysisProgressEvent[] = [];
    const off = api.onAnalysisProgress((e) => events.push(e));
    try {
      await api.analyses.vcg({ target: run1, onCpu: true });
    } finally {
      off();
      await service.close();
    }
    assert.ok(events.every((e) => e.kind === "vcg" && e.targets.join() === "run:1"));
    const reading = events.filter((e) => /^reading run 1/.test(e.stage));
    assert.ok(reading.length > 0, events.map((e) => e.stage).join("; "));
    assert.ok(reading.every((e) => e.total !== null && e.done <= e.total));
    assert.equal(events.at(-1)!.stage, "done");
  });

  it("names trace files only where the files are the user's own, and says which targets an analysis takes", async () => {
    const ws = workspaceWithTrace();
    const browser = new VarbenchService(ws, { remember: false });
    const api = inProcessClient(browser);
    try {
      await assert.rejects(
        api.analyses.vcg({ target: { kind: "trace", path: TRACE } }),
        (e: unknown) => e instanceof ApiError && e.code === "invalid-arguments" && e.issues[0].path === "target",
      );
      await assert.rejects(
        api.runs.import({ trace: TRACE, project: "p" }),
        (e: unknown) => e instanceof ApiError && e.issues[0].path === "trace",
      );
      await assert.rejects(
        api.workspace.open({ dir: tempDir("elsewhere") }),
        (e: unknown) => e instanceof ApiError && e.issues[0].path === "dir",
      );
      await assert.rejects(
        api.analyses.compare({ a: run1, b: { kind: "campaign", campaignId: 1 } }),
        (e: unknown) =>
          e instanceof ApiError && e.issues[0].path === "b" && /takes a run id .* or a design's runs/.test(e.message),
      );
      await assert.rejects(
        api.analyses.vcg({ target: { kind: "run", runId: 99 } }),
        (e: unknown) => e instanceof ApiError && e.code === "not-found" && e.issues[0].path === "target.runId",
      );
    } finally {
      await browser.close();
    }
    const { service, api: cli } = local(ws);
    try {
      const t = await cli.analyses.cct({ target: { kind: "trace", path: TRACE } });
      assert.equal(t.label, TRACE);
      assert.ok(t.rows.some((r) => r.path.join(">") === "main>H>U>V>W"));
    } finally {
      await service.close();
    }
  });
});
