// The boundary every transport passes through: a method name and raw
// arguments in, validated against the method's schema (the contract's table,
// or the analysis registry for analyses.*), handled, and the result returned
// as plain data. Field issues come back with their paths.
import type { z } from "zod";
import {
  METHODS,
  isMethodName,
  type AnalysisMethodName,
  type ParsedArgsOf,
  type ResultOf,
  type StaticMethodName,
} from "./contract.js";
import { ANALYSES, isAnalysisKind, type Analyses, type AnalysisKind } from "../analyses/registry.js";
import { ApiError, wordedError } from "../errors/errors.js";

type StaticHandlers = {
  readonly [M in StaticMethodName]: (args: ParsedArgsOf<M>) => Promise<ResultOf<M>> | ResultOf<M>;
};
type AnalysisHandlers = {
  readonly [K in AnalysisKind as `analyses.${K}`]: (
    args: z.output<Analyses[K]["args"]>,
  ) => Promise<ResultOf<`analyses.${K}`>>;
};
export type Handlers = StaticHandlers & AnalysisHandlers;

/** Every method this engine answers: the contract's and one per analysis. */
export const METHOD_NAMES: readonly string[] = [
  ...Object.keys(METHODS),
  ...Object.keys(ANALYSES).map((k): AnalysisMethodName => `analyses.${k as AnalysisKind}`),
];

function schemaOf(method: string): z.ZodType | null {
  if (isMethodName(method)) return METHODS[method].args;
  const kind = method.startsWith("analyses.") ? method.slice("analyses.".length) : "";
  return isAnalysisKind(kind) ? ANALYSES[kind].args : null;
}

export async function dispatch(handlers: Handlers, method: string, rawArgs: unknown): Promise<unknown> {
  const schema = schemaOf(method);
  if (!schema) throw new ApiError("not-found", `no API method "${method}"`);
  const args = validated(method, schema, rawArgs);
  const handler = (handlers as unknown as Record<string, (args: unknown) => unknown>)[method];
  try {
    return await handler(args);
  } catch (e) {
    throw wordedError(method, e);
  }
}

/** `raw` checked against `schema`, its defaults filled in; field issues named with their paths. */
export function validated(method: string, schema: z.ZodType, raw: unknown): unknown {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  throw new ApiError(
    "invalid-arguments",
    `${method}: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ")}`,
    issues,
  );
}
