// A CCT table as CSV: one row per context, its call chain and statistics, times in nanoseconds.
import type { CctTable } from "../cct/table.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";

export const cctCsv: Exporter<CctTable> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (t) =>
    toCsv(
      t.rows.map((r) => ({
        context: r.path.join(" > "),
        n: r.n,
        mean_ns: r.meanNs,
        std_ns: r.stdNs,
        cov: r.cov,
        min_ns: r.minNs,
        max_ns: r.maxNs,
        total_ns: r.inclusiveNs,
        self_ns: r.selfNs,
      })),
    ) + "\n",
};
