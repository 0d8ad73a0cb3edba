// The reader worker when the engine runs from its TypeScript source (the tests,
// `node --import tsx engine/cli/main.ts`): Node 20 does not carry `--import tsx`
// into worker threads, so this loads tsx, then the worker (readerPool.ts).
import { register } from "tsx/esm/api";
import { workerData } from "node:worker_threads";

register();
await import(workerData.entry);
