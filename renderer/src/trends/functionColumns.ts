// The columns of the per-function tables (CF-TrendProf, paper 002 §3.4.5):
// the functions with their maximum total costs and the best model of their
// total-transitive-cost (shared/VirtualTable.svelte renders only the rows in
// view, so thousands of functions stay fast), and one function's variables
// with their best models, as Figure 3.11 lists them.
import type { Column } from "../shared/columns.js";
import type { CfFunction, CfVariable } from "../../../engine/trend/cf/cfResult.js";
import { functionLabel, shareText, sortable, sourceText, variableText, variableUnit } from "./functionText.js";
import { plain } from "../../../engine/charts/trendText.js";

/** A function with its place in the engine's order (by maximum total-transitive-cost) and the variable the table models. */
export interface FunctionRow {
  readonly index: number;
  readonly fn: CfFunction;
  readonly total: CfVariable | null;
}

export const functionRows = (functions: readonly CfFunction[]): FunctionRow[] =>
  functions.map((fn, index) => ({ index, fn, total: fn.variables.find((v) => v.kind === "totalTransitive") ?? null }));

/** The sort keys of §3.4.5's two top-level pages. */
export const ORDER_COLUMN = { transitive: "maxTransitive", self: "maxSelf" } as const;

function nameHint(f: CfFunction): string {
  const l = functionLabel(f.name);
  const rec = l.recursive
    ? `${l.base}'s calls made while ${l.base} was already running, modelled apart from the entry into the recursion (002 §3.4.4)`
    : f.name;
  return f.argNames.length > 0 ? `${rec}; invocation features: ${f.argNames.join(", ")}` : rec;
}

export function functionColumns(unit: string): Column<FunctionRow>[] {
  return [
    {
      key: "index",
      label: "#",
      text: (r) => String(r.index + 1),
      sort: (r) => r.index,
      numeric: true,
      width: "3.5rem",
      title: "rank by maximum total-transitive-cost",
    },
    {
      key: "name",
      label: "function",
      text: (r) => r.fn.name,
      hint: (r) => nameHint(r.fn),
      width: "minmax(10rem, 1.3fr)",
    },
    {
      key: ORDER_COLUMN.transitive,
      label: `max total-transitive (${unit})`,
      text: (r) => plain(r.fn.maxTotalTransitive),
      sort: (r) => sortable(r.fn.maxTotalTransitive),
      numeric: true,
      width: "17.5rem",
      title: "the largest total-transitive-cost over the workloads: the function and everything it calls (002 §3.4.5)",
    },
    {
      key: ORDER_COLUMN.self,
      label: `max total-self (${unit})`,
      text: (r) => plain(r.fn.maxTotalSelf),
      sort: (r) => sortable(r.fn.maxTotalSelf),
      numeric: true,
      width: "12rem",
      title: "the largest total-self-cost over the workloads: the function's own cost (002 §3.4.5)",
    },
    {
      key: "model",
      label: "total-transitive-cost, best model",
      text: (r) => (r.total?.swamped ? "noise" : (r.total?.best.text ?? "—")),
      hint: (r) =>
        r.total
          ? `${r.total.swamped ? "timing noise swamps every model: " : ""}${r.total.best.text} (${sourceText(r.total.best)})`
          : "no model",
      width: "minmax(12rem, 1.6fr)",
    },
    {
      key: "se",
      label: "SE/mean",
      text: (r) => shareText(r.total?.best.relativeError ?? null),
      sort: (r) => sortable(r.total?.best.relativeError ?? null),
      numeric: true,
      width: "5.5rem",
      title: "the best model's standard error over the mean (002 §3.4.5): 0% a perfect model",
    },
  ];
}

/** A variable with its place in the function's list (the engine's order: self, pure, transitive, per callee, counts and totals). */
export interface VariableRow {
  readonly index: number;
  readonly v: CfVariable;
}

export const variableRows = (fn: CfFunction): VariableRow[] => fn.variables.map((v, index) => ({ index, v }));

export function variableColumns(unit: string): Column<VariableRow>[] {
  return [
    { key: "index", label: "#", text: (r) => String(r.index + 1), sort: (r) => r.index, numeric: true, width: "3rem" },
    {
      key: "name",
      label: "variable",
      text: (r) => variableText(r.v),
      hint: (r) => r.v.label,
      width: "minmax(12rem, 1.2fr)",
    },
    {
      key: "model",
      label: "best model",
      text: (r) => (r.v.swamped ? "noise" : r.v.best.text),
      hint: (r) =>
        r.v.swamped ? `timing noise swamps every model (SE/mean ≥ 100%); the best was ${r.v.best.text}` : r.v.best.text,
      width: "minmax(10rem, 1.2fr)",
    },
    {
      key: "source",
      label: "source",
      text: (r) => sourceText(r.v.best),
      width: "minmax(12rem, 1.5fr)",
      title: "direct, or the derivation rule of 002 Figures 3.6–3.7 with the sub-models it combined",
    },
    {
      key: "se",
      label: "SE/mean",
      text: (r) => shareText(r.v.best.relativeError),
      sort: (r) => sortable(r.v.best.relativeError),
      numeric: true,
      width: "5.5rem",
    },
    {
      key: "mean",
      label: "mean",
      text: (r) => `${plain(r.v.mean)} ${variableUnit(r.v, unit)}`,
      sort: (r) => sortable(r.v.mean),
      numeric: true,
      width: "9rem",
    },
    {
      key: "observations",
      label: "observations",
      text: (r) => `${r.v.observations} ${r.v.perInvocation ? "invocations" : "workloads"}`,
      sort: (r) => r.v.observations,
      numeric: true,
      width: "11.5rem",
      title: "per-invocation variables are observed once per invocation, per-workload ones once per run (002 §3.3.2)",
    },
  ];
}
