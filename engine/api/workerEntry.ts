// The engine in a worker thread under a heap budget: started by every
// `varbench` command that calls the engine beyond a small trace file
// (cli/api.ts, cli/inProcessEngine.ts; `demo` runs in process) and by
// engineHost.ts for browser mode and Electron, so a long analysis never stalls
// the thread that serves, and one that needs more memory than the budget ends
// in a message, not in V8's fatal error. Messages: calls
// in, results, errors and events out, all plain data.
import { parentPort, workerData } from "node:worker_threads";
import { VarbenchService } from "./service.js";
import { toErrorData } from "../errors/errors.js";
import { EVENT_NAMES } from "./contract.js";
import { METHOD_NAMES } from "./dispatch.js";
import { recoverLostEngine } from "./engineRecovery.js";
import type { WorkerReply, WorkerRequest } from "./workerProtocol.js";
import { setKernelMemoryLimit } from "../cct/kernel/ingestKernel.js";
import { textOf } from "../io/jsonText.js";

interface EngineData {
  readonly workspaceDir: string;
  /** Files on this machine may be named (the desktop window, not browser mode). */
  readonly localFiles?: boolean;
  /** This worker replaces one that died: why, for the campaigns it was running. */
  readonly recover?: string | false;
  /** The command line's engine: the workspace is opened only when a call needs it, and not remembered. */
  readonly lazy?: boolean;
  readonly remember?: boolean;
  /** The engine's memory budget in MB: its heap's limit (resourceLimits), and its ingestion kernel's. */
  readonly memoryMb?: number;
}

const port = parentPort!;
const data = workerData as EngineData;
// The heap's limit bounds JavaScript objects only; a calling-context tree is built in the ingestion
// kernel's WebAssembly memory, outside it: bounded here by the same figure.
if (data.memoryMb)
  setKernelMemoryLimit(
    data.memoryMb * 2 ** 20,
    `the engine's memory budget of ${data.memoryMb} MB; VARBENCH_ENGINE_MEMORY_MB sets it`,
  );
const service = new VarbenchService(data.workspaceDir, {
  localFiles: data.localFiles ?? false,
  lazy: data.lazy ?? false,
  remember: data.remember ?? true,
});
const post = (m: WorkerReply) => port.postMessage(m);
for (const event of EVENT_NAMES) service.events.on(event, (payload) => post({ kind: "event", event, payload }));

port.on("message", (m: WorkerRequest) => {
  if (m.kind === "close") {
    void service.close().then(() => post({ kind: "closed" }));
    return;
  }
  service.call(m.method, m.args).then(
    (result) => {
      const json = textOf(result);
      post(
        json === undefined
          ? { kind: "result", id: m.id, result: result ?? null }
          : { kind: "resultJson", id: m.id, json },
      );
    },
    (e: unknown) => post({ kind: "error", id: m.id, error: toErrorData(e) }),
  );
});
post({ kind: "ready", methods: METHOD_NAMES });
if (data.recover) recoverLostEngine(service, data.recover);
