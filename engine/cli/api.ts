// The command line's way to the engine: the API in a worker thread under the
// engine's heap budget (engineMemory.ts, as browser mode and Electron run it),
// so a trace or analysis that needs more memory than that ends in a clear
// message instead of V8's fatal error (issue 17 items 2, 8). The workspace
// named by -w is opened only when a call needs it, so reading a trace file
// works anywhere; files on this machine are allowed as traces and specs.
import { createClient } from "../api/client.js";
import { engineMemoryMb } from "../api/engineMemory.js";
import { ApiError } from "../errors/errors.js";
import { startEngineWorker } from "../api/workerClient.js";
import { requeuedText } from "../api/requeuedText.js";
import type { CampaignProgressEvent } from "../api/types.js";
import type { VarbenchApi } from "../api/contract.js";

// Built beside this file by build-engine.mjs.
const SCRIPT = new URL("./engineWorker.js", import.meta.url);

/** `campaigns`: the command runs campaigns, so an engine that dies under it leaves runs to requeue. */
export async function withApi<T>(
  workspaceDir: string,
  f: (api: VarbenchApi) => Promise<T>,
  o: { campaigns?: boolean } = {},
): Promise<T> {
  const memoryMb = engineMemoryMb();
  const data = { localFiles: true, lazy: true, remember: false, memoryMb };
  const limits = { maxOldGenerationSizeMb: memoryMb };
  const engine = await startEngineWorker(SCRIPT, workspaceDir, data, limits);
  let done = false;
  // A command that waits for events, not for a reply (a campaign followed to its end), learns
  // here that the engine died under it; calls in flight fail on their own (workerClient.ts).
  const died = engine.stopped.then((stop) =>
    done ? new Promise<never>(() => {}) : Promise.reject(new EngineStopped(stop.reason)),
  );
  try {
    return await Promise.race([f(createClient(engine.invoke, engine.subscribe)), died]);
  } catch (e) {
    if (!(e instanceof EngineStopped)) throw e;
    const lost = o.campaigns ? await requeueLostRuns(workspaceDir, { ...data, recover: e.reason }, limits) : [];
    throw new ApiError("failed", [`the engine stopped: ${e.reason}.`, ...lost].join(" "));
  } finally {
    done = true;
    await engine.close();
  }
}

/** The engine ended under a command, not closed by it. */
class EngineStopped extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** A new engine that takes up what the dead one was running (engineRecovery.ts): its runs
 * interrupted and queued again, their processes killed. Returns what to tell of each campaign. */
async function requeueLostRuns(
  workspaceDir: string,
  data: Record<string, unknown>,
  limits: { maxOldGenerationSizeMb: number },
): Promise<string[]> {
  const said: string[] = [];
  try {
    const engine = await startEngineWorker(SCRIPT, workspaceDir, data, limits);
    const off = engine.subscribe("campaignProgress", (p) => {
      const e = p as CampaignProgressEvent;
      if (!e.ended) return;
      const requeued = e.requeued?.length ? `; ${requeuedText(e.requeued)}` : "";
      said.push(`Campaign ${e.campaignId} stopped${requeued}: \`varbench campaign resume ${e.campaignId}\` goes on.`);
    });
    try {
      // Replies come after the events posted before them: once this one is here, recovery has spoken.
      await engine.invoke("workspace.info", {});
    } finally {
      off();
      await engine.close();
    }
  } catch (e) {
    said.push(
      `Its campaign's runs could not be requeued now (${(e as Error).message}); \`varbench campaign resume <id>\` does it.`,
    );
  }
  return said;
}
