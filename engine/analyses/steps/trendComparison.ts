// The steps of the comparison of two designs' empirical complexity (declared in ../trendComparison.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { compareTrends } from "../../trend/designTrends.js";
import type { TrendComparisonResult } from "../../trend/result.js";
import { ApiError } from "../../errors/errors.js";
import { loadCosts, type LoadedCosts } from "./trends.js";
import type { trendComparisonArgs } from "../trendComparison.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof trendComparisonArgs>>()({
  load: async (sources, { a, b }, args) => {
    const ca = await loadCosts(sources, a!, args.source, args.feature, true);
    const cb = await loadCosts(sources, b!, args.source === "auto" ? ca.source : args.source, args.feature, true);
    if (ca.source !== cb.source)
      throw new ApiError(
        "invalid-arguments",
        `${a!.label} has ${ca.source} costs and ${b!.label} ${cb.source} costs: choose one --source for both`,
      );
    const shared = new Set(cb.runs.map((r) => r.runId));
    const overlap = ca.runs.filter((r) => shared.has(r.runId));
    if (overlap.length > 0)
      throw new ApiError(
        "invalid-arguments",
        `${a!.label} and ${b!.label} share run ${overlap.map((r) => r.runId).join(", ")}: compare two different sets of runs`,
      );
    return { a: ca, b: cb, feature: chooseFeature(ca, cb, args.feature) };
  },
  compute: ({ a, b, feature }, args, progress): TrendComparisonResult => {
    const series = (c: LoadedCosts) => ({
      design: c.label,
      runIds: c.runs.map((r) => r.runId),
      feature: c.features.find((f) => f.name === feature.name)!.values,
      featureName: feature.name,
      locations: c.locations,
    });
    // Both designs' notes, each said once (a feature left out of both is one note, not two: issue 27).
    const r = compareTrends(series(a), series(b), args.seed, args.resamples, (done, total) =>
      progress("fitting both designs", done, total),
    );
    return {
      ...r,
      labels: { a: a.label, b: b.label },
      source: a.source,
      feature: feature.name,
      notes: [...new Set([...a.notes, ...b.notes, ...feature.notes])],
    };
  },
});

/** The asked feature, or the shared one whose values span the widest ratio (the most leverage on an exponent). */
export function chooseFeature(
  a: LoadedCosts,
  b: LoadedCosts,
  asked: string | undefined,
): { name: string; notes: string[] } {
  const shared = a.features.filter((f) => b.features.some((g) => g.name === f.name));
  if (shared.length === 0)
    throw new ApiError(
      "not-found",
      `${a.label} and ${b.label} share no feature to fit both to (features: ${a.features.map((f) => f.name).join(", ")} / ${b.features.map((f) => f.name).join(", ")})`,
    );
  if (asked || shared.length === 1) return { name: shared[0].name, notes: [] };
  const span = (name: string) => {
    const all = [...a.features, ...b.features]
      .filter((f) => f.name === name)
      .flatMap((f) => Array.from(f.values))
      .filter((v) => v > 0);
    return all.length > 0 ? Math.max(...all) / Math.min(...all) : 0;
  };
  const best = [...shared].sort((x, y) => span(y.name) - span(x.name) || x.name.localeCompare(y.name))[0].name;
  return {
    name: best,
    notes: [
      `fitted to ${best}, the feature whose values span the widest range (others: ${shared
        .filter((f) => f.name !== best)
        .map((f) => f.name)
        .join(", ")}; choose with --feature)`,
    ],
  };
}
