// analyses.<kind>: one handler per analysis of the registry, each a call of runAnalysis.
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import { ANALYSES } from "../analyses/registry.js";
import { runAnalysis } from "../analyses/runAnalysis.js";
import type { AnalysisDescriptor } from "../analyses/descriptor.js";

type AnalysisHandlers = Pick<Handlers, Extract<keyof Handlers, `analyses.${string}`>>;

export function analysisHandlers(ctx: ServiceContext): AnalysisHandlers {
  const entries = Object.entries(ANALYSES).map(([kind, d]) => [
    `analyses.${kind}`,
    (args: Record<string, unknown>) =>
      runAnalysis(ctx, d as unknown as AnalysisDescriptor<never, unknown, unknown>, args),
  ]);
  return Object.fromEntries(entries) as AnalysisHandlers;
}
