// The variance flame graph of a run or of a design's runs pooled:
// "#/flame?t=design:3:blocks-60[:frames-60]" or "#/flame?t=run:12".
import { defineRoute, hashOf } from "../routeTypes.js";

export const FLAME_ROUTES = [
  defineRoute({
    name: "flame",
    match: ({ parts, query }) => (parts.length === 1 && parts[0] === "flame" ? { t: query.get("t") } : null),
    // A run's page is under Runs, a design's (from its campaign) under Workspace.
    nav: ({ t }) => (t?.startsWith("run:") ? "runs" : "workspace"),
    build: (p: { t: string }) => hashOf("flame", { t: p.t }),
  }),
];
