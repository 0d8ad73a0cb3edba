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

export function sortRows<T>(rows: readonly T[], column: Column<T> | undefined, descending: boolean): T[] {
  if (!column) return [...rows];
  const key = column.sort ?? column.text;
  const dir = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), undefined, { numeric: true })) * dir;
  });
}
