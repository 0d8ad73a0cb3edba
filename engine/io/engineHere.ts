// Whether this thread runs the engine: set by the command line when it runs
// the engine on its own thread (cli/inProcessEngine.ts), read when the
// command's code cache is kept (codeCache.ts): such a run compiled much of the
// engine, which data kept by a run that called the engine's worker does not
// hold. A global, as the launcher and the bundle it compiles each hold a copy
// of every module; a module of its own, so that marking it loads nothing more.
const ENGINE_HERE = Symbol.for("varbench.engineOnThisThread");

export function markEngineHere(): void {
  (globalThis as Record<symbol, unknown>)[ENGINE_HERE] = true;
}

export function engineRanHere(): boolean {
  return (globalThis as Record<symbol, unknown>)[ENGINE_HERE] === true;
}
