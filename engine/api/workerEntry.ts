// The engine in a worker thread (Electron's main process hosts it here, so a
// long analysis never stalls menus, dialogs or IPC). Messages: calls in,
// results, errors and events out, all plain data.
import { parentPort, workerData } from "node:worker_threads";
import { VarbenchService } from "./service.js";
import { toErrorData } from "./errors.js";
import { EVENT_NAMES } from "./contract.js";
import { METHOD_NAMES } from "./dispatch.js";
import type { WorkerReply, WorkerRequest } from "./workerProtocol.js";

const port = parentPort!;
// The desktop window is its user's own: files on this machine may be named (import, specs).
const service = new VarbenchService((workerData as { workspaceDir: string }).workspaceDir, { localFiles: true });
const post = (m: WorkerReply) => port.postMessage(m);
for (const event of EVENT_NAMES) service.events.on(event, (payload) => post({ kind: "event", event, payload }));

port.on("message", (m: WorkerRequest) => {
  if (m.kind === "close") {
    void service.close().then(() => post({ kind: "closed" }));
    return;
  }
  service.call(m.method, m.args).then(
    (result) => post({ kind: "result", id: m.id, result: result ?? null }),
    (e: unknown) => post({ kind: "error", id: m.id, error: toErrorData(e) }),
  );
});
post({ kind: "ready", methods: METHOD_NAMES });
