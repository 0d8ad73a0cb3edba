// The one route table the shell renders from (App.svelte): each route's address
// (paths.ts, with the builders the views link by) and its view, loaded the first
// time the route is shown. A new page: its route in its folder's routes.ts, its
// view here.
import type { Component } from "svelte";
import type { NavSection, RouteDef } from "./routeTypes.js";
import { ROUTES, type Def, type Route } from "./paths.js";

export { href, parseRoute, ROUTES, type Route } from "./paths.js";

type Props<D> = D extends { match: (...a: never[]) => infer P } ? NonNullable<P> : never;

/** Each route's view, whose props are what its `match` returns. */
const VIEWS: { readonly [D in Def as D["name"]]: () => Promise<{ default: Component<Props<D>> }> } = {
  home: () => import("./views/HomeView.svelte"),
  project: () => import("./views/ProjectView.svelte"),
  launch: () => import("./views/LaunchView.svelte"),
  campaign: () => import("./views/CampaignView.svelte"),
  runs: () => import("./views/RunsView.svelte"),
  run: () => import("./views/RunView.svelte"),
  vcg: () => import("./vcg/VcgView.svelte"),
  compare: () => import("./compare/CompareView.svelte"),
  patterns: () => import("./patterns/PatternsView.svelte"),
  trends: () => import("./trends/TrendsView.svelte"),
  phases: () => import("./phases/PhasesView.svelte"),
  flame: () => import("./flame/FlameView.svelte"),
  timeline: () => import("./timeline/TimelineView.svelte"),
  history: () => import("./history/HistoryView.svelte"),
};

/** The definition of a found route and its view (not-found has none). */
export function routeDef(route: Route): (Def & { readonly view: () => Promise<{ default: Component<never> }> }) | null {
  const def = ROUTES.find((r) => r.name === route.name);
  return def ? { ...def, view: VIEWS[def.name] as () => Promise<{ default: Component<never> }> } : null;
}

export function navOf(route: Route): NavSection | null {
  const nav = (ROUTES as readonly RouteDef<string, never>[]).find((r) => r.name === route.name)?.nav ?? null;
  return typeof nav === "function" ? nav(route as never) : nav;
}
