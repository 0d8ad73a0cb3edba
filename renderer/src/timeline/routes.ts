// A run's timeline: "#/run/12/timeline" (its tracks, zoom and pan, a slice's context).
import { defineRoute, hashOf, idOf } from "../routeTypes.js";

export const TIMELINE_ROUTES = [
  defineRoute({
    name: "timeline",
    nav: "runs",
    match: ({ parts }) =>
      parts.length === 3 && parts[0] === "run" && parts[2] === "timeline" && idOf(parts[1]) !== null
        ? { runId: idOf(parts[1])! }
        : null,
    build: (p: { runId: number }) => hashOf(`run/${p.runId}/timeline`),
  }),
];
