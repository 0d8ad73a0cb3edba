// The steps of the detection pattern analysis (declared in ../detection.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { patternsReport } from "../../variance/analyze.js";
import type { PatternsResult } from "../../variance/result.js";
import { preparedVariance } from "../dominantVariance.js";
import type { detectionArgs } from "../detection.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof detectionArgs>>()({
  load: async (sources, { target, vs }, args) => ({
    a: { label: target!.label, prep: await preparedVariance(sources, target!, args) },
    b: vs ? { label: vs.label, prep: await preparedVariance(sources, vs, args) } : null,
  }),
  compute: ({ a, b }): PatternsResult => {
    const r = patternsReport(a.prep, b?.prep ?? null);
    return {
      label: a.label,
      profiling: r.profiling,
      regression: r.regression && b ? { label: b.label, ...r.regression } : null,
    };
  },
});
