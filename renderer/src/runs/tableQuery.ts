// What the runs table keeps in its address (paths.ts, the runs route): the filter expression, the sort,
// the columns shown and the plot's axes, so a view of the runs can be linked to and comes back as it was.
// Only the parameters set appear in the route, so "#/runs?campaign=3" parses back to what built it.

export interface RunsTableQuery {
  /** The filter expression (engine/campaign/runFilter.ts). */
  readonly filter?: string;
  /** The sort column's key, "-" first when descending. */
  readonly sort?: string;
  /** The columns shown, comma separated; absent: the defaults. */
  readonly cols?: string;
  /** The plot: its feature, its metric, and which axes are logarithmic ("x", "y", "xy"). */
  readonly x?: string;
  readonly y?: string;
  readonly log?: string;
}

const KEYS = ["filter", "sort", "cols", "x", "y", "log"] as const;

/** The table's parameters present in a route's query. */
export function tableQueryOf(query: URLSearchParams): RunsTableQuery {
  return Object.fromEntries(KEYS.flatMap((k) => (query.has(k) ? [[k, query.get(k)!]] : [])));
}

/** The table's parameters for hashOf, set ones only, in a fixed order. */
export function tableQueryParams(p: RunsTableQuery): Record<string, string | undefined> {
  return Object.fromEntries(KEYS.map((k) => [k, p[k] === "" ? undefined : p[k]]));
}
