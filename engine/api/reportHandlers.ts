// reports.*: results exported in a chosen format through the report folder's exporters.
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import { CAMPAIGN_EXPORTERS } from "../report/exporters.js";
import { exportFile } from "../report/exporter.js";
import { campaignDetail } from "./campaignInfo.js";

export function reportHandlers(ctx: ServiceContext): Pick<Handlers, "reports.campaign"> {
  return {
    "reports.campaign": ({ campaignId, format }) => {
      const d = campaignDetail(ctx, campaignId);
      return exportFile(CAMPAIGN_EXPORTERS[format], d, {}, `campaign-${d.campaign.id}-${d.campaign.name}`);
    },
  };
}
