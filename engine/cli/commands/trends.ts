// `varbench trends`: empirical computational complexity of a campaign's runs
// (paper 002, BB-TrendProf) from the command line, one design at a time: a
// campaign of several designs gets one result per design (issue 27 item 4).
import { withApi } from "../api.js";
import { printExport, printJson } from "../format/jsonOut.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { campaignArg, checkNames, designTarget } from "../target.js";
import { designPair, outputFormat } from "../optionParsers.js";
import { FUNCTION_TRENDS_EXPORTERS, TREND_COMPARISON_EXPORTERS, TRENDS_EXPORTERS } from "../../report/exporters.js";
import type { TrendSource } from "../../trend/costTables.js";
import type { TrendsResult } from "../../trend/result.js";
import type { CfTrendsResult } from "../../trend/cf/cfResult.js";

export interface TrendFlags {
  readonly feature?: string;
  readonly source?: "auto" | TrendSource;
  readonly design?: string;
  /** CF-TrendProf per function from uftrace traces, with this cost per call. */
  readonly functions?: boolean;
  readonly cost?: "time" | "calls";
  /** Two designs compared: "A,B". */
  readonly designs?: string;
  readonly seed?: number;
  readonly json: boolean;
  readonly csv: boolean;
}

export function trends(workspaceDir: string, campaign: string, o: TrendFlags): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const format = outputFormat(o);
    const t = campaignArg(campaign);
    if (o.designs !== undefined) {
      if (o.design !== undefined) throw new Error("--design and --designs: choose one");
      if (o.functions) throw new Error("--functions and --designs: choose one");
      const names = designPair(o.designs);
      checkNames(t.campaignId, await api.campaigns.get({ campaignId: t.campaignId }), names);
      const [a, b] = names.map((design) => designTarget(t.campaignId, design, null));
      const r = await withAnalysisProgress(api, () =>
        api.analyses.trendComparison({ a, b, feature: o.feature, source: o.source, seed: o.seed }),
      );
      return printExport(TREND_COMPARISON_EXPORTERS, format, r, undefined);
    }
    if (o.cost !== undefined && !o.functions) throw new Error("--cost goes with --functions");
    if (o.functions) {
      if (o.source !== undefined && o.source !== "uftrace")
        throw new Error(
          "--functions models each function's invocations from uftrace traces: leave out --source or give --source uftrace",
        );
      if (o.seed !== undefined)
        throw new Error(
          "--seed sets the bootstrap's draws; --functions draws nothing (its models are fitted, not resampled)",
        );
    }
    // Trends are per design (issue 27 item 4): a campaign of several designs gets one result per design.
    const designs =
      o.design !== undefined ? [o.design] : (await api.campaigns.get({ campaignId: t.campaignId })).designs;
    const targets =
      designs.length > 1 || o.design !== undefined
        ? designs.map((design) => designTarget(t.campaignId, design, null))
        : [t];
    if (targets.length > 1 && format === "csv")
      throw new Error(
        `--csv: campaign ${t.campaignId} has ${designs.length} designs (${designs.join(", ")}) and trends are per design: name one with --design`,
      );
    const results: unknown[] = [];
    for (const target of targets) {
      const r = o.functions
        ? await withAnalysisProgress(api, () =>
            api.analyses.functionTrends({ target, feature: o.feature, cost: o.cost }),
          )
        : await withAnalysisProgress(api, () =>
            api.analyses.trends({ target, feature: o.feature, source: o.source, seed: o.seed }),
          );
      if (format === "json") results.push(r);
      else if (o.functions) await printExport(FUNCTION_TRENDS_EXPORTERS, format, r as CfTrendsResult, undefined);
      else await printExport(TRENDS_EXPORTERS, format, r as TrendsResult, undefined);
      if (format !== "json" && targets.length > 1 && target !== targets[targets.length - 1]) process.stdout.write("\n");
    }
    if (format === "json") await printJson(targets.length > 1 ? results : results[0]);
  });
}
