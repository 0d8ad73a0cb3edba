// Every page's address: the one table of routes (their views are in routes.ts).
// Hash routes, so the same build works from file:// (Electron) and from the
// server (browser mode), and every view has a URL a test or a user can open.
// Each analysis adds its routes from its own folder. `href` builds every
// route's hash from the same definitions: no page URL is written by hand.
import { defineRoute, hashOf, idOf, type Location, type RouteDef } from "./routeTypes.js";
import { VCG_ROUTES } from "./vcg/routes.js";
import { COMPARE_ROUTES } from "./compare/routes.js";
import { PATTERNS_ROUTES } from "./patterns/routes.js";
import { TRENDS_ROUTES } from "./trends/routes.js";
import { PHASES_ROUTES } from "./phases/routes.js";
import { FLAME_ROUTES } from "./flame/routes.js";
import { tableQueryOf, tableQueryParams, type RunsTableQuery } from "./runs/tableQuery.js";
import { TIMELINE_ROUTES } from "./timeline/routes.js";
import { HISTORY_ROUTES } from "./history/routes.js";

const only = (at: Location, first: string, length: number) => at.parts[0] === first && at.parts.length === length;

export const ROUTES = [
  defineRoute({
    name: "home",
    nav: "workspace",
    match: ({ parts }) => (parts.length === 0 ? {} : null),
    // "?new-project" opens the new project form (the shell's menu).
    build: (p: { newProject?: boolean } = {}) => (p.newProject ? "#/?new-project" : "#/"),
  }),
  defineRoute({
    name: "project",
    nav: "workspace",
    match: (at) => (only(at, "project", 2) && idOf(at.parts[1]) !== null ? { projectId: idOf(at.parts[1])! } : null),
    build: (p: { projectId: number }) => hashOf(`project/${p.projectId}`),
  }),
  defineRoute({
    name: "launch",
    nav: "workspace",
    match: (at) =>
      only(at, "project", 3) && at.parts[2] === "launch" && idOf(at.parts[1]) !== null
        ? { projectId: idOf(at.parts[1])! }
        : null,
    build: (p: { projectId: number }) => hashOf(`project/${p.projectId}/launch`),
  }),
  defineRoute({
    name: "campaign",
    nav: "workspace",
    match: (at) => (only(at, "campaign", 2) && idOf(at.parts[1]) !== null ? { campaignId: idOf(at.parts[1])! } : null),
    build: (p: { campaignId: number }) => hashOf(`campaign/${p.campaignId}`),
  }),
  defineRoute({
    name: "runs",
    nav: "runs",
    match: (at) =>
      only(at, "runs", 1)
        ? {
            campaignId: idOf(at.query.get("campaign") ?? undefined),
            projectId: idOf(at.query.get("project") ?? undefined),
            ...tableQueryOf(at.query),
          }
        : null,
    build: (p: { campaignId?: number | null; projectId?: number | null } & RunsTableQuery = {}) =>
      hashOf("runs", { campaign: p.campaignId, project: p.projectId, ...tableQueryParams(p) }),
  }),
  defineRoute({
    name: "run",
    nav: "runs",
    match: (at) => (only(at, "run", 2) && idOf(at.parts[1]) !== null ? { runId: idOf(at.parts[1])! } : null),
    build: (p: { runId: number }) => hashOf(`run/${p.runId}`),
  }),
  ...VCG_ROUTES,
  ...COMPARE_ROUTES,
  ...PATTERNS_ROUTES,
  ...TRENDS_ROUTES,
  ...PHASES_ROUTES,
  ...FLAME_ROUTES,
  ...TIMELINE_ROUTES,
  ...HISTORY_ROUTES,
];

export type Def = (typeof ROUTES)[number];

/** Every route's hash builder by its name: `href.campaign({ campaignId: 3 })` is "#/campaign/3". */
export const href = Object.fromEntries(ROUTES.map((r) => [r.name, r.build])) as {
  readonly [D in Def as D["name"]]: D["build"];
};
type Found<D> = D extends RouteDef<infer N, infer P> ? { name: N } & P : never;
/** A route found: its name and its view's props. */
export type Route = Found<Def> | { name: "not-found"; hash: string };

export function parseRoute(hash: string): Route {
  const [path, query = ""] = hash.replace(/^#/, "").split("?");
  const at: Location = { parts: path.split("/").filter(Boolean), query: new URLSearchParams(query) };
  for (const r of ROUTES) {
    const props = r.match(at);
    if (props) return { name: r.name, ...props } as Route;
  }
  return { name: "not-found", hash };
}
