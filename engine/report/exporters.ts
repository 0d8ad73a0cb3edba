// The formats each result can be exported in, by name: what `reports.*`, the
// command line's format flags and the views' export buttons offer.
import type { CampaignDetail } from "../campaign/readModels.js";
import type { DominantVarianceResult } from "../variance/result.js";
import type { Exporter } from "./exporter.js";
import { campaignMarkdown } from "./campaignMarkdown.js";
import { campaignCsv } from "./campaignCsv.js";
import { jsonExporter } from "./json.js";
import { vcgText, type VcgTextOptions } from "./vcgText.js";
import { vcgDot } from "./vcgDot.js";

export const CAMPAIGN_EXPORTERS = { markdown: campaignMarkdown, csv: campaignCsv, json: jsonExporter } as const satisfies Record<string, Exporter<CampaignDetail>>;
export type CampaignFormat = keyof typeof CAMPAIGN_EXPORTERS;

export const VCG_EXPORTERS = { text: vcgText, dot: vcgDot, json: jsonExporter } as const satisfies Record<string, Exporter<DominantVarianceResult, VcgTextOptions>>;
export type VcgFormat = keyof typeof VCG_EXPORTERS;
