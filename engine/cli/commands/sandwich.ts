// `varbench sandwich <target> <function>`: a function's callers and callees
// with their totals, all its contexts merged (the workbench's sandwich view),
// as text, CSV or JSON (the analysis' exporters).
import { withApi } from "../api.js";
import { printExport } from "../format/jsonOut.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { targetArg } from "../target.js";
import { outputFormat } from "../optionParsers.js";
import { SANDWICH_EXPORTERS } from "../../report/exporters.js";

export interface SandwichFlags {
  readonly thread?: string;
  readonly onCpu?: boolean;
  readonly json: boolean;
  readonly csv: boolean;
}

export function sandwich(workspaceDir: string, target: string, fn: string, o: SandwichFlags): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const format = outputFormat(o);
    const r = await withAnalysisProgress(api, () =>
      api.analyses.sandwich({ target: targetArg(target), function: fn, thread: o.thread ?? null, onCpu: o.onCpu }),
    );
    return printExport(SANDWICH_EXPORTERS, format, r, undefined);
  });
}
