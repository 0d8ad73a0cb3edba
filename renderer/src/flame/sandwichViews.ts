// What the sandwich view draws (issue 31 item 4): the functions table's
// columns, and the paint of its callers and callees trees (engine/flame/
// sandwich.ts), each frame coloured by its self share like the variance flame
// graph's "self share" measure, its tooltip giving its time and that time's
// share of the chosen function's total.
import type { FunctionRow, SandwichTree } from "../../../engine/flame/sandwich.js";
import { formatNs } from "../../../engine/format/numbers.js";
import type { Column } from "../shared/columns.js";
import { heat, type ThemeFill } from "./flameColors.js";
import type { FlamePaint } from "./flameViews.js";

const pct = (v: number, of: number) => (of > 0 ? `${((100 * v) / of).toFixed(1)}%` : "—");

/** The functions table: the run's (or runs') total time is the root's, so shares sum like the CCT table's. */
export function functionColumns(totalNs: number, per: string): Column<FunctionRow>[] {
  return [
    { key: "name", label: "function", text: (r) => r.name, width: "minmax(14rem, 3fr)", title: "sort by name" },
    {
      key: "self",
      label: `self${per}`,
      text: (r) => formatNs(r.selfNs),
      sort: (r) => r.selfNs,
      numeric: true,
      width: "7rem",
    },
    {
      key: "selfShare",
      label: "% self",
      text: (r) => pct(r.selfNs, totalNs),
      sort: (r) => r.selfNs,
      numeric: true,
      width: "6rem",
    },
    {
      key: "total",
      label: `total${per}`,
      text: (r) => formatNs(r.totalNs),
      sort: (r) => r.totalNs,
      numeric: true,
      width: "7rem",
      title: "time on the stack: its outermost frames only, so a recursion counts once",
    },
    {
      key: "share",
      label: "% total",
      text: (r) => pct(r.totalNs, totalNs),
      sort: (r) => r.totalNs,
      numeric: true,
      width: "6rem",
    },
    {
      key: "calls",
      label: "calls",
      text: (r) => r.calls.toLocaleString(),
      sort: (r) => r.calls,
      numeric: true,
      width: "7rem",
    },
  ];
}

/** One of the two trees: `role` says what its frames are to the chosen function. */
export function sandwichPaint(t: SandwichTree, role: "callers" | "callees", theme: ThemeFill, per: string): FlamePaint {
  const total = t.inclusiveNs[0] ?? 0;
  return {
    width: t.inclusiveNs,
    fill: (u) => heat(t.inclusiveNs[u] > 0 ? t.selfNs[u] / t.inclusiveNs[u] : null, theme),
    hatched: () => false,
    tooltip: (u) => {
      const name = t.functions[t.fn[u]];
      const chosen = t.functions[t.fn[0]];
      if (u === 0)
        return {
          title: name,
          rows: [
            [`total${per}`, formatNs(total)],
            [`self${per}`, formatNs(t.selfNs[0])],
          ],
        };
      const time = `${formatNs(t.inclusiveNs[u])} (${pct(t.inclusiveNs[u], total)} of ${chosen}'s)`;
      return role === "callers"
        ? { title: name, rows: [[`${chosen} through it${per}`, time]] }
        : {
            title: name,
            rows: [
              [`time${per}`, time],
              [`self${per}`, formatNs(t.selfNs[u])],
            ],
          };
    },
  };
}
