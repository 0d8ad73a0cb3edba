// What CF-TrendProf gives (paper 002 §3.4.5): per function its variables, each
// with its best model, the alternatives considered with their score breakdown,
// standard error and SE/mean, and its observations beside the best model's
// predictions for the best-fit and residual plots.
import type { ScoreBreakdown } from "./modelScore.js";
import type { CfCost } from "./invocationFrames.js";

export const VARIABLE_KINDS = [
  "self",
  "pure",
  "transitive",
  "calls",
  "via",
  "count",
  "totalSelf",
  "totalTransitive",
] as const;
export type VariableKind = (typeof VARIABLE_KINDS)[number];

/** The thesis's words for each variable (§3.3.2). */
export const VARIABLE_NAMES: Readonly<Record<VariableKind, string>> = {
  self: "self-cost",
  pure: "pure-transitive-cost",
  transitive: "transitive-cost",
  calls: "calls per invocation",
  via: "transitive-cost of calls",
  count: "call-count",
  totalSelf: "total-self-cost",
  totalTransitive: "total-transitive-cost",
};

export interface CfModelResult {
  /** "0.5·n^2 + 0.5·n + 1". */
  readonly text: string;
  readonly terms: readonly { readonly coef: number; readonly powers: Readonly<Record<string, number>> }[];
  /** null for a direct model; else the derivation rule of Figures 3.6–3.7 ("3.3", …). */
  readonly rule: string | null;
  /** The derivation with its sub-models: "(0.5·n^2) ⊕ (n)". */
  readonly derivation: string | null;
  readonly score: ScoreBreakdown;
  readonly standardError: number;
  readonly relativeError: number;
}

export interface CfPoint {
  /** Index into the result's runs. */
  readonly workload: number;
  /** Observations at this point (invocations for a per-invocation variable) and their mean. */
  readonly n: number;
  readonly mean: number;
  /** The best model's prediction here. */
  readonly predicted: number;
  /** The invocation features' values here, in the order of the function's argNames (empty for none). */
  readonly args: readonly number[];
}

export interface CfVariable {
  readonly kind: VariableKind;
  /** The callee, for calls and via. */
  readonly callee: string | null;
  /** "self-cost of bsort", "calls to swap per invocation of bsort", "transitive-cost of calls from bsort to swap". */
  readonly label: string;
  readonly perInvocation: boolean;
  readonly observations: number;
  readonly mean: number;
  readonly best: CfModelResult;
  /** The models considered, best first (at most ALTERNATIVES_SHOWN of them). */
  readonly alternatives: readonly CfModelResult[];
  /** Observations by workload and invocation features (at most POINTS_SHOWN, evenly spread). */
  readonly points: readonly CfPoint[];
  /** A model of time whose standard error is at least its mean: the noise, not the cost (timingNoise.ts). */
  readonly swamped: boolean;
}

export interface CfFunction {
  /** The function, or "f (recursive)" for its calls made while it was already running. */
  readonly name: string;
  readonly recursive: boolean;
  /** Its invocation features: the arguments uftrace captured ("bsort.arg1"). */
  readonly argNames: readonly string[];
  /** Largest over the workloads (§3.4.5: "this maximum cost helps put scalability models and standard errors into perspective"). */
  readonly maxTotalSelf: number;
  readonly maxTotalTransitive: number;
  readonly callees: readonly string[];
  readonly variables: readonly CfVariable[];
}

export interface CfTrendsResult {
  readonly label: string;
  /** The design whose runs were modelled (never several pooled: issue 27 item 4); null for runs of none. */
  readonly design: string | null;
  readonly cost: CfCost;
  /** The unit of every cost: "ns" or "calls". */
  readonly unit: string;
  readonly features: readonly string[];
  readonly runs: readonly {
    readonly runId: number;
    readonly workload: string | null;
    readonly features: Readonly<Record<string, number>>;
  }[];
  /** By maximum total-transitive-cost, largest first (§3.4.5's top-level page). */
  readonly functions: readonly CfFunction[];
  /** Timing noise that swamps models of time, said with what to do instead (timingNoise.ts); null: none. */
  readonly noise: string | null;
  readonly notes: readonly string[];
}

/** The features a model's terms use, in the order they first appear (a constant uses none). */
export function modelFeatures(m: Pick<CfModelResult, "terms">): string[] {
  return [...new Set(m.terms.flatMap((t) => Object.keys(t.powers)))];
}
