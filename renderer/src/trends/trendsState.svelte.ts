// The Trends view's state (docs/style.md: a class with runes): what the route
// asks for, the campaign, and one analysis call's result — the trends of a
// campaign or of one design, two designs' trends compared, or per-function
// trends (functionTrendsState.svelte.ts) — with the cluster or location open
// below the table.
import type { ArgsOf, VarbenchApi } from "../../../engine/api/contract.js";
import type { CampaignDetail, RunRow } from "../../../engine/api/types.js";
import { formatTarget, type TargetArg } from "../../../engine/campaign/target.js";
import { TREND_SOURCES, type TrendSource } from "../../../engine/trend/costTables.js";
import type { TrendComparisonResult, TrendsResult } from "../../../engine/trend/result.js";
import { Loaded } from "../lib/load.svelte.js";
import { FunctionTrendsState, isCfCost } from "./functionTrendsState.svelte.js";

export interface TrendsQuery {
  readonly campaignId: number;
  readonly design: string | null;
  readonly a: string | null;
  readonly b: string | null;
  readonly feature: string | null;
  readonly source: string | null;
  /** Per-function trends (CF-TrendProf) instead of clusters, and what a call costs there. */
  readonly functions: boolean;
  readonly cost: string | null;
  /** What a per-function page opens with: the function, its variable (functionText.ts's variableKey) and
   * the order of the functions. The view re-mounts on every route (App.svelte), so switching the cost or
   * the design carries them over here; choosing within the page does not navigate. */
  readonly fn: string | null;
  readonly variable: string | null;
  readonly order: string | null;
}

/** The page's one analysis call as made: what its Export repeats. */
export type TrendsCall =
  | { readonly kind: "trends"; readonly args: ArgsOf<"analyses.trends"> }
  | { readonly kind: "trendComparison"; readonly args: ArgsOf<"analyses.trendComparison"> }
  | { readonly kind: "functionTrends"; readonly args: ArgsOf<"analyses.functionTrends"> };

const isSource = (s: string | null): s is TrendSource => (TREND_SOURCES as readonly (string | null)[]).includes(s);

export class TrendsState {
  readonly detail = new Loaded<CampaignDetail>();
  readonly alone = new Loaded<TrendsResult>();
  readonly compared = new Loaded<TrendComparisonResult>();
  readonly fn: FunctionTrendsState;
  /** The campaign's runs, for the workload behind each point of two designs compared. */
  readonly runs = new Loaded<readonly RunRow[]>();
  query = $state<TrendsQuery>({
    campaignId: 0,
    design: null,
    a: null,
    b: null,
    feature: null,
    source: null,
    functions: false,
    cost: null,
    fn: null,
    variable: null,
    order: null,
  });
  /** The open cluster (index into the result's clusters) or location (index into its locations). */
  selected = $state<number | null>(null);

  readonly two = $derived(this.query.a !== null && this.query.b !== null && this.query.a !== this.query.b);
  readonly source = $derived<"auto" | TrendSource>(isSource(this.query.source) ? this.query.source : "auto");
  /** Per-function trends: of a campaign or one design, never of two compared. */
  readonly functions = $derived(this.query.functions && !this.two);
  readonly cost = $derived(isCfCost(this.query.cost) ? this.query.cost : "time");
  /** Trends are fitted to one design's runs, never to several pooled (issue 27 item 4): a campaign of
   * several designs opens on its first, as the design selector shows it. */
  readonly firstDesign = $derived((this.detail.value?.designs.length ?? 0) > 1 ? this.detail.value!.designs[0] : null);
  /** The target of one campaign's or one design's trends ("a" alone, or equal to "b", is one design too). */
  readonly design = $derived(this.query.design ?? (this.two ? null : this.query.a) ?? this.firstDesign);
  readonly target = $derived<TargetArg>(
    this.design ? this.side(this.design) : { kind: "campaign", campaignId: this.query.campaignId },
  );
  // Getters rather than $derived: `fn` is set in the constructor, after the fields (reading runes in a getter is just as reactive).
  get loading(): boolean {
    return this.two ? this.compared.loading : this.functions ? this.fn.result.loading : this.alone.loading;
  }
  get error(): string | null {
    return this.two ? this.compared.error : this.functions ? this.fn.result.error : this.alone.error;
  }
  /** How AnalysisProgress finds this call's events. */
  readonly progressKind = $derived(this.two ? "trendComparison" : this.functions ? "functionTrends" : "trends");
  /** The workload of each run of the campaign (for tooltips), once the runs are loaded. */
  readonly workloads = $derived(new Map((this.runs.value ?? []).map((r) => [r.id, r.workload] as const)));
  readonly progressTargets = $derived(
    this.two
      ? [formatTarget(this.side(this.query.a!)), formatTarget(this.side(this.query.b!))]
      : [formatTarget(this.target)],
  );
  /** The short names of the two designs compared, as the route gives them. */
  readonly names = $derived<readonly [string, string]>([this.query.a ?? "A", this.query.b ?? "B"]);

  private lastCall = "";
  private lastArgs = $state.raw<TrendsCall | null>(null);

  constructor(private readonly api: VarbenchApi) {
    this.fn = new FunctionTrendsState(api);
  }

  /** The call whose result the page shows (or is loading). */
  get call(): TrendsCall | null {
    if (this.functions) return this.fn.args && { kind: "functionTrends", args: this.fn.args };
    return this.lastArgs;
  }

  side(design: string): TargetArg {
    return { kind: "design", campaignId: this.query.campaignId, design, workload: null };
  }

  /** Loads what `q` asks for. One design's or a campaign's trends come with every feature, so the
   * feature is not part of the call (App.svelte re-mounts the view on every route, so a new feature
   * is a new call all the same, answered from the engine's cache). Two designs are fitted to one
   * feature, so it is asked for. Per-function trends are asked for by cost (functionTrendsState.svelte.ts). */
  load(q: TrendsQuery): void {
    const campaignChanged = q.campaignId !== this.query.campaignId;
    this.query = q;
    const detail =
      campaignChanged || !this.detail.value
        ? this.detail.load(() => this.api.campaigns.get({ campaignId: q.campaignId }))
        : Promise.resolve();
    // With no design named, which target to ask for depends on how many designs the campaign has.
    if (!q.design && !q.a) void detail.then(() => this.loadResult(q, campaignChanged));
    else this.loadResult(q, campaignChanged);
  }

  private loadResult(q: TrendsQuery, campaignChanged: boolean): void {
    if (this.functions) {
      this.fn.restore(q.fn, q.variable, q.order);
      return this.fn.load(this.target, this.cost);
    }
    // The same call again (the effect re-running) loads nothing.
    const call = JSON.stringify([q.campaignId, this.design, q.a, q.b, this.source, this.two ? q.feature : null]);
    if (call === this.lastCall) return;
    this.lastCall = call;
    if (this.two) {
      this.selected = 0;
      if (campaignChanged || !this.runs.value)
        void this.runs.load(() => this.api.runs.list({ campaignId: q.campaignId }));
      const args = {
        a: this.side(q.a!),
        b: this.side(q.b!),
        source: this.source,
        ...(q.feature ? { feature: q.feature } : {}),
      };
      this.lastArgs = { kind: "trendComparison", args };
      void this.compared.load(() => this.api.analyses.trendComparison(args));
    } else {
      this.selected = null;
      const args = { target: this.target, source: this.source };
      this.lastArgs = { kind: "trends", args };
      void this.alone.load(() => this.api.analyses.trends(args));
    }
  }
}
