// Campaigns through a real Slurm (issue 18): a single-node cluster started by
// the test (test/helpers/slurm.ts), the varbench command as users run it. No
// accounting database here, so how tasks ended comes from scontrol and the
// per-run result files. Skipped, with the reason, where Slurm cannot start.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { varbench } from "../helpers/cli.js";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { FRAME_LOOP, queue, runs, slurm, spec, useSlurmCluster, type RunRow } from "../helpers/slurmCampaign.js";

useSlurmCluster();

/** A planned run: its design and repetition (a run resumed after an interruption keeps them). */
const planned = (r: RunRow) => `${r.design}:${r.repetition}`;

async function until(what: string, ok: () => boolean): Promise<void> {
  // A readiness wait with a generous bound: a hang fails here with what was awaited, not a slow machine.
  const deadline = Date.now() + 300_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe("campaigns through Slurm", () => {
  it("runs every planned run once as array tasks, each recorded with its node and Slurm job", (t) => {
    if (slurm.skip) return t.skip(slurm.skip);
    const dir = tempDir("slurm-run");
    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const r = varbench(["-w", ws, "campaign", "run", spec(dir, { argv: FRAME_LOOP, repetitions: 3 })]);
    assert.equal(r.status, 0, r.stderr);
    const rows = runs(ws);
    assert.equal(rows.length, 6);
    assert.deepEqual(
      rows.map((x) => x.status),
      Array(6).fill("succeeded"),
    );
    assert.equal(new Set(rows.map(planned)).size, 6, "each planned run once");
    const shown = JSON.parse(varbench(["-w", ws, "runs", "show", String(rows[0].id)]).stdout) as {
      environment: { slurm?: { node: string; slurmJobId: string } };
      run: { wallNs: number };
    };
    assert.equal(shown.environment.slurm?.node, slurm.cluster!.node);
    assert.match(shown.environment.slurm?.slurmJobId ?? "", /^\d+_\d+$/);
    assert.ok(shown.run.wallNs > 0);
    assert.equal(queue(), "", "no job is left in the queue");
  });

  it("resumes after the owner is killed midway: nothing lost, nothing run twice", async (t) => {
    if (slurm.skip) return t.skip(slurm.skip);
    const dir = tempDir("slurm-kill");
    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    // Each run sleeps a second first, so the owner is killed with runs queued, running and finished.
    const argv = ["sh", "-c", `sleep 1; exec ${FRAME_LOOP.join(" ")}`];
    const owner = spawn(
      process.execPath,
      [join(ROOT, "bin", "varbench.js"), "-w", ws, "campaign", "run", spec(dir, { argv, repetitions: 4 })],
      { stdio: "ignore" },
    );
    await until("a first finished run", () => runs(ws).some((x) => x.status === "succeeded"));
    owner.kill("SIGKILL");
    await new Promise((r) => owner.once("exit", r));
    const r = varbench(["-w", ws, "campaign", "resume", "1"]);
    assert.equal(r.status, 0, r.stderr);
    const rows = runs(ws).filter((x) => x.status !== "interrupted");
    assert.deepEqual(
      rows.map((x) => x.status),
      Array(8).fill("succeeded"),
      JSON.stringify(runs(ws)),
    );
    assert.equal(new Set(rows.map(planned)).size, 8, "each planned run once");
    assert.equal(queue(), "");
  });

  it("records a task cancelled from outside (scancel) as such, not as the campaign's cancel, and goes on", async (t) => {
    if (slurm.skip) return t.skip(slurm.skip);
    const dir = tempDir("slurm-outside");
    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    // Task 0 waits long enough to be cancelled; task 1 runs the frame loop and ends.
    const argv = ["sh", "-c", `if [ "$SLURM_ARRAY_TASK_ID" = 0 ]; then sleep 600; fi; exec ${FRAME_LOOP.join(" ")}`];
    const owner = spawn(
      process.execPath,
      [
        join(ROOT, "bin", "varbench.js"),
        "-w",
        ws,
        "campaign",
        "run",
        spec(dir, { argv, repetitions: 1, timeout: "20m" }),
      ],
      { stdio: "ignore" },
    );
    const ended = new Promise<number | null>((r) => owner.once("exit", r));
    await until("task 0 running on the node", () => /^\d+_0 RUNNING$/m.test(queue()));
    const task = /^(\d+_0) RUNNING$/m.exec(queue())![1];
    assert.equal(spawnSync("scancel", [task]).status, 0);
    assert.equal(await ended, 0);
    const rows = runs(ws);
    const cancelled = rows.filter((x) => x.status === "cancelled");
    assert.equal(cancelled.length, 1, JSON.stringify(rows.map((x) => [x.status, x.message])));
    assert.match(
      cancelled[0].message ?? "",
      new RegExp(
        `^Slurm cancelled task ${task} on ${slurm.cluster!.node} while this run was (in progress|queued or in progress), from outside this campaign \\(scancel, or the cluster's administrators\\); the campaign went on$`,
      ),
    );
    assert.deepEqual(
      rows.filter((x) => x !== cancelled[0]).map((x) => x.status),
      ["succeeded"],
    );
    const show = varbench(["-w", ws, "campaign", "show", "1", "--json"]);
    assert.equal((JSON.parse(show.stdout) as { campaign: { status: string } }).campaign.status, "finished");
    assert.equal(queue(), "");
  });

  it("cancels through scancel: the campaign is cancelled and no job is left behind", async (t) => {
    if (slurm.skip) return t.skip(slurm.skip);
    const dir = tempDir("slurm-cancel");
    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const owner = spawn(
      process.execPath,
      [
        join(ROOT, "bin", "varbench.js"),
        "-w",
        ws,
        "campaign",
        "run",
        spec(dir, { argv: ["sleep", "600"], repetitions: 3, timeout: "20m" }),
      ],
      { stdio: "ignore" },
    );
    const ended = new Promise((r) => owner.once("exit", r));
    await until("a run in progress on the node", () => /RUNNING/.test(queue()));
    const c = varbench(["-w", ws, "campaign", "cancel", "1"]);
    assert.equal(c.status, 0, c.stderr);
    await ended;
    assert.equal(queue(), "", "scancel left no job");
    const rows = runs(ws);
    assert.deepEqual(
      [...new Set(rows.map((x) => x.status))],
      ["cancelled"],
      JSON.stringify(rows.map((x) => [x.status, x.message])),
    );
    const show = varbench(["-w", ws, "campaign", "show", "1", "--json"]);
    assert.equal((JSON.parse(show.stdout) as { campaign: { status: string } }).campaign.status, "cancelled");
  });
});
