// The engine worker's entry (dist/cli/engineWorker.js, started by the command line and by browser
// mode): the engine itself is the CommonJS bundle beside it (workerEntry.ts bundled), compiled from
// V8's cached data when there is some (io/codeCache.ts), as every command that calls it starts one.
import { fileURLToPath } from "node:url";
import { parentPort } from "node:worker_threads";
import { compileBundle } from "../io/codeCache.js";

const bundle = compileBundle(fileURLToPath(new URL("./engineWorker.cjs", import.meta.url)), "engine", process.env);
// The host ends the thread once the engine has closed (workerClient.ts), which runs no exit handler: what
// the engine compiled is kept when it is asked to close, before this message reaches the engine.
parentPort!.on("message", (m: { kind?: unknown } | null) => {
  if (m?.kind === "close") bundle.keep();
});
bundle.run();
