// The steps of the comparison (declared in ../compare.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { compareSides, type SideInput } from "../../cct/compareSides.js";
import { mergeThreads } from "../../cct/merge.js";
import { contextRows } from "../../cct/query.js";
import { type Resolved, type Sources } from "../descriptor.js";
import { runTarget } from "../resolveTarget.js";
import { frameKind } from "../../cct/frameKinds.js";
import type { compareArgs } from "../compare.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof compareArgs>>()({
  load: async (sources, { a, b }, args) => ({
    a: await sideOf(sources, a!, args.onCpu),
    b: await sideOf(sources, b!, args.onCpu),
  }),
  compute: ({ a, b }) => compareSides(a, b),
});

async function sideOf(sources: Sources, side: Resolved, onCpu: boolean): Promise<SideInput> {
  const contexts = [];
  for (const run of side.runs.filter((r) => r.hasCct)) {
    const stored = await sources.cct(runTarget(run));
    // Only a trace with scheduler events has time off the CPU to take out: the others are read once.
    const waited = onCpu && stored.functions.some((f) => frameKind(f) === "waiting");
    const cct = waited ? await sources.cct(runTarget(run), { onCpu: true }) : stored;
    contexts.push(contextRows(mergeThreads(cct), cct.functions));
  }
  return { label: side.label, runs: side.runs, contexts };
}
