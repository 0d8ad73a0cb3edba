// A reader of the reader pool (engine/pool/readerPool.ts) that never says it has
// started, as one still loading would: no job may wait on it while the engine's
// own thread can read.
import { parentPort } from "node:worker_threads";

parentPort.on("message", () => {});
