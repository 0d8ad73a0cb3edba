// The host side of the engine worker: calls become messages, replies resolve
// them, events reach subscribers. Used by Electron's main process.
import { Worker } from "node:worker_threads";
import type { EventName, Invoke, Subscribe } from "./contract.js";
import { ApiError } from "./errors.js";
import type { WorkerReply, WorkerRequest } from "./workerProtocol.js";

export interface EngineWorker {
  /** Every method the engine answers. */
  readonly methods: readonly string[];
  readonly invoke: Invoke;
  readonly subscribe: Subscribe;
  close(): Promise<void>;
}

/** `script` is the worker's script: workerEntry built to JS (Electron), or a
 * loader that imports the TypeScript source (tests); `data` goes to it too. */
export function startEngineWorker(script: URL, workspaceDir: string, data: Record<string, unknown> = {}): Promise<EngineWorker> {
  const worker = new Worker(script, { workerData: { ...data, workspaceDir } });
  const pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  let next = 1;
  let onClosed: () => void = () => {};
  const send = (m: WorkerRequest) => worker.postMessage(m);
  return new Promise((ready, failed) => {
    worker.once("error", failed);
    worker.on("message", (m: WorkerReply) => {
      if (m.kind === "ready") {
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
          close: () =>
            new Promise<void>((ok) => {
              onClosed = ok;
              send({ kind: "close" });
            }).then(() => worker.terminate().then(() => undefined)),
        });
      } else if (m.kind === "closed") onClosed();
      else if (m.kind === "event") for (const l of listeners.get(m.event) ?? []) l(m.payload);
      else {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.kind === "result") p?.ok(m.result);
        else p?.fail(ApiError.from(m.error));
      }
    });
    worker.on("exit", (code) => {
      for (const p of pending.values()) p.fail(new ApiError("failed", `the engine worker stopped (exit code ${code})`));
      pending.clear();
    });
  });
}
