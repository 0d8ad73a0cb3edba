// The contexts finding of a change point (findings.ts): the calling contexts whose own time per run
// changed most (explain.ts), scored by the share of the change of the run's time the top one holds.
import { formatNs } from "../format/numbers.js";
import type { ContextChange } from "./explain.js";
import { cannotAnswer, shareOf, type HistoryFinding } from "./findings.js";

const pct = (x: number) => `${Math.round(x * 100)}%`;
const signed = (ns: number) => `${ns >= 0 ? "+" : "−"}${formatNs(Math.abs(ns))}`;

/** One line per context: its change of own time, calls and time per call. */
export function contextLine(c: ContextChange): string {
  // Calls per run are means over runs: a context called in some runs only has fewer than one a run.
  const n = (x: number) => (Number.isInteger(x) || x >= 100 ? x.toFixed(0) : x.toPrecision(2));
  const calls =
    Math.abs(c.callsAfter - c.callsBefore) >= 0.05 * Math.max(c.callsBefore, c.callsAfter)
      ? `calls per run ${n(c.callsBefore)} → ${n(c.callsAfter)}`
      : `${n(c.callsAfter)} call(s) per run`;
  const perCall = (ns: number, n: number) => (n > 0 ? formatNs(ns / n) : "-");
  return `${signed(c.deltaNs)} a run  ${c.path.join(" → ")}  (${calls}; own time per call ${perCall(c.nsBefore, c.callsBefore)} → ${perCall(c.nsAfter, c.callsAfter)})`;
}

/** `runDeltaNs`: the change of the whole run's time per run (explain.ts runTimeChange). */
export function contextsFinding(changes: readonly ContextChange[], runDeltaNs: number): HistoryFinding {
  if (changes.length === 0)
    return cannotAnswer("contexts", "no context of the program's own code changed its own time per run by 1 % or more");
  const top = changes[0];
  const score = shareOf(top.deltaNs, runDeltaNs);
  return {
    analysis: "contexts",
    summary: `${top.path.join(" → ")}: ${signed(top.deltaNs)} own time a run, ${pct(score)} of the run's change of ${signed(runDeltaNs)}`,
    details: changes.map(contextLine),
    score,
  };
}
