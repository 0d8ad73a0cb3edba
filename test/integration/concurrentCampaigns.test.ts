// Two `varbench campaign run` on one workspace at once (issue 29, item 1): each writer waits its
// turn for the database, so both runners finish every run of their campaign, with nothing failed
// "database is locked" and no campaign left running with runs queued.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildExamples, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { Workspace } from "../../engine/store/workspace.js";

/** `varbench -w ws args…` in a process of its own; settles with its exit status and output. */
function start(ws: string, args: readonly string[]): Promise<{ status: number | null; out: string }> {
  const child = spawn(process.execPath, [join(ROOT, "bin", "varbench.js"), "-w", ws, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((ok) => child.on("close", (status) => ok({ status, out })));
}

describe("two campaign runners on one workspace", () => {
  before(buildExamples);

  it("both finish every run: each waits for the other's writes instead of failing", async () => {
    const ws = join(tempDir("concurrent"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const spec = join(tempDir("concurrent-spec"), "campaign.yaml");
    // Short runs, two at a time in each runner: four processes claim and finish runs as fast as
    // they can, so their write transactions meet hundreds of times, whatever the machine's speed.
    writeFileSync(
      spec,
      `project: p\ndesigns:\n  - name: only\nworkloads:\n  - name: t\n    argv: [/bin/true]\nrepetitions: 60\nconcurrency: 2\nprofiler: time\n`,
    );
    const [a, b] = await Promise.all([start(ws, ["campaign", "run", spec]), start(ws, ["campaign", "run", spec])]);
    assert.equal(a.status, 0, a.out);
    assert.equal(b.status, 0, b.out);
    const w = Workspace.open(ws);
    try {
      const campaigns = w.db.prepare("SELECT id, status FROM campaigns ORDER BY id").all() as {
        id: number;
        status: string;
      }[];
      assert.deepEqual(
        campaigns.map((c) => c.status),
        ["finished", "finished"],
      );
      const runs = w.db
        .prepare(
          "SELECT campaign_id AS c, status, count(*) AS n FROM runs GROUP BY campaign_id, status ORDER BY campaign_id",
        )
        .all();
      assert.deepEqual(runs, [
        { c: 1, status: "succeeded", n: 60 },
        { c: 2, status: "succeeded", n: 60 },
      ]);
    } finally {
      w.close();
    }
  });
});
