// The command line's way to the engine: the API in a worker thread under the
// engine's heap budget (engineMemory.ts, as browser mode and Electron run it),
// so a trace or analysis that needs more memory than that ends in a clear
// message instead of V8's fatal error (issue 17 items 2, 8). A call on a trace
// file far smaller than the budget runs on the command's own thread instead
// (inProcessEngine.ts), and so does the CCT of a uftrace recording of any
// length, made again in the worker if its tree outgrows the thread's share:
// starting a worker costs as much CPU as starting Node, which a command on a
// small trace should not pay (issue 32 items 1 and 2); so do analyses and
// listings of a small workspace (item 3). The worker is started
// by the first call that needs it. The workspace named by
// -w is opened only when a call needs it, so reading a trace file works
// anywhere; files on this machine are allowed as traces and specs.
import { createClient } from "../api/client.js";
import { engineMemoryMb } from "../api/engineMemory.js";
import { ApiError } from "../errors/errors.js";
import { startEngineWorker, type EngineWorker } from "../api/workerClient.js";
import { requeuedText } from "../api/requeuedText.js";
import {
  fitsInProcess,
  startInProcessEngine,
  WorkerNeeded,
  workspaceSize,
  type InProcessEngine,
} from "./inProcessEngine.js";
import type { CampaignProgressEvent } from "../api/types.js";
import type { EventName, Invoke, VarbenchApi } from "../api/contract.js";

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
  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  const emit = (event: EventName, payload: unknown) => {
    for (const l of listeners.get(event) ?? []) l(payload);
  };
  let done = false;
  let worker: Promise<EngineWorker> | null = null;
  let local: Promise<InProcessEngine> | null = null;
  const forwarded = new Set<EventName>();
  // A command that waits for events, not for a reply (a campaign followed to its end), learns
  // here that the engine died under it; calls in flight fail on their own (workerClient.ts).
  let engineDied: (e: EngineStopped) => void = () => {};
  const died = new Promise<never>((_, reject) => (engineDied = reject));
  const forward = (engine: EngineWorker, event: EventName) => {
    if (!forwarded.has(event)) engine.subscribe(event, (p) => emit(event, p));
    forwarded.add(event);
  };
  const startWorker = () =>
    (worker ??= startEngineWorker(SCRIPT, workspaceDir, data, limits).then((engine) => {
      for (const event of listeners.keys()) forward(engine, event);
      void engine.stopped.then((stop) => done || engineDied(new EngineStopped(stop.reason)));
      return engine;
    }));
  const workspaceBytes = workspaceSize(workspaceDir);
  const invoke: Invoke = async (method, args) => {
    // Once a worker runs, every call goes to it, so calls see one engine in their order.
    if (worker === null && (await fitsInProcess(method, args, memoryMb, workspaceBytes))) {
      local ??= startInProcessEngine(workspaceDir, memoryMb, emit);
      try {
        return await (await local).invoke(method, args);
      } catch (e) {
        if (!(e instanceof WorkerNeeded)) throw e;
      }
    }
    return (await startWorker()).invoke(method, args);
  };
  const subscribe = (event: EventName, listener: (p: unknown) => void) => {
    let set = listeners.get(event);
    if (!set) {
      listeners.set(event, (set = new Set()));
      void worker?.then(
        (engine) => forward(engine, event),
        () => {},
      );
    }
    set.add(listener);
    return () => set.delete(listener);
  };
  try {
    return await Promise.race([f(createClient(invoke, subscribe)), died]);
  } catch (e) {
    if (!(e instanceof EngineStopped)) throw e;
    const lost = o.campaigns ? await requeueLostRuns(workspaceDir, { ...data, recover: e.reason }, limits) : [];
    throw new ApiError("failed", [`the engine stopped: ${e.reason}.`, ...lost].join(" "));
  } finally {
    done = true;
    // Assigned by the calls: the compiler cannot see it.
    const [w, l] = [worker as Promise<EngineWorker> | null, local as Promise<InProcessEngine> | null];
    await Promise.all([
      w?.then(
        (engine) => engine.close(),
        () => {},
      ),
      l?.then(
        (engine) => engine.close(),
        () => {},
      ),
    ]);
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
