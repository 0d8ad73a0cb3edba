// Reproducibility by execution patterns (paper 004 §5.3): new runs placed among
// the patterns of reference runs, or flagged as new, and their metric set
// against each pattern's record.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { defineAnalysis } from "./descriptor.js";
import { REPRODUCIBILITY_EXPORTERS } from "../report/exporters.js";
import { patternArgs, patternFlags } from "./patternArgs.js";

const accepts = ["campaign", "design", "run"] as const;

export const patternCheckArgs = () =>
  z.strictObject({ reference: targetSchema, check: targetSchema, ...patternArgs() });

export const patternCheck = defineAnalysis({
  kind: "patternCheck",
  title: "reproducibility check by execution patterns",
  version: 3,
  args: patternCheckArgs,
  targets: { reference: ["campaign", "design"], check: accepts },
  cache: true,
  reads: ["timelines"],
  exporters: REPRODUCIBILITY_EXPORTERS,
  flags: { ...patternFlags, check: "--check" },
  steps: () => import("./steps/patternCheck.js").then((m) => m.steps),
});
