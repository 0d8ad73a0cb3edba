// The variance flame graph of a run or of a design's runs pooled:
// "#/flame?t=design:3:blocks-60[:frames-60]" or "#/flame?t=run:12"; with
// "&order=heavy" its left-heavy ordering, with "&view=sandwich[&fn=decode_i]"
// the sandwich view of a function (issue 31 item 4).
import { defineRoute, hashOf } from "../routeTypes.js";

export type FlameOrder = "name" | "heavy";
export type FlameTab = "flame" | "sandwich";

export const FLAME_ROUTES = [
  defineRoute({
    name: "flame",
    // Only the parameters set, so "#/flame?t=run:1" reads back as { t } alone.
    match: ({ parts, query }) => {
      if (parts.length !== 1 || parts[0] !== "flame") return null;
      const fn = query.get("fn");
      return {
        t: query.get("t"),
        ...(query.get("order") === "heavy" ? { order: "heavy" as FlameOrder } : {}),
        ...(query.get("view") === "sandwich" ? { view: "sandwich" as FlameTab } : {}),
        ...(fn ? { fn } : {}),
      };
    },
    // A run's page is under Runs, a design's (from its campaign) under Workspace.
    nav: ({ t }) => (t?.startsWith("run:") ? "runs" : "workspace"),
    build: (p: { t: string; order?: FlameOrder; view?: FlameTab; fn?: string | null }) =>
      hashOf("flame", {
        t: p.t,
        order: p.order === "heavy" ? "heavy" : null,
        view: p.view === "sandwich" ? "sandwich" : null,
        fn: p.fn || null,
      }),
  }),
];
