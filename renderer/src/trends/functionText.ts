// Per-function trends (CF-TrendProf, paper 002 ch. 3) in words for the view:
// a variable without its function's name (the function heads its page, as in
// Figure 3.11), where a model comes from, SE/mean, and the features a model
// uses. Pure: unit-tested without a browser. Every number may be null in a
// result read back from the cache (NaN and ±Infinity are stored as null).
import { VARIABLE_NAMES, type CfModelResult, type CfVariable } from "../../../engine/trend/cf/cfResult.js";
import { RECURSIVE_SUFFIX } from "../../../engine/trend/cf/invocationFrames.js";

/** A variable's key within its function: its kind, and the callee for the per-callee ones. */
export const variableKey = (v: Pick<CfVariable, "kind" | "callee">): string =>
  v.callee === null ? v.kind : `${v.kind}:${v.callee}`;

/** "self-cost", "calls to swap per invocation", "transitive-cost of calls to swap" (as the text report words them). */
export function variableText(v: Pick<CfVariable, "kind" | "callee">): string {
  if (v.kind === "via") return `transitive-cost of calls to ${v.callee}`;
  if (v.kind === "calls") return `calls to ${v.callee} per invocation`;
  return VARIABLE_NAMES[v.kind];
}

/** Figure 3.11's "Source": "direct", or the derivation rule with the sub-models it combined. */
export const sourceText = (m: Pick<CfModelResult, "rule" | "derivation">): string =>
  m.rule === null ? "direct" : `rule ${m.rule}: ${m.derivation ?? "?"}`;

/** SE / mean as a percentage (§3.4.5: "0 % is a perfect model, 100 % means the standard error is equal to the mean"). */
export const shareText = (x: number | null): string =>
  x === null || !Number.isFinite(x) ? "—" : `${(100 * x).toFixed(1)}%`;

/** The sort key of a number that may be null or not finite: such values last in a descending sort. */
export const sortable = (x: number | null): number => (x === null || Number.isNaN(x) ? -Infinity : x);

/** What a variable counts: calls per invocation and call-counts are calls whatever the cost, the rest the result's unit. */
export const variableUnit = (v: Pick<CfVariable, "kind">, unit: string): string =>
  v.kind === "calls" || v.kind === "count" ? "calls" : unit;

/** A function's name without the recursion mark, and whether it had one (§3.4.4: calls made while it was already running). */
export function functionLabel(name: string): { readonly base: string; readonly recursive: boolean } {
  return name.endsWith(RECURSIVE_SUFFIX)
    ? { base: name.slice(0, -RECURSIVE_SUFFIX.length), recursive: true }
    : { base: name, recursive: false };
}
