// The steps of the τ_S × β sweep of the VCG (declared in ../vcgSweep.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { sweep } from "../../variance/sweep.js";
import { preparedVariance } from "../dominantVariance.js";
import type { vcgSweepArgs } from "../vcgSweep.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof vcgSweepArgs>>()({
  load: async (sources, { target }, args) => preparedVariance(sources, target!, args),
  compute: (prep, args) => sweep(prep, args.taus, args.betas),
});
