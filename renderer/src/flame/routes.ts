// The variance flame graph of a run or of a design's runs pooled:
// "#/flame?t=design:3:blocks-60[:frames-60]" or "#/flame?t=run:12".
import { defineRoute, hashOf } from "../routeTypes.js";

export const FLAME_ROUTES = [
  defineRoute({
    name: "flame",
    nav: "compare",
    match: ({ parts, query }) => (parts.length === 1 && parts[0] === "flame" ? { t: query.get("t") } : null),
    build: (p: { t: string }) => hashOf("flame", { t: p.t }),
  }),
];
