// Empirical computational complexity of a campaign's or a design's runs
// (paper 002 ch. 2, BB-TrendProf): locations' costs from gcov, callgrind or
// uftrace, clustered and fitted to the workloads' features.
import * as z from "zod";
import type { RunRow } from "../campaign/readModels.js";
import { targetSchema } from "../campaign/targetSchema.js";
import { mergeThreads } from "../cct/merge.js";
import { bbTrendProf } from "../trend/bbTrendProf.js";
import { BOOTSTRAP_RESAMPLES } from "../trend/bootstrap.js";
import { callgrindCosts, cctCosts, gcovCosts, locationSeries, TREND_SOURCES, type CostTable, type TrendSource } from "../trend/costTables.js";
import type { TrendsResult, TrendWorkload } from "../trend/result.js";
import type { GcovTable } from "../trace/gcov/readGcov.js";
import type { CallgrindTable } from "../trace/callgrind/readCallgrind.js";
import { ApiError } from "../api/errors.js";
import { defineAnalysis, type Resolved, type Sources } from "./descriptor.js";
import { runLabel, runTarget } from "./resolveTarget.js";

const ARTIFACT: Readonly<Record<Exclude<TrendSource, "uftrace">, string>> = { gcov: "gcov-table", callgrind: "callgrind-table" };

export const trends = defineAnalysis({
  kind: "trends",
  title: "empirical complexity analysis",
  version: 2,
  args: z.strictObject({
    target: targetSchema,
    /** Where the costs come from; auto: uftrace traces, else gcov, else callgrind, whichever the runs have. */
    source: z.enum(["auto", ...TREND_SOURCES]).default("auto"),
    /** Only this workload feature (default: every feature all runs have). */
    feature: z.string().min(1).optional(),
    seed: z.number().int().min(0).max(2 ** 31 - 1).default(1),
    resamples: z.number().int().min(100).max(100_000).default(BOOTSTRAP_RESAMPLES),
  }),
  targets: { target: ["campaign", "design"] },
  cache: true,
  load: async (sources, { target }, args) => loadCosts(sources, target!, args.source, args.feature),
  compute: (input, args, progress): TrendsResult => {
    const r = bbTrendProf({ locations: input.locations, features: input.features, seed: args.seed, resamples: args.resamples }, (done, total) => progress("fitting clusters", done, total));
    return { ...r, label: input.label, source: input.source, features: input.features.map((f) => f.name), runs: input.runs, notes: input.notes };
  },
});

/** What the trends analyses read: costs per location and features per run of one target. */
export interface LoadedCosts {
  readonly label: string;
  readonly source: TrendSource;
  readonly runs: TrendWorkload[];
  readonly notes: string[];
  readonly features: { readonly name: string; readonly values: Float64Array }[];
  readonly locations: { readonly name: string; readonly values: Float64Array }[];
}

/** `inclusive`: functions' inclusive costs as locations too (for comparing designs; never clustered, they would count callees twice). */
export async function loadCosts(sources: Sources, target: Resolved, asked: "auto" | TrendSource, only: string | undefined, inclusive = false): Promise<LoadedCosts> {
  const source: TrendSource = asked !== "auto" ? asked : target.runs.every((r) => r.hasCct) ? "uftrace" : (await hasArtifact(sources, target.runs[0], ARTIFACT.gcov)) ? "gcov" : "callgrind";
  const tables: CostTable[] = [];
  const runs: TrendWorkload[] = [];
  const notes: string[] = [];
  for (const [i, r] of target.runs.entries()) {
    sources.progress(`costs per location (${source})`, i, target.runs.length);
    const costs = await costsOf(sources, r, source, inclusive);
    if (!costs) {
      notes.push(`${runLabel(r)} has no ${source} data: left out`);
      continue;
    }
    tables.push(costs);
    runs.push({ runId: r.id, workload: r.workload, features: await sources.runFeatures(r) });
  }
  if (runs.length < 3) throw new ApiError("not-found", `${target.label}: ${runs.length} run(s) with ${source} data; a trend needs at least 3 workloads (run the campaign under ${source === "uftrace" ? "uftrace" : source}, on inputs of several sizes)`);
  const names = [...new Set(runs.flatMap((r) => Object.keys(r.features)))].sort();
  const shared = names.filter((n) => runs.every((r) => n in r.features));
  for (const n of names) if (!shared.includes(n)) notes.push(`feature ${n} is missing from some runs: not used`);
  const features = (only ? shared.filter((n) => n === only) : shared).map((name) => ({ name, values: Float64Array.from(runs, (r) => r.features[name]) }));
  if (only && features.length === 0) throw new ApiError("invalid-arguments", `${target.label}: no feature ${only} in every run (features: ${shared.join(", ") || "none"})`, [{ path: "feature", message: "not a feature of every run" }]);
  if (features.length === 0) throw new ApiError("not-found", `${target.label}: its runs share no numeric feature to fit costs to (declare features on the workloads, give them inputs, or print varbench:feature lines)`);
  return { label: target.label, source, runs, notes, features, locations: locationSeries(tables) };
}

async function costsOf(sources: Sources, r: RunRow, source: TrendSource, inclusive: boolean): Promise<CostTable | null> {
  if (source === "uftrace") {
    if (!r.hasCct) return null;
    const cct = await sources.cct(runTarget(r));
    return cctCosts(mergeThreads(cct), cct.functions, inclusive);
  }
  const text = await sources.artifactText(r, ARTIFACT[source]);
  if (text === null) return null;
  return source === "gcov" ? gcovCosts(JSON.parse(text) as GcovTable) : callgrindCosts(JSON.parse(text) as CallgrindTable, inclusive);
}

async function hasArtifact(sources: Sources, r: RunRow, kind: string): Promise<boolean> {
  return (await sources.artifactText(r, kind)) !== null;
}
