// A campaign's wall-time statistics as CSV: one row per design × workload.
import type { CampaignDetail } from "../campaign/readModels.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";
import { flatSummary } from "./flatSummary.js";

export const campaignCsv: Exporter<CampaignDetail> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (d) =>
    toCsv(
      d.groups.map((g) => ({
        design: g.design,
        workload: g.workload,
        measure: d.measure.name,
        unit: d.measure.unit,
        ...flatSummary(g.summary),
      })),
    ) + "\n",
};
