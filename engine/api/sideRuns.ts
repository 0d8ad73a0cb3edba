// One side of an analysis: a run, or the succeeded measured runs of a design
// in a campaign (optionally on one workload), with a label for people.
import type { ParsedArgsOf } from "./contract.js";
import type { ServiceContext } from "./serviceContext.js";
import { ApiError } from "./errors.js";
import { runRow, runRows, type RunListRow } from "../store/campaignQueries.js";
import { getCampaign } from "../store/campaigns.js";

export type Side = ParsedArgsOf<"analyses.compare">["a"];

export function resolveSide(ctx: ServiceContext, side: Side, field: string): { label: string; runs: RunListRow[] } {
  const db = ctx.workspace().db;
  if (side.kind === "run") {
    const r = runRow(db, side.runId);
    if (!r) throw new ApiError("not-found", `run ${side.runId} does not exist`, [{ path: `${field}.runId`, message: "no such run" }]);
    return { label: `run ${r.id}${r.design ? ` (${r.design} × ${r.workload})` : ""}`, runs: [r] };
  }
  const c = getCampaign(db, side.campaignId);
  if (!c) throw new ApiError("not-found", `campaign ${side.campaignId} does not exist`, [{ path: `${field}.campaignId`, message: "no such campaign" }]);
  const runs = runRows(db, side.campaignId).filter((r) => r.design === side.design && (side.workload === null || r.workload === side.workload) && r.status === "succeeded" && !r.warmup);
  if (runs.length === 0) throw new ApiError("not-found", `campaign ${c.id} has no succeeded measured run of design ${side.design}${side.workload ? ` on ${side.workload}` : ""}`, [{ path: `${field}.design`, message: "no succeeded runs" }]);
  return { label: `${side.design}${side.workload ? ` × ${side.workload}` : ""} (campaign ${c.id})`, runs };
}
