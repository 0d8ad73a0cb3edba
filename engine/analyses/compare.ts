// Two runs, or two designs of a campaign, side by side: wall times, and the
// contexts that got slower or faster, each side's runs pooled (cct/compare.ts).
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { compareSides, type SideInput } from "../cct/compareSides.js";
import { mergeThreads } from "../cct/merge.js";
import { contextRows } from "../cct/query.js";
import { defineAnalysis, type Resolved, type Sources } from "./descriptor.js";
import { runTarget } from "./resolveTarget.js";

const accepts = ["run", "design"] as const;

export const compare = defineAnalysis({
  kind: "compare",
  title: "comparison",
  version: 2,
  args: z.strictObject({ a: targetSchema, b: targetSchema }),
  targets: { a: accepts, b: accepts },
  cache: true,
  load: async (sources, { a, b }) => ({ a: await sideOf(sources, a!), b: await sideOf(sources, b!) }),
  compute: ({ a, b }) => compareSides(a, b),
});

async function sideOf(sources: Sources, side: Resolved): Promise<SideInput> {
  const contexts = [];
  for (const run of side.runs.filter((r) => r.hasCct)) {
    const cct = await sources.cct(runTarget(run));
    contexts.push(contextRows(mergeThreads(cct), cct.functions));
  }
  return { label: side.label, runs: side.runs, contexts };
}
