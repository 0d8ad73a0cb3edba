// The command line's way to the engine: the API in a worker thread under the
// engine's heap budget (engineHost.ts's engineMemoryMb, as browser mode and
// Electron run it), so a trace or analysis that needs more memory than that
// ends in a clear message instead of V8's fatal error (issue 17 items 2, 8).
// The workspace named by -w is opened only when a call needs it, so reading a
// trace file works anywhere; files on this machine are allowed as traces and specs.
import { createClient } from "../api/client.js";
import { engineMemoryMb } from "../api/engineMemory.js";
import { startEngineWorker } from "../api/workerClient.js";
import type { VarbenchApi } from "../api/contract.js";

export async function withApi<T>(workspaceDir: string, f: (api: VarbenchApi) => Promise<T>): Promise<T> {
  const memoryMb = engineMemoryMb();
  // Built beside this file by build-engine.mjs.
  const engine = await startEngineWorker(new URL("./engineWorker.js", import.meta.url), workspaceDir, { localFiles: true, lazy: true, remember: false, memoryMb }, { maxOldGenerationSizeMb: memoryMb });
  try {
    return await f(createClient(engine.invoke, engine.subscribe));
  } finally {
    await engine.close();
  }
}
