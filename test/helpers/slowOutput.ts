// An output for printJson (engine/cli/format/jsonOut.ts) that behaves as a
// slow pipe, shared by test/unit/jsonOut.test.ts and test/stress/jsonOut.test.ts.
import type { Out } from "../../engine/cli/format/jsonOut.js";

/** An output handing each write to `take`: every other write says the stream is full and
 * drains a moment later, as a slow pipe does. */
export function output(take: (s: string) => void): Out {
  let calls = 0;
  const drained: (() => void)[] = [];
  return {
    write: (chunk) => {
      take(String(chunk));
      if (++calls % 2 === 1) return true;
      setImmediate(() => drained.splice(0).forEach((f) => f()));
      return false;
    },
    once: (_event, listener) => drained.push(listener),
  };
}
