// An analysis followed on the terminal: a bar on stderr per stage while it
// reads and computes (nothing when stderr is not a terminal, so piped output
// and scripts stay clean).
import { SingleBar } from "cli-progress";
import type { VarbenchApi } from "../api/contract.js";

/** Runs `call` with its analysisProgress events shown; returns its result. */
export async function withAnalysisProgress<T>(api: VarbenchApi, call: () => Promise<T>): Promise<T> {
  if (!process.stderr.isTTY) return call();
  const bar = new SingleBar({
    format: "{stage} {bar} {percentage}%",
    stream: process.stderr,
    hideCursor: true,
    clearOnComplete: true,
  });
  let stage: string | null = null;
  const off = api.onAnalysisProgress((e) => {
    if (e.stage === "done" || e.total === null) return;
    if (e.stage !== stage) {
      if (stage !== null) bar.stop();
      stage = e.stage;
      bar.start(e.total, e.done, { stage });
    }
    bar.setTotal(e.total);
    bar.update(e.done, { stage });
  });
  try {
    return await call();
  } finally {
    off();
    if (stage !== null) bar.stop();
  }
}
