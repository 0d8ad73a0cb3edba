// The engine worker's heap budget (engineHost.ts, and the command line's
// engine, cli/api.ts): its own small file, so the command line learns it
// without loading the host and the API contract behind it.
import { totalmem } from "node:os";

/** The least budget taken: the engine itself needs about 40 MB. */
const LEAST_MB = 64;

/** Half the machine's memory, at most 4 GB, at least 256 MB: room for the rest of the machine and
 * for the runs being measured, which share it. VARBENCH_ENGINE_MEMORY_MB overrides it (empty: unset);
 * a value that is no whole number of megabytes from 64 to the machine's memory is refused, not
 * ignored. The budget bounds the engine's JavaScript heap (the worker's resourceLimits) and, to
 * the same figure, the ingestion kernel's memory, where calling-context trees are built
 * (workerEntry.ts); Node's own memory and the columns read out of the kernel come beside them. */
export function engineMemoryMb(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.VARBENCH_ENGINE_MEMORY_MB?.trim() ?? "";
  if (text === "") return Math.max(256, Math.min(4096, Math.floor(totalmem() / 2 ** 21)));
  const given = Number(text);
  if (!/^\d+$/.test(text) || given < LEAST_MB)
    throw new Error(
      `VARBENCH_ENGINE_MEMORY_MB=${text}: expected the engine's heap budget as a whole number of megabytes, at least ${LEAST_MB}`,
    );
  // A budget the machine cannot give bounds nothing: the engine would grow until the system stops it.
  const machineMb = Math.floor(totalmem() / 2 ** 20);
  if (given > machineMb)
    throw new Error(`VARBENCH_ENGINE_MEMORY_MB=${text}: more than this machine's memory (${machineMb} MB)`);
  return given;
}
