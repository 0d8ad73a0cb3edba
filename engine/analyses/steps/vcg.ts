// The steps of the dominant variance analysis (declared in ../vcg.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { completeAnalysis } from "../../variance/analyze.js";
import { formatNs } from "../../format/numbers.js";
import { preparedVariance, varianceParameters } from "../dominantVariance.js";
import type { vcgArgs } from "../vcg.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof vcgArgs>>()({
  load: async (sources, { target }, args) => preparedVariance(sources, target!, args),
  compute: (prep, args) =>
    completeAnalysis({ ...prep, parameters: varianceParameters(args, args.tauS, args.beta) }, formatNs),
});
