// The steps of the design comparison by execution patterns (declared in ../designComparison.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { compareDesigns } from "../../patterns/comparison.js";
import type { DesignComparisonResult } from "../../patterns/comparisonResult.js";
import { verdict } from "../../patterns/verdict.js";
import { ApiError } from "../../errors/errors.js";
import { clusterRuns, patternRuns, sharedMachineNote } from "../patternRuns.js";
import type { designComparisonArgs } from "../designComparison.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof designComparisonArgs>>()({
  load: async (sources, { a, b }, args) => {
    const sa = await patternRuns(sources, a!, args, () => "A");
    const sb = await patternRuns(sources, b!, args, () => "B");
    if (sa.source !== sb.source)
      throw new ApiError(
        "invalid-arguments",
        `${a!.label} has ${sa.source} timelines and ${b!.label} ${sb.source} timelines: choose one source for both`,
      );
    const shared = new Set(sa.runs.map((r) => r.runId));
    const overlap = sb.runs.filter((r) => shared.has(r.runId));
    if (overlap.length > 0)
      throw new ApiError(
        "invalid-arguments",
        `${a!.label} and ${b!.label} share run ${overlap.map((r) => r.runId).join(", ")}: compare two different sets of runs`,
      );
    const busy = await sharedMachineNote(sources, [a!, b!], [...sa.runs, ...sb.runs]);
    // Named by their designs, as the verdict names them ("merge ran 2 times faster than insertion").
    const name = (t: typeof a) => (t!.target.kind === "design" ? t!.target.design : t!.label);
    return {
      labels: { a: name(a), b: name(b) },
      input: {
        label: `${a!.label} vs ${b!.label}`,
        source: sa.source,
        metric: sa.metric,
        runs: [...sa.runs, ...sb.runs],
        notes: [...new Set([...sa.notes, ...sb.notes]), ...(busy ? [busy] : [])],
      },
    };
  },
  compute: ({ labels, input }, args, progress): DesignComparisonResult => {
    const { result, model } = clusterRuns(input, args, progress);
    const c = compareDesigns(result, model.vectors, labels, { confidence: args.confidence, precision: args.precision });
    return { ...c, verdict: verdict(c) };
  },
});
