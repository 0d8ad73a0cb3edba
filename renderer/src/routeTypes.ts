// What a route of the workbench is: a name, the part of the top bar it lights
// up, how it reads its parameters from the location's hash, and how its hash is
// built from them (paths.ts's `href`: no page URL is written by hand). Its view
// is apart (routes.ts), so the views can import the builders without a cycle.

export type NavSection = "workspace" | "runs" | "compare";

/** A hash split into path parts and query parameters. */
export interface Location {
  readonly parts: readonly string[];
  readonly query: URLSearchParams;
}

export interface RouteDef<N extends string = string, P extends object = object, A extends unknown[] = never[]> {
  readonly name: N;
  /** The top bar's section: one for the route, or one by its parameters (a run's page or a campaign's). */
  readonly nav: NavSection | ((p: P) => NavSection);
  /** The view's props when the location is this route's, else null. */
  readonly match: (at: Location) => P | null;
  /** The hash whose `match` gives these parameters back (test/unit/paths.test.ts). */
  readonly build: (...p: A) => string;
}

export const defineRoute = <N extends string, P extends object, A extends unknown[]>(
  r: RouteDef<N, P, A>,
): RouteDef<N, P, A> => r;

type QueryValue = string | number | null | undefined;

/** "#/path?k=v&…" with the parameters that are set, in the order given; values encoded, but the
 * colons of a target ("design:3:x") kept readable. */
export function hashOf(path: string, query: Readonly<Record<string, QueryValue>> = {}): string {
  const set = Object.entries(query).filter((e): e is [string, string | number] => e[1] !== null && e[1] !== undefined);
  const q = set.map(([k, v]) => `${k}=${encodeURIComponent(String(v)).replace(/%3A/g, ":")}`).join("&");
  return `#/${path}${q ? `?${q}` : ""}`;
}

/** A path part as an id, or null. */
export const idOf = (part: string | undefined): number | null =>
  part !== undefined && /^\d+$/.test(part) ? Number(part) : null;
