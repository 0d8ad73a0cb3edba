// Two sides' contexts compared, as CSV: every context of the program's code
// that got slower or faster, then what changed that is not code (waiting, the
// profiler, the loader: direction "waiting", "tool", "loader"), with both
// sides' N, mean and CoV, the change and Welch's t.
import type { Comparison } from "../cct/compareSides.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";

export const contextComparisonCsv: Exporter<Comparison> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (c) =>
    toCsv(
      [
        ...c.slower.map((x) => ["slower", x] as const),
        ...c.faster.map((x) => ["faster", x] as const),
        ...c.apart.map((x) => [x.kind, x] as const),
      ].map(([direction, x]) => ({
        direction,
        context: x.path.join(" > "),
        n_a: x.a?.n ?? null,
        mean_a_ns: x.a?.meanNs ?? null,
        cov_a: x.a?.cov ?? null,
        n_b: x.b?.n ?? null,
        mean_b_ns: x.b?.meanNs ?? null,
        cov_b: x.b?.cov ?? null,
        delta_ns: x.deltaNs,
        relative: x.relative,
        welch_t: x.welchT,
      })),
    ) + "\n",
};
