// The steps of the empirical complexity analysis (declared in ../trends.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import type { RunRow } from "../../campaign/readModels.js";
import { mergeThreads } from "../../cct/merge.js";
import { bbTrendProf } from "../../trend/bbTrendProf.js";
import {
  callgrindCosts,
  cctCosts,
  gcovCosts,
  isCostLocation,
  locationSeries,
  type CostTable,
  type TrendSource,
} from "../../trend/costTables.js";
import type { TrendsResult, TrendWorkload } from "../../trend/result.js";
import type { GcovTable } from "../../trace/gcov/readGcov.js";
import type { CallgrindTable } from "../../trace/callgrind/readCallgrind.js";
import { ApiError } from "../../errors/errors.js";
import { MIN_DISTINCT_VALUES, selectFeatures, type FeatureSelection } from "../../trend/featureSelection.js";
import { type Resolved, type Sources } from "../descriptor.js";
import { runLabel, runTarget } from "../resolveTarget.js";
import type { trendsArgs } from "../trends.js";
import { analysisSteps } from "../descriptor.js";

const ARTIFACT: Readonly<Record<Exclude<TrendSource, "uftrace">, string>> = {
  gcov: "gcov-table",
  callgrind: "callgrind-table",
};

export const steps = analysisSteps<ReturnType<typeof trendsArgs>>()({
  load: async (sources, { target }, args) => loadCosts(sources, target!, args.source, args.feature),
  compute: (input, args, progress): TrendsResult => {
    // Clusters sum their locations' costs, so call counts (another unit) are not clustered with instructions or time.
    const locations = input.locations.filter((l) => isCostLocation(l.name));
    const calls = input.locations.length - locations.length;
    const r = bbTrendProf(
      { locations, features: input.features, seed: args.seed, resamples: args.resamples },
      (done, total) => progress("fitting clusters", done, total),
    );
    const notes =
      calls > 0
        ? [
            ...input.notes,
            `${calls} call counts not clustered with costs (another unit): varbench trends --functions models each function's calls`,
          ]
        : input.notes;
    return {
      ...r,
      label: input.label,
      source: input.source,
      features: input.features.map((f) => f.name),
      runs: input.runs,
      notes,
    };
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
export async function loadCosts(
  sources: Sources,
  target: Resolved,
  asked: "auto" | TrendSource,
  only: string | undefined,
  inclusive = false,
): Promise<LoadedCosts> {
  oneDesign(target);
  const source: TrendSource = asked !== "auto" ? asked : await detectSource(sources, target);
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
  if (runs.length < 3)
    throw new ApiError(
      "not-found",
      `${target.label}: ${runs.length} run(s) with ${source} data; a trend needs at least 3 workloads (run the campaign under ${source === "uftrace" ? "uftrace" : source}, on inputs of several sizes)`,
    );
  const chosen = usableFeatures(target.label, runs, only);
  notes.push(...chosen.notes);
  const features = chosen.features;
  return { label: target.label, source, runs, notes, features, locations: locationSeries(tables) };
}

/** A target of one design's runs, or an error that says which designs to name: trends are per design. */
export function oneDesign(target: Resolved): void {
  const designs = [...new Set(target.runs.map((r) => r.design))];
  if (designs.length <= 1) return;
  const named = designs.map((d) => d ?? "(none)");
  throw new ApiError(
    "invalid-arguments",
    `${target.label} holds ${designs.length} designs (${named.join(", ")}): a trend is fitted to one design's runs, never to several pooled (their costs differ by design, not by workload). Name one (--design ${named[0]}), or compare two (--designs ${named.slice(0, 2).join(",")})`,
    [{ path: "target", message: "several designs" }],
  );
}

/** The features a trend can be fitted to (featureSelection.ts), or an error that says why there are none. */
export function usableFeatures(
  label: string,
  runs: readonly TrendWorkload[],
  only: string | undefined,
): FeatureSelection {
  const workloads = new Set(runs.map((r) => r.workload));
  if (workloads.size === 1 && !workloads.has(null)) {
    // A trend relates cost to how workloads differ (002 §2: "Choose workloads {w1, …, wk} … Describe the
    // workloads with numeric features"): a feature that varies between runs of one workload measures the run.
    throw new ApiError(
      "not-found",
      `${label}: all ${runs.length} runs are of one workload (${[...workloads][0]}), and a trend fits cost against features that differ between workloads: run workloads of at least ${MIN_DISTINCT_VALUES} sizes (002 §2)`,
    );
  }
  const chosen = selectFeatures(runs, only);
  if (chosen.refused !== null)
    throw new ApiError(
      "invalid-arguments",
      `${label}: feature ${only} ${chosen.refused} (features: ${chosen.shared.join(", ") || "none"})`,
      [{ path: "feature", message: chosen.refused }],
    );
  if (chosen.features.length === 0) {
    const why =
      chosen.notes.length > 0
        ? `: ${chosen.notes.join("; ")}`
        : " (declare features on the workloads, give them inputs, or print varbench:feature lines)";
    throw new ApiError("not-found", `${label}: its runs share no feature that varies enough to fit costs to${why}`);
  }
  return chosen;
}

async function costsOf(
  sources: Sources,
  r: RunRow,
  source: TrendSource,
  inclusive: boolean,
): Promise<CostTable | null> {
  if (source === "uftrace") {
    if (!r.hasCct) return null;
    const cct = await sources.cct(runTarget(r));
    return cctCosts(mergeThreads(cct), cct.functions, inclusive);
  }
  const text = await sources.artifactText(r, ARTIFACT[source]);
  if (text === null) return null;
  return source === "gcov"
    ? gcovCosts(JSON.parse(text) as GcovTable)
    : callgrindCosts(JSON.parse(text) as CallgrindTable, inclusive);
}

/** Where the runs' costs are: uftrace traces, else gcov's or callgrind's tables, whichever the first run has. */
async function detectSource(sources: Sources, target: Resolved): Promise<TrendSource> {
  if (target.runs.length > 0 && target.runs.every((r) => r.hasCct)) return "uftrace";
  for (const r of target.runs.slice(0, 1)) {
    if (await hasArtifact(sources, r, ARTIFACT.gcov)) return "gcov";
    if (await hasArtifact(sources, r, ARTIFACT.callgrind)) return "callgrind";
  }
  throw new ApiError(
    "not-found",
    `${target.label}: its runs hold no costs per location (a trend needs runs under gcov, callgrind or uftrace; these ran under another profiler, or did not succeed)`,
  );
}

async function hasArtifact(sources: Sources, r: RunRow, kind: string): Promise<boolean> {
  return (await sources.artifactText(r, kind)) !== null;
}
