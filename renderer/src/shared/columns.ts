// Columns of the virtualised table: what a cell shows and what it sorts by.

export interface Column<T> {
  readonly key: string;
  readonly label: string;
  readonly text: (row: T) => string;
  /** Sort key; absent: the text. */
  readonly sort?: (row: T) => number | string;
  readonly numeric?: boolean;
  /** CSS grid track, e.g. "6rem" or "1fr". */
  readonly width?: string;
  /** Header tooltip. */
  readonly title?: string;
  /** Cell tooltip; absent: the text. */
  readonly hint?: (row: T) => string;
}

/** Text keys compare as people read them: "run 9" before "run 10". One
 * collator for every sort (localeCompare with options built one per call). */
const COLLATOR = new Intl.Collator(undefined, { numeric: true });

/** The rows in the column's order, ties in their order before. Each row's key
 * is computed once, and text keys are ranked once per distinct value, so
 * 100,000 rows sort by numbers in a few tens of milliseconds instead of
 * comparing text about two million times. A column whose keys are not all
 * numbers sorts them all as text. */
export function sortRows<T>(rows: readonly T[], column: Column<T> | undefined, descending: boolean): T[] {
  if (!column) return [...rows];
  const key = column.sort ?? column.text;
  const keys = rows.map((r) => key(r));
  const ranks = keys.every((k) => typeof k === "number") ? numberRanks(keys as number[]) : textRanks(keys.map(String));
  const dir = descending ? -1 : 1;
  const order = Array.from(rows.keys()).sort((a, b) =>
    ranks[a] < ranks[b] ? -dir : ranks[a] > ranks[b] ? dir : a - b,
  );
  return order.map((i) => rows[i]);
}

/** NaN, which compares with nothing, sorts with the smallest. */
function numberRanks(keys: readonly number[]): Float64Array {
  return Float64Array.from(keys, (k) => (Number.isNaN(k) ? -Infinity : k));
}

/** Each key's place among the distinct keys; keys the collator finds equal share it. */
function textRanks(keys: readonly string[]): Uint32Array {
  const distinct = [...new Set(keys)].sort(COLLATOR.compare);
  const rank = new Map<string, number>();
  distinct.forEach((k, i) =>
    rank.set(k, i > 0 && COLLATOR.compare(distinct[i - 1], k) === 0 ? rank.get(distinct[i - 1])! : i),
  );
  return Uint32Array.from(keys, (k) => rank.get(k)!);
}
