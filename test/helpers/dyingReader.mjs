// A reader of the reader pool (engine/pool/readerPool.ts) that dies on its
// first job, as one would under a crash (it says it has started, as readers do, so it is given
// one): the pool must say so, never wait.
import { parentPort } from "node:worker_threads";

parentPort.on("message", () => process.exit(7));
parentPort.postMessage({ ready: true });
