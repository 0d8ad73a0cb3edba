// reports.*: a campaign's report in a chosen format, rendered by the report
// folder's exporters from one report object (PDF is its HTML printed), and any
// analysis' result in one of its own export formats.
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import { exportFile } from "../report/exporter.js";
import { campaignReport } from "./campaignReport.js";
import { printPdf } from "../io/pdf.js";
import type * as z from "zod";
import { ApiError } from "../errors/errors.js";
import { validated } from "./dispatch.js";
import { ANALYSIS_EXPORTERS, EXPORTABLE_KINDS, exportFormats } from "./analysisExports.js";
import { ANALYSES } from "../analyses/registry.js";
import { runAnalysis } from "../analyses/runAnalysis.js";
import type { AnalysisDescriptor } from "../analyses/descriptor.js";
import type { Exporter } from "../report/exporter.js";
import { formatTarget, type TargetArg } from "../campaign/target.js";

export function reportHandlers(
  ctx: ServiceContext,
): Pick<Handlers, "reports.campaign" | "reports.analysis" | "reports.formats"> {
  return {
    "reports.analysis": async ({ kind, args, format }) => {
      const exporters: Readonly<Record<string, Exporter<unknown, object>>> = ANALYSIS_EXPORTERS[kind];
      if (!Object.hasOwn(exporters, format))
        throw new ApiError(
          "invalid-arguments",
          `reports.analysis: ${kind} exports as ${Object.keys(exporters).join(", ")}, not ${format}`,
          [{ path: "format", message: "not a format of this analysis" }],
        );
      const d = ANALYSES[kind] as unknown as AnalysisDescriptor<z.ZodType<Record<string, unknown>>, unknown, unknown>;
      const parsed = validated(`analyses.${kind}`, d.args, args) as Record<string, unknown>;
      const result = await runAnalysis(ctx, d as unknown as AnalysisDescriptor<never, unknown, unknown>, parsed);
      // Named for what it holds: "vcg-run-12", "compare-design-3-a-design-3-b", and every setting that
      // differs from the analysis' default ("cct-run-1-thread-5", "vcg-run-1-tauS-0.8"), so two exports differ by name.
      const fields = Object.keys(d.targets);
      const targets = fields.flatMap((f) => (parsed[f] ? [formatTarget(parsed[f] as TargetArg)] : []));
      // A setting's default: the arguments parsed without it (a required one, e.g. the sandwich's function, has none).
      const isDefault = (k: string, v: unknown) => {
        const without = d.args.safeParse({ ...parsed, [k]: undefined });
        return without.success && JSON.stringify(without.data[k]) === JSON.stringify(v);
      };
      const settings = Object.entries(parsed).flatMap(([k, v]) =>
        fields.includes(k) || v === undefined || isDefault(k, v)
          ? []
          : [`${k}-${typeof v === "object" ? JSON.stringify(v) : String(v)}`],
      );
      return exportFile(
        exporters[format],
        result,
        {},
        [kind, ...targets, ...settings]
          .join("-")
          .replace(/[^A-Za-z0-9._-]+/g, "-")
          .slice(0, 160),
      );
    },
    "reports.formats": () => Object.fromEntries(EXPORTABLE_KINDS.map((k) => [k, exportFormats(k)])),
    "reports.campaign": async ({ campaignId, format, designs, workload, measure }) => {
      const report = await campaignReport(ctx, { campaignId, designs, workload, format, measure });
      const c = report.provenance.campaign;
      const base = [`campaign-${c.id}-${c.name}`, ...(designs ? [`${designs[0]}-vs-${designs[1]}`] : [])]
        .join("-")
        .replace(/[^A-Za-z0-9._-]+/g, "-");
      const { REPORT_EXPORTERS } = await import("../report/reportExporters.js");
      if (format === "pdf") {
        const pdf = await printPdf(REPORT_EXPORTERS.html.render(report, undefined) as string);
        return exportFile(
          { mediaType: "application/pdf", extension: "pdf", render: () => pdf },
          report,
          undefined,
          base,
        );
      }
      return exportFile(REPORT_EXPORTERS[format], report, undefined, base);
    },
  };
}
