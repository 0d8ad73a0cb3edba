// Phases of a campaign's program by active profiling (paper 003): its phase
// markers, and one of its runs cut into phases —
// "#/phases?campaign=3[&run=12][&time=calls][&granularity=chain]".
import { defineRoute, hashOf, idOf } from "../routeTypes.js";

export const PHASES_ROUTES = [
  defineRoute({
    name: "phases",
    nav: "workspace",
    match: ({ parts, query }) => {
      const campaignId = idOf(query.get("campaign") ?? undefined);
      if (parts.length !== 1 || parts[0] !== "phases" || campaignId === null) return null;
      // Elapsed time unless calls are asked for (engine/phases/callSequence.ts's two logical times).
      const time: "time" | "calls" = query.get("time") === "calls" ? "calls" : "time";
      const granularity: "function" | "chain" = query.get("granularity") === "chain" ? "chain" : "function";
      return { campaignId, run: idOf(query.get("run") ?? undefined), time, granularity };
    },
    // Only what differs from the defaults, as the page's own links keep it.
    build: (p: {
      campaignId: number;
      run?: number | null;
      time?: "time" | "calls";
      granularity?: "function" | "chain";
    }) =>
      hashOf("phases", {
        campaign: p.campaignId,
        run: p.run,
        time: p.time === "calls" ? "calls" : null,
        granularity: p.granularity === "chain" ? "chain" : null,
      }),
  }),
];
