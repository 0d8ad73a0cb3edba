// The boundary every transport passes through: a method name and raw
// arguments in, validated against the contract's schema, handled, and the
// result returned as plain data. Field issues come back with their paths.
import { METHODS, isMethodName, type MethodName, type ParsedArgsOf, type ResultOf } from "./contract.js";
import { ApiError } from "./errors.js";

export type Handlers = { readonly [M in MethodName]: (args: ParsedArgsOf<M>) => Promise<ResultOf<M>> | ResultOf<M> };

export async function dispatch(handlers: Handlers, method: string, rawArgs: unknown): Promise<unknown> {
  if (!isMethodName(method)) throw new ApiError("not-found", `no API method "${method}"`);
  const parsed = METHODS[method].args.safeParse(rawArgs ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
    throw new ApiError("invalid-arguments", `${method}: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ")}`, issues);
  }
  const handler = handlers[method] as (args: unknown) => unknown;
  return handler(parsed.data);
}
