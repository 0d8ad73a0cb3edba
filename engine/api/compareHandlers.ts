// analyses.compare: two runs, or two designs of a campaign, side by side:
// wall-time distributions, and contexts that got slower or faster (cct/compare.ts).
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import type { CctCache } from "./cctCache.js";
import type { ComparisonSide } from "./types.js";
import type { RunListRow } from "../store/campaignQueries.js";
import { resolveSide, type Side } from "./sideRuns.js";
import { mergeThreads } from "../cct/merge.js";
import { contextRows, type ContextRow } from "../cct/query.js";
import { compareContexts, MIN_RELATIVE_CHANGE, poolContexts } from "../cct/compare.js";
import { summarize } from "../stats/summary.js";

/** Seed of the bootstrap intervals of compared wall times. */
const COMPARE_SEED = 1;

export function compareHandlers(ctx: ServiceContext, ccts: CctCache): Pick<Handlers, "analyses.compare"> {
  const resolve = (side: Side, which: "a" | "b") => resolveSide(ctx, side, which);
  const contextsOf = async (runs: RunListRow[]): Promise<ContextRow[][]> =>
    Promise.all(
      runs.filter((r) => r.hasCct).map(async (r) => {
        const cct = await ccts.get(ctx.workspace(), r.id);
        return contextRows(mergeThreads(cct), cct.functions);
      }),
    );
  const sideOf = (label: string, runs: RunListRow[], withCct: number): ComparisonSide => {
    const wallNs = runs.flatMap((r) => (r.wallNs === null ? [] : [r.wallNs]));
    return { label, runIds: runs.map((r) => r.id), wallNs, wall: wallNs.length > 0 ? summarize(wallNs, COMPARE_SEED) : null, withCct };
  };
  return {
    "analyses.compare": async ({ a, b }) => {
      const sa = resolve(a, "a");
      const sb = resolve(b, "b");
      const [ca, cb] = await Promise.all([contextsOf(sa.runs), contextsOf(sb.runs)]);
      const result = ca.length > 0 && cb.length > 0 ? compareContexts(poolContexts(ca), poolContexts(cb), ca.length, cb.length) : { slower: [], faster: [], unchanged: 0 };
      return { a: sideOf(sa.label, sa.runs, ca.length), b: sideOf(sb.label, sb.runs, cb.length), minRelativeChange: MIN_RELATIVE_CHANGE, ...result };
    },
  };
}
