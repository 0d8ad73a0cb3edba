// A Slurm campaign in the workbench (issue 18): while its tasks wait, the
// campaign page shows the queue's state with Slurm's reason; once they have
// run, the runs table shows the node each ran on. A real single-node Slurm
// (test/helpers/slurm.ts); its array held at submission (`--hold` passed
// through sbatchOptions), so the wait is the test's to end, not the machine's.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { tempDir } from "../helpers/uftrace.js";
import { startSlurm, type SlurmCluster } from "../helpers/slurm.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { Workspace } from "../../engine/store/workspace.js";
import { createPlannedCampaign } from "../../engine/runner/launch.js";
import { campaignSpecSchema } from "../../engine/campaign/spec.js";
import { TID } from "../../renderer/src/testIds.js";

const sel = (id: string) => `[data-testid="${id}"]`;

describe("a Slurm campaign in the browser", () => {
  let cluster: SlurmCluster | null = null;
  let skip: string | false = false;
  let app: BrowserApp;
  let campaignId: number;

  before(async () => {
    const c = await startSlurm();
    if ("skip" in c) return void (skip = c.skip);
    cluster = c;
    Object.assign(process.env, cluster.env, { VARBENCH_SLURM_POLL_MS: "300" });
    const dir = join(tempDir("slurm-e2e"), "ws");
    const ws = Workspace.init(dir);
    const spec = campaignSpecSchema.parse({
      project: "cluster",
      designs: [{ name: "d" }],
      workloads: [{ name: "w", argv: ["true"] }],
      repetitions: 2,
      executor: { kind: "slurm", sbatchOptions: ["--hold"] },
    });
    campaignId = createPlannedCampaign(ws, { spec, specDir: dir, name: "held", source: "test", seed: 1 }).id;
    ws.close();
    app = await openBrowserApp(dir);
  });

  after(async () => {
    await app?.close();
    cluster?.stop();
  });

  it("shows the queue's state while the runs wait, then the node each ran on", async (t) => {
    if (skip) return t.skip(skip);
    const { page } = app;
    await app.service.call("campaigns.resume", { campaignId });
    await app.goto(`#/campaign/${campaignId}`);
    const note = page.locator(sel(TID.campaign.note));
    await note.filter({ hasText: /waiting in the queue/ }).waitFor({ timeout: 120_000 });
    assert.match(
      (await note.textContent()) ?? "",
      /^Slurm: 0 run\(s\) running, 2 waiting in the queue \(.*JobHeldUser.*\)$/,
    );
    // Each run says why it is not running yet (the runs table follows the progress events).
    const rows = page.locator(`${sel(TID.campaign.runs)} ${sel(TID.runs.row)}`);
    await rows.filter({ hasText: "waiting in the Slurm queue (JobHeldUser)" }).nth(1).waitFor({ timeout: 60_000 });
    await app.screenshot("slurm-01-queue");

    const jobs = spawnSync("squeue", ["-h", "-o", "%A"], { encoding: "utf8" }).stdout.trim().split("\n");
    for (const job of new Set(jobs)) assert.equal(spawnSync("scontrol", ["release", job]).status, 0, `release ${job}`);
    await page.waitForSelector(`${sel(TID.campaign.status)}:has-text("finished")`, { timeout: 300_000 });
    assert.equal(await rows.count(), 2);
    for (const row of await rows.all()) {
      const text = (await row.textContent()) ?? "";
      assert.match(text, new RegExp(cluster!.node));
      assert.doesNotMatch(text, /waiting/);
    }
    await app.screenshot("slurm-02-finished");
    assert.deepEqual(app.pageErrors, []);
  });
});
