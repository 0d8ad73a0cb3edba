// A side of a comparison in the URL: "run:12", "design:3:blocks-60" or
// "design:3:blocks-60:frames-120" (campaign, design, optional workload).
import type { ArgsOf } from "../../../engine/api/contract.js";

export type SideArgs = ArgsOf<"analyses.compare">["a"];

export function parseSide(text: string | null): SideArgs | null {
  if (!text) return null;
  const p = text.split(":");
  if (p[0] === "run" && p.length === 2 && /^\d+$/.test(p[1])) return { kind: "run", runId: Number(p[1]) };
  if (p[0] === "design" && (p.length === 3 || p.length === 4) && /^\d+$/.test(p[1])) return { kind: "design", campaignId: Number(p[1]), design: p[2], workload: p[3] ?? null };
  return null;
}
