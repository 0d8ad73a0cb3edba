// Two runs, or two designs of a campaign, side by side: wall times, and the
// contexts that got slower or faster, each side's runs pooled (cct/compare.ts),
// in on-CPU time by default: a call during which its thread was pre-empted on a
// busy machine would otherwise look slower by the time it waited.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { compareSides, type SideInput } from "../cct/compareSides.js";
import { mergeThreads } from "../cct/merge.js";
import { contextRows } from "../cct/query.js";
import { defineAnalysis, type Resolved, type Sources } from "./descriptor.js";
import { CONTEXT_COMPARISON_EXPORTERS } from "../report/exporters.js";
import { runTarget } from "./resolveTarget.js";
import { DEFAULT_ON_CPU } from "../variance/parameters.js";
import { frameKind } from "../cct/frameKinds.js";

const accepts = ["run", "design"] as const;

export const compare = defineAnalysis({
  kind: "compare",
  title: "comparison",
  version: 3,
  args: z.strictObject({ a: targetSchema, b: targetSchema, onCpu: z.boolean().default(DEFAULT_ON_CPU) }),
  targets: { a: accepts, b: accepts },
  cache: true,
  reads: [],
  exporters: CONTEXT_COMPARISON_EXPORTERS,
  flags: {},
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
