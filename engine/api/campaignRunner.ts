// Campaigns run by the API's own process: started in the background, their
// progress sent as campaignProgress events, stoppable through the abort kept
// in the service context. The runner (engine/runner) is loaded only when a
// campaign starts, so commands that run none never load it.
import type { ServiceContext } from "./serviceContext.js";
import type { CampaignProgressEvent } from "./types.js";
import type { CampaignEvent } from "../runner/runCampaign.js";
import { campaignInfoById } from "./campaignInfo.js";
import { requeuedText } from "./requeuedText.js";

export function startRunner(ctx: ServiceContext, campaignId: number): void {
  const ws = ctx.workspace();
  const abort = new AbortController();
  const emit = (run: CampaignProgressEvent["run"], etaMs: number | null, message: string | null, ended = false) => {
    const info = campaignInfoById(ctx, campaignId);
    ctx.events.emit("campaignProgress", {
      campaignId,
      status: info.status,
      counts: info.counts,
      total: info.total,
      done: info.done,
      etaMs,
      run,
      message,
      ended,
    });
  };
  const onEvent = (e: CampaignEvent) => {
    if (e.kind === "interrupted-requeued") return emit(null, null, requeuedText(e.runIds, "by an earlier runner"));
    if (e.kind === "note") return emit(null, null, e.message);
    const run = {
      id: e.run.id,
      design: e.run.design,
      workload: e.run.workload,
      warmup: e.run.warmup,
      status: e.kind === "run-finished" ? e.status : "running",
    };
    emit(run, e.etaMs, null);
  };
  const done = import("../runner/runCampaign.js")
    .then(({ runCampaign }) => runCampaign(ws, campaignId, onEvent, abort.signal))
    .then(
      () => null,
      (e: unknown) => `the campaign stopped: ${e instanceof Error ? e.message : String(e)}`,
    )
    .then((message) => {
      ctx.running.delete(campaignId);
      if (ctx.workspace() === ws) emit(null, 0, message, true);
    });
  ctx.running.set(campaignId, { abort, done });
}
