// What a route of the workbench is: a name, the part of the top bar it lights
// up, how it reads its parameters from the location's hash, and its view,
// loaded the first time the route is shown.
import type { Component } from "svelte";

export type NavSection = "workspace" | "runs" | "compare";

/** A hash split into path parts and query parameters. */
export interface Location {
  readonly parts: readonly string[];
  readonly query: URLSearchParams;
}

export interface RouteDef<N extends string = string, P extends object = object> {
  readonly name: N;
  readonly nav: NavSection;
  /** The view's props when the location is this route's, else null. */
  readonly match: (at: Location) => P | null;
  /** The view, whose props are what `match` returns. */
  readonly view: () => Promise<{ default: Component<P> }>;
}

export const defineRoute = <N extends string, P extends object>(r: RouteDef<N, P>): RouteDef<N, P> => r;

/** A path part as an id, or null. */
export const idOf = (part: string | undefined): number | null => (part !== undefined && /^\d+$/.test(part) ? Number(part) : null);
