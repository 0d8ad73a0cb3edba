// Two runs or two designs side by side: "#/compare?a=run:1&b=design:3:x".
import { defineRoute, hashOf } from "../routeTypes.js";

export const COMPARE_ROUTES = [
  defineRoute({
    name: "compare",
    nav: "compare",
    match: ({ parts, query }) =>
      parts.length === 1 && parts[0] === "compare" ? { a: query.get("a"), b: query.get("b") } : null,
    build: (p: { a?: string | null; b?: string | null } = {}) => hashOf("compare", { a: p.a, b: p.b }),
  }),
];
