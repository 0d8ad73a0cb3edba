// CF-TrendProf's model selection (paper 002 §3.4): for every performance
// variable the direct models (§3.4.1), the derived models its structure
// supports (§3.4.2), each scored (§3.4.3), the lowest score the best; derived
// models built from the best models of their parts, in the two passes of
// §3.4.4, functions taken callees first. uftrace records calls, not loops, so
// the rules over loop counts (3.1, 3.2, 3.4) have nothing to derive from; the
// others are all here:
//   3.3 [transitive] ≺ [self] ⊕ [pure-transitive]
//   3.5 [total-self] ≺ [call-count] ⊗ [self]
//   3.6 [total-transitive] ≺ [total-self]
//   3.7 [via G] ≺ [calls to G per invocation] ⊗ [transitive of G]       (second pass)
//   3.8 [transitive] ≺ [self] ⊕ ⊕_G [via G]                              (second pass)
//   3.9 [total-transitive] ≺ [call-count] ⊗ [transitive]                (second pass)
import type { Group, Observations } from "./groupStats.js";
import { perWorkload } from "./groupStats.js";
import { constantModel, featureModels } from "./directModels.js";
import { scoreModel, type FeatureKind, type Scored } from "./modelScore.js";
import { add, evaluate, featuresOf, modelText, multiply, type Model } from "./symbolicModel.js";
import { calleesFirst } from "./callOrder.js";
import { RECURSIVE_SUFFIX, type UnitData } from "./invocationFrames.js";
import { VARIABLE_NAMES, type CfFunction, type CfModelResult, type CfVariable, type VariableKind } from "./cfResult.js";

/** Alternatives kept per variable for people to look through: the best and the next. */
export const ALTERNATIVES_SHOWN = 12;
/** Terms a derived model may have: a caller of thousands of functions would otherwise sum thousands of
 * sub-models (rule 3.8) into one model nobody reads, and the thesis's models that pay their way are short. */
export const MAX_MODEL_TERMS = 32;
/** Characters of a derivation kept for people (its parts' models written out). */
const DERIVATION_CHARS = 240;

/** Points kept per variable for its plots: every workload's, and as many invocation-feature values as fit. */
export const POINTS_SHOWN = 2000;

export interface CfInput {
  readonly units: readonly UnitData[];
  /** Workload features: one value per workload. */
  readonly features: readonly { readonly name: string; readonly values: ArrayLike<number> }[];
}

interface Candidate extends Scored {
  readonly model: Model;
  readonly rule: string | null;
  readonly derivation: string | null;
}

class Variable {
  readonly candidates: Candidate[] = [];
  constructor(
    readonly kind: VariableKind,
    readonly unit: UnitData,
    readonly callee: string | null,
    readonly obs: Observations,
    readonly perInvocation: boolean,
  ) {}

  get best(): Candidate {
    return this.candidates.reduce((b, c) => (c.score.total < b.score.total ? c : b));
  }

  /** The best model that uses no feature outside `allowed`: what a derived model of another
   * variable can be built from (a callee's arguments are not known at its caller's invocations). */
  bestWithin(allowed: ReadonlySet<string>): Candidate {
    let best: Candidate | null = null;
    for (const c of this.candidates)
      if ((best === null || c.score.total < best.score.total) && [...featuresOf(c.model)].every((f) => allowed.has(f)))
        best = c;
    return best ?? this.best;
  }
}

export function cfTrendProf(input: CfInput, progress: (done: number, total: number) => void = () => {}): CfFunction[] {
  const values = new Map(input.features.map((f) => [f.name, f.values]));
  // Invocation features (§3.3.1) are the arguments of the function whose invocation it is, by position.
  const argIndex = new Map(input.units.flatMap((u) => u.argNames.map((name, k) => [name, k] as const)));
  const value = (g: Group, f: string) => {
    const w = values.get(f);
    return w ? w[g.workload] : (g.invocation[argIndex.get(f)!] ?? NaN);
  };
  const kindOf = (f: string): FeatureKind => (values.has(f) ? "workload" : "invocation");
  const workloadOnly = new Set(values.keys());
  /** The features a variable's observations carry: the workload's, and for per-invocation ones the invocation's own that were numbers every time. */
  const scopes = new Map<Variable, ReadonlySet<string>>();
  const scope = (v: Variable): ReadonlySet<string> => {
    let s = scopes.get(v);
    if (!s) {
      const own = v.perInvocation
        ? v.unit.argNames.filter((a) => [...v.obs.groups.values()].every((g) => Number.isFinite(value(g, a))))
        : [];
      scopes.set(v, (s = own.length > 0 ? new Set([...workloadOnly, ...own]) : workloadOnly));
    }
    return s;
  };
  const consider = (v: Variable, model: Model, rule: string | null, derivation: string | null) => {
    if (model.some((t) => !Number.isFinite(t.coef)) || (rule !== null && model.length > MAX_MODEL_TERMS)) return;
    const scored = scoreModel(model, v.obs, value, kindOf);
    // A model that cannot be evaluated where it was observed (x^−b at x = 0) is no candidate; the constant always is.
    if (!Number.isFinite(scored.score.total) && v.candidates.length > 0) return;
    v.candidates.push({
      model,
      rule,
      derivation:
        derivation && derivation.length > DERIVATION_CHARS ? `${derivation.slice(0, DERIVATION_CHARS)}…` : derivation,
      ...scored,
    });
  };
  const direct = (v: Variable) => {
    consider(v, constantModel(v.obs), null, null);
    for (const f of scope(v)) for (const m of featureModels(v.obs, f, value)) consider(v, m, null, null);
  };

  const index = new Map(input.units.map((u, i) => [u.name, i]));
  const vars = input.units.map((u) => ({
    self: new Variable("self", u, null, u.self, true),
    pure: new Variable("pure", u, null, u.pure, true),
    transitive: new Variable("transitive", u, null, u.transitive, true),
    callees: [...u.callees]
      .filter(([g]) => index.has(g))
      .map(([g, c]) => ({
        g,
        calls: new Variable("calls", u, g, c.calls, true),
        via: new Variable("via", u, g, c.via, true),
      })),
    count: new Variable("count", u, null, perWorkload(u.count), false),
    totalSelf: new Variable("totalSelf", u, null, perWorkload(u.totalSelf), false),
    totalTransitive: new Variable("totalTransitive", u, null, perWorkload(u.totalTransitive), false),
  }));
  const order = calleesFirst(vars.map((v) => v.callees.map((c) => index.get(c.g)!)));
  /** A derived model of `into` from the best models of x and y usable at into's observations (§3.4.4: "only the best model for each sub-component"). */
  const both = (x: Variable, y: Variable, op: "⊕" | "⊗", into: Variable) => {
    const allowed = scope(into);
    const [bx, by] = [x.bestWithin(allowed), y.bestWithin(allowed)];
    return {
      model: op === "⊕" ? add(bx.model, by.model) : multiply(bx.model, by.model),
      text: `(${modelText(bx.model)}) ${op} (${modelText(by.model)})`,
    };
  };
  const total = 2 * order.length;
  let done = 0;

  // First pass: direct models everywhere, and the derived models of Figure 3.6 that need no loops.
  for (const i of order) {
    progress(done++, total);
    const v = vars[i];
    direct(v.self);
    direct(v.pure);
    direct(v.transitive);
    const d33 = both(v.self, v.pure, "⊕", v.transitive);
    consider(v.transitive, d33.model, "3.3", d33.text);
    for (const c of v.callees) {
      direct(c.calls);
      direct(c.via);
    }
    direct(v.count);
    direct(v.totalSelf);
    const d35 = both(v.count, v.self, "⊗", v.totalSelf);
    consider(v.totalSelf, d35.model, "3.5", d35.text);
    direct(v.totalTransitive);
    const s = v.totalSelf.bestWithin(workloadOnly);
    consider(v.totalTransitive, s.model, "3.6", `(${modelText(s.model)})`);
  }
  // Second pass: Figure 3.7, with every callee's transitive-cost model now complete.
  for (const i of order) {
    progress(done++, total);
    const v = vars[i];
    for (const c of v.callees) {
      const d37 = both(c.calls, vars[index.get(c.g)!].transitive, "⊗", c.via);
      consider(c.via, d37.model, "3.7", d37.text);
    }
    if (v.callees.length > 0) {
      const allowed = scope(v.transitive);
      const parts = [v.self.bestWithin(allowed), ...v.callees.map((c) => c.via.bestWithin(allowed))];
      consider(
        v.transitive,
        add(...parts.map((p) => p.model)),
        "3.8",
        parts.map((p) => `(${modelText(p.model)})`).join(" ⊕ "),
      );
    }
    const d39 = both(v.count, v.transitive, "⊗", v.totalTransitive);
    consider(v.totalTransitive, d39.model, "3.9", d39.text);
  }
  progress(total, total);
  return vars
    .map((v) =>
      functionResult(
        v.self.unit,
        [
          v.self,
          v.pure,
          v.transitive,
          ...v.callees.flatMap((c) => [c.calls, c.via]),
          v.count,
          v.totalSelf,
          v.totalTransitive,
        ],
        value,
      ),
    )
    .sort((a, b) => b.maxTotalTransitive - a.maxTotalTransitive || a.name.localeCompare(b.name));
}

function functionResult(
  u: UnitData,
  variables: readonly Variable[],
  value: (g: Group, f: string) => number,
): CfFunction {
  return {
    name: u.name,
    recursive: u.name.endsWith(RECURSIVE_SUFFIX),
    argNames: [...u.argNames],
    maxTotalSelf: Math.max(0, ...u.totalSelf),
    maxTotalTransitive: Math.max(0, ...u.totalTransitive),
    callees: [...u.callees.keys()].sort(),
    variables: variables.map((v) => variableResult(v, value)),
  };
}

function variableResult(v: Variable, value: (g: Group, f: string) => number): CfVariable {
  const ranked = [...v.candidates].sort((a, b) => a.score.total - b.score.total);
  const best = ranked[0];
  const label =
    v.kind === "calls"
      ? `calls to ${v.callee} per invocation of ${v.unit.name}`
      : v.kind === "via"
        ? `transitive-cost of calls from ${v.unit.name} to ${v.callee}`
        : `${VARIABLE_NAMES[v.kind]} of ${v.unit.name}`;
  return {
    kind: v.kind,
    callee: v.callee,
    label,
    perInvocation: v.perInvocation,
    observations: v.obs.count,
    mean: v.obs.mean,
    best: modelResult(best),
    alternatives: ranked.slice(0, ALTERNATIVES_SHOWN).map(modelResult),
    points: evenlySpread(
      [...v.obs.groups.values()].filter((g) => g.moments.n > 0),
      POINTS_SHOWN,
    ).map((g) => ({
      workload: g.workload,
      n: g.moments.n,
      mean: g.moments.mean,
      predicted: evaluate(best.model, (f) => value(g, f)),
      args: g.invocation,
    })),
    swamped: false,
  };
}

function evenlySpread<T>(items: readonly T[], most: number): T[] {
  if (items.length <= most) return [...items];
  return Array.from({ length: most }, (_, i) => items[Math.floor((i * items.length) / most)]);
}

function modelResult(c: Candidate): CfModelResult {
  return {
    text: modelText(c.model),
    terms: c.model.map((t) => ({ coef: t.coef, powers: Object.fromEntries(t.powers) })),
    rule: c.rule,
    derivation: c.derivation,
    score: c.score,
    standardError: c.standardError,
    relativeError: c.relativeError,
  };
}
