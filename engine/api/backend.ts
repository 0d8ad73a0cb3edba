// What a transport serves: calls by method name and the event stream. The
// service itself (in-process: the command line, tests) and the engine host
// (the service in a worker under a memory budget: browser mode, Electron) both are one.
import type { EventName } from "./contract.js";

export interface ApiBackend {
  call(method: string, args: unknown): Promise<unknown>;
  readonly events: { on(event: EventName, listener: (payload: unknown) => void): () => void };
}
