// A campaign task stopped at its Slurm time limit (issue 18), on a single-node cluster of this file's own
// (test/helpers/slurmCampaign.ts). Apart from test/integration/slurm.test.ts because Slurm's smallest
// limit is a minute, enforced on slurmctld's periodic check: the test waits one to one and a half
// minutes of sleep on the node, which another file's work may overlap. Skipped, with the reason, where
// Slurm cannot start.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { varbench } from "../helpers/cli.js";
import { tempDir } from "../helpers/uftrace.js";
import { queue, runs, slurm, spec, useSlurmCluster } from "../helpers/slurmCampaign.js";

useSlurmCluster();

describe("campaigns through Slurm: time limits", () => {
  it("records a task stopped at its Slurm time limit as timed out", (t) => {
    if (slurm.skip) return t.skip(slurm.skip);
    const dir = tempDir("slurm-limit");
    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    // The run's own timeout (20 min) is far past Slurm's limit (1 min, the smallest Slurm has).
    const r = varbench([
      "-w",
      ws,
      "campaign",
      "run",
      spec(dir, {
        argv: ["sleep", "1200"],
        repetitions: 1,
        timeout: "20m",
        executor: "{ kind: slurm, timeLimitMinutes: 1 }",
      }),
    ]);
    assert.equal(r.status, 0, r.stderr);
    const rows = runs(ws);
    assert.deepEqual(
      rows.map((x) => x.status),
      ["timed-out", "timed-out"],
    );
    assert.match(rows[0].message ?? "", /Slurm stopped the task at its time limit \(1 min\)/);
    assert.equal(queue(), "");
  });
});
