// The in-process transport: the engine on the caller's own thread, for the
// tests and the demo (`varbench demo`, and `varbench start` making its demo
// workspace). Every other `varbench` command reaches the engine in a worker
// thread under a heap budget (cli/api.ts, workerClient.ts), as browser mode and
// Electron do (engineHost.ts), save calls on a small trace file
// (cli/inProcessEngine.ts). The same validation as every other transport,
// and results passed through JSON so callers get exactly the plain data a
// remote caller would, never a live object of the engine.
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
