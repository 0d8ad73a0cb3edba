// The steps of the reproducibility check by execution patterns (declared in ../patternCheck.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { checkRuns, type ReproducibilityResult } from "../../patterns/reproducibility.js";
import { ApiError } from "../../errors/errors.js";
import { clusterRuns, patternRuns } from "../patternRuns.js";
import type { patternCheckArgs } from "../patternCheck.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof patternCheckArgs>>()({
  load: async (sources, { reference, check }, args) => {
    const ref = { label: reference!.label, ...(await patternRuns(sources, reference!, args, (r) => r.design ?? "—")) };
    const chk = { label: check!.label, ...(await patternRuns(sources, check!, args, () => "check")) };
    if (ref.source !== chk.source)
      throw new ApiError(
        "invalid-arguments",
        `${ref.label} has ${ref.source} timelines and ${chk.label} ${chk.source} timelines: check runs recorded the same way (or choose --source)`,
      );
    return { reference: ref, check: chk };
  },
  compute: ({ reference, check }, args, progress): ReproducibilityResult => {
    const { model } = clusterRuns(reference, args, progress);
    return checkRuns(
      model,
      { reference: reference.label, checked: check.label },
      reference.metric,
      check.runs.map((r) => ({ runId: r.runId, metric: r.metric, pcv: r.pcv })),
    );
  },
});
