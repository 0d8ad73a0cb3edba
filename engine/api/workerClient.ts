// The host side of the engine worker: calls become messages, replies resolve
// them, events reach subscribers. Used by the command line, one worker per
// command (cli/api.ts), and through the engine host (engineHost.ts), which
// browser mode and Electron keep running and start again when it dies.
import { Worker, type ResourceLimits } from "node:worker_threads";
import type { EventName, Invoke, Subscribe } from "./contract.js";
import { ApiError } from "../errors/errors.js";
import type { WorkerReply, WorkerRequest } from "./workerProtocol.js";
import { parseKeepingText } from "../io/jsonText.js";

export interface EngineWorker {
  /** Every method the engine answers. */
  readonly methods: readonly string[];
  readonly invoke: Invoke;
  readonly subscribe: Subscribe;
  /** Settles when the worker has stopped, with why when it was not closed. */
  readonly stopped: Promise<WorkerStop>;
  close(): Promise<void>;
}

export interface WorkerStop {
  readonly closed: boolean;
  /** Set when the worker died past its heap budget. */
  readonly outOfMemory: boolean;
  /** What stopped it, in words. */
  readonly reason: string;
}

/** `script` is the worker's script: workerEntry built to JS, or a loader that imports the
 * TypeScript source (tests); `data` goes to it too; `limits` bound its heap. */
export function startEngineWorker(
  script: URL,
  workspaceDir: string,
  data: Record<string, unknown> = {},
  limits: ResourceLimits = {},
): Promise<EngineWorker> {
  const worker = new Worker(script, { workerData: { ...data, workspaceDir }, resourceLimits: limits });
  const pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  let next = 1;
  let closing = false;
  let lastError: (Error & { code?: string }) | null = null;
  let onClosed: () => void = () => {};
  const send = (m: WorkerRequest) => worker.postMessage(m);
  // Kept for the whole life of the worker: an 'error' event nobody listens to would end the host process.
  worker.on("error", (e: Error) => (lastError = e));
  const stopped = new Promise<WorkerStop>((settle) =>
    worker.on("exit", (code) => {
      const outOfMemory = lastError?.code === "ERR_WORKER_OUT_OF_MEMORY";
      const reason = outOfMemory
        ? `it needed more memory than the engine's budget of ${limits.maxOldGenerationSizeMb} MB (VARBENCH_ENGINE_MEMORY_MB sets it)`
        : lastError
          ? `the engine failed: ${lastError.message}`
          : `the engine stopped (exit code ${code})`;
      for (const p of pending.values())
        p.fail(new ApiError("failed", `the request was stopped: ${reason}. The workspace is unchanged.`));
      pending.clear();
      settle({ closed: closing, outOfMemory, reason });
    }),
  );
  return new Promise((ready, failed) => {
    worker.once("error", failed);
    // A worker that ends before it is ready (its workspace cannot be opened, say) fails the start.
    void stopped.then((s) => failed(new ApiError("failed", s.reason)));
    worker.on("message", (m: WorkerReply) => {
      if (m.kind === "ready") {
        worker.off("error", failed);
        ready({
          methods: m.methods,
          invoke: (method, args) =>
            new Promise((ok, fail) => {
              const id = next++;
              pending.set(id, { ok, fail });
              send({ kind: "call", id, method, args });
            }),
          subscribe: (event, listener) => {
            let set = listeners.get(event);
            if (!set) listeners.set(event, (set = new Set()));
            set.add(listener);
            return () => set.delete(listener);
          },
          stopped,
          close: () => {
            closing = true;
            const closed = new Promise<void>((ok) => (onClosed = ok));
            send({ kind: "close" });
            // A worker that already died answers nothing: its exit ends the wait too.
            return Promise.race([closed, stopped]).then(() => worker.terminate().then(() => undefined));
          },
        });
      } else if (m.kind === "closed") onClosed();
      else if (m.kind === "event") for (const l of listeners.get(m.event) ?? []) l(m.payload);
      else {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.kind === "result") p?.ok(m.result);
        else if (m.kind === "resultJson") p?.ok(parseKeepingText(m.json));
        else p?.fail(ApiError.from(m.error));
      }
    });
  });
}
