// A campaign run by this process, followed to its end on the terminal: a
// progress bar on a terminal, a line per finished run otherwise; Ctrl+C (or a
// SIGTERM, as `timeout` and service managers send) asks the API to cancel, and
// the command then exits as a process ended by that signal does (130, 143), so
// `varbench campaign run … && next` does not go on. Events are taken from the
// moment the call is made, so nothing the runner says while starting is missed.
import { SingleBar } from "cli-progress";
import { constants } from "node:os";
import type { VarbenchApi } from "../api/contract.js";
import type { CampaignInfo, CampaignProgressEvent } from "../api/types.js";

/** The signals that cancel a followed campaign. */
const STOPPING = ["SIGINT", "SIGTERM"] as const;

/** Calls `start` (which starts the runner), then shows the campaign's progress on stderr until
 * its runner ends, and returns its last event. A runner that failed is an error. */
export async function followCampaign(
  api: VarbenchApi,
  start: () => Promise<CampaignInfo>,
  o: { perRunLines?: boolean } = {},
): Promise<CampaignProgressEvent> {
  const seen: CampaignProgressEvent[] = [];
  let wake: () => void = () => {};
  const off = api.onCampaignProgress((e) => (seen.push(e), wake()));
  try {
    const campaign = await start();
    const show = progressView(o.perRunLines ?? true);
    const interrupt = (signal: NodeJS.Signals) => {
      process.exitCode = 128 + constants.signals[signal];
      void api.campaigns.cancel({ campaignId: campaign.id }).catch(() => undefined);
    };
    for (const signal of STOPPING) process.once(signal, interrupt);
    try {
      for (;;) {
        const e = seen.shift();
        if (!e) {
          await new Promise<void>((ok) => (wake = ok));
          continue;
        }
        if (e.campaignId !== campaign.id) continue;
        show(e);
        if (!e.ended) continue;
        if (e.message && e.status !== "finished" && e.status !== "cancelled") throw new Error(e.message);
        return e;
      }
    } finally {
      for (const signal of STOPPING) process.off(signal, interrupt);
    }
  } finally {
    off();
  }
}

/** Off a terminal, a line per finished run unless `perRunLines` is false (the caller then says the end). */
function progressView(perRunLines: boolean): (e: CampaignProgressEvent) => void {
  // The time left is the runner's own estimate (etaMs): cli-progress's, from the bar's pace, reads "NFs" before a run has ended.
  const bar = process.stderr.isTTY
    ? new SingleBar({
        format: "{bar} {value}/{total} runs | {failed} not succeeded | {left} | {current}",
        stream: process.stderr,
        hideCursor: true,
      })
    : null;
  let started = false;
  return (e) => {
    if (e.ended) return void bar?.stop();
    if (!e.run) {
      if (e.message) console.error(e.message);
      return;
    }
    const failed = e.done - (e.counts.succeeded ?? 0);
    const current = `${e.run.design} × ${e.run.workload}${e.run.warmup ? " (warm-up)" : ""}`;
    if (bar) {
      const left = e.etaMs === null ? "time left not known yet" : `about ${Math.ceil(e.etaMs / 1000)} s left`;
      if (!started) bar.start(e.total, e.done, { failed, current, left });
      started = true;
      bar.setTotal(e.total);
      bar.update(e.done, { failed, current, left });
    } else if (perRunLines && e.run.status !== "running") {
      const eta = e.etaMs === null ? "" : `, about ${Math.ceil(e.etaMs / 1000)} s left`;
      console.error(`run ${e.run.id} (${e.done}/${e.total}) ${current}: ${e.run.status}${eta}`);
    }
  };
}
