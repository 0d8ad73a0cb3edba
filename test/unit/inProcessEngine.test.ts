// Which calls of the command line run on its own thread (issue 32 items 1 and 3):
// those on a trace file or uftrace directory small enough that 64 times its
// size fits in the engine's budget, and the analyses and listings of a workspace
// all of whose files are as small; every other call goes to the worker, whose
// heap budget ends an outsized trace with a message (cliMemoryBudget.test.ts).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { contextGuard, fitsInProcess, WorkerNeeded, workspaceSize } from "../../engine/cli/inProcessEngine.js";
import { FIXTURES, tempDir } from "../helpers/uftrace.js";

describe("fitsInProcess", () => {
  const dir = tempDir("inprocess-");
  const small = join(dir, "small.json");
  writeFileSync(small, "x".repeat(100_000));
  const large = join(dir, "large.json");
  writeFileSync(large, "x".repeat(2 * 2 ** 20));

  it("a trace file whose size, 64 times over, fits in the budget", async () => {
    assert.equal(await fitsInProcess("analyses.vcg", { target: { kind: "trace", path: small } }, 64), true);
    // 2 MiB × 64 = 128 MiB: past a budget of 64 MB, within one of 256 MB.
    assert.equal(await fitsInProcess("analyses.vcg", { target: { kind: "trace", path: large } }, 64), false);
    assert.equal(await fitsInProcess("analyses.vcg", { target: { kind: "trace", path: large } }, 256), true);
  });

  it("a uftrace directory by the sum of its files", async () => {
    assert.equal(
      await fitsInProcess(
        "analyses.vcg",
        { target: { kind: "trace", path: join(FIXTURES, "uftrace/0.13/frame_loop") } },
        64,
      ),
      true,
    );
    const withLarge = join(dir, "rec");
    mkdirSync(withLarge);
    writeFileSync(join(withLarge, "a.dat"), "x".repeat(600_000));
    writeFileSync(join(withLarge, "b.dat"), "x".repeat(600_000));
    assert.equal(await fitsInProcess("analyses.vcg", { target: { kind: "trace", path: withLarge } }, 64), false);
    mkdirSync(join(dir, "nest", "inner"), { recursive: true });
    assert.equal(
      await fitsInProcess("analyses.vcg", { target: { kind: "trace", path: join(dir, "nest") } }, 4096),
      false,
      "a folder with folders is not measured",
    );
  });

  it("never past 4 MiB, whatever the budget", async () => {
    const big = join(dir, "big.json");
    writeFileSync(big, "x".repeat(5 * 2 ** 20));
    assert.equal(await fitsInProcess("analyses.vcg", { target: { kind: "trace", path: big } }, 4096), false);
  });

  it("stored runs, campaigns, calls with no target and missing files go to the worker", async () => {
    assert.equal(await fitsInProcess("analyses.vcg", { target: { kind: "run", runId: 1 } }, 4096), false);
    assert.equal(await fitsInProcess("analyses.vcg", { target: { kind: "campaign", campaignId: 1 } }, 4096), false);
    assert.equal(await fitsInProcess("analyses.vcg", {}, 4096), false);
    assert.equal(await fitsInProcess("analyses.vcg", null, 4096), false);
    assert.equal(
      await fitsInProcess("analyses.vcg", { target: { kind: "trace", path: join(dir, "none.json") } }, 4096),
      false,
    );
  });
});

describe("fitsInProcess, for calls that read a workspace", () => {
  it("an analysis or a listing of a workspace whose files, 64 times over, fit in the budget, up to 8 MiB", async () => {
    const ws = tempDir("inprocess-ws-");
    mkdirSync(join(ws, "artifacts", "ab"), { recursive: true });
    writeFileSync(join(ws, "varbench.sqlite"), "x".repeat(100_000));
    const campaign = { target: { kind: "campaign", campaignId: 1 } };
    for (const method of ["analyses.designComparison", "analyses.executionPatterns", "runs.list", "campaigns.get"])
      assert.equal(await fitsInProcess(method, campaign, 64, workspaceSize(ws)), true, method);
    // Calls that run campaigns, import or write reports stay in the worker whatever the size.
    for (const method of ["campaigns.launch", "campaigns.resume", "runs.import", "reports.campaign"])
      assert.equal(await fitsInProcess(method, {}, 4096, workspaceSize(ws)), false, method);
    // A recording of 2 MiB in the artifacts' folders: 64 times over is past 64 MB, within 4096 MB.
    writeFileSync(join(ws, "artifacts", "ab", "run.dat"), "x".repeat(2 * 2 ** 20));
    assert.equal(await fitsInProcess("analyses.designComparison", campaign, 64, workspaceSize(ws)), false);
    assert.equal(await fitsInProcess("analyses.designComparison", campaign, 4096, workspaceSize(ws)), true);
    // Measured once a command: its calls stay on one side however the workspace grows meanwhile.
    const once = workspaceSize(ws);
    assert.equal(await fitsInProcess("analyses.designComparison", campaign, 4096, once), true);
    // Past 8 MiB in all, the worker, whatever the budget.
    writeFileSync(join(ws, "artifacts", "ab", "big.dat"), "x".repeat(7 * 2 ** 20));
    assert.equal(await fitsInProcess("analyses.designComparison", campaign, 4096, workspaceSize(ws)), false);
    assert.equal(await fitsInProcess("runs.list", {}, 4096, once), true, "the command's first measure holds");
    assert.equal(
      await fitsInProcess("runs.list", {}, 4096, workspaceSize(join(ws, "none"))),
      false,
      "a missing workspace",
    );
    // A link is measured by the file it names.
    const linked = tempDir("inprocess-linked-");
    writeFileSync(join(linked, "varbench.sqlite"), "x");
    symlinkSync(join(ws, "artifacts", "ab", "big.dat"), join(linked, "big.dat"));
    assert.equal(
      await fitsInProcess("runs.list", {}, 64, workspaceSize(linked)),
      false,
      "a link to 7 MiB, past a 64 MB budget's 1 MiB",
    );
  });
});

describe("contextGuard", () => {
  it("lets through as many contexts as half the budget holds at 2 KB each, counted over every thread", () => {
    // 64 MB: 32 MiB / 2 KiB = 16,384 contexts.
    const guard = contextGuard(64);
    guard(10_000);
    guard(6_384);
    assert.throws(() => guard(1), WorkerNeeded);
    assert.throws(() => contextGuard(64)(16_385), WorkerNeeded);
    assert.doesNotThrow(() => contextGuard(256)(65_536));
  });
});
