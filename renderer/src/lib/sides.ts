// A side of a comparison or of the VCG view in the URL: "run:12", "design:3:blocks-60" or
// "design:3:blocks-60:frames-120" (campaign, design, optional workload): the
// text form of a target (engine/campaign/target.ts), runs and designs only.
import { parseTarget, type TargetArg } from "../../../engine/campaign/target.js";

export type SideArgs = Extract<TargetArg, { kind: "run" | "design" }>;

export function parseSide(text: string | null): SideArgs | null {
  const t = text ? parseTarget(text, ["run", "design"]) : null;
  return t && (t.kind === "run" || t.kind === "design") ? t : null;
}
