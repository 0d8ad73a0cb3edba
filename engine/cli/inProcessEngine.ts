// The engine on the command's own thread, for calls on a trace far smaller
// than the engine's memory budget (cli/api.ts): a worker costs about as much
// CPU to start as Node itself (issue 32 items 1 and 2), and such a call cannot
// come near the budget. Calls and events cross as they would from the worker:
// arguments checked by the same dispatch, results and events structured-cloned,
// errors passed through their plain data, and the ingestion kernel bounded by
// the same budget (workerEntry.ts).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { VarbenchError } from "../errors/errors.js";
import { markEngineHere } from "../io/engineHere.js";
import type { EventName, Invoke } from "../api/contract.js";

/** How many times its size a trace may grow to in the engine, with room to spare: a Chrome trace of
 * 200,000 calls nested in one another (10.7 MB, the worst shape: a context per event) took the
 * process 270 MB past its start, about 25 times its size; 64 leaves 2.5 times that. */
const GROWTH = 64;
/** Past this a trace takes seconds to read, and the worker's start is no longer worth saving. */
const MAX_IN_PROCESS_BYTES = 4 * 2 ** 20;
/** Calls whose memory in JavaScript is the calling-context tree's, however long the recording: a
 * uftrace recording's event files are read straight into the ingestion kernel (bounded by the
 * budget), and only the tree's contexts reach the heap (cct/kernel/readContexts.ts), where
 * `contextGuard` bounds them. Other analyses of a trace (its timeline, phases) keep per-call data. */
const TREE_ONLY = new Set(["analyses.cct"]);
/** An upper bound on a context's heap in a finished tree (its columns, its covariance object and
 * typed arrays, the table's rows): `varbench cct` of deep_stack's 40,000 nested contexts needed
 * between 16 and 24 MB of old space where a tiny trace needs under 12, at most 0.3 KB a context. */
const CONTEXT_BYTES = 2048;

export interface InProcessEngine {
  readonly invoke: Invoke;
  close(): Promise<void>;
}

/** The tree read on the command's own thread would outgrow its share of the heap: the call is made
 * again in the worker, under the budget (cli/api.ts). Never shown. */
export class WorkerNeeded extends VarbenchError {
  readonly kind = "said" as const;
}

/** Calls that read the workspace (analyses keep their results in it, nothing else is written) and run
 * no campaign: on a small workspace, on the command's own thread too. A campaign's commands stay in the
 * worker, whose death the command line answers by requeueing the runs it was running (cli/api.ts). */
const WORKSPACE_READS = new Set([
  "campaigns.get",
  "campaigns.list",
  "designs.list",
  "projects.get",
  "projects.list",
  "runs.get",
  "runs.list",
  "workloads.list",
  "workspace.info",
]);
/** A workspace whose files (its database, its runs' recordings) come to more than this is read in the
 * worker: the 40-run example campaign's is about 4 MB, and 8 MB grown GROWTH times is 512 MB. */
const MAX_IN_PROCESS_WORKSPACE_BYTES = 8 * 2 ** 20;

/** The size of a workspace's files (folderBytes), measured at the first call that asks and kept for the
 * command's others: one walk a command, and every call of it on the same side of the limit. */
export type WorkspaceSize = () => number | null;

export function workspaceSize(dir: string): WorkspaceSize {
  let bytes: number | null | undefined;
  return () => (bytes === undefined ? (bytes = folderBytes(dir, MAX_IN_PROCESS_WORKSPACE_BYTES)) : bytes);
}

/**
 * The call names a trace file or uftrace directory whose size, grown GROWTH times, fits in the budget
 * (a call in TREE_ONLY on a uftrace recording counts its files beside the event files: symbols, maps);
 * or it reads a workspace (an analysis, a listing) all of whose files, grown GROWTH times, fit in the
 * budget (`workspace`: their size).
 */
export async function fitsInProcess(
  method: string,
  args: unknown,
  memoryMb: number,
  workspace?: WorkspaceSize,
): Promise<boolean> {
  const target = (args as { target?: { kind?: unknown; path?: unknown } } | null)?.target;
  const limit = (most: number) => Math.min(most, (memoryMb * 2 ** 20) / GROWTH);
  if (target?.kind === "trace") {
    if (typeof target.path !== "string") return false;
    const bytes = sizeOf(target.path, TREE_ONLY.has(method));
    return bytes !== null && bytes <= limit(MAX_IN_PROCESS_BYTES);
  }
  if (workspace === undefined || !(method.startsWith("analyses.") || WORKSPACE_READS.has(method))) return false;
  const bytes = workspace();
  return bytes !== null && bytes <= limit(MAX_IN_PROCESS_WORKSPACE_BYTES);
}

/** A file's size, or the sum of a directory's files (without a uftrace recording's event files when
 * `skipEvents`); a directory with folders in it is taken as too large (a uftrace recording has none);
 * null when unreadable. */
function sizeOf(path: string, skipEvents: boolean): number | null {
  try {
    const s = statSync(path);
    if (!s.isDirectory()) return s.size;
    const recording = skipEvents && statSync(join(path, "info"), { throwIfNoEntry: false })?.isFile() === true;
    return folderBytes(path, MAX_IN_PROCESS_BYTES, {
      deep: false,
      skip: recording ? (name) => name.endsWith(".dat") : () => false,
    });
  } catch {
    return null;
  }
}

/** The size of the files under `dir` (`deep`: in its folders too, else a folder in it counts as past
 * `most`; `skip`: names not counted), counted until it passes `most` (then any sum past it); a link is
 * measured by what it names, one to a folder taken as past `most`. Null when `dir` cannot be read. */
function folderBytes(
  dir: string,
  most: number,
  o: { deep: boolean; skip: (name: string) => boolean } = { deep: true, skip: () => false },
): number | null {
  let bytes = 0;
  const walk = (path: string): void => {
    for (const e of readdirSync(path, { withFileTypes: true })) {
      if (bytes > most) return;
      const at = join(path, e.name);
      if (e.isDirectory()) {
        if (o.deep) walk(at);
        else bytes += most + 1;
      } else if (!o.skip(e.name)) {
        const s = statSync(at);
        bytes += s.isDirectory() ? most + 1 : s.size;
      }
    }
  };
  try {
    walk(dir);
    return bytes;
  } catch {
    return null;
  }
}

/** Refuses, before they are copied out of the kernel, more contexts than half the budget holds at
 * CONTEXT_BYTES each, counted over every thread read on this thread. */
export function contextGuard(memoryMb: number): (contexts: number) => void {
  const most = Math.floor((memoryMb * 2 ** 20) / 2 / CONTEXT_BYTES);
  let seen = 0;
  return (contexts) => {
    seen += contexts;
    if (seen > most) throw new WorkerNeeded(`${seen} contexts: past the ${most} read on the command's thread`);
  };
}

export async function startInProcessEngine(
  workspaceDir: string,
  memoryMb: number,
  emit: (event: EventName, payload: unknown) => void,
): Promise<InProcessEngine> {
  const [
    { VarbenchService },
    { EVENT_NAMES },
    { setKernelMemoryLimit },
    { setReadoutGuard },
    { ApiError, toErrorData },
  ] = await Promise.all([
    import("../api/service.js"),
    import("../api/contract.js"),
    import("../cct/kernel/ingestKernel.js"),
    import("../cct/kernel/readContexts.js"),
    import("../errors/errors.js"),
  ]);
  // The command compiles the engine on this thread: its code cache is kept with it (io/codeCache.ts).
  markEngineHere();
  setReadoutGuard(contextGuard(memoryMb));
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
        if (e instanceof WorkerNeeded) throw e;
        throw ApiError.from(toErrorData(e));
      }
    },
    close: () => service.close(),
  };
}
