// A cancel that comes before any runner has taken the campaign (from another
// process) is not overwritten when a runner then starts: the campaign ends
// cancelled and runs nothing. A resume takes it up again.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../helpers/uftrace.js";
import { Workspace } from "../../engine/store/workspace.js";
import { createPlannedCampaign } from "../../engine/runner/launch.js";
import { runCampaign } from "../../engine/runner/runCampaign.js";
import { campaignSpecSchema } from "../../engine/campaign/spec.js";
import {
  getCampaign,
  runCounts,
  setCampaignStatus,
  requeueCancelledRuns,
  cancelQueuedRuns,
} from "../../engine/store/campaigns.js";

function campaign(): { ws: Workspace; id: number } {
  const dir = join(tempDir("cancel"), "ws");
  const ws = Workspace.init(dir);
  const spec = campaignSpecSchema.parse({
    project: "p",
    designs: [{ name: "d" }],
    workloads: [{ name: "w", argv: ["true"] }],
    repetitions: 2,
  });
  return { ws, id: createPlannedCampaign(ws, { spec, specDir: dir, name: "c", source: "test", seed: 1 }).id };
}

describe("cancel before a runner starts", () => {
  it("a cancelled queue stays cancelled when a runner starts, and a resume runs it", async () => {
    const { ws, id } = campaign();
    // What campaigns.cancel does for a campaign no runner has taken yet.
    cancelQueuedRuns(ws.db, id);
    setCampaignStatus(ws.db, id, "cancelled", null);
    assert.equal(await runCampaign(ws, id), "cancelled");
    assert.deepEqual(runCounts(ws.db, id), { cancelled: 2 });
    requeueCancelledRuns(ws.db, id);
    assert.equal(await runCampaign(ws, id), "finished");
    assert.deepEqual(runCounts(ws.db, id), { succeeded: 2 });
    ws.close();
  });

  it("a cancel asked of a runner that has not started yet is honoured when it does", async () => {
    const { ws, id } = campaign();
    setCampaignStatus(ws.db, id, "cancelling", 1);
    assert.equal(await runCampaign(ws, id), "cancelled");
    assert.equal(getCampaign(ws.db, id)?.status, "cancelled");
    assert.deepEqual(runCounts(ws.db, id), { cancelled: 2 });
    ws.close();
  });
});
