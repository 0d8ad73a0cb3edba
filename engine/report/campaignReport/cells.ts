// A table cell for people (Markdown, HTML) and for machines (CSV): people read
// durations with units and fractions as percentages; CSV keeps the raw value
// and spreads an interval over two columns.
import { formatNs, formatRatio, grouped } from "../../format/numbers.js";
import { csvField, csvSafe } from "../csv.js";
import type { Cell, ColumnUnit, ReportTable } from "./model.js";

export function formatCell(v: Cell, unit: ColumnUnit): string {
  if (v === null) return "—";
  if (Array.isArray(v))
    return unit === "nsInterval"
      ? `${formatNs(v[0])} – ${formatNs(v[1])}`
      : `${formatPlain(v[0])} – ${formatPlain(v[1])}`;
  if (typeof v === "string") return v;
  const n = v as number;
  if (!Number.isFinite(n)) return "—";
  switch (unit) {
    case "ns":
    case "nsInterval":
      return formatNs(n);
    case "percent":
      return `${(100 * n).toFixed(1)}%`;
    case "ratio":
      return `${formatRatio(n)}×`;
    case "count":
      return Number.isInteger(n) ? grouped(n) : n.toFixed(2);
    case "number":
      return formatPlain(n);
    default:
      return String(n);
  }
}

function formatPlain(n: number): string {
  if (!Number.isFinite(n)) return "—";
  if (Number.isInteger(n)) return grouped(n);
  return Math.abs(n) >= 1e5 || (n !== 0 && Math.abs(n) < 1e-3) ? n.toExponential(3) : n.toFixed(3);
}

/** The table as CSV rows: header first, raw values, an interval as "<label> low" and "<label> high". */
export function csvRows(t: ReportTable): string[][] {
  const interval = (c: { unit: string }) => c.unit === "nsInterval" || c.unit === "interval";
  const header = t.columns
    .flatMap((c) =>
      interval(c)
        ? [
            `${c.label} low${c.unit === "nsInterval" ? " (ns)" : ""}`,
            `${c.label} high${c.unit === "nsInterval" ? " (ns)" : ""}`,
          ]
        : [c.unit === "ns" ? `${c.label} (ns)` : c.label],
    )
    .map(csvSafe);
  const rows = t.rows.map((r) =>
    r.flatMap((v, i) => {
      if (interval(t.columns[i])) return Array.isArray(v) ? [String(v[0]), String(v[1])] : ["", ""];
      // Text (a function's or a design's name) may start like a formula; numbers are left as they are.
      return [v === null ? "" : typeof v === "string" ? csvSafe(v) : String(v)];
    }),
  );
  return [header, ...rows];
}

export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}
