// Hash routes, so the same build works from file:// (Electron) and from the
// server (browser mode), and every view has a URL a test or a user can open.

export type Route =
  | { name: "home" }
  | { name: "project"; projectId: number }
  | { name: "launch"; projectId: number }
  | { name: "campaign"; campaignId: number }
  | { name: "runs"; campaignId: number | null; projectId: number | null }
  | { name: "run"; runId: number }
  /** Sides as in compare: "run:12" or "design:3:blocks-60[:workload]". */
  | { name: "vcg"; a: string; b: string | null }
  | { name: "compare"; a: string | null; b: string | null }
  | { name: "not-found"; hash: string };

export function parseRoute(hash: string): Route {
  const [path, query = ""] = hash.replace(/^#/, "").split("?");
  const q = new URLSearchParams(query);
  const num = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : null);
  const parts = path.split("/").filter(Boolean);
  const id = num(parts[1] ?? null);
  if (parts.length === 0) return { name: "home" };
  if (parts[0] === "project" && id !== null) return parts[2] === "launch" ? { name: "launch", projectId: id } : { name: "project", projectId: id };
  if (parts[0] === "campaign" && id !== null) return { name: "campaign", campaignId: id };
  if (parts[0] === "runs") return { name: "runs", campaignId: num(q.get("campaign")), projectId: num(q.get("project")) };
  if (parts[0] === "run" && id !== null) return parts[2] === "vcg" ? { name: "vcg", a: `run:${id}`, b: q.get("vs") } : { name: "run", runId: id };
  if (parts[0] === "vcg" && q.get("a")) return { name: "vcg", a: q.get("a")!, b: q.get("b") };
  if (parts[0] === "compare") return { name: "compare", a: q.get("a"), b: q.get("b") };
  return { name: "not-found", hash };
}
