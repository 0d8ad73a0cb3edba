// A command's <target> argument: a path that exists is a trace, whatever it
// looks like; otherwise the text forms of campaign/target.ts. And what the
// commands that take a campaign make of it: the campaign, a run, one design's
// runs, and the designs and workload named by --designs and --workload,
// checked against the campaign's own.
import { existsSync } from "node:fs";
import { parseTarget, TARGET_FORMS, type TargetArg, type TargetKind } from "../campaign/target.js";

export function targetArg(text: string, accepts?: readonly TargetKind[]): TargetArg {
  if (existsSync(text)) return { kind: "trace", path: text };
  const t = parseTarget(text, accepts);
  if (!t) throw new Error(`${text} is not a target: name ${Object.values(TARGET_FORMS).join(", ")}`);
  return t;
}

/** A campaign, as its id or campaign:<id>; `flag` names the option that gave it, if one did. */
export function campaignArg(text: string, flag?: string): { readonly kind: "campaign"; readonly campaignId: number } {
  const t = targetArg(text, ["campaign"]);
  if (t.kind !== "campaign")
    throw new Error(`${flag ? `${flag} ` : ""}${text}: name a campaign (campaign:<id> or its id)`);
  return t;
}

/** A run, as its id or run:<id>. */
export function runArg(text: string): { readonly kind: "run"; readonly runId: number } {
  const t = targetArg(text, ["run"]);
  if (t.kind !== "run") throw new Error(`${text}: name a run (its id, or run:<id>)`);
  return t;
}

/** One design's runs in a campaign: on one workload, or on all (null). */
export function designTarget(campaignId: number, design: string, workload: string | null) {
  return { kind: "design" as const, campaignId, design, workload };
}

/** Refuses designs and a workload the campaign does not have, naming those it has. */
export function checkNames(
  campaignId: number,
  has: { readonly designs: readonly string[]; readonly workloads: readonly string[] },
  designs: readonly string[],
  workload?: string,
): void {
  for (const d of designs)
    if (!has.designs.includes(d))
      throw new Error(`--designs: campaign ${campaignId} has no design ${d}; its designs: ${has.designs.join(", ")}`);
  if (workload !== undefined && !has.workloads.includes(workload))
    throw new Error(
      `--workload: campaign ${campaignId} has no workload ${JSON.stringify(workload)}; its workloads: ${has.workloads.join(", ")}`,
    );
}
