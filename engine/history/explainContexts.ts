// The contexts finding of a change point (findings.ts): the calling contexts whose own time per run
// changed most (explain.ts), scored by the share of the run's change the top one holds, in the series' measure
// (own time, or calls for a series of recorded calls).
import { formatNs } from "../format/numbers.js";
import { deltaOf, type ContextChange, type ContextMeasure } from "./explain.js";
import { cannotAnswer, shareOf, type HistoryFinding } from "./findings.js";

const pct = (x: number) => `${Math.round(x * 100)}%`;
const signed = (ns: number) => `${ns >= 0 ? "+" : "−"}${formatNs(Math.abs(ns))}`;

/** One line per context: its change in the measure it is ranked by, calls and time per call. */
export function contextLine(c: ContextChange, by: ContextMeasure = "time"): string {
  // Calls per run are means over runs: a context called in some runs only has fewer than one a run.
  const n = (x: number) => (Number.isInteger(x) || x >= 100 ? x.toFixed(0) : x.toPrecision(2));
  const calls =
    Math.abs(c.callsAfter - c.callsBefore) >= 0.05 * Math.max(c.callsBefore, c.callsAfter)
      ? `calls per run ${n(c.callsBefore)} → ${n(c.callsAfter)}`
      : `${n(c.callsAfter)} call(s) per run`;
  const perCall = (ns: number, n: number) => (n > 0 ? formatNs(ns / n) : "-");
  const lead = by === "calls" ? `${signedCalls(c.deltaCalls)} calls` : signed(c.deltaNs);
  return `${lead} a run  ${c.path.join(" → ")}  (${calls}; own time per call ${perCall(c.nsBefore, c.callsBefore)} → ${perCall(c.nsAfter, c.callsAfter)})`;
}

/** `runDelta`: the change of the whole run per run in the measure `by` (explain.ts runChange). */
export function contextsFinding(
  changes: readonly ContextChange[],
  runDelta: number,
  by: ContextMeasure = "time",
): HistoryFinding {
  if (changes.length === 0)
    return cannotAnswer(
      "contexts",
      `no context of the program's own code changed its ${by === "calls" ? "calls" : "own time"} per run by 1 % or more`,
    );
  const top = changes[0];
  const score = shareOf(deltaOf(top, by), runDelta);
  const said = (x: number) => (by === "calls" ? `${signedCalls(x)} calls` : `${signed(x)} own time`);
  return {
    analysis: "contexts",
    summary: `${top.path.join(" → ")}: ${said(deltaOf(top, by))} a run, ${pct(score)} of the run's change of ${by === "calls" ? signedCalls(runDelta) : signed(runDelta)}`,
    details: changes.map((c) => contextLine(c, by)),
    score,
  };
}

const signedCalls = (x: number) =>
  `${x >= 0 ? "+" : "−"}${Number.isInteger(x) ? Math.abs(x) : Math.abs(x).toPrecision(3)}`;
