// Messages between a host and the engine worker (workerEntry.ts).
import type { EventName } from "./contract.js";
import type { ApiErrorData } from "../errors/errors.js";

export type WorkerRequest =
  | { readonly kind: "call"; readonly id: number; readonly method: string; readonly args: unknown }
  | { readonly kind: "close" };

export type WorkerReply =
  /** `methods`: every method the engine answers, so the host can route exactly those. */
  | { readonly kind: "ready"; readonly methods: readonly string[] }
  | { readonly kind: "closed" }
  | { readonly kind: "result"; readonly id: number; readonly result: unknown }
  /** A result kept in the workspace, as the JSON text it is stored as (io/jsonText.ts). */
  | { readonly kind: "resultJson"; readonly id: number; readonly json: string }
  | { readonly kind: "error"; readonly id: number; readonly error: ApiErrorData }
  | { readonly kind: "event"; readonly event: EventName; readonly payload: unknown };
