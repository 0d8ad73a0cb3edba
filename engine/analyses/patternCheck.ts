// Reproducibility by execution patterns (paper 004 §5.3): new runs placed among
// the patterns of reference runs, or flagged as new, and their metric set
// against each pattern's record.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { checkRuns, type ReproducibilityResult } from "../patterns/reproducibility.js";
import { ApiError } from "../errors/errors.js";
import { defineAnalysis } from "./descriptor.js";
import { REPRODUCIBILITY_EXPORTERS } from "../report/exporters.js";
import { clusterRuns, patternArgs, patternFlags, patternRuns } from "./patternRuns.js";

const accepts = ["campaign", "design", "run"] as const;

export const patternCheck = defineAnalysis({
  kind: "patternCheck",
  title: "reproducibility check by execution patterns",
  version: 3,
  args: z.strictObject({ reference: targetSchema, check: targetSchema, ...patternArgs }),
  targets: { reference: ["campaign", "design"], check: accepts },
  cache: true,
  reads: ["timelines"],
  exporters: REPRODUCIBILITY_EXPORTERS,
  flags: { ...patternFlags, check: "--check" },
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
