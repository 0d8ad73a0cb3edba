// The in-process transport (CLI, tests): the same validation as every other
// transport, and results passed through JSON so callers get exactly the plain
// data a remote caller would, never a live object of the engine.
import type { VarbenchApi } from "./contract.js";
import { createClient } from "./client.js";
import type { VarbenchService } from "./service.js";
import { ApiError, toErrorData } from "../errors/errors.js";

export function inProcessClient(service: VarbenchService): VarbenchApi {
  return createClient(
    async (method, args) => {
      try {
        return JSON.parse(JSON.stringify((await service.call(method, args)) ?? null)) as unknown;
      } catch (e) {
        throw ApiError.from(toErrorData(e));
      }
    },
    (event, listener) => service.events.on(event, (payload) => listener(JSON.parse(JSON.stringify(payload)))),
  );
}
