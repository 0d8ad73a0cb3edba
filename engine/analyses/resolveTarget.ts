// The one target resolver: a run, a design's runs in a campaign, a campaign,
// or a trace path, checked against the workspace and worded for people.
import type { RunRow } from "../campaign/readModels.js";
import type { Target } from "../campaign/target.js";
import { ApiError } from "../errors/errors.js";
import { runRow, runRows } from "../store/campaignQueries.js";
import { getCampaign } from "../store/campaigns.js";
import type { Workspace } from "../store/workspace.js";
import type { Resolved } from "./descriptor.js";

/** A run's label: "run 12 (blocks-60 × frames-60)", "run 3 (listing1)" for an import with a workload only. */
export function runLabel(r: RunRow): string {
  const of = [r.design, r.workload].filter((x) => x !== null).join(" × ");
  return `run ${r.id}${of ? ` (${of})` : ""}`;
}

/** One run as a target of its own. */
export function runTarget(r: RunRow): Resolved {
  return { target: { kind: "run", runId: r.id }, label: runLabel(r), runs: [r], timing: [], failed: [] };
}

/** `field` names the argument in messages ("target", "a", "vs"). */
export function resolveTarget(ws: () => Workspace, target: Target, field: string): Resolved {
  if (target.kind === "trace") return { target, label: target.path, runs: [], timing: [], failed: [] };
  const db = ws().db;
  if (target.kind === "run") {
    const r = runRow(db, target.runId);
    if (!r)
      throw new ApiError("not-found", `run ${target.runId} does not exist`, [
        { path: `${field}.runId`, message: "no such run" },
      ]);
    return runTarget(r);
  }
  const c = getCampaign(db, target.campaignId);
  if (!c)
    throw new ApiError("not-found", `campaign ${target.campaignId} does not exist`, [
      { path: `${field}.campaignId`, message: "no such campaign" },
    ]);
  const all = runRows(db, c.id).filter((r) => !r.warmup);
  const measured = all.filter((r) => r.status === "succeeded");
  const failed = all.filter((r) => r.status === "failed" || r.status === "timed-out");
  const mine = (r: RunRow) =>
    target.kind === "campaign" ||
    (r.design === target.design && (target.workload === null || r.workload === target.workload));
  const split = (rs: readonly RunRow[]) => ({
    runs: rs.filter((r) => r.role !== "timing"),
    timing: rs.filter((r) => r.role === "timing"),
    failed: failed.filter(mine),
  });
  if (target.kind === "campaign") {
    if (measured.length === 0)
      throw new ApiError("not-found", `campaign ${c.id} has no succeeded measured run yet`, [
        { path: `${field}.campaignId`, message: "no succeeded runs" },
      ]);
    return { target, label: `campaign ${c.id} (${c.name})`, ...split(measured) };
  }
  const runs = measured.filter(
    (r) => r.design === target.design && (target.workload === null || r.workload === target.workload),
  );
  const on = target.workload ? ` × ${target.workload}` : "";
  if (runs.length === 0)
    throw new ApiError(
      "not-found",
      `campaign ${c.id} has no succeeded measured run of design ${target.design}${target.workload ? ` on ${target.workload}` : ""}`,
      [{ path: `${field}.design`, message: "no succeeded runs" }],
    );
  return { target, label: `${target.design}${on} (campaign ${c.id})`, ...split(runs) };
}
