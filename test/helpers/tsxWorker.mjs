// A worker entry that runs a TypeScript entry through tsx: Node 20 does not
// carry `--import tsx` into worker threads, so tests start workers here.
import { register } from "tsx/esm/api";
import { workerData } from "node:worker_threads";

register();
await import(workerData.entry);
