// Numbers for people: durations with units, aligned tables.

export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return "-";
  const a = Math.abs(ns);
  if (a >= 1e9) return `${(ns / 1e9).toFixed(3)} s`;
  if (a >= 1e6) return `${(ns / 1e6).toFixed(3)} ms`;
  if (a >= 1e3) return `${(ns / 1e3).toFixed(3)} us`;
  return `${ns.toFixed(0)} ns`;
}

export function table(header: readonly string[], rows: readonly (readonly string[])[], leftAligned = new Set([header.length - 1])): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (leftAligned.has(i) ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd();
  return [line(header), line(widths.map((w) => "=".repeat(w))), ...rows.map(line)].join("\n");
}

/** Frames of a call chain kept at each end when it is shown to a person; the middle is counted. */
const CHAIN_ENDS = 4;

/** A call chain for a terminal or a table: whole when short, else its ends around the count of what is left out. */
export function chainText(path: readonly string[]): string {
  if (path.length <= 2 * CHAIN_ENDS + 1) return path.join(" > ");
  return [...path.slice(0, CHAIN_ENDS), `… ${(path.length - 2 * CHAIN_ENDS).toLocaleString("en-US")} calls …`, ...path.slice(-CHAIN_ENDS)].join(" > ");
}
