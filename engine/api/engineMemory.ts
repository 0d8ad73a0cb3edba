// The engine worker's heap budget (engineHost.ts, and the command line's
// engine, cli/api.ts): its own small file, so the command line learns it
// without loading the host and the API contract behind it.
import { totalmem } from "node:os";

/** Half the machine's memory, at most 4 GB, at least 256 MB: room for the rest of the machine and
 * for the runs being measured, which share it. VARBENCH_ENGINE_MEMORY_MB overrides it. */
export function engineMemoryMb(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env.VARBENCH_ENGINE_MEMORY_MB);
  if (Number.isInteger(given) && given >= 64) return given;
  return Math.max(256, Math.min(4096, Math.floor(totalmem() / 2 ** 21)));
}
