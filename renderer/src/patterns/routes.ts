// Execution patterns of a campaign, or two of its designs compared pattern by
// pattern (paper 004): "#/patterns?campaign=3&a=base&b=fast[&w=workload]".
import { defineRoute, hashOf, idOf } from "../routeTypes.js";

export const PATTERNS_ROUTES = [
  defineRoute({
    name: "patterns",
    nav: "workspace",
    match: ({ parts, query }) => {
      const campaignId = idOf(query.get("campaign") ?? undefined);
      return parts.length === 1 && parts[0] === "patterns" && campaignId !== null
        ? { campaignId, a: query.get("a"), b: query.get("b"), workload: query.get("w") }
        : null;
    },
    build: (p: { campaignId: number; a?: string | null; b?: string | null; workload?: string | null }) =>
      hashOf("patterns", { campaign: p.campaignId, a: p.a, b: p.b, w: p.workload }),
  }),
];
