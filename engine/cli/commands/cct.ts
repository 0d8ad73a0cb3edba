// `varbench cct <target>`: contexts with N, mean, σ, CoV and totals.
import { withApi } from "../api.js";
import { targetArg } from "../target.js";
import { cctJson, cctText } from "../format/cctTable.js";
import { printJson } from "../format/jsonOut.js";

interface Options {
  readonly sort?: "total" | "self" | "cov";
  readonly thread?: string;
  readonly limit?: number;
  readonly json: boolean;
  readonly maxChildren?: number;
  readonly onCpu?: boolean;
}

export function cct(workspaceDir: string, target: string, o: Options): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const table = await api.analyses.cct({
      target: targetArg(target),
      thread: o.thread ?? null,
      sort: o.sort,
      limit: o.limit,
      maxChildren: o.maxChildren,
      onCpu: o.onCpu,
    });
    if (o.json) return printJson(cctJson(table));
    console.log(cctText(table));
  });
}
