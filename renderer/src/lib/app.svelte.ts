// The application's state (docs/style.md: a class with runes, reached through
// context with a typed key): the API client, the route, the theme, and the
// latest progress of every campaign, fed by the campaignProgress event.
import { getContext, setContext } from "svelte";
import type { VarbenchApi } from "../../../engine/api/contract.js";
import type { AnalysisProgressEvent, CampaignProgressEvent } from "../../../engine/api/types.js";
import { DARK, LIGHT, type ChartColors } from "../../../engine/charts/colors.js";
import { connect } from "./transport.js";
import type { Navigator } from "./router.svelte.js";

export class AppState {
  readonly api: VarbenchApi;
  readonly transport: "ipc" | "http";
  dark = $state(false);
  readonly colors: ChartColors = $derived(this.dark ? DARK : LIGHT);
  /** Last progress event per campaign. */
  progress = $state<Record<number, CampaignProgressEvent>>({});
  /** Bumped on every campaign event, so views showing campaigns reload. */
  changes = $state(0);
  /** A menu action from the Electron shell, consumed by App.svelte. */
  menuAction = $state<string | null>(null);
  /** Latest progress of each analysis in flight, by analysisKey. */
  analyses = $state<Record<string, AnalysisProgressEvent>>({});
  /** The export formats of each analysis kind, as its descriptor declares them (reports.formats); empty until asked. */
  exportFormats = $state.raw<Readonly<Record<string, readonly string[]>>>({});

  constructor(readonly router: Navigator) {
    const c = connect();
    this.api = c.api;
    this.transport = c.transport;
    const media = matchMedia("(prefers-color-scheme: dark)");
    this.dark = media.matches;
    media.addEventListener("change", (e) => (this.dark = e.matches));
    this.api.onCampaignProgress((e) => {
      // A note (a Slurm queue's state) stays shown until another note or the end replaces it.
      const before = this.progress[e.campaignId];
      const kept = e.message || e.ended || !before || before.ended ? e : { ...e, message: before.message };
      this.progress = { ...this.progress, [e.campaignId]: kept };
      this.changes++;
    });
    this.api.onAnalysisProgress((e) => {
      const key = analysisKey(e.kind, e.targets);
      const { [key]: _done, ...rest } = this.analyses;
      this.analyses = e.stage === "done" ? rest : { ...rest, [key]: e };
    });
    c.onMenu((action) => (this.menuAction = action));
    // Asked once: they change only with the engine. Without them an Export menu shows no format.
    void this.api.reports.formats({}).then(
      (f) => (this.exportFormats = f),
      () => undefined,
    );
  }
}

/** An analysis call as its progress events name it: its kind and its targets' text forms. */
export function analysisKey(kind: string, targets: readonly string[]): string {
  return `${kind} ${targets.join(" ")}`;
}

const KEY = Symbol("varbench-app");

export function provideApp(app: AppState): void {
  setContext(KEY, app);
}

export function useApp(): AppState {
  return getContext<AppState>(KEY);
}
