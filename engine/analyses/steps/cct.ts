// The steps of the calling-context tree (declared in ../cct.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { cctTable, threadMatcher } from "../../cct/table.js";
import { type Cct } from "../../cct/cct.js";
import { ApiError } from "../../errors/errors.js";
import type { cctArgs } from "../cct.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof cctArgs>>()({
  load: async (sources, { target }, args) => {
    const tree = await sources.cct(target!, { onCpu: args.onCpu, maxCovarianceChildren: args.maxChildren });
    requireThread(tree, args.thread);
    return { tree, label: `${target!.label}${args.onCpu ? " (on-CPU time)" : ""}` };
  },
  compute: ({ tree, label }, args) => cctTable(tree, label, args),
});

/** A thread asked for ("tid" or "pid/tid") must be one of the CCT's; null asks for all. */
export function requireThread(tree: Cct, thread: string | null): void {
  if (thread !== null && !tree.threads.some((t) => threadMatcher(thread)(t.pid, t.tid))) {
    throw new ApiError(
      "not-found",
      `no thread ${thread} in this trace; threads: ${tree.threads.map((t) => `${t.pid}/${t.tid}`).join(", ")}`,
      [{ path: "thread", message: "no such thread" }],
    );
  }
}
