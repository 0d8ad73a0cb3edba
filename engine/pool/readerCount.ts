// How many readers the pool starts at most (readerPool.ts): one per core the
// machine gives this process (os.availableParallelism), or VARBENCH_READERS.
import { availableParallelism } from "node:os";

/** More readers than this gain nothing a machine of today can give: 64 cores is the goal
 * and a guard against a typo asking for thousands of threads. */
const MOST_READERS = 256;

/** The engine runs from its TypeScript source (the tests, `node --import tsx`): a reader would load
 * tsx and compile the engine's modules again, seconds apiece, so none is started unless asked for. */
const FROM_SOURCE = import.meta.url.endsWith(".ts");

/** VARBENCH_READERS overrides the machine's count (the bench compares 1 and 2; 1 reads in the
 * engine's own thread); a value that is no whole number from 1 to MOST_READERS is refused, not ignored. */
export function readerCount(env: NodeJS.ProcessEnv = process.env, fromSource = FROM_SOURCE): number {
  const text = env.VARBENCH_READERS?.trim() ?? "";
  if (text === "") return fromSource ? 1 : Math.max(1, availableParallelism());
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > MOST_READERS)
    throw new Error(
      `VARBENCH_READERS=${text}: expected how many traces to read at once, a whole number from 1 to ${MOST_READERS}`,
    );
  return n;
}
