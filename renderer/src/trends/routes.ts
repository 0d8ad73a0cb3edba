// Empirical complexity of a campaign or one of its designs, or two designs'
// trends compared (paper 002): "#/trends?campaign=3[&design=x][&feature=n][&source=gcov]"
// and "#/trends?campaign=3&a=merge&b=insertion".
import { defineRoute, hashOf, idOf } from "../routeTypes.js";

/** A trends page: the campaign, and the parameters set (empty text counts as unset). */
export interface TrendsHref {
  readonly campaignId: number;
  readonly design?: string | null;
  readonly a?: string | null;
  readonly b?: string | null;
  readonly feature?: string | null;
  readonly source?: string | null;
  readonly functions?: boolean;
  readonly cost?: string | null;
  readonly fn?: string | null;
  readonly variable?: string | null;
  readonly order?: string | null;
}

export const TRENDS_ROUTES = [
  defineRoute({
    name: "trends",
    nav: "workspace",
    match: ({ parts, query }) => {
      const campaignId = idOf(query.get("campaign") ?? undefined);
      if (parts.length !== 1 || parts[0] !== "trends" || campaignId === null) return null;
      return {
        campaignId,
        design: query.get("design"),
        a: query.get("a"),
        b: query.get("b"),
        feature: query.get("feature"),
        source: query.get("source"),
        functions: query.get("functions") === "1",
        cost: query.get("cost"),
        fn: query.get("fn"),
        variable: query.get("var"),
        order: query.get("order"),
      };
    },
    build: (p: TrendsHref) => {
      const fn = p.functions
        ? { cost: p.cost || null, order: p.order || null, fn: p.fn || null, var: p.variable || null }
        : {};
      return hashOf("trends", {
        campaign: p.campaignId,
        design: p.design || null,
        a: p.a || null,
        b: p.b || null,
        feature: p.feature || null,
        source: p.source || null,
        functions: p.functions ? 1 : null,
        ...fn,
      });
    },
  }),
];
