// A reader of the reader pool (engine/pool/readerPool.ts) that dies on its
// first job, as one would under a crash: the pool must say so, never wait.
import { parentPort } from "node:worker_threads";

parentPort.on("message", () => process.exit(7));
