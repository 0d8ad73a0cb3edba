// reports.*: a campaign's report in a chosen format, rendered by the report
// folder's exporters from one report object; PDF is its HTML printed.
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import { REPORT_EXPORTERS } from "../report/exporters.js";
import { exportFile } from "../report/exporter.js";
import { reportHtml } from "../report/campaignReport/html.js";
import { campaignReport } from "./campaignReport.js";
import { printPdf } from "../io/pdf.js";

export function reportHandlers(ctx: ServiceContext): Pick<Handlers, "reports.campaign"> {
  return {
    "reports.campaign": async ({ campaignId, format, designs, workload }) => {
      const report = await campaignReport(ctx, { campaignId, designs, workload, format });
      const c = report.provenance.campaign;
      const base = [`campaign-${c.id}-${c.name}`, ...(designs ? [`${designs[0]}-vs-${designs[1]}`] : [])].join("-").replace(/[^A-Za-z0-9._-]+/g, "-");
      if (format === "pdf") {
        const pdf = await printPdf(reportHtml.render(report, undefined) as string);
        return exportFile({ mediaType: "application/pdf", extension: "pdf", render: () => pdf }, report, undefined, base);
      }
      return exportFile(REPORT_EXPORTERS[format], report, undefined, base);
    },
  };
}
