// The formats each analysis' result can be exported in, by kind: what the
// views' Export actions offer (reports.analysis). Each descriptor declares its
// own (engine/analyses/*.ts, `exporters`), typed so a kind's exporters take
// that kind's result; this table is derived from them.
import { ANALYSES, type Analyses } from "../analyses/registry.js";

/** The kinds whose descriptor declares exporters. */
export type ExportableKind = {
  [K in keyof Analyses]: Analyses[K]["exporters"] extends null ? never : K;
}[keyof Analyses];

type ExportersByKind = { readonly [K in ExportableKind]: NonNullable<Analyses[K]["exporters"]> };

export const ANALYSIS_EXPORTERS = Object.fromEntries(
  Object.entries(ANALYSES).flatMap(([kind, d]) => (d.exporters ? [[kind, d.exporters]] : [])),
) as ExportersByKind;

export const EXPORTABLE_KINDS = Object.keys(ANALYSIS_EXPORTERS) as [ExportableKind, ...ExportableKind[]];

/** The formats a kind offers, for the views' menus. */
export function exportFormats(kind: ExportableKind): string[] {
  return Object.keys(ANALYSIS_EXPORTERS[kind]);
}
