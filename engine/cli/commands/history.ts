// `varbench history`: a project's series over its versions with their change points (history.project),
// printed, or as CSV or JSON (the same bytes as the workbench's export, api/historyExports.ts); with --fail-on-regression, a CI job fails (exit status 2) where a series' newest
// change point is a regression at least that large.
import { withApi } from "../api.js";
import { printExport } from "../format/jsonOut.js";
import { outputFormat } from "../optionParsers.js";
import { HISTORY_EXPORTERS } from "../../api/historyExports.js";
import { newestRegressions } from "../../history/history.js";
import { MEASURE_INFO } from "../../campaign/measures.js";
import { pct } from "../../api/historyText.js";
import type { HistoryReport } from "../../api/types.js";
import type { MeasureName } from "../../campaign/measures.js";
import { WORSE_EXIT } from "./compare.js";

export interface HistoryFlags {
  readonly design?: string;
  readonly workload?: string;
  readonly metric?: MeasureName;
  readonly minMagnitude?: number;
  readonly failOnRegression?: number;
  readonly fdr?: number;
  readonly minSegment?: number;
  readonly json: boolean;
  readonly csv: boolean;
}

export function history(workspaceDir: string, project: string, o: HistoryFlags): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const format = outputFormat(o);
    const r = await api.history.project({
      project,
      design: o.design,
      workload: o.workload,
      metric: o.metric ?? null,
      ...(o.fdr === undefined ? {} : { fdr: o.fdr }),
      ...(o.minSegment === undefined ? {} : { minSegment: o.minSegment }),
      ...(o.minMagnitude === undefined ? {} : { minMagnitude: o.minMagnitude }),
    });
    await printExport(HISTORY_EXPORTERS, format, r, undefined);
    if (o.failOnRegression !== undefined) failOnRegression(r, o.failOnRegression);
  });
}

function failOnRegression(r: HistoryReport, threshold: number): void {
  // A job whose filters or measure match nothing must not pass as "no regression".
  if (r.series.length === 0) {
    console.error("varbench history: --fail-on-regression: no series to judge (no measured runs match)");
    process.exitCode = 1;
    return;
  }
  const found = newestRegressions(r, threshold);
  if (found.length === 0) return;
  const label = (v: number) => r.versions[v]?.label ?? `#${v}`;
  console.error(
    `varbench history: newest change point a regression of at least ${pct(threshold)}: ${found
      .map(
        (f) =>
          `${f.design} × ${f.workload} (${MEASURE_INFO[f.metric].title}) at ${label(f.change.after)}, ${pct(f.change.ratio!.estimate - 1)}`,
      )
      .join("; ")}`,
  );
  process.exitCode = WORSE_EXIT;
}
