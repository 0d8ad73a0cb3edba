// The engine on the command's own thread, for calls on a trace file far
// smaller than the engine's memory budget (cli/api.ts): a worker costs about
// as much CPU to start as Node itself (issue 32 item 1), and such a call cannot
// come near the budget. Calls and events cross as they would from the worker:
// arguments checked by the same dispatch, results and events structured-cloned,
// errors passed through their plain data, and the ingestion kernel bounded by
// the same budget (workerEntry.ts).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { EventName, Invoke } from "../api/contract.js";

/** How many times its size a trace may grow to in the engine, with room to spare: a Chrome trace of
 * 200,000 calls nested in one another (10.7 MB, the worst shape: a context per event) took the
 * process 270 MB past its start, about 25 times its size; 64 leaves 2.5 times that. */
const GROWTH = 64;
/** Past this a trace takes seconds to read, and the worker's start is no longer worth saving. */
const MAX_IN_PROCESS_BYTES = 4 * 2 ** 20;

export interface InProcessEngine {
  readonly invoke: Invoke;
  close(): Promise<void>;
}

/** The call names a trace file or uftrace directory whose size, grown GROWTH times, fits in the budget. */
export async function fitsInProcess(args: unknown, memoryMb: number): Promise<boolean> {
  const target = (args as { target?: { kind?: unknown; path?: unknown } } | null)?.target;
  if (target?.kind !== "trace" || typeof target.path !== "string") return false;
  const bytes = sizeOf(target.path);
  return bytes !== null && bytes <= MAX_IN_PROCESS_BYTES && bytes * GROWTH <= memoryMb * 2 ** 20;
}

/** A file's size, or the sum of a directory's files; a directory with folders in it is taken as too
 * large (a uftrace recording has none); null when unreadable. */
function sizeOf(path: string): number | null {
  try {
    const s = statSync(path);
    if (!s.isDirectory()) return s.size;
    let bytes = 0;
    for (const e of readdirSync(path, { withFileTypes: true }))
      bytes += e.isDirectory() ? MAX_IN_PROCESS_BYTES + 1 : statSync(join(path, e.name)).size;
    return bytes;
  } catch {
    return null;
  }
}

export async function startInProcessEngine(
  workspaceDir: string,
  memoryMb: number,
  emit: (event: EventName, payload: unknown) => void,
): Promise<InProcessEngine> {
  const [{ VarbenchService }, { EVENT_NAMES }, { setKernelMemoryLimit }, { ApiError, toErrorData }] = await Promise.all(
    [
      import("../api/service.js"),
      import("../api/contract.js"),
      import("../cct/kernel/ingestKernel.js"),
      import("../errors/errors.js"),
    ],
  );
  setKernelMemoryLimit(
    memoryMb * 2 ** 20,
    `the engine's memory budget of ${memoryMb} MB; VARBENCH_ENGINE_MEMORY_MB sets it`,
  );
  const service = new VarbenchService(workspaceDir, { localFiles: true, lazy: true, remember: false });
  for (const event of EVENT_NAMES) service.events.on(event, (payload) => emit(event, structuredClone(payload)));
  return {
    invoke: async (method, args) => {
      try {
        return structuredClone((await service.call(method, args)) ?? null);
      } catch (e) {
        throw ApiError.from(toErrorData(e));
      }
    },
    close: () => service.close(),
  };
}
