// The Phases view's state (docs/style.md: a class with runes): what the route
// asks for, the campaign and its runs, the phase markers of its regular and
// irregular runs (003 §3.2), the selected run cut into phases, and the other
// inputs' segmentations for Figure 6's histograms, loaded one after another.
import type { VarbenchApi } from "../../../engine/api/contract.js";
import type { CampaignDetail, RunRow } from "../../../engine/api/types.js";
import type { PhaseMarkersResult, PhaseSegmentsResult } from "../../../engine/phases/result.js";
import { formatTarget } from "../../../engine/campaign/target.js";
import { Loaded, messageOf } from "../lib/load.svelte.js";
import type { HistogramInput } from "./phaseCharts.js";
import { histogramRuns, rolesOf, runLabel, type PhasesQuery } from "./phaseRuns.js";

export interface Overlay {
  readonly runId: number;
  readonly result: PhaseSegmentsResult | null;
  readonly error: string | null;
}

export class PhasesState {
  readonly detail = new Loaded<CampaignDetail>();
  readonly runs = new Loaded<readonly RunRow[]>();
  readonly markers = new Loaded<PhaseMarkersResult>();
  readonly segments = new Loaded<PhaseSegmentsResult>();
  /** The other inputs' segmentations for Figure 6, as they arrive. */
  overlays = $state<readonly Overlay[]>([]);
  query = $state<PhasesQuery>({ campaignId: 0, run: null, time: "time", granularity: "function" });

  /** The runs that can be cut into phases: those holding a trace. */
  readonly traced = $derived((this.runs.value ?? []).filter((r) => r.hasCct));
  readonly roles = $derived(rolesOf(this.markers.value));
  readonly markersTarget = $derived({ kind: "campaign" as const, campaignId: this.query.campaignId });
  /** The markers' call, which the page's Export repeats. */
  readonly markersArgs = $derived({
    target: this.markersTarget,
    logicalTime: this.query.time,
    granularity: this.query.granularity,
  });
  /** How AnalysisProgress finds each call's events. */
  readonly markersProgress = $derived([formatTarget(this.markersTarget)]);
  /** phaseSegments names its run, then the campaign whose markers cut it. */
  readonly segmentsProgress = $derived(
    this.query.run === null
      ? []
      : [formatTarget({ kind: "run", runId: this.query.run }), formatTarget(this.markersTarget)],
  );
  /** Figure 6's runs: the selected one, then the regular input and the irregular ones. */
  readonly histogramRuns = $derived(histogramRuns(this.query.run, this.markers.value));
  readonly histogramInputs = $derived.by((): HistogramInput[] => {
    const results = [this.segments.value, ...this.overlays.map((o) => o.result)].filter(
      (r): r is PhaseSegmentsResult => r !== null,
    );
    return results.map((r) => ({ label: this.runLabel(r.runId), lengths: r.outer.map((o) => o.length) }));
  });

  private stopped = false;

  constructor(private readonly api: VarbenchApi) {}

  /** A run by its input and its requests, for Figure 6's legend. */
  runLabel(runId: number): string {
    return runLabel(runId, this.runs.value?.find((r) => r.id === runId)?.workload, this.roles.get(runId));
  }

  /** The markers, then the selected run's segmentation, then the other inputs' one by one (the engine reads
   * traces for each call: one at a time keeps the page's first answer first). */
  async load(q: PhasesQuery): Promise<void> {
    this.query = q;
    void this.detail.load(() => this.api.campaigns.get({ campaignId: q.campaignId }));
    void this.runs.load(() => this.api.runs.list({ campaignId: q.campaignId }));
    const markersArgs = this.markersArgs;
    await this.markers.load(() => this.api.analyses.phaseMarkers(markersArgs));
    if (q.run === null || !this.markers.value || this.stopped) return;
    await this.segments.load(() => this.segmentsOf(q.run!));
    if (!this.segments.value) return;
    for (const runId of this.histogramRuns.filter((id) => id !== q.run)) {
      if (this.stopped) return;
      try {
        this.overlays = [...this.overlays, { runId, result: await this.segmentsOf(runId), error: null }];
      } catch (e) {
        this.overlays = [...this.overlays, { runId, result: null, error: messageOf(e) }];
      }
    }
  }

  /** No more calls once the view is gone. */
  stop(): void {
    this.stopped = true;
  }

  /** The call that cuts a run by the campaign's markers, chosen in the same logical time as the table
   * shows them (phaseSegments chooses them by elapsed time unless told); the run's Export repeats it. */
  segmentsArgs(runId: number) {
    return {
      target: { kind: "run" as const, runId },
      markers: this.markersTarget,
      logicalTime: this.query.time,
      markerTime: this.query.time,
      granularity: this.query.granularity,
    };
  }

  private segmentsOf(runId: number): Promise<PhaseSegmentsResult> {
    return this.api.analyses.phaseSegments(this.segmentsArgs(runId));
  }
}
