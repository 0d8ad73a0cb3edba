// The per-function half of the Trends view (CF-TrendProf, paper 002 ch. 3):
// one functionTrends call's result for a target and a cost, and what is open
// in it — a function, one of its variables, one of that variable's models —
// kept by name, so switching the cost (time ↔ calls) keeps the same function
// and variable open in the new result.
import type { ArgsOf, VarbenchApi } from "../../../engine/api/contract.js";
import type { TargetArg } from "../../../engine/campaign/target.js";
import type { CfFunction, CfTrendsResult, CfVariable } from "../../../engine/trend/cf/cfResult.js";
import { CF_COSTS, type CfCost } from "../../../engine/trend/cf/invocationFrames.js";
import { Loaded } from "../lib/load.svelte.js";
import { variableKey } from "./functionText.js";

/** §3.4.5's two top-level pages: functions by their maximum total-transitive-cost or total-self-cost. */
export type FunctionOrder = "transitive" | "self";

export const isCfCost = (s: string | null): s is CfCost => (CF_COSTS as readonly (string | null)[]).includes(s);

export class FunctionTrendsState {
  readonly result = new Loaded<CfTrendsResult>();
  order = $state<FunctionOrder>("transitive");
  /** The open function by name, its open variable by variableKey, and the model plotted (index into the variable's alternatives; 0 is the best). */
  functionName = $state<string | null>(null);
  variableName = $state<string | null>(null);
  model = $state(0);

  /** Functions by name: thousands of them, and callee links look them up. */
  readonly byName = $derived(new Map((this.result.value?.functions ?? []).map((f) => [f.name, f] as const)));
  readonly fn = $derived<CfFunction | null>(
    this.functionName !== null ? (this.byName.get(this.functionName) ?? null) : null,
  );
  readonly variable = $derived<CfVariable | null>(
    this.fn?.variables.find((v) => variableKey(v) === this.variableName) ?? null,
  );

  /** The call whose result is shown (or loading): what the page's Export repeats. */
  args = $state.raw<ArgsOf<"analyses.functionTrends"> | null>(null);
  private lastCall = "";
  private restored = false;

  constructor(private readonly api: VarbenchApi) {}

  /** Loads the target's per-function trends under `cost`, unless that is what is loaded already. */
  load(target: TargetArg, cost: CfCost): void {
    const call = JSON.stringify([target, cost]);
    if (call === this.lastCall) return;
    this.lastCall = call;
    this.model = 0;
    const args = { target, cost };
    this.args = args;
    void this.result.load(() => this.api.analyses.functionTrends(args));
  }

  /** Opens what the route names (once: choosing within the page does not navigate). */
  restore(fn: string | null, variable: string | null, order: string | null): void {
    if (this.restored) return;
    this.restored = true;
    this.functionName = fn;
    this.variableName = fn !== null ? variable : null;
    if (order === "self" || order === "transitive") this.order = order;
  }

  /** What the route should carry to keep this page's choices across a new route. */
  get carried(): { fn: string | null; variable: string | null; order: FunctionOrder | null } {
    return {
      fn: this.functionName,
      variable: this.variableName,
      order: this.order === "transitive" ? null : this.order,
    };
  }

  open(name: string): void {
    if (name === this.functionName) return;
    this.functionName = name;
    this.variableName = null;
    this.model = 0;
  }

  openVariable(v: CfVariable): void {
    this.variableName = variableKey(v);
    this.model = 0;
  }
}
