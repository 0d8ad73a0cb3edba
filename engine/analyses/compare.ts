// Two runs, or two designs of a campaign, side by side: wall times, and the
// contexts that got slower or faster, each side's runs pooled (cct/compare.ts),
// in on-CPU time by default: a call during which its thread was pre-empted on a
// busy machine would otherwise look slower by the time it waited.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { defineAnalysis } from "./descriptor.js";
import { CONTEXT_COMPARISON_EXPORTERS } from "../report/exporters.js";
import { DEFAULT_ON_CPU } from "../variance/parameters.js";

const accepts = ["run", "design"] as const;

export const compareArgs = () =>
  z.strictObject({
    a: targetSchema,
    b: targetSchema,
    onCpu: z.boolean().default(DEFAULT_ON_CPU),
  });

export const compare = defineAnalysis({
  kind: "compare",
  title: "comparison",
  version: 4,
  args: compareArgs,
  targets: { a: accepts, b: accepts },
  cache: true,
  reads: [],
  exporters: CONTEXT_COMPARISON_EXPORTERS,
  flags: {},
  steps: () => import("./steps/compare.js").then((m) => m.steps),
});
