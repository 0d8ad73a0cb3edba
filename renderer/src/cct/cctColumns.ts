// The columns of a CCT table: the context (its function, indented by depth,
// the whole chain on hover) and its statistics (paper 000 §2: N, mean, σ, CoV).
import type { ContextStats } from "../../../engine/api/types.js";
import type { Column } from "../shared/columns.js";
import { formatNs } from "../../../engine/format/numbers.js";

export function cctColumns(totalNs: number): Column<ContextStats>[] {
  return [
    // The function and its caller, indented by depth (em spaces survive HTML's collapsing); the whole chain on hover.
    {
      key: "context",
      label: "context",
      text: (r) => `${"\u2003".repeat(r.path.length - 1)}${r.path.slice(-2).join(" › ")}`,
      sort: (r) => r.path.join("\u0000"),
      width: "minmax(16rem, 3fr)",
      title: "sort by call chain",
      hint: (r) => r.path.join(" > "),
    },
    { key: "n", label: "N", text: (r) => String(r.n), sort: (r) => r.n, numeric: true, width: "5.5rem" },
    {
      key: "mean",
      label: "mean",
      text: (r) => formatNs(r.meanNs),
      sort: (r) => r.meanNs,
      numeric: true,
      width: "7rem",
    },
    { key: "std", label: "σ", text: (r) => formatNs(r.stdNs), sort: (r) => r.stdNs, numeric: true, width: "7rem" },
    { key: "cov", label: "CoV", text: (r) => r.cov.toFixed(3), sort: (r) => r.cov, numeric: true, width: "4.5rem" },
    {
      key: "total",
      label: "total",
      text: (r) => formatNs(r.inclusiveNs),
      sort: (r) => r.inclusiveNs,
      numeric: true,
      width: "7rem",
    },
    {
      key: "share",
      label: "% total",
      text: (r) => (totalNs > 0 ? `${((100 * r.inclusiveNs) / totalNs).toFixed(1)}%` : "—"),
      sort: (r) => r.inclusiveNs,
      numeric: true,
      width: "5rem",
    },
    {
      key: "self",
      label: "self",
      text: (r) => formatNs(r.selfNs),
      sort: (r) => r.selfNs,
      numeric: true,
      width: "7rem",
    },
    {
      key: "range",
      label: "min – max",
      text: (r) => `${formatNs(r.minNs)} – ${formatNs(r.maxNs)}`,
      sort: (r) => r.maxNs - r.minNs,
      numeric: true,
      width: "13rem",
    },
  ];
}
