// The Trends view's state (docs/style.md: a class with runes): what the route
// asks for, the campaign, and one analysis call's result — the trends of a
// campaign or of one design, or two designs' trends compared — with the
// cluster or location open below the table.
import type { VarbenchApi } from "../../../engine/api/contract.js";
import type { CampaignDetail } from "../../../engine/api/types.js";
import { formatTarget, type TargetArg } from "../../../engine/campaign/target.js";
import { TREND_SOURCES, type TrendSource } from "../../../engine/trend/costTables.js";
import type { TrendComparisonResult, TrendsResult } from "../../../engine/trend/result.js";
import { Loaded } from "../lib/load.svelte.js";

export interface TrendsQuery {
  readonly campaignId: number;
  readonly design: string | null;
  readonly a: string | null;
  readonly b: string | null;
  readonly feature: string | null;
  readonly source: string | null;
}

const isSource = (s: string | null): s is TrendSource => (TREND_SOURCES as readonly (string | null)[]).includes(s);

/** The route's query as a hash, with only the parameters that are set. */
export function trendsHash(q: TrendsQuery): string {
  const parts = (["design", "a", "b", "feature", "source"] as const).filter((k) => q[k]).map((k) => `&${k}=${encodeURIComponent(q[k]!)}`);
  return `#/trends?campaign=${q.campaignId}${parts.join("")}`;
}

export class TrendsState {
  readonly detail = new Loaded<CampaignDetail>();
  readonly alone = new Loaded<TrendsResult>();
  readonly compared = new Loaded<TrendComparisonResult>();
  query = $state<TrendsQuery>({ campaignId: 0, design: null, a: null, b: null, feature: null, source: null });
  /** The open cluster (index into the result's clusters) or location (index into its locations). */
  selected = $state<number | null>(null);

  readonly two = $derived(this.query.a !== null && this.query.b !== null && this.query.a !== this.query.b);
  readonly source = $derived<"auto" | TrendSource>(isSource(this.query.source) ? this.query.source : "auto");
  /** The target of one campaign's or one design's trends ("a" alone, or equal to "b", is one design too). */
  readonly design = $derived(this.query.design ?? (this.two ? null : this.query.a));
  readonly target = $derived<TargetArg>(this.design ? this.side(this.design) : { kind: "campaign", campaignId: this.query.campaignId });
  readonly loading = $derived(this.two ? this.compared.loading : this.alone.loading);
  readonly error = $derived(this.two ? this.compared.error : this.alone.error);
  /** How AnalysisProgress finds this call's events. */
  readonly progressKind = $derived(this.two ? "trendComparison" : "trends");
  readonly progressTargets = $derived(this.two ? [formatTarget(this.side(this.query.a!)), formatTarget(this.side(this.query.b!))] : [formatTarget(this.target)]);
  /** The short names of the two designs compared, as the route gives them. */
  readonly names = $derived<readonly [string, string]>([this.query.a ?? "A", this.query.b ?? "B"]);

  private lastCall = "";

  constructor(private readonly api: VarbenchApi) {}

  side(design: string): TargetArg {
    return { kind: "design", campaignId: this.query.campaignId, design, workload: null };
  }

  /** Loads what `q` asks for. One design's or a campaign's trends come with every feature: the
   * feature selector then picks a fit without a new call, and the clusters (whose representatives
   * may be features) stay the same. Two designs are fitted to one feature, so it is asked for. */
  load(q: TrendsQuery): void {
    const campaignChanged = q.campaignId !== this.query.campaignId;
    this.query = q;
    if (campaignChanged || !this.detail.value) void this.detail.load(() => this.api.campaigns.get({ campaignId: q.campaignId }));
    // One design's or a campaign's feature is picked from the result: no new call, the open cluster stays.
    const call = JSON.stringify([q.campaignId, q.design, q.a, q.b, this.source, this.two ? q.feature : null]);
    if (call === this.lastCall) return;
    this.lastCall = call;
    if (this.two) {
      this.selected = 0;
      void this.compared.load(() => this.api.analyses.trendComparison({ a: this.side(q.a!), b: this.side(q.b!), source: this.source, ...(q.feature ? { feature: q.feature } : {}) }));
    } else {
      this.selected = null;
      void this.alone.load(() => this.api.analyses.trends({ target: this.target, source: this.source }));
    }
  }
}
