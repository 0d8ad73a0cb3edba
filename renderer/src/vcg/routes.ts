// The dominant variance view: a run's ("#/run/17/vcg?vs=run:18", "?node=4" marks
// the node a flame graph's frame led to) or any two targets' ("#/vcg?a=design:3:x&b=design:3:y").
import { defineRoute, hashOf, idOf } from "../routeTypes.js";

export const VCG_ROUTES = [
  defineRoute({
    name: "vcg",
    match: ({ parts, query }) => {
      const run = parts[0] === "run" && parts[2] === "vcg" && parts.length === 3 ? idOf(parts[1]) : null;
      if (run !== null) return { a: `run:${run}`, b: query.get("vs"), node: idOf(query.get("node") ?? undefined) };
      return parts.length === 1 && parts[0] === "vcg" && query.get("a")
        ? { a: query.get("a")!, b: query.get("b"), node: idOf(query.get("node") ?? undefined) }
        : null;
    },
    // A run's page is under Runs, a design's (from its campaign) under Workspace.
    nav: ({ a }) => (a.startsWith("run:") ? "runs" : "workspace"),
    // A run's own page when A is a run alone, as its CCT panel and a flame graph's frame link it.
    build: (p: { a: string; b?: string | null; node?: number | null }) => {
      const run = p.b ? null : /^run:(\d+)$/.exec(p.a);
      return run
        ? hashOf(`run/${run[1]}/vcg`, { vs: p.b, node: p.node })
        : hashOf("vcg", { a: p.a, b: p.b, node: p.node });
    },
  }),
];
