// Empirical complexity of a campaign or one of its designs, or two designs'
// trends compared (paper 002): "#/trends?campaign=3[&design=x][&feature=n][&source=gcov]"
// and "#/trends?campaign=3&a=merge&b=insertion".
import { defineRoute, idOf } from "../routeTypes.js";

export const TRENDS_ROUTES = [
  defineRoute({
    name: "trends",
    nav: "compare",
    match: ({ parts, query }) => {
      const campaignId = idOf(query.get("campaign") ?? undefined);
      if (parts.length !== 1 || parts[0] !== "trends" || campaignId === null) return null;
      return { campaignId, design: query.get("design"), a: query.get("a"), b: query.get("b"), feature: query.get("feature"), source: query.get("source"), functions: query.get("functions") === "1", cost: query.get("cost"), fn: query.get("fn"), variable: query.get("var"), order: query.get("order") };
    },
    view: () => import("./TrendsView.svelte"),
  }),
];
