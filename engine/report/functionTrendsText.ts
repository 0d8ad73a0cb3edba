// CF-TrendProf as text, after paper 002's Figure 3.11: per function, most
// costly first (§3.4.5), each variable's best model, where it came from
// ("direct" or the derivation rule with its parts) and its SE/mean.
import { VARIABLE_NAMES, type CfTrendsResult, type CfVariable } from "../trend/cf/cfResult.js";
import type { Exporter } from "./exporter.js";
import { table } from "../format/text.js";
import { num } from "../format/numbers.js";

/** Functions the text lists (--csv and --json list all). */
const TEXT_FUNCTIONS = 15;
/** The variables the text shows per function (§3.4.5: "self-cost, transitive-cost, call-count, total-self-cost, and total-transitive-cost"). */
const SHOWN: ReadonlySet<CfVariable["kind"]> = new Set([
  "self",
  "transitive",
  "count",
  "totalSelf",
  "totalTransitive",
  "via",
]);

export function functionTrendsText(r: CfTrendsResult): string {
  const rows = r.functions
    .slice(0, TEXT_FUNCTIONS)
    .flatMap((f) =>
      f.variables
        .filter((v) => SHOWN.has(v.kind))
        .map((v, i) => [
          i === 0 ? f.name : "",
          i === 0 ? num(f.maxTotalTransitive) : "",
          variableText(v),
          v.swamped ? `noise (${v.best.text})` : v.best.text,
          v.best.rule === null ? "direct" : `${v.best.rule}: ${v.best.derivation}`,
          Number.isFinite(v.best.relativeError) ? `${(100 * v.best.relativeError).toFixed(1)}%` : "-",
        ]),
    );
  return [
    `Per-function empirical complexity of ${r.label} (paper 002 ch. 3, CF-TrendProf): ${r.runs.length} runs${r.design !== null ? ` of design ${r.design}` : ""}, cost = ${r.cost === "time" ? "time (ns; on-CPU where the traces hold scheduler events)" : "calls"}, features ${r.features.join(", ")}`,
    `${r.functions.length} functions, most costly first; best model of each variable by the score of §3.4.3 (α = 1111)`,
    ...(r.noise ? [`warning: ${r.noise}`] : []),
    "",
    table(
      ["function", `max total (${r.unit})`, "variable", "best model", "source", "SE/mean"],
      rows,
      new Set([0, 2, 3, 4]),
    ),
    r.functions.length > TEXT_FUNCTIONS
      ? `… ${r.functions.length - TEXT_FUNCTIONS} more functions (--csv or --json lists them all)`
      : "",
    ...r.notes.map((n) => `note: ${n}`),
  ]
    .filter((line, i) => line !== "" || i === 2)
    .join("\n");
}

/** The variable without its function's name, which heads its rows. */
function variableText(v: CfVariable): string {
  if (v.kind === "via") return `transitive-cost of calls to ${v.callee}`;
  if (v.kind === "calls") return `calls to ${v.callee} per invocation`;
  return VARIABLE_NAMES[v.kind];
}

export const functionTrendsTextExporter: Exporter<CfTrendsResult> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (r) => functionTrendsText(r) + "\n",
};
